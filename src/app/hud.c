/*
 * app/hud.c — the playing screen around the board: both sides with their disc counts and
 * thinking times, whose turn it is, the "thinking" indicator, announcements, the buttons a
 * mouse player needs (undo, redo, hints, menu), and the Esc confirmation.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/hud.h"
#include "app/layout.h"

static const SDL_Color ink = {236, 232, 220, 255};
static const SDL_Color dim = {160, 170, 160, 255};
static const SDL_Color gold = {240, 196, 80, 255};

/* Writes seconds as m:ss. */
static void clock_text(double seconds, char *buf, size_t n)
{
	const int s = (int)seconds;
	snprintf(buf, n, "%d:%02d", s / 60, s % 60);
}

SDL_Rect hud_button_rect(enum hud_button b)
{
	const int w = (LAYOUT_PANEL_W - 3 * 12) / 2;
	const int x = LAYOUT_PANEL_X + 12 + (b % 2) * (w + 12);
	const int y = 520 + (b / 2) * 64;
	return (SDL_Rect){x, y, w, 52};
}

SDL_Rect hud_confirm_rect(int which)
{
	return (SDL_Rect){APP_W / 2 - 190 + which * 200, APP_H / 2 + 20, 180, 56};
}

/* Returns the name shown for `side`: whose it is in this mode. */
static void side_label(const struct play *p, int side, char *buf, size_t n)
{
	const char *who = p->mode == MODE_TWO_PLAYERS ? NULL
			  : p->mode == MODE_DEMO       ? _("Computer")
			  : side == p->human           ? _("You")
						       : _("Computer");
	if (who)
		snprintf(buf, n, "%s \xe2\x80\x94 %s", _(p->rules->side_name[side]), who);
	else
		snprintf(buf, n, "%s", _(p->rules->side_name[side]));
}

/* Draws one side's row: disc, name, count, clock; framed when it is that side's turn. */
static void side_row(struct app *a, const struct play *p, int side, int y)
{
	const bool turn = !match_over(&p->match) && match_to_move(&p->match) == side;
	SDL_Rect row = {LAYOUT_PANEL_X, y, LAYOUT_PANEL_W, 96};
	app_panel(a, row, turn ? (SDL_Color){70, 92, 80, 255} : (SDL_Color){40, 52, 48, 255});
	if (turn) {
		SDL_SetRenderDrawColor(a->renderer, gold.r, gold.g, gold.b, 255);
		SDL_Rect bar = {LAYOUT_PANEL_X, y, 6, 96};
		SDL_RenderFillRect(a->renderer, &bar);
	}
	p->view->emblem(a, p, side, (SDL_Rect){LAYOUT_PANEL_X + 16, y + 14, 68, 68});
	char text[96];
	side_label(p, side, text, sizeof text);
	app_text_fit(a, FONT_BODY, text, LAYOUT_PANEL_X + 96, y + 12, ink, 0, LAYOUT_PANEL_W - 170);
	snprintf(text, sizeof text, "%d", p->view->count(p, side));
	app_text(a, FONT_LARGE, text, LAYOUT_PANEL_X + LAYOUT_PANEL_W - 18, y + 24, ink, 2);
	char clock[16];
	clock_text(p->think_total[side], clock, sizeof clock);
	if (turn && p->thinking) {
		static const char *const dots[] = {"", ".", "..", "..."};
		snprintf(text, sizeof text, "%s  %s%s", clock, _("thinking"), dots[(int)(a->now * 3) % 4]);
		app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X + 96, y + 52, gold, 0, LAYOUT_PANEL_W - 180);
	} else {
		snprintf(text, sizeof text, "%s%s%s", clock, turn ? "  " : "", turn ? _("to move") : "");
		app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X + 96, y + 52, turn ? gold : dim, 0, LAYOUT_PANEL_W - 180);
	}
}

/* Returns the one-line description of the game: variant, size, level, mode. */
static void game_line(const struct play *p, char *buf, size_t n)
{
	char game[120];
	p->view->describe(p, game, sizeof game);
	snprintf(buf, n, "%s  \xc2\xb7  %s", game,
		 p->mode == MODE_TWO_PLAYERS ? _("two players") : _(p->level->title));
}

void play_draw(struct app *a)
{
	struct play *p = &a->play;
	if (!p->rules)
		return;
	p->view->draw(a, p);
	char text[200];
	game_line(p, text, sizeof text);
	const bool fits = app_text_width(a, FONT_BODY, text) <= LAYOUT_PANEL_W;
	app_text(a, fits ? FONT_BODY : FONT_SMALL, text, LAYOUT_PANEL_X, fits ? 50 : 56, dim, 0);
	side_row(a, p, 0, 96);
	side_row(a, p, 1, 204);
	if (p->view->panel)
		p->view->panel(a, p, (SDL_Rect){LAYOUT_PANEL_X, 316, LAYOUT_PANEL_W, 156});
	if (a->now < p->banner_end) {
		SDL_Rect b = {LAYOUT_PANEL_X, 320, LAYOUT_PANEL_W, 64};
		app_panel(a, b, (SDL_Color){120, 72, 30, 240});
		app_text_fit(a, FONT_SMALL, p->banner, b.x + b.w / 2, b.y + 21, ink, 1, b.w - 16);
	}
	if (a->now < p->status_end)
		app_text_fit(a, FONT_SMALL, p->status, LAYOUT_PANEL_X, 480, gold, 0, LAYOUT_PANEL_W);
	static const char *const labels[HUD_BUTTONS] = {N_("Undo"), N_("Redo"), N_("Hints"), N_("Menu")};
	for (int b = 0; b < HUD_BUTTONS && a->scene == &scene_play; b++) {
		char label[96];
		if (b == HUD_HINTS)
			snprintf(label, sizeof label, "%s", p->hints ? _("Hints: on") : _("Hints: off"));
		else
			snprintf(label, sizeof label, "%s", _(labels[b]));
		app_button(a, hud_button_rect((enum hud_button)b), label, false);
	}
	app_text_fit(a, FONT_SMALL, _("U undo \xc2\xb7 Ctrl+Y redo \xc2\xb7 H hints \xc2\xb7 F1 help"),
		 LAYOUT_PANEL_X, 720, dim, 0, LAYOUT_PANEL_W);
	if (p->confirm_leave) {
		SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND);
		SDL_SetRenderDrawColor(a->renderer, 0, 0, 0, 150);
		SDL_RenderFillRect(a->renderer, NULL);
		SDL_Rect box = {APP_W / 2 - 260, APP_H / 2 - 110, 520, 220};
		app_panel(a, box, (SDL_Color){44, 58, 52, 255});
		app_text_fit(a, FONT_LARGE, _("Leave this game?"), APP_W / 2, box.y + 24, ink, 1, box.w - 40);
		app_text_fit(a, FONT_SMALL, _("It is saved: Continue picks it up from the menu."), APP_W / 2,
			 box.y + 80, dim, 1, box.w - 40);
		app_button(a, hud_confirm_rect(0), _("Leave (Y)"), false);
		app_button(a, hud_confirm_rect(1), _("Stay (N)"), false);
	}
}
