/*
 * games/registry.c — the registry: the modules of games/registry.def, in its order. Built
 * twice: without PARITY_TEST_GAMES for the program, with it for the test build.
 */
#include "core/module.h"

#ifdef PARITY_TEST_GAMES
#define TEST_GAME(name) GAME(name)
#else
#define TEST_GAME(name)
#endif

#define GAME(name) extern const struct game_module name##_module;
#include "games/registry.def"
#undef GAME

static const struct game_module *const modules[] = {
#define GAME(name) &name##_module,
#include "games/registry.def"
#undef GAME
};

int game_module_count(void)
{
	return (int)(sizeof modules / sizeof modules[0]);
}

const struct game_module *game_module_at(int i)
{
	return i >= 0 && i < game_module_count() ? modules[i] : NULL;
}
