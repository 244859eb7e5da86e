/*
 * app/view_dots.c — how a Dots and Boxes game looks and feels: dots on paper, the edge under
 * the pointer previewed in the colour of the side to move, a drawn edge growing from its
 * middle, the last edge in amber, completed boxes filling with their owner's colour (and the
 * box sound, and "Box! Play again"), safe edges and the chain counter as hints, the engine's
 * suggested edge, and a keyboard cursor that walks over the edges.
 *
 * Targets are edges, numbered as the rules number them (games/dots/dots.h), so an edge's
 * name in scripts and saves is its number. The animation slots of struct play hold one
 * box each (anim[b]); anim[EDGE_SLOT] holds the edge being drawn (its number in `from`).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/view_dots_layout.h"
#include "games/dots/chains.h"
#include "games/dots/dots.h"

/* The sprite sheets: the dot (and a glow to tint, square cells) and the paper tile. */
static const char *const sprites[] = {"dots_dots.png", "dots_paper.png", NULL};

/* The view's own state (struct view's new_ui): the animation of the last move, per box, and the edge being drawn in anim[EDGE_SLOT]. */
struct dots_ui {
	struct square_anim anim[DOTS_MAX_BOXES + 1];
};

static struct dots_ui *ui_of(const struct play *p)
{
	return p->ui;
}

static void *new_ui(void)
{
	return calloc(1, sizeof(struct dots_ui));
}

/* Drops the animation: the position shown changed under it. */
static void changed(struct app *a, struct play *p)
{
	(void)a;
	memset(ui_of(p)->anim, 0, sizeof ui_of(p)->anim);
}

#define EDGE_SECONDS   0.16 /* an edge being drawn */
#define FILL_SECONDS   0.26 /* a box filling */
#define BANNER_SECONDS 1.0  /* "Box! Play again" */

enum { EDGE_SLOT = DOTS_MAX_BOXES }; /* anim[] slot of the edge being drawn */

/* The sides' colours (A blue, B red, or the palette's), the ink of drawn edges and the last
 * edge's colour come from the theme (app/theme.c). */

/* Returns the Dots and Boxes position now. */
static const struct dots_pos *pos_of(const struct play *p)
{
	return match_pos(&p->match);
}

/* Returns the animation speed factor from the settings (0 = no animation). */
static double speed_of(const struct app *a)
{
	return app_anim(a, 1.0);
}

/* Stores the grid ends of edge e: from dot (r0, c0) to dot (r1, c1). */
static void edge_ends(const struct dots_pos *pos, int e, int *r0, int *c0, int *r1, int *c1)
{
	const int cols = pos->cols, vbase = (pos->rows + 1) * cols;
	if (e < vbase) {
		*r0 = *r1 = e / cols;
		*c0 = e % cols;
		*c1 = *c0 + 1;
	} else {
		const int k = e - vbase;
		*r0 = k / (cols + 1);
		*r1 = *r0 + 1;
		*c0 = *c1 = k % (cols + 1);
	}
}

/* Returns the logical rectangle of edge e drawn `scale` (0..1) of its length, from its middle. */
static SDL_Rect edge_rect(const struct dots_pos *pos, int e, double scale, int extra)
{
	int x0, y0, cell, r0, c0, r1, c1;
	layout_dots(pos->rows, pos->cols, &x0, &y0, &cell);
	edge_ends(pos, e, &r0, &c0, &r1, &c1);
	const int t = layout_dots_line(cell) + 2 * extra;
	const int len = (int)lround(cell * scale) + (scale >= 1 ? 2 * extra : 0);
	const int mx = x0 + (c0 + c1) * cell / 2, my = y0 + (r0 + r1) * cell / 2;
	if (r0 == r1)
		return (SDL_Rect){mx - len / 2, my - t / 2, len, t};
	return (SDL_Rect){mx - t / 2, my - len / 2, t, len};
}

static int hit(const struct play *p, int x, int y)
{
	const struct dots_pos *pos = pos_of(p);
	int x0, y0, cell;
	layout_dots(pos->rows, pos->cols, &x0, &y0, &cell);
	const double u = (double)(x - x0) / cell, v = (double)(y - y0) / cell;
	if (u < -0.4 || v < -0.4 || u > pos->cols + 0.4 || v > pos->rows + 0.4)
		return -1;
	/* The nearest edge, measured to its segment; none in the middle of a box. */
	int best = -1;
	double best_d = 1e9;
	for (int e = 0; e < pos->edges; e++) {
		int r0, c0, r1, c1;
		edge_ends(pos, e, &r0, &c0, &r1, &c1);
		double du, dv;
		if (r0 == r1) {
			du = u < c0 ? c0 - u : u > c1 ? u - c1 : 0;
			dv = v - r0;
		} else {
			dv = v < r0 ? r0 - v : v > r1 ? v - r1 : 0;
			du = u - c0;
		}
		const double d = sqrt(du * du + dv * dv);
		if (d < best_d) {
			best_d = d;
			best = e;
		}
	}
	return best_d <= 0.42 ? best : -1;
}

static bool move_at(const struct play *p, int index, struct game_move *out)
{
	const struct dots_pos *pos = pos_of(p);
	if (index < 0 || index >= pos->edges || dots_edge_drawn(pos, index))
		return false;
	return play_move_by_code(p, index, out);
}

static void centre(const struct play *p, int index, int *x, int *y)
{
	const struct dots_pos *pos = pos_of(p);
	int x0, y0, cell, r0, c0, r1, c1;
	layout_dots(pos->rows, pos->cols, &x0, &y0, &cell);
	edge_ends(pos, index, &r0, &c0, &r1, &c1);
	*x = x0 + (c0 + c1) * cell / 2;
	*y = y0 + (r0 + r1) * cell / 2;
}

static int targets(const struct play *p, int *width)
{
	const struct dots_pos *pos = pos_of(p);
	*width = pos->cols; /* the arrows are handled by event(): see cursor_step */
	return pos->edges;
}

static int index_of(const struct play *p, const char *name)
{
	const struct dots_pos *pos = pos_of(p);
	char *end;
	if (!name || name[0] < '0' || name[0] > '9')
		return -1;
	const long e = strtol(name, &end, 10);
	return *end == '\0' && e >= 0 && e < pos->edges ? (int)e : -1;
}

static void played(struct app *a, struct play *p, const void *before_pos,
                   const struct game_move *move)
{
	const struct dots_pos *before = before_pos;
	const double speed = speed_of(a);
	const int mover = before->side;
	memset(ui_of(p)->anim, 0, sizeof ui_of(p)->anim);
	ui_of(p)->anim[EDGE_SLOT] =
	    (struct square_anim){.start = a->now, .from = (int)move->code, .to = mover};
	double end = a->now + EDGE_SECONDS * speed;
	if (move->extra == 0) {
		app_sound(a, SOUND_PLACE);
		p->anim_end = end;
		p->banner_end = 0; /* an earlier "Box!" is old news */
		return;
	}
	/* One or two boxes: they fill as the edge closes them, and the mover plays again. */
	app_sound(a, SOUND_BOX);
	for (unsigned i = 0; i < move->extra && i < 2; i++) {
		const int b = (int)((move->data[0] >> (8 * i)) & 0xff);
		const double start = a->now + 0.6 * EDGE_SECONDS * speed;
		ui_of(p)->anim[b] = (struct square_anim){.start = start, .from = -1, .to = mover};
		if (start + FILL_SECONDS * speed > end)
			end = start + FILL_SECONDS * speed;
	}
	p->anim_end = end;
	if (match_over(&p->match))
		return;
	const char *who = _(p->rules->side_name[mover]);
	if (p->mode == MODE_VS_COMPUTER)
		snprintf(p->banner, sizeof p->banner, "%s",
		         mover == p->human ? _("Box! Play again")
		                           : _("Box! The computer plays again"));
	else
		snprintf(p->banner, sizeof p->banner, _("Box! %s plays again"), who);
	p->banner_end = a->now + BANNER_SECONDS;
}

/* Returns c with its alpha set to `alpha`. */
static SDL_Color with_alpha(SDL_Color c, int alpha)
{
	c.a = (Uint8)(alpha < 0 ? 0 : alpha > 255 ? 255 : alpha);
	return c;
}

/* Fills r with colour c (alpha blended). */
static void fill(struct app *a, SDL_Rect r, SDL_Color c)
{
	SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND);
	SDL_SetRenderDrawColor(a->renderer, c.r, c.g, c.b, c.a);
	SDL_RenderFillRect(a->renderer, &r);
}

/* Draws cell `which` of the dot sheet (0 the dot, 1 the glow) centred on (x, y), w wide. */
static void draw_dot_sprite(struct app *a, int which, int x, int y, int w, SDL_Color tint)
{
	SDL_Texture *t = app_sprite(a, sprites[0])->texture;
	int tw, th;
	SDL_QueryTexture(t, NULL, NULL, &tw, &th);
	SDL_Rect src = {which * th, 0, th, th}, dst = {x - w / 2, y - w / 2, w, w};
	SDL_SetTextureColorMod(t, tint.r, tint.g, tint.b);
	SDL_SetTextureAlphaMod(t, tint.a);
	SDL_RenderCopy(a->renderer, t, &src, &dst);
	SDL_SetTextureColorMod(t, 255, 255, 255);
	SDL_SetTextureAlphaMod(t, 255);
}

/* Draws edge e as a thin dashed line in colour c (a hint: where an edge may go). */
/* Marks an undrawn edge with two small squares at its thirds (a hint that never looks like a
 * drawn line: a line is solid ink, a hint two marks with paper between and around them). */
static void dots_along(struct app *a, const struct dots_pos *pos, int e, SDL_Color c)
{
	const SDL_Rect whole = edge_rect(pos, e, 1, 0);
	const bool across = whole.w > whole.h;
	const int len = across ? whole.w : whole.h, thick = across ? whole.h : whole.w;
	const int d = thick + 1 < 7 ? 7 : thick + 1;
	for (int k = 1; k <= 2; k++) {
		const int at = len * k / 3;
		const int cx = across ? whole.x + at : whole.x + thick / 2,
		          cy = across ? whole.y + thick / 2 : whole.y + at;
		fill(a, (SDL_Rect){cx - d / 2, cy - d / 2, d, d}, c);
	}
}

/* Marks an undrawn edge that gives a box away with a cross at its middle. */
static void cross_at(struct app *a, const struct dots_pos *pos, int e, SDL_Color c)
{
	const SDL_Rect whole = edge_rect(pos, e, 1, 0);
	const bool across = whole.w > whole.h;
	const int len = across ? whole.w : whole.h;
	const int cx = whole.x + whole.w / 2, cy = whole.y + whole.h / 2, r = len / 14 + 3;
	SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND);
	SDL_SetRenderDrawColor(a->renderer, c.r, c.g, c.b, c.a);
	for (int o = -2; o <= 2; o++) { /* five pixels thick */
		SDL_RenderDrawLine(a->renderer, cx - r + o, cy - r, cx + r + o, cy + r);
		SDL_RenderDrawLine(a->renderer, cx - r + o, cy + r, cx + r + o, cy - r);
	}
}

/* Stripes r diagonally in dark ink: the second player's boxes, told apart without colour. */
static void hatch(struct app *a, SDL_Rect r)
{
	SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND);
	SDL_SetRenderDrawColor(a->renderer, 0, 0, 0, 200);
	const int step = r.w / 6 < 6 ? 6 : r.w / 6;
	for (int k = step; k < 2 * r.w; k += step)
		for (int d = 0; d < 4; d++) { /* four pixels thick */
			int x1 = r.x + k + d - r.w, y1 = r.y + r.h - 1, x2 = r.x + k + d, y2 = r.y;
			/* clip the line x - y = const to the box */
			if (x1 < r.x) {
				y1 -= r.x - x1;
				x1 = r.x;
			}
			if (x2 > r.x + r.w - 1) {
				y2 += x2 - (r.x + r.w - 1);
				x2 = r.x + r.w - 1;
			}
			if (x1 <= x2)
				SDL_RenderDrawLine(a->renderer, x1, y1, x2, y2);
		}
}

/* Returns the lighter tint of a side's colour that its letter is written in. */
static SDL_Color letter_colour(const struct app *a, int side)
{
	const SDL_Color c = a->theme.side[side];
	if (a->theme.high_contrast) { /* black on a light box, white on a dark one */
		const int luma = (2126 * c.r + 7152 * c.g + 722 * c.b) / 10000;
		return luma > 120 ? (SDL_Color){0, 0, 0, 255} : (SDL_Color){255, 255, 255, 255};
	}
	return (SDL_Color){(Uint8)((c.r + 255) / 2), (Uint8)((c.g + 255) / 2),
	                   (Uint8)((c.b + 255) / 2), 255};
}

/* Draws box b filled for `owner` at `scale` (0..1) of its size, with the owner's letter. */
static void draw_box(struct app *a, const struct play *p, int b, int owner, double scale)
{
	const struct dots_pos *pos = pos_of(p);
	int x0, y0, cell;
	layout_dots(pos->rows, pos->cols, &x0, &y0, &cell);
	const int inner = cell - layout_dots_line(cell) - 4;
	const int w = (int)lround(inner * scale);
	const int cx = x0 + (b % pos->cols) * cell + cell / 2;
	const int cy = y0 + (b / pos->cols) * cell + cell / 2;
	const SDL_Rect box = {cx - w / 2, cy - w / 2, w, w};
	fill(a, box, with_alpha(a->theme.side[owner], (int)(60 + 180 * scale)));
	if (owner == 1 && a->theme.hatch)
		hatch(a, box);
	if (scale >= 1 && cell >= 56)
		app_text(a, cell >= 110 ? FONT_LARGE : FONT_BODY, p->rules->side_name[owner], cx,
		         cy - (cell >= 110 ? 22 : 15), letter_colour(a, owner), 1);
}

/* Returns the scale (0..1) of box b's fill now, or a negative number before it starts. */
static double box_scale(const struct app *a, const struct play *p, int b)
{
	const struct square_anim *an = &ui_of(p)->anim[b];
	const double speed = speed_of(a);
	if (an->start <= 0 || speed <= 0)
		return 1;
	const double t = a->now - an->start;
	if (t < 0)
		return -1;
	if (t >= FILL_SECONDS * speed)
		return 1;
	const double u = 1 - t / (FILL_SECONDS * speed);
	return 1 - u * u * u; /* eases out */
}

/* Returns the drawn fraction (0..1) of edge e now: an edge just drawn grows from its middle. */
static double edge_scale(const struct app *a, const struct play *p, int e)
{
	const struct square_anim *an = &ui_of(p)->anim[EDGE_SLOT];
	const double speed = speed_of(a);
	if (an->start <= 0 || an->from != e || speed <= 0)
		return 1;
	const double t = (a->now - an->start) / (EDGE_SECONDS * speed);
	return t >= 1 ? 1 : t < 0.08 ? 0.08 : 1 - (1 - t) * (1 - t);
}

/* Returns the horizontal edge nearest the middle of the board, where the cursor appears. */
static int centre_edge(const struct dots_pos *pos)
{
	return (pos->rows / 2) * pos->cols + (pos->cols - 1) / 2;
}

/*
 * Returns the edge the cursor reaches from edge e with an arrow (dx, dy). The edges form rows
 * in turn horizontal (cols of them) and vertical (cols + 1): Left and Right walk along a row,
 * Up and Down go to the next row keeping the column, so that Down from the top of a box goes
 * to its left side and then to its bottom. Both wrap around.
 */
static int cursor_step(const struct dots_pos *pos, int e, int dx, int dy)
{
	const int rows = pos->rows, cols = pos->cols, vbase = (rows + 1) * cols;
	int gy, gx;
	if (e < vbase) {
		gy = 2 * (e / cols);
		gx = e % cols;
	} else {
		gy = 2 * ((e - vbase) / (cols + 1)) + 1;
		gx = (e - vbase) % (cols + 1);
	}
	if (dx) {
		const int len = gy % 2 ? cols + 1 : cols;
		gx = (gx + dx + len) % len;
	}
	if (dy) {
		gy = (gy + dy + 2 * rows + 1) % (2 * rows + 1);
		if (gy % 2 == 0 && gx > cols - 1)
			gx = cols - 1;
	}
	return gy % 2 ? vbase + (gy / 2) * (cols + 1) + gx : (gy / 2) * cols + gx;
}

static bool event(struct app *a, struct play *p, const SDL_Event *ev)
{
	(void)a;
	if (ev->type != SDL_KEYDOWN || (ev->key.keysym.mod & (KMOD_ALT | KMOD_CTRL)))
		return false;
	const struct dots_pos *pos = pos_of(p);
	int dx = 0, dy = 0;
	switch (ev->key.keysym.sym) {
	case SDLK_LEFT:
		dx = -1;
		break;
	case SDLK_RIGHT:
		dx = 1;
		break;
	case SDLK_UP:
		dy = -1;
		break;
	case SDLK_DOWN:
		dy = 1;
		break;
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
	case SDLK_SPACE:
		if (p->cursor >= 0 && p->cursor < pos->edges)
			return false; /* the shared handling plays the edge under the cursor */
		p->cursor = centre_edge(pos);
		return true;
	default:
		return false;
	}
	if (p->cursor < 0 || p->cursor >= pos->edges)
		p->cursor = centre_edge(pos); /* the first arrow shows the cursor */
	else
		p->cursor = cursor_step(pos, p->cursor, dx, dy);
	return true;
}

static void draw(struct app *a, const struct play *p)
{
	SDL_Renderer *r = a->renderer;
	const struct dots_pos *pos = pos_of(p);
	int x0, y0, cell;
	layout_dots(pos->rows, pos->cols, &x0, &y0, &cell);
	const int t = layout_dots_line(cell);
	/* The frame and the paper, tiled. */
	const int margin = LAYOUT_DOTS_MARGIN - 14;
	const SDL_Rect paper = {x0 - margin, y0 - margin, pos->cols * cell + 2 * margin,
	                        pos->rows * cell + 2 * margin};
	app_panel(a, (SDL_Rect){paper.x - 14, paper.y - 14, paper.w + 28, paper.h + 28},
	          a->theme.frame);
	int tw, th;
	SDL_QueryTexture(app_sprite(a, sprites[1])->texture, NULL, NULL, &tw, &th);
	for (int ty = 0; ty < paper.h; ty += th)
		for (int tx = 0; tx < paper.w; tx += tw) {
			const int w = paper.w - tx < tw ? paper.w - tx : tw;
			const int h = paper.h - ty < th ? paper.h - ty : th;
			SDL_Rect src = {0, 0, w, h}, dst = {paper.x + tx, paper.y + ty, w, h};
			SDL_SetTextureColorMod(app_sprite(a, sprites[1])->texture, a->theme.paper.r,
			                       a->theme.paper.g, a->theme.paper.b);
			SDL_RenderCopy(r, app_sprite(a, sprites[1])->texture, &src, &dst);
		}
	/* The boxes won so far. */
	for (int b = 0; b < pos->rows * pos->cols; b++) {
		const int owner = dots_box_owner(pos, b);
		const double scale = owner >= 0 ? box_scale(a, p, b) : -1;
		if (scale > 0)
			draw_box(a, p, b, owner, scale);
	}
	const bool human_turn = !play_computer_to_move(p) && !match_over(&p->match);
	const bool still = a->now >= p->anim_end;
	const bool waiting = human_turn && still;
	/* Hints, on every undrawn edge: two green marks on a safe one, two gold ones on one that
	 * takes a box, a red cross on one that gives a box away. */
	for (int e = 0; e < pos->edges && waiting && p->hints; e++) {
		const enum dots_edge_kind kind = dots_edge_kind(pos, e);
		if (kind == DOTS_EDGE_DRAWN || e == p->hover || e == p->cursor)
			continue; /* the preview shows those */
		if (kind == DOTS_EDGE_OFFER)
			cross_at(a, pos, e, a->theme.offer);
		else
			dots_along(a, pos, e,
			           kind == DOTS_EDGE_SAFE ? a->theme.safe : a->theme.risky);
	}
	/* The drawn edges; the last one in amber. */
	const struct game_move *last = match_last_move(&p->match);
	const int last_edge = last ? (int)last->code : -1;
	for (int e = 0; e < pos->edges; e++) {
		if (!dots_edge_drawn(pos, e))
			continue;
		fill(
		    a,
		    edge_rect(pos, e, edge_scale(a, p, e), e == last_edge && a->theme.colour_blind),
		    e == last_edge ? a->theme.last_line : a->theme.ink);
	}
	/* The edge under the pointer, in the colour of the side to move. */
	if (waiting && p->hover >= 0 && p->hover < pos->edges && !dots_edge_drawn(pos, p->hover))
		fill(a, edge_rect(pos, p->hover, 1, 0), with_alpha(a->theme.side[pos->side], 150));
	if (waiting && p->cursor >= 0 && p->cursor < pos->edges && !dots_edge_drawn(pos, p->cursor))
		fill(a, edge_rect(pos, p->cursor, 1, 0), with_alpha(a->theme.side[pos->side], 150));
	/* The engine's suggestion (Shift+H): a gold edge that breathes. */
	if (waiting && p->advice >= 0 && p->advice < pos->edges &&
	    !dots_edge_drawn(pos, p->advice)) {
		const SDL_Color gold = {255, 214, 60, 255};
		int mx, my;
		centre(p, p->advice, &mx, &my);
		const int glow =
		    (int)(cell *
		          (0.55 + 0.08 * (speed_of(a) > 0 ? sin(app_motion(a) * 6.0) : 1.0)));
		draw_dot_sprite(a, 1, mx, my, glow, gold);
		SDL_Rect frame = edge_rect(pos, p->advice, 1, 6);
		SDL_SetRenderDrawColor(a->renderer, 176, 112, 0, 255);
		for (int i = 0; i < 2; i++) {
			SDL_RenderDrawRect(a->renderer, &frame);
			frame = (SDL_Rect){frame.x + 1, frame.y + 1, frame.w - 2, frame.h - 2};
		}
		fill(a, edge_rect(pos, p->advice, 1, 3), gold);
	}
	/* The evaluation overlay (E): the engine's score of each undrawn edge, in boxes. */
	for (int e = 0; e < pos->edges && e < p->eval_count && p->show_eval && waiting; e++) {
		if (dots_edge_drawn(pos, e) || !p->eval_known[e])
			continue;
		const int v = p->eval_score[e];
		const bool proven = search_proven(v);
		char text[16];
		if (proven)
			/* TRANSLATORS: one-letter marks of a proven win, loss or draw, before a number. */
			snprintf(text, sizeof text, "%s%+d",
			         v > 0   ? _("W")
			         : v < 0 ? _("L")
			                 : _("D"),
			         search_margin(v));
		else
			snprintf(text, sizeof text, "%+.1f", v / 100.0);
		int mx, my;
		centre(p, e, &mx, &my);
		const int w = app_text_width(a, FONT_SMALL, text) + 8;
		fill(a, (SDL_Rect){mx - w / 2, my - 12, w, 24}, (SDL_Color){30, 36, 44, 210});
		const SDL_Color tint = proven   ? (SDL_Color){255, 210, 80, 255}
		                       : v >= 0 ? (SDL_Color){200, 255, 200, 255}
		                                : (SDL_Color){255, 190, 180, 255};
		app_text(a, FONT_SMALL, text, mx, my - 11, tint, 1);
	}
	/* The dots, over the ends of the edges. */
	for (int rr = 0; rr <= pos->rows; rr++)
		for (int cc = 0; cc <= pos->cols; cc++)
			draw_dot_sprite(a, 0, x0 + cc * cell, y0 + rr * cell, t * 5,
			                (SDL_Color){255, 255, 255, 255});
	/* The keyboard cursor: a dark frame around its edge. */
	if (p->cursor >= 0 && p->cursor < pos->edges) {
		SDL_Rect c = edge_rect(pos, p->cursor, 1, 6);
		SDL_SetRenderDrawColor(r, 20, 24, 40, 255);
		for (int i = 0; i < 3; i++) {
			SDL_RenderDrawRect(r, &c);
			c = (SDL_Rect){c.x + 1, c.y + 1, c.w - 2, c.h - 2};
		}
	}
}

static int count(const struct play *p, int side)
{
	return pos_of(p)->score[side];
}

static void emblem(struct app *a, const struct play *p, int side, SDL_Rect dst)
{
	const SDL_Rect box = {dst.x + 6, dst.y + 6, dst.w - 12, dst.h - 12};
	fill(a, box, a->theme.side[side]);
	if (side == 1 && a->theme.hatch)
		hatch(a, box);
	app_text(a, FONT_LARGE, p->rules->side_name[side], box.x + box.w / 2,
	         box.y + box.h / 2 - 22, letter_colour(a, side), 1);
}

static void describe(const struct play *p, char *buf, size_t n)
{
	const struct dots_pos *pos = pos_of(p);
	snprintf(buf, n, "%s %d\xc3\x97%d", _("Dots and Boxes"), pos->rows, pos->cols);
}

/* The chain counter, shown with the hints: boxes and safe edges left, the chains and loops,
 * and whom the long-chain rule favours with them. */
static bool panel(struct app *a, const struct play *p, SDL_Rect r)
{
	if (!p->hints)
		return false;
	const struct dots_pos *pos = pos_of(p);
	struct dots_chains ch;
	dots_chains_count(pos, &ch);
	int safe = 0;
	for (int e = 0; e < pos->edges; e++)
		safe += dots_edge_kind(pos, e) == DOTS_EDGE_SAFE;
	const int left = pos->rows * pos->cols - pos->score[0] - pos->score[1];
	const SDL_Color ink_light = {236, 232, 220, 255}, dim = {160, 170, 160, 255},
	                gold = {240, 196, 80, 255};
	app_panel(a, r, (SDL_Color){40, 52, 48, 255});
	char line[160];
	if (a->now >= p->banner_end) { /* the banner covers the first two lines */
		snprintf(line, sizeof line, _("Boxes left %d \xc2\xb7 safe edges %d"), left, safe);
		app_text_fit(a, FONT_SMALL, line, r.x + 16, r.y + 12, ink_light, 0, r.w - 32);
		snprintf(line, sizeof line, _("Long chains %d \xc2\xb7 loops %d \xc2\xb7 short %d"),
		         ch.long_chains, ch.loops, ch.short_chains);
		app_text_fit(a, FONT_SMALL, line, r.x + 16, r.y + 44, ink_light, 0, r.w - 32);
	}
	const int sum = ch.dots + ch.long_chains;
	snprintf(line, sizeof line, _("Dots + long chains: %d + %d = %d, %s"), ch.dots,
	         ch.long_chains, sum, sum % 2 ? _("odd") : _("even"));
	app_text_fit(a, FONT_SMALL, line, r.x + 16, r.y + 76, dim, 0, r.w - 32);
	const char *who = p->mode != MODE_VS_COMPUTER ? _(p->rules->side_name[ch.favoured])
	                  : ch.favoured == p->human   ? _("you")
	                                              : _("the computer");
	snprintf(line, sizeof line, _("Control: %s (%s wants even)"), who,
	         _(p->rules->side_name[DOTS_A]));
	app_text_fit(a, FONT_SMALL, line, r.x + 16, r.y + 108, gold, 0, r.w - 32);
	return true;
}

/* Draws one box of Dots and Boxes: three sides drawn (step 0), then the fourth drawn in
 * in the last line's colour (amber) and the box filled in A's (blue), as the theme has them
 * (step 1). */
static void help_box(struct app *a, int x, int y, int step)
{
	SDL_Renderer *r = a->renderer;
	const int cell = 56, t = 6;
	app_draw_tinted(a, (SDL_Color){236, 228, 209, 255}, a->theme.paper);
	SDL_RenderFillRect(r, &(SDL_Rect){x - 14, y - 14, cell + 28, cell + 28});
	if (step) {
		app_draw_colour(a, a->theme.side[0]);
		SDL_RenderFillRect(r, &(SDL_Rect){x + t, y + t, cell - 2 * t, cell - 2 * t});
	}
	app_draw_colour(a, a->theme.ink);
	SDL_RenderFillRect(r, &(SDL_Rect){x, y - t / 2, cell, t});        /* top */
	SDL_RenderFillRect(r, &(SDL_Rect){x, y + cell - t / 2, cell, t}); /* bottom */
	SDL_RenderFillRect(r, &(SDL_Rect){x - t / 2, y, t, cell});        /* left */
	if (step) {
		app_draw_colour(a, a->theme.last_line);
		SDL_RenderFillRect(r, &(SDL_Rect){x + cell - t / 2, y, t, cell});
	}
	SDL_Texture *dot = app_sprite(a, sprites[0])->texture;
	int h;
	SDL_QueryTexture(dot, NULL, NULL, NULL, &h);
	for (int k = 0; k < 4; k++) {
		SDL_Rect src = {0, 0, h, h};
		SDL_Rect dst = {x + (k & 1) * cell - 14, y + (k >> 1) * cell - 14, 28, 28};
		SDL_RenderCopy(r, dot, &src, &dst);
	}
}

/* The help page's figure: A draws the fourth side of a box. */
static int help_figure(struct app *a, int y)
{
	const SDL_Color dim = {150, 160, 150, 255};
	help_box(a, 94, y + 14, 0);
	app_text(a, FONT_LARGE, "\xe2\x86\x92", 222, y + 20, dim, 1);
	help_box(a, 296, y + 14, 1);
	app_text_wrap(a, FONT_SMALL,
	              _("A draws the fourth side: the box is A's, and A draws another line."), 420,
	              y + 16, 760, 28, dim);
	return 124;
}

const struct view view_dots = {
    .game = "dots",
    .sprites = sprites,
    .draw = draw,
    .hit = hit,
    .move_at = move_at,
    .centre = centre,
    .played = played,
    .targets = targets,
    .index_of = index_of,
    .count = count,
    .emblem = emblem,
    .describe = describe,
    .event = event,
    .panel = panel,
    .new_ui = new_ui,
    .free_ui = free,
    .changed = changed,
    .help_figure = help_figure,
};
