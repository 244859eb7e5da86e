/*
 * app/view_reversi.c — how a Reversi game looks and feels: the felt board, the disc
 * sprites turning over in a ripple from the placed disc, the last-move marker, the hints,
 * the hover preview and the keyboard cursor.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/layout.h"
#include "games/reversi/book.h"
#include "games/reversi/openings.h"
#include "games/reversi/reversi.h"

/* The sprite sheets: the flip sheet (frames from Black to White, square cells in a row) and
 * the felt. */
static const char *const sprites[] = {"reversi_discs.png", "reversi_board.png", NULL};

static const struct sprite *discs(const struct app *a)
{
	return app_sprite(a, sprites[0]);
}

/* Returns the side of one cell of the flip sheet, and how many frames it has. */
static int disc_cell(const struct app *a)
{
	return discs(a)->h;
}

static int disc_frames(const struct app *a)
{
	const struct sprite *s = discs(a);
	return s->h ? s->w / s->h : 1;
}

/* The view's own state (struct view's new_ui): the animation of the last move, per square. */
struct reversi_ui {
	struct square_anim anim[REVERSI_MAX_SIZE * REVERSI_MAX_SIZE];
	double now, speed; /* the clock and animation speed at the last tick (update), for the
			      counts the HUD shows */
};

static struct reversi_ui *ui_of(const struct play *p)
{
	return p->ui;
}

static void *new_ui(void)
{
	return calloc(1, sizeof(struct reversi_ui));
}

/* Drops the animation: the position shown changed under it. */
static void changed(struct app *a, struct play *p)
{
	(void)a;
	memset(ui_of(p)->anim, 0, sizeof ui_of(p)->anim);
}

#define FLIP_SECONDS   0.32 /* one disc turning over */
#define RIPPLE_SECONDS 0.07 /* delay per ring of distance from the placed disc */

/* Returns the Reversi position now. */
static const struct reversi_pos *pos_of(const struct play *p)
{
	return match_pos(&p->match);
}

/* Returns the animation speed factor from the settings (0 = no animation). */
static double speed_of(const struct app *a)
{
	return app_anim(a, 1.0);
}

static int hit(const struct play *p, int x, int y)
{
	const int size = pos_of(p)->size;
	int x0, y0, cell;
	layout_square(size, 0, 0, &x0, &y0, &cell);
	if (x < x0 || y < y0)
		return -1;
	const int col = (x - x0) / cell, row = (y - y0) / cell;
	return col < size && row < size ? row * size + col : -1;
}

static void centre(const struct play *p, int index, int *x, int *y)
{
	const int size = pos_of(p)->size;
	int cell;
	layout_square(size, index % size, index / size, x, y, &cell);
	*x += cell / 2;
	*y += cell / 2;
}

static int targets(const struct play *p, int *width)
{
	*width = pos_of(p)->size;
	return *width * *width;
}

static int index_of(const struct play *p, const char *name)
{
	int used;
	const int sq = reversi_square_parse(pos_of(p)->size, name, &used);
	return sq >= 0 && name[used] == '\0' ? sq : -1;
}

static void played(struct app *a, struct play *p, const void *before_pos,
                   const struct game_move *move)
{
	const struct reversi_pos *before = before_pos;
	const int size = before->size;
	const double speed = speed_of(a);
	memset(ui_of(p)->anim, 0, sizeof ui_of(p)->anim);
	if (move->code == REVERSI_PASS) {
		app_sound(a, SOUND_PASS);
		return;
	}
	app_sound(a, SOUND_PLACE);
	const int sq = (int)move->code, mover = before->side;
	const reversi_bits flips = ((reversi_bits)move->data[1] << 64) | move->data[0];
	ui_of(p)->anim[sq] = (struct square_anim){.start = a->now, .from = -1, .to = mover};
	double end = a->now + 0.15 * speed;
	for (int i = 0; i < size * size; i++) {
		if (!((flips >> i) & 1))
			continue;
		const int dx = abs(i % size - sq % size), dy = abs(i / size - sq / size);
		const int ring = dx > dy ? dx : dy;
		const double start = a->now + (0.06 + RIPPLE_SECONDS * (ring - 1)) * speed;
		ui_of(p)->anim[i] =
		    (struct square_anim){.start = start, .from = 1 - mover, .to = mover};
		if (start + FLIP_SECONDS * speed > end)
			end = start + FLIP_SECONDS * speed;
	}
	p->anim_end = end;
	if (flips && speed > 0)
		p->flip_sound_at = a->now + 0.06 * speed;
	else if (flips)
		app_sound(a, SOUND_FLIP);
}

/* Draws frame `frame` of the disc sheet over a cell, scaled by `scale`, with alpha. */
static void draw_disc(struct app *a, int frame, int x, int y, int cell, double scale, Uint8 alpha)
{
	SDL_Rect src = {frame * disc_cell(a), 0, disc_cell(a), disc_cell(a)};
	const int w = (int)lround(cell * scale);
	SDL_Rect dst = {x + (cell - w) / 2, y + (cell - w) / 2, w, w};
	SDL_SetTextureAlphaMod(discs(a)->texture, alpha);
	SDL_RenderCopy(a->renderer, discs(a)->texture, &src, &dst);
	SDL_SetTextureAlphaMod(discs(a)->texture, 255);
}

/* Draws marker `which` (0 hint, 1 last move, 2 cursor) centred on a cell at `scale`. */
static void draw_marker(struct app *a, int which, int x, int y, int cell, double scale)
{
	SDL_Rect src = {which * 64, 0, 64, 64};
	const int w = (int)lround(cell * scale);
	SDL_Rect dst = {x + (cell - w) / 2, y + (cell - w) / 2, w, w};
	SDL_RenderCopy(a->renderer, a->assets.markers, &src, &dst);
}

/* Returns the disc frame and scale that square `i` shows now, or false when empty. */
static bool disc_look(const struct app *a, const struct play *p, int i, int *frame, double *scale)
{
	const struct reversi_pos *pos = pos_of(p);
	const int last = disc_frames(a) - 1;
	const reversi_bits x = (reversi_bits)1 << i;
	int colour = pos->disc[0] & x ? 0 : pos->disc[1] & x ? 1 : -1;
	*scale = 1.0;
	const struct square_anim *an = &ui_of(p)->anim[i];
	const double speed = speed_of(a);
	if (an->start > 0 && speed > 0 && colour >= 0) {
		const double t = a->now - an->start;
		if (an->from < 0) { /* a new disc drops in */
			if (t < 0)
				return false;
			const double u = t / (0.15 * speed);
			*scale = u >= 1 ? 1.0 : 1.18 - 0.18 * u;
		} else if (t < 0) {
			colour = an->from;
		} else if (t < FLIP_SECONDS * speed) {
			const double u = t / (FLIP_SECONDS * speed);
			const int f = (int)lround(u * last);
			*frame = an->to == 1 ? f : last - f; /* frame 0 black … last white */
			return true;
		}
	}
	if (colour < 0)
		return false;
	*frame = colour == 0 ? 0 : last;
	return true;
}

static void draw(struct app *a, const struct play *p)
{
	SDL_Renderer *r = a->renderer;
	const struct reversi_pos *pos = pos_of(p);
	const int size = pos->size;
	int x0, y0, cell;
	layout_square(size, 0, 0, &x0, &y0, &cell);
	const int side = cell * size;
	/* The frame, the felt and the grid. */
	SDL_Rect frame = {x0 - 14, y0 - 14, side + 28, side + 28};
	app_panel(a, frame, a->theme.frame);
	SDL_Rect felt = {x0, y0, side, side};
	const struct theme *th = &a->theme;
	SDL_SetTextureColorMod(app_sprite(a, sprites[1])->texture, th->felt.r, th->felt.g,
	                       th->felt.b);
	SDL_RenderCopy(r, app_sprite(a, sprites[1])->texture, NULL, &felt);
	SDL_SetTextureColorMod(app_sprite(a, sprites[1])->texture, 255, 255, 255);
	SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
	SDL_SetRenderDrawColor(r, th->grid.r, th->grid.g, th->grid.b, th->grid.a);
	for (int i = 0; i <= size; i++) {
		SDL_Rect h = {x0, y0 + i * cell - 1, side, 2}, v = {x0 + i * cell - 1, y0, 2, side};
		SDL_RenderFillRect(r, &h);
		SDL_RenderFillRect(r, &v);
	}
	if (size == 8) /* the four star points */
		for (int k = 0; k < 4; k++) {
			SDL_Rect dot = {x0 + (k & 1 ? 6 : 2) * cell - 4,
			                y0 + (k & 2 ? 6 : 2) * cell - 4, 8, 8};
			SDL_RenderFillRect(r, &dot);
		}
	/* Coordinates around the board. */
	const SDL_Color label = {196, 176, 140, 255};
	for (int i = 0; i < size; i++) {
		char t[12] = {(char)('a' + i), 0};
		app_text(a, FONT_SMALL, t, x0 + i * cell + cell / 2, y0 - 40, label, 1);
		snprintf(t, sizeof t, "%d", i + 1);
		app_text(a, FONT_SMALL, t, x0 - 30, y0 + i * cell + cell / 2 - 11, label, 1);
	}
	/* The last move: the square glows under its disc, and a marker sits on the disc. */
	const struct game_move *last = match_last_move(&p->match);
	const int last_sq = last && last->code != REVERSI_PASS ? (int)last->code : -1;
	if (last_sq >= 0) {
		int lx, ly, lw;
		layout_square(size, last_sq % size, last_sq / size, &lx, &ly, &lw);
		SDL_SetRenderDrawColor(r, th->last.r, th->last.g, th->last.b,
		                       th->high_contrast || th->colour_blind ? 170 : 110);
		SDL_Rect glow = {lx + 1, ly + 1, lw - 2, lw - 2};
		SDL_RenderFillRect(r, &glow);
	}
	const bool human_turn = !play_computer_to_move(p) && !match_over(&p->match);
	struct game_move moves[GAME_MOVES_MAX];
	const int n = human_turn ? match_legal(&p->match, moves) : 0;
	for (int i = 0; i < size * size; i++) {
		int sx, sy, sw;
		layout_square(size, i % size, i / size, &sx, &sy, &sw);
		if ((pos->hole >> i) & 1) { /* the black hole: a round well darkening inward */
			SDL_SetTextureColorMod(discs(a)->texture, 0, 0, 0);
			draw_disc(a, 0, sx, sy, sw, 1.12, 90);
			draw_disc(a, 0, sx, sy, sw, 0.9, 160);
			draw_disc(a, 0, sx, sy, sw, 0.65, 255);
			SDL_SetTextureColorMod(discs(a)->texture, 255, 255, 255);
			continue;
		}
		int f;
		double scale;
		if (disc_look(a, p, i, &f, &scale))
			draw_disc(a, f, sx, sy, sw, scale, 255);
	}
	/* Hints, the hover preview, the last-move marker and the cursor go on top. */
	const bool still = a->now >= p->anim_end;
	for (int k = 0; k < n && still; k++) {
		if (moves[k].code == REVERSI_PASS)
			continue;
		const int i = (int)moves[k].code;
		int sx, sy, sw;
		layout_square(size, i % size, i / size, &sx, &sy, &sw);
		if (i == p->hover)
			draw_disc(a, pos->side == 0 ? 0 : disc_frames(a) - 1, sx, sy, sw, 0.92,
			          110);
		else if (p->hints && !(p->show_eval && i < p->eval_count && p->eval_known[i])) {
			/* The dot takes the colour of the side to move, inside a ring of the other
			 * colour so that it stands out on the felt whichever side moves. */
			const Uint8 shade = pos->side == 0 ? 30 : 255,
			            ring = pos->side == 0 ? 235 : 20;
			if (th->high_contrast) { /* yellow stands out on the felt for both sides */
				SDL_SetTextureColorMod(a->assets.markers, 255, 255, 0);
				draw_marker(a, 0, sx, sy, sw, 1.3);
			} else {
				SDL_SetTextureColorMod(a->assets.markers, ring, ring, ring);
				for (int twice = 0; twice < 2; twice++) /* the sprite is soft */
					draw_marker(a, 0, sx, sy, sw, 1.7);
				SDL_SetTextureColorMod(a->assets.markers, shade, shade, shade);
				draw_marker(a, 0, sx, sy, sw, 1.15);
			}
			draw_marker(a, 0, sx, sy, sw, 1.1);
			SDL_SetTextureColorMod(a->assets.markers, 255, 255, 255);
		}
	}
	if (last_sq >= 0) {
		int lx, ly, lw;
		layout_square(size, last_sq % size, last_sq / size, &lx, &ly, &lw);
		draw_marker(a, 1, lx, ly, lw, 0.7);
	}
	/* The engine's suggestion (Shift+H): a gold frame that breathes. */
	if (p->advice >= 0 && p->advice < size * size && human_turn && still) {
		int ax, ay, aw;
		layout_square(size, p->advice % size, p->advice / size, &ax, &ay, &aw);
		SDL_SetTextureColorMod(a->assets.markers, 255, 200, 60);
		draw_marker(a, 2, ax, ay, aw,
		            0.92 + 0.06 * (speed_of(a) > 0 ? sin(app_motion(a) * 6.0) : 1.0));
		SDL_SetTextureColorMod(a->assets.markers, 255, 255, 255);
	}
	/* The evaluation overlay (E): the engine's score of each legal square, in discs; in the
	 * opening book, the book's score, marked as such. */
	struct book_move book[BOOK_MOVES_MAX];
	const int in_book = p->show_eval ? reversi_book_moves(pos, book) : 0;
	for (int k = 0; k < n && p->show_eval && still; k++) {
		const int i = (int)moves[k].code;
		int b = 0;
		while (b < in_book && book[b].square != i)
			b++;
		if (moves[k].code == REVERSI_PASS || i < 0 || i >= p->eval_count ||
		    (b == in_book && !p->eval_known[i]))
			continue;
		int sx, sy, sw;
		layout_square(size, i % size, i / size, &sx, &sy, &sw);
		if (b < in_book) {
			char text[16];
			snprintf(text, sizeof text, "%+.1f", book[b].score / 100.0);
			app_text(a, FONT_SMALL, text, sx + sw / 2, sy + sw / 2 - 19,
			         book[b].score >= 0 ? th->good : th->bad, 1);
			app_text(a, FONT_SMALL, _("book"), sx + sw / 2, sy + sw / 2 + 1,
			         (SDL_Color){235, 235, 225, 255}, 1);
			continue;
		}
		const int v = p->eval_score[i];
		const bool proven = search_proven(v);
		char text[16];
		if (proven) /* the search proved the result: won or lost by this many discs */
			snprintf(text, sizeof text, "%s%+d", v > 0 ? _("W") : _("L"),
			         search_margin(v));
		else
			snprintf(text, sizeof text, "%+.1f", v / 100.0);
		const SDL_Color ink = proven   ? (SDL_Color){255, 210, 80, 255}
		                      : v >= 0 ? th->good
		                               : th->bad;
		app_text(a, FONT_SMALL, text, sx + sw / 2, sy + sw / 2 - 11, ink, 1);
	}
	if (p->cursor >= 0 && p->cursor < size * size) {
		int cx, cy, cw;
		layout_square(size, p->cursor % size, p->cursor / size, &cx, &cy, &cw);
		draw_marker(a, 2, cx, cy, cw, 1.0);
	}
}

/* The panel's heading: the moves, and the opening being played where it has a name (the
 * name of the latest position of the game that has one). */
static void panel_head(const struct play *p, const char *suffix, char *buf, size_t n)
{
	const char *name = NULL;
	for (int i = p->match.cursor; i >= 0 && !name; i--)
		name = reversi_opening_at(match_pos_at(&p->match, i));
	if (name)
		snprintf(buf, n, "%s \xc2\xb7 %s%s", _("Moves"), name, suffix);
	else
		snprintf(buf, n, "%s%s", _("Moves"), suffix);
}

/* Counts the discs of `side` that the player sees: while a move's animation plays, a new disc
 * counts once it has dropped in and a flipped one once it is half-way over. */
static int count(const struct play *p, int side)
{
	const struct reversi_pos *pos = pos_of(p);
	const struct reversi_ui *ui = ui_of(p);
	if (!ui || ui->speed <= 0)
		return reversi_count(pos, side);
	int n = 0;
	for (int i = 0; i < pos->size * pos->size; i++) {
		const reversi_bits x = (reversi_bits)1 << i;
		int colour = pos->disc[0] & x ? 0 : pos->disc[1] & x ? 1 : -1;
		const struct square_anim *an = &ui->anim[i];
		if (colour >= 0 && an->start > 0) {
			const double t = ui->now - an->start;
			if (an->from < 0 && t < 0)
				colour = -1; /* not dropped in yet */
			else if (an->from >= 0 && t < FLIP_SECONDS * ui->speed / 2)
				colour = an->from; /* not turned half-way yet */
		}
		n += colour == side;
	}
	return n;
}

/* Keeps the clock the counts use (count has no app). */
static void update(struct app *a, struct play *p)
{
	ui_of(p)->now = a->now;
	ui_of(p)->speed = speed_of(a);
}

static void emblem(struct app *a, const struct play *p, int side, SDL_Rect dst)
{
	(void)p;
	SDL_Rect src = {(side == 0 ? 0 : disc_frames(a) - 1) * disc_cell(a), 0, disc_cell(a),
	                disc_cell(a)};
	SDL_RenderCopy(a->renderer, discs(a)->texture, &src, &dst);
}

static void describe(const struct play *p, char *buf, size_t n)
{
	const struct reversi_pos *pos = pos_of(p);
	snprintf(buf, n, "%s %d\xc3\x97%d%s", pos->anti ? _("Anti-reversi") : _("Reversi"),
	         pos->size, pos->size, pos->hole ? _(", black hole") : "");
}

/* Draws a row of four squares: Black, White, White, and an empty one where Black plays. */
static void help_row(struct app *a, int x, int y, int step)
{
	const int cell = 64, last = disc_frames(a) - 1;
	const int colours[4] = {0, 1, 1, step ? 0 : -1};
	for (int i = 0; i < 4; i++) {
		SDL_Rect sq = {x + i * cell, y, cell, cell};
		app_draw_tinted(a, (SDL_Color){34, 110, 62, 255}, a->theme.felt);
		SDL_RenderFillRect(a->renderer, &sq);
		app_draw_colour(a, a->theme.grid);
		SDL_RenderDrawRect(a->renderer, &sq);
		int c = colours[i];
		if (step && (i == 1 || i == 2))
			c = 0; /* flipped */
		if (c < 0)
			continue;
		SDL_Rect src = {(c ? last : 0) * disc_cell(a), 0, disc_cell(a), disc_cell(a)};
		SDL_Rect dst = {sq.x + 4, sq.y + 4, cell - 8, cell - 8};
		SDL_RenderCopy(a->renderer, discs(a)->texture, &src, &dst);
	}
}

/* The help page's figure: Black plays on the right and both White discs turn over. */
static int help_figure(struct app *a, int y)
{
	const SDL_Color dim = {150, 160, 150, 255};
	help_row(a, 80, y, 0);
	app_text(a, FONT_LARGE, "\xe2\x86\x92", 400, y + 8, dim, 1);
	help_row(a, 460, y, 1);
	app_text_fit(a, FONT_SMALL, _("Black plays on the right: both White discs turn over."), 80,
	             y + 76, dim, 0, APP_W - 160);
	return 124;
}

/* The game-over line: the discs and the final score. */
static void outcome(const struct play *p, char *buf, size_t n)
{
	snprintf(buf, n, _("%s %d \xe2\x80\x93 %d %s \xc2\xb7 final score %+d"),
	         _(p->rules->side_name[0]), count(p, 0), count(p, 1), _(p->rules->side_name[1]),
	         match_result(&p->match));
}

/* Piece i of the title menu's band: a disc turning over and back. */
static void banner(struct app *a, int i, double clock, SDL_Rect dst)
{
	const int frames = disc_frames(a), cell = disc_cell(a);
	const int frame = (int)(clock * 6 + i * 2) % (2 * frames);
	const int f = frame < frames ? frame : 2 * frames - 1 - frame;
	SDL_Rect src = {f * cell, 0, cell, cell};
	SDL_RenderCopy(a->renderer, discs(a)->texture, &src, &dst);
}

const struct view view_reversi = {
    .game = "reversi",
    .sprites = sprites,
    .banner = banner,
    .draw = draw,
    .hit = hit,
    .move_at = play_move_by_code,
    .centre = centre,
    .played = played,
    .targets = targets,
    .index_of = index_of,
    .count = count,
    .update = update,
    .emblem = emblem,
    .describe = describe,
    .panel_head = panel_head,
    .outcome = outcome,
    .new_ui = new_ui,
    .free_ui = free,
    .changed = changed,
    .help_figure = help_figure,
};
