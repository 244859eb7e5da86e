/*
 * app/scene_help.c — F1 / ? help: the rules of the game (being played, or chosen in the
 * menu) with a small diagram, the keys, and what the levels mean. Opens from the menu and
 * from a game; Esc, F1 (app.c) or its Back button go back, and no other key: a player reading
 * it with the arrows in hand must not land somewhere else.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"

static void help_enter(struct app *a)
{
	(void)a;
}

/* Returns the rectangle of the Back button. */
static SDL_Rect back_rect(void)
{
	return (SDL_Rect){APP_W / 2 - 130, APP_H - 58, 260, 48};
}

static void help_event(struct app *a, const SDL_Event *ev)
{
	const bool esc =
	    ev->type == SDL_KEYDOWN && !ev->key.repeat && ev->key.keysym.sym == SDLK_ESCAPE;
	const bool back = ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT &&
	                  app_inside(back_rect(), ev->button.x, ev->button.y);
	if (esc || back)
		app_change_scene(a, a->help_return ? a->help_return : &scene_menu);
}

/* The keys every game shares, listed after its own. */
static const char *const common_keys[] = {
    N_("M: mute \xc2\xb7 F11, Alt+Enter: fullscreen \xc2\xb7 Esc: back \xc2\xb7 F1, ?: this help"),
    N_("Gamepad: D-pad moves, A plays, B goes back, X undoes, Y toggles hints"),
};
enum { COMMON_KEYS = sizeof common_keys / sizeof common_keys[0] };

/* Draws the keys (the game's own `keys`, then common_keys) and the levels of `rules`' game
 * from y on, each line at most width pixels wide, closer together when a longer translation
 * left less room above "Press any key"; returns the y below. */
static int keys_and_levels(struct app *a, const struct game_rules *rules, const char *const *keys,
                           int count, int y, int width)
{
	const SDL_Color ink = {236, 232, 220, 255}, gold = {244, 200, 84, 255};
	const int lines = count + COMMON_KEYS + level_count(rules),
	          room = APP_H - 56 - y - 2 * 36 - 16;
	const int step = room / lines < 30 ? room / lines : 30;
	app_text(a, FONT_BODY, _("Keys"), 80, y, gold, 0);
	y += 36;
	for (int i = 0; i < count + COMMON_KEYS; i++, y += step)
		app_text_fit(a, FONT_SMALL, _(i < count ? keys[i] : common_keys[i - count]), 80, y,
		             ink, 0, width);
	y += 16;
	app_text(a, FONT_BODY, _("Levels"), 80, y, gold, 0);
	y += 36;
	for (int i = 0; i < level_count(rules); i++, y += step) {
		const struct level *lv = level_at(rules, i);
		char line[400];
		/* TRANSLATORS: a level's name and what it does ("Beginner: looks two moves..."). */
		snprintf(line, sizeof line, _("%s: %s"), _(lv->title), _(lv->summary));
		app_text_fit(a, FONT_SMALL, line, 80, y, ink, 0, width);
	}
	return y;
}

/* Returns the module of the game whose rules the help shows: the game being played, or the
 * one chosen in the menu (the list of games of a file: that file's game). */
static int help_game(const struct app *a)
{
	if (a->play.module)
		return a->play.game;
	if (a->help_return == &scene_games && a->open_game >= 0)
		return a->open_game;
	const int g = game_module_index(game_module_find(a->settings.game));
	return g < 0 ? 0 : g;
}

/* Draws the help page of the game: its rules, its figure, its keys and its levels. */
static void help_draw(struct app *a)
{
	const SDL_Color ink = {236, 232, 220, 255}, gold = {244, 200, 84, 255};
	const int g = help_game(a);
	const struct game_module *m = game_module_at(g);
	const struct view *v = view_at(g);
	const struct game_help *help = m->help;
	const bool beside = v->help_figure && v->help_beside;
	int y = 40;
	app_text_fit(a, FONT_LARGE, _(help->title), 80, y, gold, 0, beside ? 800 : APP_W - 160);
	y += 64;
	for (int i = 0; help->rules && help->rules[i]; i++)
		y = app_text_wrap(a, FONT_SMALL, _(help->rules[i]), 80, y,
		                  beside ? 790 : APP_W - 160, 28, ink);
	if (beside) {
		v->help_figure(a, y);
		y = y < 272 ? 272 : y; /* below the figure's first half */
		y += 12;
	} else if (v->help_figure) {
		y += 16;
		y += v->help_figure(a, y);
	}
	int keys = 0;
	while (help->keys && help->keys[keys])
		keys++;
	keys_and_levels(a, m->rules, help->keys, keys, y, beside ? 800 : APP_W - 160);
	app_button(a, back_rect(), _("Back (Esc)"), false);
}

const struct scene scene_help = {
    .name = "help",
    .enter = help_enter,
    .event = help_event,
    .draw = help_draw,
};
