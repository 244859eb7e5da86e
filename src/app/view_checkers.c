/*
 * app/view_checkers.c — how a game of checkers looks and feels: the board with Black at the
 * bottom for a Black player (flipped for White, or on request), square numbers on request, men
 * and kings as sprites; moves by drag and drop, by click–click, or by the keyboard cursor, a
 * multi-jump entered hop by hop (or dropped straight on its last square when the path is
 * unique); the pieces that must capture glow, a refused move says why; moves are animated
 * hop by hop with the captured pieces lifted off and the crowning dropped on with its sound;
 * the last move's whole path stays highlighted. The HUD band holds the move list in PDN
 * notation, or (S) the engine's search figures.
 *
 * The UI state that undo never touches (the piece picked up, the hops entered, the drag, the
 * animation, the last search figures) lives in `ui` below, checked against the match's
 * cursor so that it is dropped as soon as the position under it changes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/view_checkers_layout.h"
#include "games/checkers/checkers.h"

/* The sprite sheets: the pieces (square cells in a row, see CELL_*) and the felt. */
static const char *const sprites[] = {"checkers_pieces.png", "reversi_board.png", NULL};

static const struct sprite *pieces(const struct app *a)
{
	return app_sprite(a, sprites[0]);
}

#define HOP_SECONDS   0.22 /* one hop of a moving piece */
#define CROWN_SECONDS 0.45 /* the crown dropping on */
#define DRAG_PIXELS   6    /* a press that moves this far becomes a drag */

/* The sprite cells of the pieces sheet. */
enum { CELL_BLACK_MAN, CELL_BLACK_KING, CELL_WHITE_MAN, CELL_WHITE_KING, CELL_GLOW };

/* The view's own state (struct view's new_ui). */
struct checkers_ui {
	/* Orientation and numbers, from the settings (read whenever the app is at hand). */
	bool flip, numbers;
	/* The move being entered: the piece picked up and the landings clicked so far. */
	int from; /* 1..32, 0: none */
	int hops[CHECKERS_PATH_MAX];
	int hop_count;
	/* A press on the board, and whether it has become a drag. */
	bool pressed, dragging;
	bool press_on_picked; /* the press began on the piece already picked up */
	int press_x, press_y, drag_x, drag_y;
	/* The animation of the last move played. */
	bool anim;
	struct checkers_pos before; /* the position it was played from */
	struct checkers_path path;
	uint32_t captured;
	bool crowns;
	double start, hop, crown; /* when it began, seconds per hop, seconds of the crowning */
	int skip;                 /* hops the player already showed by hand */
	int pending_skip;         /* the same for the move about to be played */
	int sounded;              /* hops whose sound has been played */
	bool crown_sounded;
};

static void *new_ui(void)
{
	return calloc(1, sizeof(struct checkers_ui));
}

/* Returns the checkers position now. */
static const struct checkers_pos *pos_of(const struct play *p)
{
	return match_pos(&p->match);
}

/* Returns the animation speed factor from the settings (0 = no animation). */
static double speed_of(const struct app *a)
{
	return app_anim(a, 1.0);
}

/* Reads the display options from the settings. */
static void read_settings(const struct app *a)
{
	struct checkers_ui *ui = a->play.ui;
	const int *option = a->settings.option[a->play.game];
	ui->flip = option[CHECKERS_OPT_FLIP] != 0;
	ui->numbers = option[CHECKERS_OPT_NUMBERS] != 0;
}

/* Returns whether Black's side of the board is drawn at the bottom: for a Black player (and
 * in two-player and demo games), not for a White one; the flip option turns it round. */
static bool black_bottom(const struct play *p)
{
	struct checkers_ui *ui = p->ui;
	const bool bottom = !(p->mode == MODE_VS_COMPUTER && p->human == CHECKERS_WHITE);
	return ui->flip ? !bottom : bottom;
}

/* Stores the screen column and row of square sq (1..32). */
static void square_cell(const struct play *p, int sq, int *col, int *row)
{
	layout_checkers_cell(sq, black_bottom(p), col, row);
}

/* Returns the square (1..32) at screen column col and row row, or 0 on a light square. */
static int square_at(const struct play *p, int col, int row)
{
	const int c = black_bottom(p) ? 7 - col : col, r = black_bottom(p) ? 7 - row : row;
	if (c < 0 || c > 7 || r < 0 || r > 7 || (r + c) % 2 == 0)
		return 0;
	return r * 4 + c / 2 + 1;
}

/* Stores the logical rectangle of square sq. */
static void square_rect(const struct play *p, int sq, int *x, int *y, int *w)
{
	int col, row;
	square_cell(p, sq, &col, &row);
	layout_square(8, col, row, x, y, w);
}

/* Returns the square jumped over between two squares a capture lands on in turn. */
static int square_between(int a, int b)
{
	const int ra = (a - 1) / 4, ca = 2 * ((a - 1) % 4) + (ra % 2 == 0);
	const int rb = (b - 1) / 4, cb = 2 * ((b - 1) % 4) + (rb % 2 == 0);
	const int r = (ra + rb) / 2, c = (ca + cb) / 2;
	return r * 4 + c / 2 + 1;
}

/* Returns the colour (0, 1) of the piece on sq in pos, or -1 when it is empty. */
static int owner(const struct checkers_pos *pos, int sq)
{
	const uint32_t bit = 1u << (sq - 1);
	return pos->piece[0] & bit ? 0 : pos->piece[1] & bit ? 1 : -1;
}

/* Returns whether the piece on sq is a king. */
static bool is_king(const struct checkers_pos *pos, int sq)
{
	return (pos->kings >> (sq - 1)) & 1;
}

/* ---- the move being entered ------------------------------------------------------------- */

/* Forgets the piece picked up (and any drag). */
static void drop_selection(struct checkers_ui *ui)
{
	ui->from = 0;
	ui->hop_count = 0;
	ui->pressed = ui->dragging = false;
}

/* Returns the square the piece picked up stands on now: where it started, or the last
 * landing square entered (0 when none is picked up). */
static int piece_at(const struct checkers_ui *ui)
{
	return ui->hop_count ? ui->hops[ui->hop_count - 1] : ui->from;
}

/* Drops a selection that is no longer the side to move's piece. (A move played or a change
 * of the history drops it already: played and changed.) */
static void check_selection(const struct play *p)
{
	struct checkers_ui *ui = p->ui;
	if (ui->from && owner(pos_of(p), ui->from) != pos_of(p)->side)
		drop_selection(ui);
}

/* Returns whether legal move m starts on ui->from and follows the hops entered so far. */
static bool follows_entry(const struct checkers_ui *ui, const struct game_move *m)
{
	struct checkers_path path;
	checkers_move_path(m, &path);
	if (path.square[0] != ui->from || path.length < ui->hop_count)
		return false;
	for (int i = 0; i < ui->hop_count; i++)
		if (path.square[i + 1] != ui->hops[i])
			return false;
	return true;
}

/* Writes the squares of the pieces that can capture now as "11", "11 or 15", "11, 15 and 22";
 * returns how many there are. */
static int jumpers_text(const struct game_move *moves, int n, char *buf, size_t len)
{
	int from[32], count = 0;
	for (int i = 0; i < n; i++) {
		struct checkers_path path;
		checkers_move_path(&moves[i], &path);
		bool seen = false;
		for (int k = 0; k < count; k++)
			seen |= from[k] == path.square[0];
		if (!seen && count < 32)
			from[count++] = path.square[0];
	}
	/* in square order */
	for (int i = 1; i < count; i++)
		for (int k = i; k > 0 && from[k - 1] > from[k]; k--) {
			const int t = from[k];
			from[k] = from[k - 1];
			from[k - 1] = t;
		}
	/* TRANSLATORS: lists of squares: "9, 10 and 11" (one of them must jump), "9 or 10". */
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < count && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d",
		                         i == 0           ? ""
		                         : i == count - 1 ? (count > 2 ? _(" and ") : _(" or "))
		                                          : ", ",
		                         from[i]);
	return count;
}

/* Refuses a move that does not capture when a capture is forced, saying which piece must:
 * by its number when the board shows numbers, else as the piece that glows (they do). */
static void refuse_forced(struct app *a, const struct game_move *moves, int n)
{
	char who[120], why[200];
	const int count = jumpers_text(moves, n, who, sizeof who);
	if (!((const struct checkers_ui *)a->play.ui)->numbers) {
		play_refuse(a, count > 1
		                   ? _("A capture is forced: one of the glowing pieces must jump")
		                   : _("A capture is forced: the glowing piece must jump"));
		return;
	}
	if (count > 2)
		snprintf(why, sizeof why, _("A capture is forced: one of %s must jump"), who);
	else
		snprintf(why, sizeof why, _("A capture is forced: %s must jump"), who);
	play_refuse(a, why);
}

/* Plays legal move m for the human; `shown` of its hops were already shown by hand. */
static void play_entered(struct app *a, const struct game_move *m, int shown)
{
	struct checkers_ui *ui = a->play.ui;
	drop_selection(ui);
	ui->pending_skip = shown;
	play_human(a, m);
	ui->pending_skip = 0;
}

/* Picks up the piece on sq for the side to move, or says why it cannot move. */
static void pick_up(struct app *a, struct play *p, int sq, const struct game_move *moves, int n)
{
	struct checkers_ui *ui = p->ui;
	const struct checkers_pos *pos = pos_of(p);
	const int side = pos->side;
	if (owner(pos, sq) != side) {
		play_refuse(a, owner(pos, sq) < 0 ? _("Pick up one of your pieces first")
		                                  : _("That piece is not yours"));
		return;
	}
	for (int i = 0; i < n; i++) {
		struct checkers_path path;
		checkers_move_path(&moves[i], &path);
		if (path.square[0] == sq) {
			ui->from = sq;
			ui->hop_count = 0;
			return;
		}
	}
	if (n > 0 && checkers_move_captures(&moves[0]))
		refuse_forced(a, moves, n);
	else
		play_refuse(a, _("That piece cannot move"));
}

/* Does what a click (or a drop, or Enter) on square sq means now: pick up a piece, enter the
 * next hop, finish the move, or refuse with the reason. */
static void square_action(struct app *a, struct play *p, int sq, bool drop)
{
	struct checkers_ui *ui = p->ui;
	check_selection(p);
	if (!play_human_may_move(a) || sq <= 0)
		return;
	struct game_move moves[GAME_MOVES_MAX];
	const int n = match_legal(&p->match, moves);
	const struct checkers_pos *pos = pos_of(p);
	if (!ui->from) {
		pick_up(a, p, sq, moves, n);
		return;
	}
	const int at = ui->hop_count ? ui->hops[ui->hop_count - 1] : ui->from;
	if (sq == at) { /* a second click on the piece puts it down again */
		if (!drop && ui->hop_count == 0)
			drop_selection(ui);
		return;
	}
	if (ui->hop_count == 0 && owner(pos, sq) == pos->side) {
		drop_selection(ui);
		pick_up(a, p, sq, moves, n);
		return;
	}
	/* The next landing square of a move that follows what was entered. */
	int next = 0, ends_here = 0, end_index = -1;
	for (int i = 0; i < n; i++) {
		if (!follows_entry(ui, &moves[i]))
			continue;
		struct checkers_path path;
		checkers_move_path(&moves[i], &path);
		if (path.square[ui->hop_count + 1] == sq)
			next++;
		else if (path.square[path.length] == sq) {
			ends_here++;
			end_index = i;
		}
	}
	if (next) {
		ui->hops[ui->hop_count++] = sq;
		int left = 0, complete = -1;
		for (int i = 0; i < n; i++)
			if (follows_entry(ui, &moves[i])) {
				left++;
				struct checkers_path path;
				checkers_move_path(&moves[i], &path);
				if (path.length == ui->hop_count)
					complete = i;
			}
		if (left == 1 && complete >= 0) {
			play_entered(a, &moves[complete], ui->hop_count); /* sounds as it lands */
		} else { /* a hop of a multi-jump, more to come */
			app_sound(a, SOUND_CAPTURE);
			ui->dragging = false;
		}
		return;
	}
	if (ends_here == 1) { /* straight to the last square of the only such path */
		play_entered(a, &moves[end_index], ui->hop_count);
		return;
	}
	if (ends_here > 1) {
		char why[160];
		if (ui->numbers)
			snprintf(why, sizeof why,
			         _("Several jumps end on %d: click each landing square"), sq);
		else
			snprintf(why, sizeof why, "%s",
			         _("Several jumps end there: click each landing square"));
		play_refuse(a, why);
		return;
	}
	const bool capture = n > 0 && checkers_move_captures(&moves[0]);
	if (ui->hop_count > 0) {
		char why[160];
		if (ui->numbers)
			snprintf(why, sizeof why,
			         _("The jump goes on from %d: every capture must be taken"), at);
		else
			snprintf(
			    why, sizeof why, "%s",
			    _("The jump goes on from the piece you hold: every capture must be "
			      "taken"));
		play_refuse(a, why);
	} else if (capture) {
		refuse_forced(a, moves, n);
		drop_selection(ui);
	} else {
		play_refuse(a, p->hints ? _("That is not a legal move")
		                        : _("That is not a legal move (H shows the legal ones)"));
		drop_selection(ui);
	}
}

/* ---- the view's functions --------------------------------------------------------------- */

static int hit(const struct play *p, int x, int y)
{
	int x0, y0, cell;
	layout_square(8, 0, 0, &x0, &y0, &cell);
	if (x < x0 || y < y0 || x >= x0 + 8 * cell || y >= y0 + 8 * cell)
		return -1;
	const int sq = square_at(p, (x - x0) / cell, (y - y0) / cell);
	return sq ? sq - 1 : -1;
}

static bool move_at(const struct play *p, int index, struct game_move *out)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = match_legal(&p->match, moves);
	int found = 0;
	for (int i = 0; i < n; i++) {
		struct checkers_path path;
		checkers_move_path(&moves[i], &path);
		if (path.square[path.length] == index + 1 && found++ == 0)
			*out = moves[i];
	}
	return found == 1;
}

static void centre(const struct play *p, int index, int *x, int *y)
{
	int w;
	square_rect(p, index + 1, x, y, &w);
	*x += w / 2;
	*y += w / 2;
}

static int targets(const struct play *p, int *width)
{
	(void)p;
	*width = 4;
	return 32;
}

/* A square ("11") or a move ("11-15", "11x18x25": its last square). */
static int index_of(const struct play *p, const char *name)
{
	(void)p;
	const char *last = name;
	for (const char *c = name; *c; c++)
		if (*c == '-' || *c == 'x' || *c == 'X')
			last = c + 1;
	int v = 0, digits = 0;
	for (const char *c = last; *c; c++) {
		if (*c < '0' || *c > '9' || ++digits > 2)
			return -1;
		v = v * 10 + (*c - '0');
	}
	return digits && v >= 1 && v <= 32 ? v - 1 : -1;
}

/* Returns the time hop k (0-based, counted from the first hop not shown by hand) lands. */
static double landing_time(const struct checkers_ui *ui, int k)
{
	return ui->start + (k - ui->skip + 1) * ui->hop;
}

static void played(struct app *a, struct play *p, const void *before_pos,
                   const struct game_move *move)
{
	struct checkers_ui *ui = p->ui;
	read_settings(a);
	const double speed = speed_of(a);
	drop_selection(ui);
	ui->anim = true;
	memcpy(&ui->before, before_pos, sizeof ui->before);
	checkers_move_path(move, &ui->path);
	ui->captured = checkers_move_captures(move);
	ui->crowns = checkers_move_crowns(move);
	ui->skip = ui->pending_skip < ui->path.length ? ui->pending_skip : ui->path.length;
	ui->start = a->now;
	ui->hop = HOP_SECONDS * speed;
	ui->crown = CROWN_SECONDS * speed;
	/* Hops shown by hand sounded as they were entered; the last one sounds as it is put
	 * down (at once when every hop was shown). */
	ui->sounded = ui->skip < ui->path.length ? ui->skip : ui->path.length - 1;
	ui->crown_sounded = false;
	p->anim_end = landing_time(ui, ui->path.length - 1) + (ui->crowns ? ui->crown : 0) + 0.02;
	if (speed == 0) {
		app_sound(a, ui->captured ? SOUND_CAPTURE : SOUND_PLACE);
		if (ui->crowns)
			app_sound(a, SOUND_CROWN);
		ui->sounded = ui->path.length;
		ui->crown_sounded = true;
		ui->anim = false;
	}
}

/* Plays the sounds of the animation as its hops land. */
static void update(struct app *a, struct play *p)
{
	struct checkers_ui *ui = p->ui;
	read_settings(a);
	check_selection(p);
	if (ui->anim) {
		while (ui->sounded < ui->path.length && a->now >= landing_time(ui, ui->sounded)) {
			app_sound(a, ui->captured ? SOUND_CAPTURE : SOUND_PLACE);
			ui->sounded++;
		}
		if (ui->crowns && !ui->crown_sounded && ui->sounded == ui->path.length &&
		    a->now >= landing_time(ui, ui->path.length - 1)) {
			app_sound(a, SOUND_CROWN);
			ui->crown_sounded = true;
		}
		if (a->now >= p->anim_end)
			ui->anim = false;
	}
}

/* Draws sprite cell `cell` over a square at (x, y, w), scaled about its centre, with alpha. */
static void draw_cell(struct app *a, int cell, double x, double y, int w, double scale, Uint8 alpha)
{
	SDL_Rect src = {cell * pieces(a)->h, 0, pieces(a)->h, pieces(a)->h};
	const int size = (int)lround(w * scale);
	SDL_Rect dst = {(int)lround(x + (w - size) / 2.0), (int)lround(y + (w - size) / 2.0), size,
	                size};
	SDL_SetTextureAlphaMod(pieces(a)->texture, alpha);
	SDL_RenderCopy(a->renderer, pieces(a)->texture, &src, &dst);
	SDL_SetTextureAlphaMod(pieces(a)->texture, 255);
}

/* Draws the piece of `side` (a king or not) over a square. */
static void draw_piece(struct app *a, int side, bool king, double x, double y, int w, double scale,
                       Uint8 alpha)
{
	draw_cell(a, side * 2 + (king ? 1 : 0), x, y, w, scale, alpha);
}

/* Draws marker `which` (0 hint, 1 last move, 2 cursor) over a square at `scale`. */
static void draw_marker(struct app *a, int which, int x, int y, int w, double scale)
{
	SDL_Rect src = {which * 64, 0, 64, 64};
	const int size = (int)lround(w * scale);
	SDL_Rect dst = {x + (w - size) / 2, y + (w - size) / 2, size, size};
	SDL_RenderCopy(a->renderer, a->assets.markers, &src, &dst);
}

/* Draws a thick line of dots between two logical points. */
static void draw_trail(SDL_Renderer *r, int x0, int y0, int x1, int y1)
{
	const double len = hypot(x1 - x0, y1 - y0);
	const int steps = (int)(len / 5) + 1;
	for (int i = 0; i <= steps; i++) {
		const double u = (double)i / steps;
		SDL_Rect dot = {(int)lround(x0 + (x1 - x0) * u) - 3,
		                (int)lround(y0 + (y1 - y0) * u) - 3, 6, 6};
		SDL_RenderFillRect(r, &dot);
	}
}

/* Draws the empty board: light squares, felt on the dark ones, the frame, the numbers. */
static void draw_board(struct app *a, const struct play *p)
{
	struct checkers_ui *ui = p->ui;
	SDL_Renderer *r = a->renderer;
	int x0, y0, cell;
	layout_square(8, 0, 0, &x0, &y0, &cell);
	const int side = cell * 8;
	SDL_Rect frame = {x0 - 14, y0 - 14, side + 28, side + 28};
	app_panel(a, frame, a->theme.frame);
	int tw, th;
	SDL_QueryTexture(app_sprite(a, sprites[1])->texture, NULL, NULL, &tw, &th);
	for (int row = 0; row < 8; row++)
		for (int col = 0; col < 8; col++) {
			SDL_Rect sq = {x0 + col * cell, y0 + row * cell, cell, cell};
			if (!square_at(p, col, row)) {
				const SDL_Color light = a->theme.light_square;
				SDL_SetRenderDrawColor(r, light.r, light.g, light.b, 255);
				SDL_RenderFillRect(r, &sq);
				continue;
			}
			/* each dark square shows its own part of the felt */
			SDL_Rect src = {(col * cell) % (tw - cell), (row * cell) % (th - cell),
			                cell, cell};
			SDL_SetTextureColorMod(app_sprite(a, sprites[1])->texture, a->theme.felt.r,
			                       a->theme.felt.g, a->theme.felt.b);
			SDL_RenderCopy(r, app_sprite(a, sprites[1])->texture, &src, &sq);
			SDL_SetTextureColorMod(app_sprite(a, sprites[1])->texture, 255, 255, 255);
		}
	if (!ui->numbers)
		return;
	const SDL_Color label = {200, 230, 200, 255};
	for (int sq = 1; sq <= 32; sq++) {
		int x, y, w;
		square_rect(p, sq, &x, &y, &w);
		char t[12];
		snprintf(t, sizeof t, "%d", sq);
		app_text(a, FONT_SMALL, t, x + 4, y + 2, label, 0);
	}
}

/* Returns whether the animation of the last move is showing now. */
static bool animating(const struct app *a, const struct play *p)
{
	struct checkers_ui *ui = p->ui;
	return ui->anim && a->now < p->anim_end;
}

/* Draws the pieces of the animated move: the position before it, the moving piece on its
 * way, the captured pieces until they are jumped, the crown dropping on. */
static void draw_animation(struct app *a, const struct play *p)
{
	struct checkers_ui *ui = p->ui;
	const struct checkers_pos *pos = &ui->before;
	const int mover = pos->side, start = ui->path.square[0];
	const bool king = is_king(pos, start);
	const double t = a->now;
	/* How far along: hop k from square[k] to square[k+1], u in [0, 1). */
	int k = ui->skip;
	while (k < ui->path.length && t >= landing_time(ui, k))
		k++;
	for (int sq = 1; sq <= 32; sq++) {
		const int side = owner(pos, sq);
		if (side < 0 || sq == start)
			continue;
		bool gone = false;
		if (ui->captured >> (sq - 1) & 1)
			for (int h = 0; h < ui->path.length && !gone; h++)
				gone = square_between(ui->path.square[h], ui->path.square[h + 1]) ==
				           sq &&
				       (h < ui->skip || t >= landing_time(ui, h));
		if (gone)
			continue;
		int x, y, w;
		square_rect(p, sq, &x, &y, &w);
		draw_piece(a, side, is_king(pos, sq), x, y, w, 1.0, 255);
	}
	int x, y, w;
	if (k >= ui->path.length) { /* landed; a man crowned gets its crown dropped on */
		square_rect(p, ui->path.square[ui->path.length], &x, &y, &w);
		draw_piece(a, mover, king, x, y, w, 1.0, 255);
		if (ui->crowns && ui->crown > 0) {
			const double u = (t - landing_time(ui, ui->path.length - 1)) / ui->crown;
			const double v = u < 0 ? 0 : u > 1 ? 1 : u;
			draw_piece(a, mover, true, x, y, w, 1.7 - 0.7 * v * v,
			           (Uint8)lround(255 * v));
		}
		return;
	}
	int xa, ya, xb, yb;
	square_rect(p, ui->path.square[k], &xa, &ya, &w);
	square_rect(p, ui->path.square[k + 1], &xb, &yb, &w);
	const double u = ui->hop > 0 ? 1.0 - (landing_time(ui, k) - t) / ui->hop : 1.0;
	const double e = u < 0 ? 0 : u > 1 ? 1 : u * u * (3 - 2 * u);
	const double lift = sin(3.14159265358979 * e) * (ui->captured ? 0.18 : 0.08);
	draw_piece(a, mover, king, xa + (xb - xa) * e, ya + (yb - ya) * e - lift * w * 0.5, w,
	           1.0 + lift, 255);
}

static void draw(struct app *a, const struct play *p)
{
	struct checkers_ui *ui = p->ui;
	read_settings(a);
	check_selection(p);
	SDL_Renderer *r = a->renderer;
	const struct checkers_pos *pos = pos_of(p);
	draw_board(a, p);
	SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
	const bool moving = animating(a, p);
	/* The last move: every square of its path glows, joined by a trail. */
	const struct game_move *last = match_last_move(&p->match);
	if (last) {
		struct checkers_path path;
		checkers_move_path(last, &path);
		const SDL_Color lit = a->theme.last;
		SDL_SetRenderDrawColor(r, lit.r, lit.g, lit.b, 110);
		for (int i = 0; i <= path.length; i++) {
			int x, y, w;
			square_rect(p, path.square[i], &x, &y, &w);
			SDL_Rect glow = {x + 1, y + 1, w - 2, w - 2};
			SDL_RenderFillRect(r, &glow);
		}
		SDL_SetRenderDrawColor(r, lit.r, lit.g, lit.b, 150);
		for (int i = 0; i < path.length; i++) {
			int xa, ya, xb, yb;
			centre(p, path.square[i] - 1, &xa, &ya);
			centre(p, path.square[i + 1] - 1, &xb, &yb);
			draw_trail(r, xa, ya, xb, yb);
		}
	}
	const bool human_turn = !play_computer_to_move(p) && !match_over(&p->match) && !moving;
	struct game_move moves[GAME_MOVES_MAX];
	const int n = human_turn ? match_legal(&p->match, moves) : 0;
	const bool forced = n > 0 && checkers_move_captures(&moves[0]);
	/* The pieces that must capture glow, breathing. */
	if (forced && !ui->from) {
		const Uint8 alpha =
		    (Uint8)(190 + 60 * (speed_of(a) > 0 ? sin(app_motion(a) * 5.0) : 1.0));
		SDL_SetTextureColorMod(pieces(a)->texture, a->theme.must.r, a->theme.must.g,
		                       a->theme.must.b);
		for (int i = 0; i < n; i++) {
			struct checkers_path path;
			checkers_move_path(&moves[i], &path);
			int x, y, w;
			square_rect(p, path.square[0], &x, &y, &w);
			draw_cell(a, CELL_GLOW, x, y, w, 1.0, alpha);
		}
		SDL_SetTextureColorMod(pieces(a)->texture, 255, 255, 255);
	}
	/* The piece under the pointer, when it can move, shows only its own destinations. */
	int pointed = 0;
	for (int i = 0; i < n && !ui->from && p->hover >= 0; i++) {
		struct checkers_path path;
		checkers_move_path(&moves[i], &path);
		if (path.square[0] == p->hover + 1)
			pointed = p->hover + 1;
	}
	if (ui->from || pointed) { /* the piece picked up glows white, one pointed at faintly */
		int x, y, w;
		square_rect(p,
		            ui->from ? (ui->hop_count ? ui->hops[ui->hop_count - 1] : ui->from)
		                     : pointed,
		            &x, &y, &w);
		draw_cell(a, CELL_GLOW, x, y, w, 1.0, ui->from ? 230 : 110);
	}
	/* The pieces. */
	if (moving) {
		draw_animation(a, p);
	} else {
		/* Pieces jumped by the hops entered so far are drawn faint. */
		uint32_t jumped = 0;
		for (int i = 0; ui->from && i < ui->hop_count; i++)
			jumped |=
			    1u << (square_between(i ? ui->hops[i - 1] : ui->from, ui->hops[i]) - 1);
		for (int sq = 1; sq <= 32; sq++) {
			const int side = owner(pos, sq);
			if (side < 0 || (ui->from == sq && (ui->hop_count || ui->dragging)))
				continue;
			int x, y, w;
			square_rect(p, sq, &x, &y, &w);
			draw_piece(a, side, is_king(pos, sq), x, y, w, 1.0,
			           jumped >> (sq - 1) & 1 ? 90 : 255);
		}
		if (ui->from && ui->hop_count && !ui->dragging) {
			int x, y, w;
			square_rect(p, ui->hops[ui->hop_count - 1], &x, &y, &w);
			draw_piece(a, pos->side, is_king(pos, ui->from), x, y, w, 1.0, 255);
		}
	}
	/* Legal destinations (hints): of the piece picked up or pointed at, or of every piece. */
	uint32_t dots = 0;
	for (int i = 0; i < n && p->hints; i++) {
		if (ui->from && !follows_entry(ui, &moves[i]))
			continue;
		struct checkers_path path;
		checkers_move_path(&moves[i], &path);
		if (pointed && path.square[0] != pointed)
			continue;
		dots |= 1u << (path.square[ui->from ? ui->hop_count + 1 : 1] - 1);
	}
	SDL_SetTextureColorMod(a->assets.markers, 255, 236, 150);
	for (int sq = 1; sq <= 32; sq++) {
		if (!(dots >> (sq - 1) & 1))
			continue;
		int x, y, w;
		square_rect(p, sq, &x, &y, &w);
		for (int k = 0; k < 3; k++) /* the translucent dot thrice: plain on the felt */
			draw_marker(a, 0, x, y, w, 1.5);
	}
	SDL_SetTextureColorMod(a->assets.markers, 255, 255, 255);
	/* The engine's suggestion (Shift+H): gold frames on the piece and where it ends. */
	if (p->advice >= 0 && p->advice < 32 && human_turn) {
		SDL_SetTextureColorMod(a->assets.markers, 255, 200, 60);
		for (int i = 0; i < n; i++) {
			struct checkers_path path;
			checkers_move_path(&moves[i], &path);
			if (path.square[path.length] != p->advice + 1)
				continue;
			for (int end = 0; end < 2; end++) {
				int x, y, w;
				square_rect(p, path.square[end ? path.length : 0], &x, &y, &w);
				draw_marker(a, 2, x, y, w,
				            0.92 + 0.06 * (speed_of(a) > 0
				                               ? sin(app_motion(a) * 6.0)
				                               : 1.0));
			}
		}
		SDL_SetTextureColorMod(a->assets.markers, 255, 255, 255);
	}
	/* The evaluation overlay (E): the engine's score of each move, on its last square. */
	for (int i = 0; i < n && p->show_eval; i++) {
		struct checkers_path path;
		checkers_move_path(&moves[i], &path);
		const int to = path.square[path.length] - 1;
		if (!p->eval_known[to])
			continue;
		int x, y, w;
		square_rect(p, to + 1, &x, &y, &w);
		const int v = p->eval_score[to];
		char text[16];
		if (search_proven(v))
			/* TRANSLATORS: the engine's score on a square: a proven win or loss. */
			snprintf(text, sizeof text, "%s", v > 0 ? _("win") : _("loss"));
		else
			snprintf(text, sizeof text, "%+.1f", v / 100.0);
		app_text_fit(a, FONT_SMALL, text, x + w / 2, y + w - 24,
		             v >= 0 ? a->theme.good : a->theme.bad, 1, w - 4);
	}
	/* The piece being dragged follows the pointer. */
	if (ui->from && ui->dragging) {
		int x, y, w;
		square_rect(p, ui->from, &x, &y, &w);
		draw_piece(a, pos->side, is_king(pos, ui->from), ui->drag_x - w / 2.0,
		           ui->drag_y - w / 2.0 - 6, w, 1.12, 255);
	}
	if (p->cursor >= 0 && p->cursor < 32) {
		int x, y, w;
		square_rect(p, p->cursor + 1, &x, &y, &w);
		draw_marker(a, 2, x, y, w, 1.0);
	}
}

/* Moves the keyboard cursor one square on screen: left and right along the row's dark
 * squares, up and down to the next row. */
static void cursor_step(struct play *p, int dx, int dy)
{
	if (p->cursor < 0 || p->cursor >= 32) {
		/* start on a piece of the side to move, near the middle of its front */
		p->cursor = (pos_of(p)->side == CHECKERS_BLACK ? 10 : 23) - 1;
		return;
	}
	int col, row;
	square_cell(p, p->cursor + 1, &col, &row);
	if (dx) {
		col = (col + 2 * dx + 8) % 8;
	} else {
		row = (row + dy + 8) % 8;
		col = col + 1 <= 7 ? col + 1 : col - 1;
	}
	int sq = square_at(p, col, row);
	if (!sq)
		sq = square_at(p, col ^ 1, row);
	if (sq)
		p->cursor = sq - 1;
}

static bool event(struct app *a, struct play *p, const SDL_Event *ev)
{
	struct checkers_ui *ui = p->ui;
	read_settings(a);
	check_selection(p);
	switch (ev->type) {
	case SDL_MOUSEMOTION:
		p->hover = hit(p, ev->motion.x, ev->motion.y);
		if (ui->pressed && ui->from) {
			ui->drag_x = ev->motion.x;
			ui->drag_y = ev->motion.y;
			if (abs(ui->drag_x - ui->press_x) + abs(ui->drag_y - ui->press_y) >
			    DRAG_PIXELS)
				ui->dragging = true;
		}
		return true;
	case SDL_MOUSEBUTTONDOWN: {
		if (ev->button.button == SDL_BUTTON_RIGHT && ui->from) {
			drop_selection(ui); /* a right click puts the piece down again */
			return true;
		}
		if (ev->button.button != SDL_BUTTON_LEFT)
			return false;
		const int index = hit(p, ev->button.x, ev->button.y);
		if (index < 0)
			return false;
		p->cursor = -1;
		/* A press on the piece already picked up (where its jump has got to) puts it down
		 * again on release, unless it becomes a drag; any other press acts at once. */
		ui->press_on_picked = ui->from && piece_at(ui) == index + 1;
		if (!ui->press_on_picked)
			square_action(a, p, index + 1, false);
		/* A press on a piece picked up may become a drag (of the next hop, in a jump). */
		ui->pressed = ui->from && piece_at(ui) == index + 1;
		ui->dragging = false;
		ui->press_x = ui->drag_x = ev->button.x;
		ui->press_y = ui->drag_y = ev->button.y;
		return true;
	}
	case SDL_MOUSEBUTTONUP: {
		if (ev->button.button != SDL_BUTTON_LEFT || !ui->pressed)
			return false;
		const bool dragged = ui->dragging;
		ui->pressed = false;
		ui->dragging = false;
		if (!dragged && ui->press_on_picked && ui->hop_count == 0)
			drop_selection(ui);
		if (dragged) {
			const int index = hit(p, ev->button.x, ev->button.y);
			if (index < 0 || index + 1 == piece_at(ui))
				return true; /* dropped off the board or where it was: still picked up */
			square_action(a, p, index + 1, true);
		}
		return true;
	}
	case SDL_KEYDOWN: {
		const SDL_Keycode k = ev->key.keysym.sym;
		const Uint16 mod = ev->key.keysym.mod;
		if (mod & (KMOD_CTRL | KMOD_ALT))
			return false;
		switch (k) {
		case SDLK_LEFT:
			cursor_step(p, -1, 0);
			return true;
		case SDLK_RIGHT:
			cursor_step(p, 1, 0);
			return true;
		case SDLK_UP:
			cursor_step(p, 0, -1);
			return true;
		case SDLK_DOWN:
			cursor_step(p, 0, 1);
			return true;
		case SDLK_RETURN:
		case SDLK_KP_ENTER:
		case SDLK_SPACE:
			if (p->cursor < 0)
				cursor_step(p, 0, 0);
			else
				square_action(a, p, p->cursor + 1, false);
			return true;
		case SDLK_ESCAPE:
			if (!ui->from)
				return false;
			drop_selection(ui);
			return true;
		case SDLK_f:
			if (ev->key.repeat)
				return true;
			a->settings.option[p->game][CHECKERS_OPT_FLIP] =
			    !a->settings.option[p->game][CHECKERS_OPT_FLIP];
			app_save_settings(a);
			return true;
		default:
			return false;
		}
	}
	default:
		return false;
	}
}

static int count(const struct play *p, int side)
{
	return __builtin_popcount(pos_of(p)->piece[side]);
}

static void emblem(struct app *a, const struct play *p, int side, SDL_Rect dst)
{
	(void)p;
	draw_piece(a, side, false, dst.x, dst.y, dst.w, 1.0, 255);
}

static void describe(const struct play *p, char *buf, size_t n)
{
	(void)p;
	snprintf(buf, n, "%s", _("Checkers (English draughts)"));
}

/* The generic panel's heading: the kings on each side. */
static void panel_head(const struct play *p, const char *suffix, char *buf, size_t n)
{
	const struct checkers_pos *pos = pos_of(p);
	snprintf(buf, n, _("Kings: Black %d \xc2\xb7 White %d%s"),
	         __builtin_popcount(pos->piece[0] & pos->kings),
	         __builtin_popcount(pos->piece[1] & pos->kings), suffix);
}

/* Stores the squares a player clicks in turn to play move m: the piece, then each landing. */
static int steps(const struct play *p, const struct game_move *m, int *out, int max)
{
	(void)p;
	struct checkers_path path;
	checkers_move_path(m, &path);
	int n = 0;
	for (int i = 0; i <= path.length && n < max; i++)
		out[n++] = path.square[i] - 1;
	return n;
}

static void outcome(const struct play *p, char *buf, size_t n)
{
	const struct checkers_pos *pos = pos_of(p);
	if (match_repetition(&p->match)) {
		snprintf(buf, n, "%s", _("Drawn by threefold repetition"));
		return;
	}
	if (pos->quiet >= CHECKERS_QUIET_DRAW) {
		snprintf(buf, n, "%s", _("Draw: 40 moves each, no capture or man move"));
		return;
	}
	const int loser = pos->side;
	const char *how =
	    loser ? (pos->piece[loser] ? _("White cannot move") : _("White has no pieces left"))
	          : (pos->piece[loser] ? _("Black cannot move") : _("Black has no pieces left"));
	snprintf(buf, n, _("%s \xc2\xb7 Black %d \xe2\x80\x93 %d White"), how, count(p, 0),
	         count(p, 1));
}

/* Draws a 3×3 corner of a checkers board: a Black man about to jump a White one (step 0),
 * or landed beyond it (step 1). */
static void help_corner(struct app *a, int x, int y, int step)
{
	const int cell = 64;
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++) {
			SDL_Rect sq = {x + c * cell, y + r * cell, cell, cell};
			const bool dark = (r + c) % 2 == 0;
			if (dark)
				app_draw_tinted(a, (SDL_Color){30, 110, 62, 255}, a->theme.felt);
			else
				app_draw_colour(a, a->theme.light_square);
			SDL_RenderFillRect(a->renderer, &sq);
		}
	/* cells of the sheet: 0 Black man, 2 White man */
	const int shown[2][3] = {{0, 2, -1}, {-1, -1, 0}}; /* bottom-left, centre, top-right */
	const int spots[3][2] = {{0, 2}, {1, 1}, {2, 0}};
	const int side = pieces(a)->h;
	for (int i = 0; i < 3; i++) {
		if (shown[step][i] < 0)
			continue;
		SDL_Rect src = {shown[step][i] * side, 0, side, side};
		SDL_Rect dst = {x + spots[i][0] * cell, y + spots[i][1] * cell, cell, cell};
		SDL_RenderCopy(a->renderer, pieces(a)->texture, &src, &dst);
	}
}

/* The help page's figure, beside the rules: Black jumps White. */
static int help_figure(struct app *a, int y)
{
	(void)y;
	const SDL_Color dim = {150, 160, 150, 255};
	help_corner(a, 900, 100, 0);
	app_text(a, FONT_LARGE, "\xe2\x86\x93", 996, 300, dim, 1);
	help_corner(a, 900, 350, 1);
	app_text_fit(a, FONT_SMALL, _("Black jumps White"), 996, 548, dim, 1, 340);
	return 0;
}

/* Drops the piece picked up and the animation: the position shown changed under them. */
static void changed(struct app *a, struct play *p)
{
	(void)a;
	struct checkers_ui *ui = p->ui;
	drop_selection(ui);
	ui->anim = false;
	ui->pressed = ui->dragging = false;
}

const struct view view_checkers = {
    .game = "checkers",
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
    .panel_head = panel_head,
    .update = update,
    .steps = steps,
    .outcome = outcome,
    .new_ui = new_ui,
    .free_ui = free,
    .changed = changed,
    .help_figure = help_figure,
    .help_beside = true,
};
