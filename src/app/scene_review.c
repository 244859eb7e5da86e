/*
 * app/scene_review.c — the review of a game (core/review.h) in the window: the board at any
 * move, the engine's line drawn on it as numbered ghosts, the evaluation graph with the
 * inaccuracies, mistakes and blunders marked, the moves coloured by their class, each side's
 * summary, and "Play from here". The analysis runs in the frame loop a slice at a time, like
 * the engine in play, and the review can be used while it fills in.
 *
 * It reviews the play's match (a->play), stepping its cursor as undo and redo do, so that
 * "Play from here" simply goes back to the playing scene: the next move drops the rest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/layout.h"
#include "core/review.h"

enum { REVIEW_PLAY, REVIEW_LEVEL, REVIEW_BACK, REVIEW_BUTTONS };

/* The scene's context (struct scene). */
struct review_ctx {
	struct review *review;    /* NULL when out of memory */
	int row;                  /* the selected button */
	bool hints;               /* the play's hints, restored on leaving */
	int entry_cursor;         /* the position shown on entering, where Back returns */
	const struct scene *back; /* the scene Back returns to */
};

static struct review_ctx *ctx_of(struct app *a)
{
	return (struct review_ctx *)(void *)a->scene_ctx;
}

static const SDL_Color ink = {236, 232, 220, 255};
static const SDL_Color dim = {160, 170, 160, 255};
static const SDL_Color gold = {240, 196, 80, 255};

/* The classes' names as the review shows them (core/review.c names them in English). */
static const char *const class_names[REVIEW_CLASSES] = {
    N_("good"), N_("forced"), N_("inaccuracy"), N_("mistake"), N_("blunder"),
};

/* Returns the colour of a move's class. */
static SDL_Color class_colour(enum review_class c)
{
	switch (c) {
	case REVIEW_INACCURACY:
		return (SDL_Color){236, 214, 90, 255};
	case REVIEW_MISTAKE:
		return (SDL_Color){240, 150, 60, 255};
	case REVIEW_BLUNDER:
		return (SDL_Color){232, 72, 64, 255};
	default:
		return ink;
	}
}

/* Where things are on the right-hand side. */
static const SDL_Rect graph_rect = {LAYOUT_PANEL_X, 98, LAYOUT_PANEL_W, 168};
static const SDL_Rect list_rect = {LAYOUT_PANEL_X, 276, LAYOUT_PANEL_W, 128};
enum { LIST_ROWS = 5, LIST_COLS = 4 };

static SDL_Rect button_rect(int b)
{
	const int w = (LAYOUT_PANEL_W - 2 * 10) / 3;
	return (SDL_Rect){LAYOUT_PANEL_X + b * (w + 10), 640, w, 52};
}

/* Returns the first move the list shows, so that the cursor's move is in view. */
static int list_first(const struct review *r, int cursor)
{
	const int shown = LIST_ROWS * LIST_COLS;
	int first = ((cursor - 1) / LIST_COLS - LIST_ROWS / 2) * LIST_COLS;
	const int last_first = ((r->count + LIST_COLS - 1) / LIST_COLS) * LIST_COLS - shown;
	if (first > last_first)
		first = last_first;
	return first < 0 ? 0 : first;
}

static SDL_Rect list_cell(int k)
{
	const int w = (list_rect.w - 16) / LIST_COLS;
	return (SDL_Rect){list_rect.x + 8 + (k % LIST_COLS) * w,
	                  list_rect.y + 6 + (k / LIST_COLS) * 24, w, 24};
}

/* Returns the graph's x for position i and y for value v (first player's side). */
static int graph_x(const struct review *r, int i)
{
	const int n = r->count > 0 ? r->count : 1;
	return graph_rect.x + 10 + (graph_rect.w - 20) * i / n;
}

/* The graph's scale: the largest value of the game, at least a few units, within the cap. */
static int graph_scale(const struct review *r)
{
	const struct game_review_info *info = r->module->review;
	int top = 4 * info->unit;
	for (int i = 0; i <= r->count; i++)
		if (r->pos[i].done) {
			const int v = r->pos[i].value < 0 ? -r->pos[i].value : r->pos[i].value;
			top = v > top ? v : top;
		}
	return top;
}

static int graph_y(int v, int scale)
{
	const int half = (graph_rect.h - 20) / 2;
	return graph_rect.y + 10 + half - (int)((long long)v * half / scale);
}

/* Returns position i's value for the first player. */
static int first_value(const struct review *r, int i)
{
	return r->pos[i].side == 0 ? r->pos[i].value : -r->pos[i].value;
}

/* Moves the play's cursor to position `to` (0 .. count). */
static void go_to(struct app *a, int to)
{
	struct play *p = &a->play;
	if (to < 0)
		to = 0;
	if (to > p->match.count)
		to = p->match.count;
	if (to == p->match.cursor)
		return;
	while (p->match.cursor > to && match_undo(&p->match))
		;
	while (p->match.cursor < to && match_redo(&p->match))
		;
	search_cancel(p->search);
	if (p->view->changed)
		p->view->changed(a, p);
	p->anim_end = 0;
}

static void review_enter(struct app *a)
{
	struct play *p = &a->play;
	struct review_ctx *c = ctx_of(a);
	search_cancel(p->search);
	search_cancel(p->advisor);
	p->thinking = false;
	p->advice = -1;
	p->advice_wanted = false;
	p->show_eval = false;
	c->hints = p->hints;
	p->hints = false;
	c->row = REVIEW_PLAY;
	c->entry_cursor = p->match.cursor;
	c->back = a->last_scene == &scene_play ? &scene_play : &scene_over;
	c->review = malloc(sizeof *c->review);
	if (c->review && review_init(c->review, &p->match, NULL, 18) != GAME_OK) {
		free(c->review);
		c->review = NULL;
	}
	if (c->review)
		review_quick_first(c->review); /* the whole graph within seconds, then refined */
	if (!c->review) {
		snprintf(p->status, sizeof p->status, "%s", _("Not enough memory for a review"));
		p->status_end = a->now + 5;
	}
}

static void review_leave(struct app *a)
{
	struct review_ctx *c = ctx_of(a);
	a->working = false;
	a->play.hints = c->hints;
	if (c->review) {
		review_free(c->review);
		free(c->review);
		c->review = NULL;
	}
}

/* Leaves the review to play on from the position shown against the computer. */
static void play_from_here(struct app *a)
{
	struct play *p = &a->play;
	if (match_over(&p->match)) {
		snprintf(p->status, sizeof p->status, "%s",
		         _("The game is over here: step back to play on"));
		p->status_end = a->now + 4;
		return;
	}
	if (p->mode != MODE_TWO_PLAYERS)
		p->mode = MODE_VS_COMPUTER;
	p->human = match_to_move(&p->match); /* the player takes the move to be found */
	play_history_changed(a);
	app_change_scene(a, &scene_play);
}

/* Steps the level "Play from here" plays at. */
static void next_level(struct app *a)
{
	struct play *p = &a->play;
	const int n = level_count(p->rules);
	int i = 0;
	while (i < n && level_at(p->rules, i) != p->level)
		i++;
	p->level = level_at(p->rules, (i + 1) % n);
}

static void activate(struct app *a, int b)
{
	switch (b) {
	case REVIEW_PLAY:
		play_from_here(a);
		break;
	case REVIEW_LEVEL:
		next_level(a);
		break;
	case REVIEW_BACK:
		app_change_scene(a, match_over(&a->play.match) &&
		                            a->play.match.cursor == a->play.match.count
		                        ? &scene_over
		                        : &scene_menu);
		break;
	default:
		break;
	}
}

static void review_event(struct app *a, const SDL_Event *ev)
{
	struct review_ctx *c = ctx_of(a);
	struct play *p = &a->play;
	if (ev->type == SDL_KEYDOWN) {
		switch (ev->key.keysym.sym) {
		case SDLK_LEFT:
			go_to(a, p->match.cursor - 1);
			return;
		case SDLK_RIGHT:
			go_to(a, p->match.cursor + 1);
			return;
		case SDLK_HOME:
			go_to(a, 0);
			return;
		case SDLK_END:
			go_to(a, p->match.count);
			return;
		case SDLK_UP:
			c->row = (c->row + REVIEW_BUTTONS - 1) % REVIEW_BUTTONS;
			return;
		case SDLK_DOWN:
		case SDLK_TAB:
			c->row = (c->row + 1) % REVIEW_BUTTONS;
			return;
		case SDLK_RETURN:
		case SDLK_KP_ENTER:
		case SDLK_SPACE:
			activate(a, c->row);
			return;
		case SDLK_p:
			activate(a, REVIEW_PLAY);
			return;
		case SDLK_l:
			activate(a, REVIEW_LEVEL);
			return;
		case SDLK_a: /* this position on the analysis board */
			app_change_scene(a, &scene_analysis);
			return;
		case SDLK_ESCAPE:
			activate(a, REVIEW_BACK);
			return;
		default:
			return;
		}
	}
	if (ev->type != SDL_MOUSEBUTTONDOWN || ev->button.button != SDL_BUTTON_LEFT || !c->review)
		return;
	const int x = ev->button.x, y = ev->button.y;
	const struct review *r = c->review;
	for (int b = 0; b < REVIEW_BUTTONS; b++)
		if (app_inside(button_rect(b), x, y)) {
			activate(a, b);
			return;
		}
	if (app_inside(graph_rect, x, y)) { /* the nearest position */
		int best = 0;
		for (int i = 1; i <= r->count; i++)
			if (abs(graph_x(r, i) - x) < abs(graph_x(r, best) - x))
				best = i;
		go_to(a, best);
		return;
	}
	const int first = list_first(r, p->match.cursor);
	for (int k = 0; k < LIST_ROWS * LIST_COLS && first + k < r->count; k++)
		if (app_inside(list_cell(k), x, y)) {
			go_to(a, first + k + 1); /* the position after that move */
			return;
		}
}

static void review_update(struct app *a, double dt)
{
	(void)dt;
	struct review_ctx *c = ctx_of(a);
	struct play *p = &a->play;
	if (p->view->update)
		p->view->update(a, p);
	const bool was = a->working;
	a->working = c->review && review_done(c->review) <= c->review->count;
	if (was && !a->working)
		app_redraw(a); /* the finished figures */
	if (!a->working)
		return;
	const uint64_t before =
	    c->review->nodes + (c->review->started ? search_result(c->review->search)->nodes : 0);
	const Uint64 t0 = SDL_GetPerformanceCounter();
	review_step(c->review, play_slice_budget(a));
	const double ns = (double)(SDL_GetPerformanceCounter() - t0) * 1e9 /
	                  (double)SDL_GetPerformanceFrequency();
	const uint64_t after =
	    c->review->nodes + (c->review->started ? search_result(c->review->search)->nodes : 0);
	const uint64_t done = after > before ? after - before : 0;
	play_learn_node_cost(p, ns, done);
	a->engine_nodes += done;
	a->engine_seconds += ns * 1e-9;
}

/* Writes a value (evaluation units) in the game's units for people: "+2.00", "a win". */
static void value_text(const struct review *r, int v, bool exact, char *buf, size_t n)
{
	const struct game_review_info *info = r->module->review;
	if (!info->margin && exact && (v >= info->cap || v <= -info->cap))
		snprintf(buf, n, "%s", v > 0 ? _("a win") : _("a loss"));
	else
		snprintf(buf, n, "%+.2f", (double)v / info->unit);
}

/* Writes move i's text ("f5"), or "?" . */
static void move_text(const struct review *r, int i, const struct game_move *m, char *buf, size_t n)
{
	if (r->rules->move_to_text(match_pos_at(&r->match, i), m, buf, n) < 0)
		snprintf(buf, n, "?");
}

/* Marks where the best move would have gone when the move that led here was not the engine's:
 * a green frame labelled "best" on its target (in checkers, where the piece would have gone). */
static void draw_missed(struct app *a, const struct review *r, int at)
{
	const struct play *p = &a->play;
	if (at <= 0)
		return;
	struct review_move m;
	review_move(r, at - 1, &m);
	if (!m.known || m.best_played || m.cls < REVIEW_INACCURACY)
		return;
	char text[GAME_TEXT_MAX];
	if (r->rules->move_to_text(match_pos_at(&r->match, at - 1), &r->pos[at - 1].best, text,
	                           sizeof text) < 0)
		return;
	const int to = p->view->index_of(p, text);
	if (to < 0)
		return;
	int x, y;
	p->view->centre(p, to, &x, &y);
	const SDL_Color green = {110, 230, 120, 255};
	app_draw_colour(a, green);
	for (int d = 0; d < 3; d++) {
		SDL_Rect frame = {x - 30 + d, y - 30 + d, 60 - 2 * d, 60 - 2 * d};
		SDL_RenderDrawRect(a->renderer, &frame);
	}
	app_text(a, FONT_SMALL, _("best"), x, y + 8, green, 1);
}

/* Draws the engine's line from the position shown: numbered ghosts on the targets, an arrow
 * where a move has a start and an end (checkers). */
static void draw_line(struct app *a, const struct review *r, int at)
{
	const struct play *p = &a->play;
	const struct review_position *rp = &r->pos[at];
	if (!rp->done || rp->over)
		return;
	unsigned char pos[GAME_POS_MAX_BYTES];
	memcpy(pos, match_pos_at(&r->match, at), r->rules->pos_size);
	const int shown = rp->pv_length < 4 ? rp->pv_length : 4;
	SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND);
	for (int k = 0; k < shown; k++) {
		char text[GAME_TEXT_MAX];
		if (r->rules->move_to_text(pos, &rp->pv[k], text, sizeof text) < 0)
			break;
		const bool mover = r->rules->to_move(pos) == rp->side;
		r->rules->play(pos, &rp->pv[k]);
		const int to = p->view->index_of(p, text);
		if (to < 0)
			continue;
		int tx, ty;
		p->view->centre(p, to, &tx, &ty);
		const SDL_Color col = k == 0  ? gold
		                      : mover ? (SDL_Color){250, 230, 150, 255}
		                              : (SDL_Color){150, 200, 250, 255};
		/* A move with a start (checkers "11-15"): an arrow from it. */
		char first[GAME_TEXT_MAX];
		snprintf(first, sizeof first, "%s", text);
		const size_t cut = strcspn(first, "-x");
		if (cut < strlen(first)) {
			first[cut] = '\0';
			const int from = p->view->index_of(p, first);
			if (from >= 0) {
				int fx, fy;
				p->view->centre(p, from, &fx, &fy);
				SDL_SetRenderDrawColor(a->renderer, col.r, col.g, col.b, 200);
				for (int d = -3; d <= 3; d++) {
					SDL_RenderDrawLine(a->renderer, fx + d, fy, tx + d, ty);
					SDL_RenderDrawLine(a->renderer, fx, fy + d, tx, ty + d);
				}
			}
		}
		SDL_Rect ring = {tx - 17, ty - 17, 34, 34};
		SDL_SetRenderDrawColor(a->renderer, 20, 24, 22, 210);
		SDL_RenderFillRect(a->renderer, &ring);
		SDL_SetRenderDrawColor(a->renderer, col.r, col.g, col.b, 255);
		SDL_RenderDrawRect(a->renderer, &ring);
		char num[16];
		snprintf(num, sizeof num, "%d", k + 1);
		app_text(a, FONT_SMALL, num, tx, ty - 11, col, 1);
	}
}

/* Draws the evaluation graph: the first player's value at each position searched, the
 * classes of the moves as coloured dots, and the position shown as a line. */
static void draw_graph(struct app *a, const struct review *r, int cursor)
{
	app_panel(a, graph_rect, (SDL_Color){26, 34, 31, 255});
	const int scale = graph_scale(r);
	const int zero = graph_y(0, scale);
	/* The first player's ground above the middle line, the second's below. */
	SDL_SetRenderDrawColor(a->renderer, 70, 80, 74, 255);
	SDL_RenderDrawLine(a->renderer, graph_rect.x + 6, zero, graph_rect.x + graph_rect.w - 6,
	                   zero);
	int last_x = -1, last_y = 0;
	for (int i = 0; i <= r->count; i++) {
		if (!r->pos[i].done)
			break;
		const int x = graph_x(r, i), y = graph_y(first_value(r, i), scale);
		/* A filled band between the line and the middle. */
		SDL_SetRenderDrawColor(a->renderer, 200, 200, 190, 60);
		SDL_RenderDrawLine(a->renderer, x, zero, x, y);
		if (last_x >= 0) {
			app_draw_colour(a, ink);
			SDL_RenderDrawLine(a->renderer, last_x, last_y, x, y);
			SDL_RenderDrawLine(a->renderer, last_x, last_y + 1, x, y + 1);
		}
		last_x = x;
		last_y = y;
	}
	for (int i = 0; i < r->count; i++) {
		struct review_move m;
		review_move(r, i, &m);
		if (!m.known || m.cls < REVIEW_INACCURACY)
			continue;
		const int x = graph_x(r, i + 1), y = graph_y(first_value(r, i + 1), scale);
		const int s = m.cls == REVIEW_BLUNDER ? 6 : m.cls == REVIEW_MISTAKE ? 5 : 4;
		app_draw_colour(a, class_colour(m.cls));
		SDL_Rect dot = {x - s, y - s, 2 * s + 1, 2 * s + 1};
		SDL_RenderFillRect(a->renderer, &dot);
	}
	const int cx = graph_x(r, cursor);
	app_draw_colour(a, gold);
	SDL_RenderDrawLine(a->renderer, cx, graph_rect.y + 4, cx, graph_rect.y + graph_rect.h - 4);
	char label[64];
	snprintf(label, sizeof label, "%+d", scale / r->module->review->unit);
	app_text(a, FONT_SMALL, label, graph_rect.x + graph_rect.w - 8, graph_rect.y + 4, dim, 2);
	snprintf(label, sizeof label, _("%s ahead"), _(r->rules->side_name[0]));
	app_text(a, FONT_SMALL, label, graph_rect.x + graph_rect.w - 8, graph_rect.y + 24, dim, 2);
}

/* Draws the moves around the cursor, coloured by class, the cursor's move framed. */
static void draw_list(struct app *a, const struct review *r, int cursor)
{
	app_panel(a, list_rect, (SDL_Color){32, 42, 39, 255});
	const int first = list_first(r, cursor);
	for (int k = 0; k < LIST_ROWS * LIST_COLS && first + k < r->count; k++) {
		const int i = first + k;
		struct review_move m;
		review_move(r, i, &m);
		char mv[GAME_TEXT_MAX], text[64];
		move_text(r, i, &r->match.moves[i], mv, sizeof mv);
		snprintf(text, sizeof text, "%d. %.14s", i + 1, mv);
		const SDL_Rect cell = list_cell(k);
		if (i == cursor - 1) {
			SDL_SetRenderDrawColor(a->renderer, 80, 100, 88, 255);
			SDL_RenderFillRect(a->renderer, &cell);
		}
		app_text_fit(a, FONT_SMALL, text, cell.x + 4, cell.y + 1,
		             m.known ? class_colour(m.cls) : dim, 0, cell.w - 6);
	}
}

static void review_draw(struct app *a)
{
	struct review_ctx *c = ctx_of(a);
	struct play *p = &a->play;
	if (!p->rules)
		return;
	p->view->draw(a, p);
	const struct review *r = c->review;
	char text[256];
	snprintf(text, sizeof text, _("Review \xc2\xb7 %s \xc2\xb7 %s"), _(p->rules->title),
	         r ? _(level_find(p->rules, r->module->review->level)->title) : "");
	app_text_fit(a, FONT_BODY, text, LAYOUT_PANEL_X, 24, ink, 0, LAYOUT_PANEL_W);
	if (!r) {
		app_text(a, FONT_SMALL, p->status, LAYOUT_PANEL_X, 96, gold, 0);
		return;
	}
	const int cursor = p->match.cursor;
	draw_missed(a, r, cursor);
	draw_line(a, r, cursor);
	/* Progress: how many positions are searched. */
	const int done = review_done(r);
	SDL_Rect bar = {LAYOUT_PANEL_X, 82, LAYOUT_PANEL_W, 8};
	app_panel(a, bar, (SDL_Color){40, 50, 46, 255});
	SDL_Rect fill = bar;
	fill.w = bar.w * (r->pass == 0 ? r->next : done) / (r->count + 1);
	app_draw_colour(a, done > r->count ? (SDL_Color){90, 160, 110, 255} : gold);
	SDL_RenderFillRect(a->renderer, &fill);
	if (r->pass == 0)
		snprintf(text, sizeof text, _("A first look: %d of %d positions"), r->next,
		         r->count + 1);
	else if (done <= r->count)
		snprintf(text, sizeof text, _("Analysing: %d of %d positions"), done, r->count + 1);
	else
		snprintf(text, sizeof text, _("Analysis complete: %d positions"), r->count + 1);
	app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X, 56, dim, 0, LAYOUT_PANEL_W);
	draw_graph(a, r, cursor);
	draw_list(a, r, cursor);
	/* The move shown: who played it, its class and loss, the best move. */
	const struct game_review_info *info = r->module->review;
	int y = 414;
	if (cursor > 0) {
		const int i = cursor - 1;
		struct review_move m;
		review_move(r, i, &m);
		char mv[GAME_TEXT_MAX];
		move_text(r, i, &r->match.moves[i], mv, sizeof mv);
		if (!m.known) {
			snprintf(text, sizeof text, _("%d. %s %s \xc2\xb7 not analysed yet"), i + 1,
			         _(r->rules->side_name[m.side]), mv);
			app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X, y, dim, 0,
			             LAYOUT_PANEL_W);
		} else {
			char v[32], best[GAME_TEXT_MAX], bv[32];
			value_text(r, m.value, m.exact, v, sizeof v);
			if (m.cls == REVIEW_GOOD || m.cls == REVIEW_FORCED)
				snprintf(text, sizeof text, _("%d. %s %s \xc2\xb7 %s \xc2\xb7 %s"),
				         i + 1, _(r->rules->side_name[m.side]), mv,
				         m.best_played ? _("best") : _(class_names[m.cls]), v);
			else
				snprintf(
				    text, sizeof text,
				    _("%d. %s %s \xc2\xb7 %s \xc2\xb7 %s \xc2\xb7 loses %.2f %s"),
				    i + 1, _(r->rules->side_name[m.side]), mv,
				    _(class_names[m.cls]), v, (double)m.loss / info->unit,
				    m.loss == info->unit ? _(info->unit_name[0])
				                         : _(info->unit_name[1]));
			app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X, y, class_colour(m.cls), 0,
			             LAYOUT_PANEL_W);
			if (!m.best_played) {
				move_text(r, i, &r->pos[i].best, best, sizeof best);
				value_text(r, m.best_value, r->pos[i].exact, bv, sizeof bv);
				snprintf(text, sizeof text, _("Best was %s (%s)"), best, bv);
				app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X, y + 24, ink, 0,
				             LAYOUT_PANEL_W);
			}
		}
	} else {
		app_text_fit(a, FONT_SMALL, _("The start: \xe2\x86\x92 steps through the moves"),
		             LAYOUT_PANEL_X, y, dim, 0, LAYOUT_PANEL_W);
	}
	/* The engine's line from the position shown, as the ghosts number it. */
	const struct review_position *rp = &r->pos[cursor];
	if (rp->done && !rp->over) {
		unsigned char pos[GAME_POS_MAX_BYTES];
		memcpy(pos, match_pos_at(&r->match, cursor), r->rules->pos_size);
		char v[32];
		value_text(r, rp->value, rp->exact, v, sizeof v);
		int used = snprintf(text, sizeof text, _("%s to move, %s (%s): "),
		                    _(r->rules->side_name[rp->side]), v,
		                    rp->exact ? _("exact") : _("estimate"));
		for (int k = 0; k < rp->pv_length && k < 10 && used < (int)sizeof text - 24; k++) {
			char mv[GAME_TEXT_MAX];
			if (r->rules->move_to_text(pos, &rp->pv[k], mv, sizeof mv) < 0)
				break;
			r->rules->play(pos, &rp->pv[k]);
			used += snprintf(text + used, sizeof text - (size_t)used, "%s%.16s",
			                 k ? " " : "", mv);
		}
		app_text_wrap(a, FONT_SMALL, text, LAYOUT_PANEL_X, y + 48, LAYOUT_PANEL_W, 22, dim);
	}
	/* Each side's summary. */
	for (int side = 0; side < 2; side++) {
		struct review_summary s;
		review_summary(r, side, &s);
		snprintf(text, sizeof text,
		         _("%s: mean loss %.2f \xc2\xb7 inaccuracies %d \xc2\xb7 mistakes %d "
		           "\xc2\xb7 blunders %d"),
		         _(r->rules->side_name[side]), s.mean_loss / info->unit,
		         s.count[REVIEW_INACCURACY], s.count[REVIEW_MISTAKE],
		         s.count[REVIEW_BLUNDER]);
		app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X, 550 + 26 * side, ink, 0,
		             LAYOUT_PANEL_W);
	}
	char level[96];
	snprintf(level, sizeof level, _("Level: %s"), _(p->level->title));
	const char *labels[REVIEW_BUTTONS] = {_("Play from here"), level, _("Back")};
	for (int b = 0; b < REVIEW_BUTTONS; b++)
		app_button(a, button_rect(b), labels[b], b == c->row);
	app_text_fit(
	    a, FONT_SMALL,
	    _("\xe2\x86\x90 \xe2\x86\x92 Home End: moves \xc2\xb7 P: play from here \xc2\xb7 "
	      "L: level \xc2\xb7 A: analyse \xc2\xb7 Esc: back"),
	    LAYOUT_PANEL_X, 720, dim, 0, LAYOUT_PANEL_W);
	if (a->now < p->status_end)
		app_text_fit(a, FONT_SMALL, p->status, LAYOUT_PANEL_X, 700, gold, 0,
		             LAYOUT_PANEL_W);
}

const struct scene scene_review = {
    .name = "review",
    .context = sizeof(struct review_ctx),
    .enter = review_enter,
    .event = review_event,
    .update = review_update,
    .draw = review_draw,
    .leave = review_leave,
};
