/*
 * app/view_registry.c — the view of each game of the registry (games/registry.def), in its
 * order: game i of game_module_at(i) is drawn by view_at(i). Built twice, as the registry is.
 */
#include "app/app.h"

#ifdef PARITY_TEST_GAMES
#define TEST_GAME(name) GAME(name)
#else
#define TEST_GAME(name)
#endif

#define GAME(name) extern const struct view view_##name;
#include "games/registry.def"
#undef GAME

static const struct view *const views[] = {
#define GAME(name) &view_##name,
#include "games/registry.def"
#undef GAME
};

const struct view *view_at(int i)
{
	return i >= 0 && i < (int)(sizeof views / sizeof views[0]) ? views[i] : NULL;
}
