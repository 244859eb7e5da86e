/*
 * app/scene_help.c — F1 / ? help: the rules of the game (being played, or chosen in the
 * menu) with a small diagram, the keys, and what the levels mean. Opens from the menu and
 * from a game; any key or click goes back.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"

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

/* Sets the draw colour to `base` as the theme's colour mod `mod` tints a texture of that
 * colour (the boards are textures tinted by the theme; the diagrams are plain fills). */
static void draw_tinted(struct app *a, SDL_Color base, SDL_Color mod)
{
	SDL_SetRenderDrawColor(a->renderer, (Uint8)(base.r * mod.r / 255),
			       (Uint8)(base.g * mod.g / 255), (Uint8)(base.b * mod.b / 255), 255);
}

/* Sets the draw colour to the theme's colour c, opaque. */
static void draw_colour(struct app *a, SDL_Color c)
{
	SDL_SetRenderDrawColor(a->renderer, c.r, c.g, c.b, 255);
}

/* Draws a row of four squares: Black, White, White, and an empty one where Black plays. */
static void diagram(struct app *a, int x, int y, int step)
{
	const struct assets *s = &a->assets;
	const int cell = 64, last = s->disc_frames - 1;
	const int colours[4] = {0, 1, 1, step ? 0 : -1};
	for (int i = 0; i < 4; i++) {
		SDL_Rect sq = {x + i * cell, y, cell, cell};
		draw_tinted(a, (SDL_Color){34, 110, 62, 255}, a->theme.felt);
		SDL_RenderFillRect(a->renderer, &sq);
		draw_colour(a, a->theme.grid);
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

/* Draws a 3×3 corner of a checkers board: a Black man about to jump a White one (step 0),
 * or landed beyond it (step 1). */
static void checkers_diagram(struct app *a, int x, int y, int step)
{
	const struct assets *s = &a->assets;
	const int cell = 64;
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++) {
			SDL_Rect sq = {x + c * cell, y + r * cell, cell, cell};
			const bool dark = (r + c) % 2 == 0;
			if (dark)
				draw_tinted(a, (SDL_Color){30, 110, 62, 255}, a->theme.felt);
			else
				draw_colour(a, a->theme.light_square);
			SDL_RenderFillRect(a->renderer, &sq);
		}
	/* cells of the sheet: 0 Black man, 2 White man */
	const int pieces[2][3] = {{0, 2, -1}, {-1, -1, 0}}; /* bottom-left, centre, top-right */
	const int spots[3][2] = {{0, 2}, {1, 1}, {2, 0}};
	for (int i = 0; i < 3; i++) {
		if (pieces[step][i] < 0)
			continue;
		SDL_Rect src = {pieces[step][i] * s->piece_cell, 0, s->piece_cell, s->piece_cell};
		SDL_Rect dst = {x + spots[i][0] * cell, y + spots[i][1] * cell, cell, cell};
		SDL_RenderCopy(a->renderer, s->pieces, &src, &dst);
	}
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
static int keys_and_levels(struct app *a, const struct game_rules *rules,
			   const char *const *keys, int count, int y, int width)
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

/* The checkers page. */
static void help_checkers(struct app *a)
{
	const SDL_Color ink = {236, 232, 220, 255}, dim = {150, 160, 150, 255},
			gold = {244, 200, 84, 255};
	int y = 40;
	app_text_fit(a, FONT_LARGE, _("How to play Checkers"), 80, y, gold, 0, 800);
	y += 64;
	/* The rules beside the diagram: paragraphs wrapped to the room left of it. */
	static const char *const rules[] = {
		N_("Black moves first. A man moves one square diagonally forward to an empty dark "
		   "square; on the far row it is crowned king, and a king moves forward and back."),
		N_("Capture by jumping an enemy piece to the empty square beyond. Capturing is forced, "
		   "and a jump goes on while there is more to take: the pieces that must jump glow."),
		N_("You lose when you cannot move. Drawn: the same position three times, or 40 moves "
		   "each without a capture or a man moving."),
	};
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		y = app_text_wrap(a, FONT_SMALL, _(rules[i]), 80, y, 790, 28, ink);
	checkers_diagram(a, 900, 100, 0);
	app_text(a, FONT_LARGE, "\xe2\x86\x93", 996, 300, dim, 1);
	checkers_diagram(a, 900, 350, 1);
	app_text_fit(a, FONT_SMALL, _("Black jumps White"), 996, 548, dim, 1, 340);
	y = y < 272 ? 272 : y; /* where six lines of English end */
	y += 12;
	static const char *const keys[] = {
		N_("Mouse: drag a piece, or click it, then each landing square \xc2\xb7 Arrows + Enter: the same"),
		N_("H: hints \xc2\xb7 Shift+H: the engine's move \xc2\xb7 S: its search \xc2\xb7 N: computer, move now"),
		N_("U, Backspace, Ctrl+Z: undo \xc2\xb7 Ctrl+Y, Shift+U: redo \xc2\xb7 F: turn the board"),
	};
	keys_and_levels(a, &checkers_rules, keys, (int)(sizeof keys / sizeof keys[0]), y, 800);
	app_text(a, FONT_SMALL, _("Press any key to go back"), APP_W / 2, APP_H - 44, dim, 1);
}

/* Draws one box of Dots and Boxes: three sides drawn (step 0), then the fourth drawn in
 * in the last line's colour (amber) and the box filled in A's (blue), as the theme has them
 * (step 1). */
static void dots_diagram(struct app *a, int x, int y, int step)
{
	SDL_Renderer *r = a->renderer;
	const int cell = 56, t = 6;
	draw_tinted(a, (SDL_Color){236, 228, 209, 255}, a->theme.paper);
	SDL_RenderFillRect(r, &(SDL_Rect){x - 14, y - 14, cell + 28, cell + 28});
	if (step) {
		draw_colour(a, a->theme.side[0]);
		SDL_RenderFillRect(r, &(SDL_Rect){x + t, y + t, cell - 2 * t, cell - 2 * t});
	}
	draw_colour(a, a->theme.ink);
	SDL_RenderFillRect(r, &(SDL_Rect){x, y - t / 2, cell, t});        /* top */
	SDL_RenderFillRect(r, &(SDL_Rect){x, y + cell - t / 2, cell, t}); /* bottom */
	SDL_RenderFillRect(r, &(SDL_Rect){x - t / 2, y, t, cell});        /* left */
	if (step) {
		draw_colour(a, a->theme.last_line);
		SDL_RenderFillRect(r, &(SDL_Rect){x + cell - t / 2, y, t, cell});
	}
	SDL_Texture *dot = a->assets.dot;
	int h;
	SDL_QueryTexture(dot, NULL, NULL, NULL, &h);
	for (int k = 0; k < 4; k++) {
		SDL_Rect src = {0, 0, h, h};
		SDL_Rect dst = {x + (k & 1) * cell - 14, y + (k >> 1) * cell - 14, 28, 28};
		SDL_RenderCopy(r, dot, &src, &dst);
	}
}

/* The Dots and Boxes page. */
static void help_dots(struct app *a)
{
	const SDL_Color ink = {236, 232, 220, 255}, dim = {150, 160, 150, 255},
			gold = {244, 200, 84, 255};
	int y = 40;
	app_text(a, FONT_LARGE, _("How to play Dots and Boxes"), 80, y, gold, 0);
	y += 64;
	static const char *const rules[] = {
		N_("A moves first. In turn, draw a line between two neighbouring dots, across or down."),
		N_("Draw the fourth side of a box and it is yours, and you must draw another line."),
		N_("The game ends when every line is drawn: most boxes wins."),
		N_("A box's third side gives it away. Long chains of boxes decide most games; who gets "
		   "them follows the long-chain rule, which the chain counter shows with the hints (H)."),
	};
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		y = app_text_wrap(a, FONT_SMALL, _(rules[i]), 80, y, APP_W - 160, 28, ink);
	y += 16;
	dots_diagram(a, 94, y + 14, 0);
	app_text(a, FONT_LARGE, "\xe2\x86\x92", 222, y + 20, dim, 1);
	dots_diagram(a, 296, y + 14, 1);
	app_text_wrap(a, FONT_SMALL,
		      _("A draws the fourth side: the box is A's, and A draws another line."), 420,
		      y + 16, 760, 28, dim);
	y += 124;
	static const char *const keys[] = {
		N_("Mouse: click near a line to draw it \xc2\xb7 Arrows + Enter: keyboard play"),
		N_("H: safe lines and the chain counter \xc2\xb7 Shift+H: the engine's line \xc2\xb7 E: its scores"),
		N_("U, Backspace, Ctrl+Z: undo \xc2\xb7 Ctrl+Y, Shift+U: redo"),
	};
	keys_and_levels(a, &dots_rules, keys, (int)(sizeof keys / sizeof keys[0]), y, APP_W - 160);
	app_text(a, FONT_SMALL, _("Press any key to go back"), APP_W / 2, APP_H - 44, dim, 1);
}

static void help_draw(struct app *a)
{
	const struct game_rules *game = a->play.rules                    ? a->play.rules
					: a->help_return == &scene_games ? &checkers_rules
									 : game_find(a->settings.game);
	if (game == &checkers_rules) {
		help_checkers(a);
		return;
	}
	if (game == &dots_rules) {
		help_dots(a);
		return;
	}
	const SDL_Color ink = {236, 232, 220, 255}, dim = {150, 160, 150, 255},
			gold = {244, 200, 84, 255};
	int y = 40;
	app_text(a, FONT_LARGE, _("How to play Reversi"), 80, y, gold, 0);
	y += 64;
	static const char *const rules[] = {
		N_("Black moves first. Place a disc so that it closes a straight line (across, down or "
		   "diagonal) of your opponent's discs against one of yours: every disc in the line turns "
		   "over to your colour. A move must turn at least one disc."),
		N_("If you cannot move you pass; the game ends when neither side can move."),
		N_("Most discs wins (Anti-reversi: fewest). A black hole square never holds a disc."),
	};
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		y = app_text_wrap(a, FONT_SMALL, _(rules[i]), 80, y, APP_W - 160, 30, ink);
	y += 16;
	diagram(a, 80, y, 0);
	app_text(a, FONT_LARGE, "\xe2\x86\x92", 400, y + 8, dim, 1);
	diagram(a, 460, y, 1);
	app_text_fit(a, FONT_SMALL, _("Black plays on the right: both White discs turn over."), 80,
		     y + 76, dim, 0, APP_W - 160);
	y += 124;
	static const char *const keys[] = {
		N_("Mouse: click a square \xc2\xb7 Arrows + Enter: keyboard play"),
		N_("H: hints \xc2\xb7 Shift+H: the engine's move \xc2\xb7 E: the engine's score of every square"),
		N_("U, Backspace, Ctrl+Z: undo \xc2\xb7 Ctrl+Y, Shift+U: redo"),
	};
	keys_and_levels(a, &reversi_rules, keys, (int)(sizeof keys / sizeof keys[0]), y, APP_W - 160);
	app_text(a, FONT_SMALL, _("Press any key to go back"), APP_W / 2, APP_H - 44, dim, 1);
}

const struct scene scene_help = {
	.name = "help",
	.enter = help_enter,
	.event = help_event,
	.draw = help_draw,
};
