/*
 * app/hud.c — the playing screen around the board: both sides with their disc counts and
 * thinking times, whose turn it is, the "thinking" indicator, the moves so far or the
 * engine's search (S), announcements, the buttons a mouse player needs (undo, redo, hints,
 * menu), and the Esc confirmation.
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
	                  : p->mode == MODE_DEMO      ? _("Computer")
	                  : side == p->human          ? _("You")
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
	if (turn && !p->confirm_leave && a->scene == &scene_play) /* the clock's next second */
		app_redraw_part_at(
		    a, a->now + 1.0 - (p->think_total[side] - (int)p->think_total[side]),
		    (SDL_Rect){LAYOUT_PANEL_X + 96, y + 48, LAYOUT_PANEL_W - 170, 30});
	if (turn && p->thinking) {
		/* How far the engine has got: its depth, and a bar of the nodes it has spent
		 * against its budget; N plays the best move found so far at once. */
		const struct search_result *r = &p->last_search;
		if (r->depth > 0)
			snprintf(text, sizeof text,
			         _("%s  thinking: depth %d \xc2\xb7 N moves now"), clock, r->depth);
		else
			snprintf(text, sizeof text, _("%s  thinking \xc2\xb7 N moves now"), clock);
		app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X + 96, y + 52, gold, 0,
		             LAYOUT_PANEL_W - 170);
		/* the search's own limit: a lone move's is a few percent of the level's */
		const uint64_t limit = search_node_limit(p->search);
		double done = limit ? (double)r->nodes / (double)limit : 0;
		done = done > 1 ? 1 : done;
		const SDL_Rect bar = {LAYOUT_PANEL_X + 96, y + 80, LAYOUT_PANEL_W - 116, 6};
		SDL_SetRenderDrawColor(a->renderer, 30, 38, 35, 255);
		SDL_RenderFillRect(a->renderer, &bar);
		SDL_SetRenderDrawColor(a->renderer, gold.r, gold.g, gold.b, 255);
		const SDL_Rect fill = {bar.x, bar.y, (int)(bar.w * done), bar.h};
		SDL_RenderFillRect(a->renderer, &fill);
		app_redraw_at(a, a->now + 0.25); /* four times a second while it thinks */
	} else {
		snprintf(text, sizeof text, "%s%s%s", clock, turn ? "  " : "",
		         turn ? _("to move") : "");
		app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X + 96, y + 52, turn ? gold : dim, 0,
		             LAYOUT_PANEL_W - 180);
	}
}

/* Writes a search score: a proven win or loss, or the evaluation in the game's units. */
static void score_text(int v, char *buf, size_t n)
{
	if (search_proven(v))
		snprintf(buf, n, "%s", v > 0 ? _("a win") : _("a loss"));
	else
		snprintf(buf, n, "%+.2f", v / 100.0);
}

/* Draws the engine's last search figures in r, below its heading: depth, score, nodes,
 * speed and the principal variation in the game's notation. */
static void draw_search(struct app *a, const struct play *p, SDL_Rect r)
{
	if (!p->have_search) {
		app_text_fit(a, FONT_SMALL, _("No search yet (S hides this)"), r.x + 12, r.y + 30,
		             dim, 0, r.w - 24);
		return;
	}
	const struct search_result *s = &p->last_search;
	char line[200], score[32];
	score_text(s->score, score, sizeof score);
	snprintf(line, sizeof line, _("Depth %d \xc2\xb7 score %s for %s"), s->depth, score,
	         _(p->rules->side_name[p->rules->to_move(p->search_root)]));
	app_text_fit(a, FONT_SMALL, line, r.x + 12, r.y + 28, ink, 0, r.w - 24);
	const double secs = p->search_seconds > 0 ? p->search_seconds : 0;
	snprintf(line, sizeof line, _("%llu nodes \xc2\xb7 %.2f s \xc2\xb7 %.0f k nodes/s"),
	         (unsigned long long)s->nodes, secs,
	         secs > 0 ? (double)s->nodes / secs / 1000.0 : 0.0);
	app_text_fit(a, FONT_SMALL, line, r.x + 12, r.y + 52, ink, 0, r.w - 24);
	/* The principal variation, wrapped over up to three lines. */
	unsigned char pos[GAME_POS_MAX_BYTES];
	memcpy(pos, p->search_root, p->rules->pos_size);
	char pv[3][200] = {"PV:", "", ""};
	int row = 0;
	for (int i = 0; i < s->pv_length && row < 3; i++) {
		char text[GAME_TEXT_MAX];
		if (p->rules->move_to_text(pos, &s->pv[i], text, sizeof text) < 0)
			break;
		p->rules->play(pos, &s->pv[i]);
		if (strlen(pv[row]) + strlen(text) > 40 && row < 2)
			row++;
		const size_t used = strlen(pv[row]);
		snprintf(pv[row] + used, sizeof pv[row] - used, "%s%.60s", used ? " " : "", text);
	}
	for (int i = 0; i < 3; i++)
		if (*pv[i])
			app_text(a, FONT_SMALL, pv[i], r.x + 12, r.y + 76 + 22 * i, dim, 0);
}

/* Draws the moves so far in the game's notation, the latest at the bottom, in two columns:
 * the first side's move and the answer share a number. */
static void draw_moves(struct app *a, const struct play *p, SDL_Rect r)
{
	const struct match *m = &p->match;
	const int offset = p->rules->to_move(match_pos_at(m, 0)) == 1 ? 1 : 0;
	const int lines = (m->cursor + offset + 1) / 2;
	if (lines == 0) {
		app_text_fit(a, FONT_SMALL, _("Moves appear here as they are played"), r.x + 12,
		             r.y + 30, dim, 0, r.w - 24);
		return;
	}
	const int rows = 5, cols = 2, shown = rows * cols;
	const int from = lines > shown ? lines - shown : 0;
	for (int l = from; l < lines; l++) {
		char text[80];
		int used = snprintf(text, sizeof text, "%d.", l + 1);
		for (int half = 0; half < 2; half++) {
			const int ply = 2 * l + half - offset;
			if (ply < 0) {
				used += snprintf(text + used, sizeof text - (size_t)used, " ...");
				continue;
			}
			if (ply >= m->cursor)
				break;
			char mv[GAME_TEXT_MAX];
			if (p->rules->move_to_text(match_pos_at(m, ply), &m->moves[ply], mv,
			                           sizeof mv) < 0)
				snprintf(mv, sizeof mv, "?");
			used += snprintf(text + used, sizeof text - (size_t)used, " %.24s", mv);
			if (used >= (int)sizeof text)
				used = (int)sizeof text - 1;
		}
		const int k = l - from;
		app_text(a, FONT_SMALL, text, r.x + 12 + (k / rows) * (r.w / 2),
		         r.y + 28 + (k % rows) * 24, l == lines - 1 ? ink : dim, 0);
	}
}

/* The band under the two sides: the view's own panel when it has one to show, else the moves
 * so far or, with S, the engine's last search. */
static void panel_band(struct app *a, const struct play *p, SDL_Rect r)
{
	if (p->view->panel && p->view->panel(a, p, r))
		return;
	app_panel(a, r, (SDL_Color){32, 42, 39, 255});
	char head[160];
	const char *suffix = p->show_search ? "" : _("   \xc2\xb7 S: search");
	if (p->view->panel_head)
		p->view->panel_head(p, suffix, head, sizeof head);
	else
		snprintf(head, sizeof head, "%s%s", _("Moves"), suffix);
	app_text_fit(a, FONT_SMALL, head, r.x + 12, r.y + 4, p->show_search ? gold : dim, 0,
	             r.w - 24);
	if (p->show_search)
		draw_search(a, p, r);
	else
		draw_moves(a, p, r);
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
	panel_band(a, p, (SDL_Rect){LAYOUT_PANEL_X, 316, LAYOUT_PANEL_W, 156});
	if (a->now < p->banner_end)
		app_redraw_at(a, p->banner_end);
	if (a->now < p->status_end)
		app_redraw_at(a, p->status_end);
	if (a->now < p->banner_end) {
		SDL_Rect b = {LAYOUT_PANEL_X, 320, LAYOUT_PANEL_W, 64};
		app_panel(a, b, (SDL_Color){120, 72, 30, 240});
		app_text_fit(a, FONT_SMALL, p->banner, b.x + b.w / 2, b.y + 21, ink, 1, b.w - 16);
	}
	if (a->now < p->status_end)
		app_text_fit(a, FONT_SMALL, p->status, LAYOUT_PANEL_X, 480, gold, 0,
		             LAYOUT_PANEL_W);
	static const char *const labels[HUD_BUTTONS] = {N_("Undo"), N_("Redo"), N_("Hints"),
	                                                N_("Menu")};
	for (int b = 0; b < HUD_BUTTONS && a->scene == &scene_play; b++) {
		char label[96];
		if (b == HUD_HINTS)
			snprintf(label, sizeof label, "%s",
			         p->hints ? _("Hints: on") : _("Hints: off"));
		else
			snprintf(label, sizeof label, "%s", _(labels[b]));
		const bool off =
		    (b == HUD_UNDO && !play_can_undo(p)) || (b == HUD_REDO && !play_can_redo(p));
		if (off) /* nothing to undo or redo: greyed out */
			app_button_off(a, hud_button_rect((enum hud_button)b), label);
		else
			app_button(a, hud_button_rect((enum hud_button)b), label, false);
	}
	app_text_fit(
	    a, FONT_SMALL,
	    _("U undo \xc2\xb7 Ctrl+Y redo \xc2\xb7 H hints \xc2\xb7 R review \xc2\xb7 F1 help"),
	    LAYOUT_PANEL_X, 720, dim, 0, LAYOUT_PANEL_W);
	if (p->confirm_leave)
		hud_confirm(a, _("Leave this game?"),
		            _("It is saved: Continue picks it up from the menu."), _("Leave (Y)"),
		            _("Stay (N)"));
}

void hud_confirm(struct app *a, const char *title, const char *line, const char *yes,
                 const char *no)
{
	SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND);
	SDL_SetRenderDrawColor(a->renderer, 0, 0, 0, 150);
	SDL_RenderFillRect(a->renderer, NULL);
	SDL_Rect box = {APP_W / 2 - 260, APP_H / 2 - 110, 520, 220};
	app_panel(a, box, (SDL_Color){44, 58, 52, 255});
	app_text_fit(a, FONT_LARGE, title, APP_W / 2, box.y + 24, ink, 1, box.w - 40);
	app_text_fit(a, FONT_SMALL, line, APP_W / 2, box.y + 80, dim, 1, box.w - 40);
	app_button(a, hud_confirm_rect(0), yes, false);
	app_button(a, hud_confirm_rect(1), no, false);
}

int hud_confirm_answer(const SDL_Event *ev)
{
	if (ev->type == SDL_KEYDOWN) {
		const SDL_Keycode k = ev->key.keysym.sym;
		if (k == SDLK_y || k == SDLK_RETURN || k == SDLK_KP_ENTER)
			return 1;
		if (k == SDLK_n || k == SDLK_ESCAPE)
			return 0;
	} else if (ev->type == SDL_MOUSEBUTTONDOWN) {
		if (app_inside(hud_confirm_rect(0), ev->button.x, ev->button.y))
			return 1;
		if (app_inside(hud_confirm_rect(1), ev->button.x, ev->button.y))
			return 0;
	}
	return -1;
}
