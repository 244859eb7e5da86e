/*
 * app/view_tictactoe.c — the tic-tac-toe view: the registry's test game (games/tictactoe/),
 * drawn with plain lines on the felt, in the test build only.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/layout.h"
#include "games/tictactoe/tictactoe.h"

static const struct tictactoe_pos *pos_of(const struct play *p)
{
	return match_pos(&p->match);
}

static int hit(const struct play *p, int x, int y)
{
	(void)p;
	int x0, y0, cell;
	layout_square(3, 0, 0, &x0, &y0, &cell);
	if (x < x0 || y < y0)
		return -1;
	const int col = (x - x0) / cell, row = (y - y0) / cell;
	return col < 3 && row < 3 ? row * 3 + col : -1;
}

static void centre(const struct play *p, int index, int *x, int *y)
{
	(void)p;
	int cell;
	layout_square(3, index % 3, index / 3, x, y, &cell);
	*x += cell / 2;
	*y += cell / 2;
}

static int targets(const struct play *p, int *width)
{
	(void)p;
	*width = 3;
	return 9;
}

static int index_of(const struct play *p, const char *name)
{
	(void)p;
	if (strlen(name) != 2 || name[0] < 'a' || name[0] > 'c' || name[1] < '1' || name[1] > '3')
		return -1;
	return (name[1] - '1') * 3 + (name[0] - 'a');
}

static void played(struct app *a, struct play *p, const void *before, const struct game_move *move)
{
	(void)p;
	(void)before;
	(void)move;
	app_sound(a, SOUND_PLACE);
}

/* Draws side's mark (an X or an O, thick lines) in the square at (x, y), w wide. */
static void draw_mark(struct app *a, int side, int x, int y, int w, Uint8 alpha)
{
	SDL_Renderer *r = a->renderer;
	const SDL_Color c = a->theme.side[side];
	SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
	SDL_SetRenderDrawColor(r, c.r, c.g, c.b, alpha);
	const int m = w / 5, t = w / 14;
	for (int k = -t; k <= t; k++) {
		if (side == TICTACTOE_X) {
			SDL_RenderDrawLine(r, x + m + k, y + m, x + w - m + k, y + w - m);
			SDL_RenderDrawLine(r, x + w - m + k, y + m, x + m + k, y + w - m);
		} else {
			const int rad = w / 2 - m + k, cx = x + w / 2, cy = y + w / 2;
			for (int d = 0; d < 360; d += 2) {
				const double u = d * 3.14159265 / 180,
				             v = (d + 2) * 3.14159265 / 180;
				SDL_RenderDrawLine(
				    r, cx + (int)(rad * SDL_cos(u)), cy + (int)(rad * SDL_sin(u)),
				    cx + (int)(rad * SDL_cos(v)), cy + (int)(rad * SDL_sin(v)));
			}
		}
	}
}

static void draw(struct app *a, const struct play *p)
{
	SDL_Renderer *r = a->renderer;
	const struct tictactoe_pos *pos = pos_of(p);
	int x0, y0, cell;
	layout_square(3, 0, 0, &x0, &y0, &cell);
	SDL_Rect frame = {x0 - 14, y0 - 14, 3 * cell + 28, 3 * cell + 28};
	app_panel(a, frame, a->theme.frame);
	app_draw_tinted(a, (SDL_Color){34, 110, 62, 255}, a->theme.felt);
	SDL_RenderFillRect(r, &(SDL_Rect){x0, y0, 3 * cell, 3 * cell});
	const struct game_move *last = match_last_move(&p->match);
	app_draw_colour(a, a->theme.grid);
	for (int i = 1; i < 3; i++) {
		SDL_RenderFillRect(r, &(SDL_Rect){x0, y0 + i * cell - 2, 3 * cell, 4});
		SDL_RenderFillRect(r, &(SDL_Rect){x0 + i * cell - 2, y0, 4, 3 * cell});
	}
	for (int i = 0; i < 9; i++) {
		int x, y, w;
		layout_square(3, i % 3, i / 3, &x, &y, &w);
		if (last && (int)last->code == i) {
			SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
			SDL_SetRenderDrawColor(r, a->theme.last.r, a->theme.last.g, a->theme.last.b,
			                       110);
			SDL_RenderFillRect(r, &(SDL_Rect){x + 3, y + 3, w - 6, w - 6});
		}
		for (int s = 0; s < 2; s++)
			if (pos->mark[s] >> i & 1)
				draw_mark(a, s, x, y, w, 255);
		if (i == p->hover && !((pos->mark[0] | pos->mark[1]) >> i & 1) &&
		    !play_computer_to_move(p) && !match_over(&p->match))
			draw_mark(a, pos->side, x, y, w, 90);
		if (i == p->cursor) {
			app_draw_colour(a, a->theme.last);
			SDL_RenderDrawRect(r, &(SDL_Rect){x + 6, y + 6, w - 12, w - 12});
		}
	}
}

static int count(const struct play *p, int side)
{
	return __builtin_popcount(pos_of(p)->mark[side]);
}

static void emblem(struct app *a, const struct play *p, int side, SDL_Rect dst)
{
	(void)p;
	draw_mark(a, side, dst.x, dst.y, dst.w, 255);
}

static void describe(const struct play *p, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s", p->rules->title, pos_of(p)->misere ? " (misere)" : "");
}

static void outcome(const struct play *p, char *buf, size_t n)
{
	const int line = tictactoe_line(pos_of(p));
	snprintf(buf, n, "%s",
	         line < 0 ? "A full board"
	         : line   ? "Three O in a row"
	                  : "Three X in a row");
}

const struct view view_tictactoe = {
    .game = "tictactoe",
    .draw = draw,
    .hit = hit,
    .move_at = play_move_by_code,
    .centre = centre,
    .played = played,
    .targets = targets,
    .index_of = index_of,
    .count = count,
    .emblem = emblem,
    .describe = describe,
    .outcome = outcome,
};
