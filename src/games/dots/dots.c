/*
 * games/dots/dots.c — the rules of Dots and Boxes: set-up, move generation, play and undo,
 * the text forms of moves (an edge number) and positions, hashing and perft.
 *
 * Drawing an edge that completes one or two boxes scores them for the mover, who moves
 * again; any other edge passes the turn. The game ends when every edge is drawn. Nothing is
 * precomputed: the boxes beside an edge are found arithmetically from the edge numbering
 * described in dots.h, which makes a box's index equal to the number of its top edge.
 */
#include "games/dots/dots.h"
#include "games/dots/engine.h"

#include "core/hash.h"

#include <ctype.h>
#include <stdio.h>

/* Returns bit b of a 64-bit word set alone. */
static inline uint64_t bit(int b)
{
	return 1ULL << (b & 63);
}

/* Returns the valid edge bits of word w of the edge set of a board with `edges` edges. */
static inline uint64_t edge_word_mask(int edges, int w)
{
	int lo = w * 64;
	if (edges <= lo)
		return 0;
	if (edges >= lo + 64)
		return ~0ULL;
	return bit(edges - lo) - 1;
}

/* Returns the valid box bits of word w of a box set of a board with `boxes` boxes. */
static inline uint64_t box_word_mask(int boxes, int w)
{
	return edge_word_mask(boxes, w);
}

/*
 * Returns how many boxes drawing edge e completes, storing their indices in out: the boxes
 * beside e whose three other sides are drawn. Whether e itself is drawn does not matter, so
 * this serves play (before drawing) and undo (after) alike.
 */
static inline int edge_completes(const struct dots_pos *pos, int e, int out[2])
{
	int rows = pos->rows, cols = pos->cols;
	int vbase = (rows + 1) * cols;
	int n = 0;

	if (e < vbase) {
		/* h(r, c): box (r-1, c) above it, box (r, c) below it */
		int r = e / cols, c = e - r * cols;
		int left = vbase + r * (cols + 1) + c; /* left side of the box below */
		if (r > 0 && dots_edge_drawn(pos, e - cols) &&
		    dots_edge_drawn(pos, left - cols - 1) && dots_edge_drawn(pos, left - cols))
			out[n++] = e - cols;
		if (r < rows && dots_edge_drawn(pos, e + cols) && dots_edge_drawn(pos, left) &&
		    dots_edge_drawn(pos, left + 1))
			out[n++] = e;
	} else {
		/* v(r, c): box (r, c-1) left of it, box (r, c) right of it */
		int k = e - vbase;
		int r = k / (cols + 1), c = k - r * (cols + 1);
		int top = r * cols + c; /* top side (and index) of the box to the right */
		if (c > 0 && dots_edge_drawn(pos, top - 1) &&
		    dots_edge_drawn(pos, top - 1 + cols) && dots_edge_drawn(pos, e - 1))
			out[n++] = top - 1;
		if (c < cols && dots_edge_drawn(pos, top) && dots_edge_drawn(pos, top + cols) &&
		    dots_edge_drawn(pos, e + 1))
			out[n++] = top;
	}
	return n;
}

/* Draws edge e for the side to move, scoring the n boxes in `boxes` or passing the turn. */
static inline void draw_edge_unchecked(struct dots_pos *pos, int e, int n, const int boxes[2])
{
	pos->edge[e >> 6] |= bit(e);
	if (n == 0) {
		pos->side ^= 1;
		return;
	}
	for (int i = 0; i < n; i++)
		pos->box[pos->side][boxes[i] >> 6] |= bit(boxes[i]);
	pos->score[pos->side] += (uint8_t)n;
}

/* Takes back draw_edge_unchecked(pos, e, n, boxes). */
static inline void erase_edge_unchecked(struct dots_pos *pos, int e, int n, const int boxes[2])
{
	pos->edge[e >> 6] &= ~bit(e);
	if (n == 0) {
		pos->side ^= 1;
		return;
	}
	for (int i = 0; i < n; i++)
		pos->box[pos->side][boxes[i] >> 6] &= ~bit(boxes[i]);
	pos->score[pos->side] -= (uint8_t)n;
}

#ifdef PARITY_CHECK
/* Debug builds (core/game.h): the invariants around edge e after it was drawn (`drawn`) or
 * erased, the n boxes in `boxes` being those it closes. The scores are the
 * owned boxes; no box is owned twice; each box beside e is owned exactly when its four sides
 * are drawn (by induction, then, every box on the board: only those two change). */
static void check_edge(const struct dots_pos *pos, int e, bool drawn, int n, const int boxes[2])
{
	GAME_CHECK("dots",
	           e >= 0 && e < pos->edges && pos->side <= 1 && !pos->pad[0] && !pos->pad[1]);
	GAME_CHECK("dots", dots_edge_drawn(pos, e) == drawn);
	for (int w = 0; w < 2; w++)
		GAME_CHECK("dots", !(pos->box[0][w] & pos->box[1][w]));
	for (int p = 0; p < 2; p++)
		GAME_CHECK("dots", pos->score[p] == __builtin_popcountll(pos->box[p][0]) +
		                                        __builtin_popcountll(pos->box[p][1]));
	int beside[2];
	const int k = dots_edge_boxes(pos->rows, pos->cols, e, beside);
	for (int i = 0; i < k; i++)
		GAME_CHECK("dots", (dots_box_drawn_sides(pos, beside[i]) == 4) ==
		                       (dots_box_owner(pos, beside[i]) >= 0));
	for (int i = 0; i < n; i++)
		GAME_CHECK("dots", (dots_box_owner(pos, boxes[i]) >= 0) == drawn);
}
#define CHECK_EDGE(pos, e, drawn, n, boxes) check_edge(pos, e, drawn, n, boxes)
#else
#define CHECK_EDGE(pos, e, drawn, n, boxes) ((void)0)
#endif

/* Draws edge e for the side to move, scoring the n boxes in `boxes` or passing the turn. */
static inline void draw_edge(struct dots_pos *pos, int e, int n, const int boxes[2])
{
	CHECK_EDGE(pos, e, false, 0, boxes);
	draw_edge_unchecked(pos, e, n, boxes);
	CHECK_EDGE(pos, e, true, n, boxes);
}

/* Takes back draw_edge(pos, e, n, boxes). */
static inline void erase_edge(struct dots_pos *pos, int e, int n, const int boxes[2])
{
	CHECK_EDGE(pos, e, true, n, boxes);
	erase_edge_unchecked(pos, e, n, boxes);
	CHECK_EDGE(pos, e, false, n, boxes);
}

/* Returns GAME_OK after setting up the empty rows × cols board, or GAME_ERR_OPTIONS. */
int dots_setup(struct dots_pos *pos, int rows, int cols)
{
	if (rows < 1 || rows > DOTS_MAX_SIZE || cols < 1 || cols > DOTS_MAX_SIZE)
		return GAME_ERR_OPTIONS;
	memset(pos, 0, sizeof *pos);
	pos->rows = (uint8_t)rows;
	pos->cols = (uint8_t)cols;
	pos->edges = (uint8_t)dots_edge_count(rows, cols);
	pos->side = DOTS_A;
	return GAME_OK;
}

/* Stores box b's top, bottom, left and right sides in out (returns nothing). */
void dots_box_sides(int rows, int cols, int b, int out[4])
{
	int r = b / cols, c = b % cols;
	out[0] = b;
	out[1] = b + cols;
	out[2] = (rows + 1) * cols + r * (cols + 1) + c;
	out[3] = out[2] + 1;
}

/* Returns how many boxes edge e borders (1 or 2), storing them in out. */
int dots_edge_boxes(int rows, int cols, int e, int out[2])
{
	int vbase = (rows + 1) * cols;
	int n = 0;
	if (e < vbase) {
		int r = e / cols;
		if (r > 0)
			out[n++] = e - cols;
		if (r < rows)
			out[n++] = e;
	} else {
		int k = e - vbase;
		int r = k / (cols + 1), c = k % (cols + 1);
		if (c > 0)
			out[n++] = r * cols + c - 1;
		if (c < cols)
			out[n++] = r * cols + c;
	}
	return n;
}

/* Returns the number of drawn sides of box b (0..4). */
int dots_box_drawn_sides(const struct dots_pos *pos, int b)
{
	int side[4];
	dots_box_sides(pos->rows, pos->cols, b, side);
	int n = 0;
	for (int i = 0; i < 4; i++)
		n += dots_edge_drawn(pos, side[i]);
	return n;
}

/* Returns DOTS_A or DOTS_B, whoever owns box b, or -1. */
int dots_box_owner(const struct dots_pos *pos, int b)
{
	for (int p = 0; p < 2; p++)
		if (pos->box[p][b >> 6] & bit(b))
			return p;
	return -1;
}

/* Fills every byte of *move for edge e (returns nothing). */
void dots_make_move(const struct dots_pos *pos, int e, struct game_move *move)
{
	int boxes[2] = {0, 0};
	int n = edge_completes(pos, e, boxes);
	memset(move, 0, sizeof *move);
	move->code = (uint32_t)e;
	move->extra = (uint32_t)n;
	if (n > 0)
		move->data[0] = (uint64_t)boxes[0];
	if (n > 1)
		move->data[0] |= (uint64_t)boxes[1] << 8;
}

/* Returns whether pos keeps every invariant listed in dots.h. */
bool dots_valid(const struct dots_pos *pos)
{
	int rows = pos->rows, cols = pos->cols;
	if (rows < 1 || rows > DOTS_MAX_SIZE || cols < 1 || cols > DOTS_MAX_SIZE)
		return false;
	if (pos->edges != dots_edge_count(rows, cols) || pos->side > 1 || pos->pad[0] ||
	    pos->pad[1])
		return false;
	int nbox = rows * cols;
	for (int w = 0; w < 3; w++)
		if (pos->edge[w] & ~edge_word_mask(pos->edges, w))
			return false;
	for (int w = 0; w < 2; w++)
		if (((pos->box[0][w] | pos->box[1][w]) & ~box_word_mask(nbox, w)) ||
		    (pos->box[0][w] & pos->box[1][w]))
			return false;
	for (int p = 0; p < 2; p++)
		if (pos->score[p] !=
		    __builtin_popcountll(pos->box[p][0]) + __builtin_popcountll(pos->box[p][1]))
			return false;
	for (int b = 0; b < nbox; b++)
		if ((dots_box_drawn_sides(pos, b) == 4) != (dots_box_owner(pos, b) >= 0))
			return false;
	return true;
}

/* Returns the number of leaves `depth` (>= 1) edges below pos, playing and undoing in place. */
static uint64_t perft_walk(struct dots_pos *pos, int depth)
{
	int left = pos->edges - dots_drawn_count(pos);
	if (left == 0)
		return 1; /* a finished game is one leaf */
	if (depth == 1)
		return (uint64_t)left;
	uint64_t total = 0;
	for (int w = 0; w < 3; w++) {
		uint64_t undrawn = ~pos->edge[w] & edge_word_mask(pos->edges, w);
		while (undrawn) {
			int e = w * 64 + __builtin_ctzll(undrawn);
			int boxes[2];
			int n = edge_completes(pos, e, boxes);
			undrawn &= undrawn - 1;
			draw_edge(pos, e, n, boxes);
			total += perft_walk(pos, depth - 1);
			erase_edge(pos, e, n, boxes);
		}
	}
	return total;
}

/* Returns the perft count of pos `depth` edges deep, walking a copy of it. */
uint64_t dots_perft(const struct dots_pos *pos, int depth)
{
	if (depth <= 0)
		return 1;
	struct dots_pos copy = *pos;
	return perft_walk(&copy, depth);
}

/* ---- the rules table ---------------------------------------------------------------- */

/* Returns GAME_OK after setting up the empty board for opt (NULL or 0: 3×3), or
 * GAME_ERR_OPTIONS. Only opt's rows and cols concern this game. */
static int rules_start(void *pos, const struct game_options *opt)
{
	int rows = opt && opt->value[DOTS_OPT_ROWS] ? opt->value[DOTS_OPT_ROWS] : DOTS_DEFAULT_SIZE;
	int cols = opt && opt->value[DOTS_OPT_COLS] ? opt->value[DOTS_OPT_COLS] : DOTS_DEFAULT_SIZE;
	return dots_setup(pos, rows, cols);
}

/* Returns the player to move: DOTS_A or DOTS_B. */
static int rules_to_move(const void *pos)
{
	return ((const struct dots_pos *)pos)->side;
}

/* Returns the number of undrawn edges, storing one move for each in ascending order. */
static int rules_generate(const void *vpos, struct game_move *moves)
{
	const struct dots_pos *pos = vpos;
	int n = 0;
	for (int w = 0; w < 3; w++) {
		uint64_t undrawn = ~pos->edge[w] & edge_word_mask(pos->edges, w);
		for (; undrawn; undrawn &= undrawn - 1)
			dots_make_move(pos, w * 64 + __builtin_ctzll(undrawn), &moves[n++]);
	}
	return n;
}

/* Returns the completed boxes that `move` records, storing them in boxes. */
static int move_boxes(const struct game_move *move, int boxes[2])
{
	boxes[0] = (int)(move->data[0] & 0xff);
	boxes[1] = (int)((move->data[0] >> 8) & 0xff);
	return (int)move->extra;
}

/* Plays `move` (from generate or move_parse of this position) in place. */
static void rules_play(void *pos, const struct game_move *move)
{
	int boxes[2];
	int n = move_boxes(move, boxes);
	draw_edge(pos, (int)move->code, n, boxes);
}

/* Takes back `move`, the last move played on pos. */
static void rules_undo(void *pos, const struct game_move *move)
{
	int boxes[2];
	int n = move_boxes(move, boxes);
	erase_edge(pos, (int)move->code, n, boxes);
}

/* Returns A's boxes minus B's boxes. */
static int rules_result(const void *vpos)
{
	const struct dots_pos *pos = vpos;
	return pos->score[DOTS_A] - pos->score[DOTS_B];
}

/* Returns a 64-bit hash of the edges, the owners, the scores, the side to move and the size. */
static uint64_t rules_hash(const void *vpos)
{
	const struct dots_pos *pos = vpos;
	uint64_t meta = (uint64_t)pos->rows | (uint64_t)pos->cols << 8 | (uint64_t)pos->side << 16 |
	                (uint64_t)pos->score[0] << 24 | (uint64_t)pos->score[1] << 32;
	uint64_t h = 0x243f6a8885a308d3ULL;
	h = hash_mix64(h ^ pos->edge[0]);
	h = hash_mix64(h ^ pos->edge[1]);
	h = hash_mix64(h ^ pos->edge[2]);
	h = hash_mix64(h ^ pos->box[0][0]);
	h = hash_mix64(h ^ pos->box[0][1]);
	h = hash_mix64(h ^ pos->box[1][0]);
	h = hash_mix64(h ^ pos->box[1][1]);
	return hash_mix64(h ^ meta);
}

/* Returns the length of the move's text (its edge number) written to buf, or GAME_ERR_SPACE. */
static int rules_move_to_text(const void *pos, const struct game_move *move, char *buf, size_t n)
{
	(void)pos;
	int len = snprintf(buf, n, "%u", (unsigned)move->code);
	return len < 0 || (size_t)len >= n ? GAME_ERR_SPACE : len;
}

/* Returns the value of the decimal digits s[0..len), capped at 1000000, or -1 if s is empty or
 * holds anything but digits. */
static long parse_count(const char *s, size_t len)
{
	if (len == 0)
		return -1;
	long v = 0;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		if (v < 1000000)
			v = v * 10 + (s[i] - '0');
	}
	return v < 1000000 ? v : 1000000;
}

/* Returns GAME_OK after storing in *move the edge that `text` names ("17", spaces around
 * allowed), or GAME_ERR_SYNTAX / GAME_ERR_ILLEGAL with a message in err. */
static int rules_move_parse(const void *vpos, const char *text, struct game_move *move, char *err)
{
	const struct dots_pos *pos = vpos;
	if (!text)
		return game_fail(err, GAME_ERR_SYNTAX, "no move given");
	while (isspace((unsigned char)*text))
		text++;
	size_t len = strlen(text);
	while (len > 0 && isspace((unsigned char)text[len - 1]))
		len--;
	if (len == 0)
		return game_fail(err, GAME_ERR_SYNTAX, "empty move: expected an edge number");
	long e = parse_count(text, len);
	if (e < 0)
		return game_fail(err, GAME_ERR_SYNTAX, "'%.*s' is not an edge number",
		                 (int)(len > 40 ? 40 : len), text);
	if (e >= pos->edges)
		return game_fail(err, GAME_ERR_ILLEGAL,
		                 "edge %.*s is off the board: a %dx%d board has edges 0 to %d",
		                 (int)(len > 40 ? 40 : len), text, pos->rows, pos->cols,
		                 pos->edges - 1);
	if (dots_edge_drawn(pos, (int)e))
		return game_fail(err, GAME_ERR_ILLEGAL, "edge %ld is already drawn", e);
	dots_make_move(pos, (int)e, move);
	return GAME_OK;
}

/* Returns the length of the position's text written to buf ("3x3 0110... A 1 0 A........"),
 * or GAME_ERR_SPACE. */
static int rules_pos_to_text(const void *vpos, char *buf, size_t n)
{
	const struct dots_pos *pos = vpos;
	char text[GAME_TEXT_MAX];
	int len = snprintf(text, sizeof text, "%dx%d ", pos->rows, pos->cols);
	for (int e = 0; e < pos->edges; e++)
		text[len++] = dots_edge_drawn(pos, e) ? '1' : '0';
	char side = pos->side == DOTS_A ? 'A' : 'B';
	len += snprintf(text + len, sizeof text - (size_t)len, " %c %d %d ", side, pos->score[0],
	                pos->score[1]);
	for (int b = 0; b < pos->rows * pos->cols; b++)
		text[len++] = ".AB"[dots_box_owner(pos, b) + 1];
	text[len] = '\0';
	if ((size_t)len >= n)
		return GAME_ERR_SPACE;
	memcpy(buf, text, (size_t)len + 1);
	return len;
}

/* A field of a position text: where it starts and how long it is. */
struct field {
	const char *s;
	size_t len;
};

/* Returns the number of whitespace-separated fields of text, storing up to `max` in f. */
static int split_fields(const char *text, struct field *f, int max)
{
	int n = 0;
	while (*text) {
		while (isspace((unsigned char)*text))
			text++;
		if (!*text)
			break;
		const char *start = text;
		while (*text && !isspace((unsigned char)*text))
			text++;
		if (n < max)
			f[n] = (struct field){start, (size_t)(text - start)};
		n++;
	}
	return n;
}

/* Returns GAME_OK after reading the board size from "RxC" into *rows and *cols, or an error. */
static int parse_size(struct field f, int *rows, int *cols, char *err)
{
	const char *x = memchr(f.s, 'x', f.len);
	if (!x)
		x = memchr(f.s, 'X', f.len);
	long r = x ? parse_count(f.s, (size_t)(x - f.s)) : -1;
	long c = x ? parse_count(x + 1, f.len - (size_t)(x - f.s) - 1) : -1;
	if (r < 0 || c < 0)
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "'%.*s' is not a board size: expected rows x columns, e.g. 3x3",
		                 (int)(f.len > 40 ? 40 : f.len), f.s);
	if (r < 1 || r > DOTS_MAX_SIZE || c < 1 || c > DOTS_MAX_SIZE)
		return game_fail(err, GAME_ERR_OPTIONS,
		                 "board %ldx%ld is not offered: rows and columns go from 1 to %d",
		                 r, c, DOTS_MAX_SIZE);
	*rows = (int)r;
	*cols = (int)c;
	return GAME_OK;
}

/*
 * Returns GAME_OK after reading a position text into pos: "RxC" alone (the empty board) or
 * the six fields "RxC edges side boxes_A boxes_B owners". Returns GAME_ERR_SYNTAX for text
 * that is not in that form, GAME_ERR_OPTIONS for a board size out of range and
 * GAME_ERR_ILLEGAL for fields that contradict each other; pos is untouched on error.
 * The board size comes from the text; opt is not used.
 */
static int rules_pos_parse(void *vpos, const char *text, const struct game_options *opt, char *err)
{
	struct field f[6];
	struct dots_pos pos;
	int rows = 0, cols = 0;
	if (!text)
		return game_fail(err, GAME_ERR_SYNTAX, "no position given");
	int nf = split_fields(text, f, 6);
	if (nf != 1 && nf != 6)
		return game_fail(
		    err, GAME_ERR_SYNTAX,
		    "a position is 'RxC' or six fields 'RxC edges side boxes_A boxes_B "
		    "owners', not %d fields",
		    nf);
	int rc = parse_size(f[0], &rows, &cols, err);
	if (rc != GAME_OK)
		return rc;
	/* The game's options, when given, fix the board: a position of another size cannot
	 * arise in that game (a saved game whose start disagrees with its rows and cols). */
	const int want_rows =
	    opt && opt->value[DOTS_OPT_ROWS] ? opt->value[DOTS_OPT_ROWS] : DOTS_DEFAULT_SIZE;
	const int want_cols =
	    opt && opt->value[DOTS_OPT_COLS] ? opt->value[DOTS_OPT_COLS] : DOTS_DEFAULT_SIZE;
	if (opt && (rows != want_rows || cols != want_cols))
		return game_fail(err, GAME_ERR_OPTIONS,
		                 "the position is %dx%d, but the game is played on %dx%d boxes",
		                 rows, cols, want_rows, want_cols);
	dots_setup(&pos, rows, cols);
	if (nf == 1) {
		*(struct dots_pos *)vpos = pos;
		return GAME_OK;
	}

	if (f[1].len != pos.edges)
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "the edge field has %zu characters; a %dx%d board has %d edges",
		                 f[1].len, rows, cols, pos.edges);
	for (int e = 0; e < pos.edges; e++) {
		if (f[1].s[e] != '0' && f[1].s[e] != '1')
			return game_fail(err, GAME_ERR_SYNTAX,
			                 "edge %d is '%c': the edge field holds only 0 and 1", e,
			                 f[1].s[e]);
		if (f[1].s[e] == '1')
			pos.edge[e >> 6] |= bit(e);
	}

	if (f[2].len != 1 || (f[2].s[0] != 'A' && f[2].s[0] != 'B'))
		return game_fail(err, GAME_ERR_SYNTAX, "the side to move is '%.*s', not A or B",
		                 (int)(f[2].len > 40 ? 40 : f[2].len), f[2].s);
	pos.side = f[2].s[0] == 'A' ? DOTS_A : DOTS_B;

	long count[2];
	for (int p = 0; p < 2; p++) {
		count[p] = parse_count(f[3 + p].s, f[3 + p].len);
		if (count[p] < 0)
			return game_fail(err, GAME_ERR_SYNTAX,
			                 "the box count '%.*s' is not a number",
			                 (int)(f[3 + p].len > 40 ? 40 : f[3 + p].len), f[3 + p].s);
	}

	int nbox = rows * cols;
	if (f[5].len != (size_t)nbox)
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "the owner field has %zu characters; a %dx%d board has %d boxes",
		                 f[5].len, rows, cols, nbox);
	for (int b = 0; b < nbox; b++) {
		char ch = f[5].s[b];
		if (ch != 'A' && ch != 'B' && ch != '.')
			return game_fail(err, GAME_ERR_SYNTAX,
			                 "box %d is '%c': owners are A, B or . (nobody)", b, ch);
		int sides = dots_box_drawn_sides(&pos, b);
		if (ch != '.' && sides != 4)
			return game_fail(err, GAME_ERR_ILLEGAL,
			                 "box %d is owned by %c but only %d of its sides are drawn",
			                 b, ch, sides);
		if (ch == '.' && sides == 4)
			return game_fail(err, GAME_ERR_ILLEGAL,
			                 "box %d has all four sides drawn but no owner", b);
		if (ch != '.') {
			int p = ch == 'A' ? DOTS_A : DOTS_B;
			pos.box[p][b >> 6] |= bit(b);
			pos.score[p]++;
		}
	}
	for (int p = 0; p < 2; p++)
		if (count[p] != pos.score[p])
			return game_fail(err, GAME_ERR_ILLEGAL,
			                 "%c is said to have %ld boxes but owns %d", "AB"[p],
			                 count[p], pos.score[p]);
	*(struct dots_pos *)vpos = pos;
	return GAME_OK;
}

/* Returns the perft count of pos `depth` edges deep (see dots_perft). */
static uint64_t rules_perft(const void *pos, int depth)
{
	return dots_perft(pos, depth);
}

/* Returns the score for the side to move, in 1/100 of a box: the boxes it is ahead by, plus a
 * little for each box with three sides drawn, which it can take now. The chain analysis that
 * makes a strong player is the engine's own search (engine.c), which takes the bottom of the
 * tree from the shared search; this count alone is what a shallow search (Beginner) sees. */
static int rules_evaluate(const void *p)
{
	const struct dots_pos *pos = p;
	int takeable = 0;
	for (int b = 0; b < pos->rows * pos->cols; b++)
		takeable += dots_box_drawn_sides(pos, b) == 3;
	return 100 * (pos->score[pos->side] - pos->score[!pos->side]) + 30 * takeable;
}

const struct game_rules dots_rules = {
    .name = "dots",
    .title = N_("Dots and Boxes"),
    .side_name = {"A", "B"},
    .pos_size = sizeof(struct dots_pos),
    .repetition_draw = 0,
    .finished_is_leaf = true,
    .start = rules_start,
    .to_move = rules_to_move,
    .generate = rules_generate,
    .play = rules_play,
    .undo = rules_undo,
    .result = rules_result,
    .hash = rules_hash,
    .move_to_text = rules_move_to_text,
    .move_parse = rules_move_parse,
    .pos_to_text = rules_pos_to_text,
    .pos_parse = rules_pos_parse,
    .evaluate = rules_evaluate,
    .perft = rules_perft,
    .moves_left = dots_moves_left,
    .deep = &dots_deep,
};

struct game_options dots_options(int rows, int cols)
{
	struct game_options opt;
	memset(&opt, 0, sizeof opt);
	opt.value[DOTS_OPT_ROWS] = rows;
	opt.value[DOTS_OPT_COLS] = cols;
	return opt;
}
