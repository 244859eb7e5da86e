/*
 * app/scene_help.c — F1 / ? help: the rules of Reversi with a small diagram, the keys, and
 * what the levels mean. Opens from the menu and from a game; any key or click goes back.
 */
#include <stdio.h>

#include "app/app.h"

static void help_enter(struct app *a)
{
	(void)a;
}

static void help_event(struct app *a, const SDL_Event *ev)
{
	const bool key = ev->type == SDL_KEYDOWN && !ev->key.repeat;
	if (key || (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT))
		app_change_scene(a, a->help_return ? a->help_return : &scene_menu);
}

/* Draws a row of four squares: Black, White, White, and an empty one where Black plays. */
static void diagram(struct app *a, int x, int y, int step)
{
	const struct assets *s = &a->assets;
	const int cell = 64, last = s->disc_frames - 1;
	const int colours[4] = {0, 1, 1, step ? 0 : -1};
	for (int i = 0; i < 4; i++) {
		SDL_Rect sq = {x + i * cell, y, cell, cell};
		SDL_SetRenderDrawColor(a->renderer, 34, 110, 62, 255);
		SDL_RenderFillRect(a->renderer, &sq);
		SDL_SetRenderDrawColor(a->renderer, 12, 50, 28, 255);
		SDL_RenderDrawRect(a->renderer, &sq);
		int c = colours[i];
		if (step && (i == 1 || i == 2))
			c = 0; /* flipped */
		if (c < 0)
			continue;
		SDL_Rect src = {(c ? last : 0) * s->disc_cell, 0, s->disc_cell, s->disc_cell};
		SDL_Rect dst = {sq.x + 4, sq.y + 4, cell - 8, cell - 8};
		SDL_RenderCopy(a->renderer, s->discs, &src, &dst);
	}
}

static void help_draw(struct app *a)
{
	const SDL_Color ink = {236, 232, 220, 255}, dim = {150, 160, 150, 255},
			gold = {244, 200, 84, 255};
	int y = 40;
	app_text(a, FONT_LARGE, "How to play Reversi", 80, y, gold, 0);
	y += 64;
	static const char *const rules[] = {
		"Black moves first. Place a disc so that it closes a straight line (across, down or",
		"diagonal) of your opponent's discs against one of yours: every disc in the line turns",
		"over to your colour. A move must turn at least one disc.",
		"If you cannot move you pass; the game ends when neither side can move.",
		"Most discs wins (Anti-reversi: fewest). A black hole square never holds a disc.",
	};
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++, y += 30)
		app_text(a, FONT_SMALL, rules[i], 80, y, ink, 0);
	y += 16;
	diagram(a, 80, y, 0);
	app_text(a, FONT_LARGE, "\xe2\x86\x92", 400, y + 8, dim, 1);
	diagram(a, 460, y, 1);
	app_text(a, FONT_SMALL, "Black plays on the right: both White discs turn over.", 80, y + 76,
		 dim, 0);
	y += 124;
	app_text(a, FONT_BODY, "Keys", 80, y, gold, 0);
	static const char *const keys[] = {
		"Mouse: click a square \xc2\xb7 Arrows + Enter: keyboard play",
		"H: hints \xc2\xb7 Shift+H: the engine's move \xc2\xb7 E: the engine's score of every square",
		"U, Backspace, Ctrl+Z: undo \xc2\xb7 Ctrl+Y, Shift+U: redo",
		"M: mute \xc2\xb7 F11, Alt+Enter: fullscreen \xc2\xb7 Esc: back \xc2\xb7 F1, ?: this help",
		"Gamepad: D-pad moves, A plays, B goes back, X undoes, Y toggles hints",
	};
	y += 36;
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++, y += 30)
		app_text(a, FONT_SMALL, keys[i], 80, y, ink, 0);
	y += 16;
	app_text(a, FONT_BODY, "Levels", 80, y, gold, 0);
	y += 36;
	const struct game_rules *rules_table = &reversi_rules;
	for (int i = 0; i < level_count(rules_table); i++, y += 30) {
		const struct level *lv = level_at(rules_table, i);
		char line[200];
		snprintf(line, sizeof line, "%s: %s", lv->title, lv->summary);
		app_text(a, FONT_SMALL, line, 80, y, ink, 0);
	}
	app_text(a, FONT_SMALL, "Press any key to go back", APP_W / 2, APP_H - 44, dim, 1);
}

const struct scene scene_help = {
	.name = "help",
	.enter = help_enter,
	.event = help_event,
	.draw = help_draw,
};
