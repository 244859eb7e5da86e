/*
 * games/checkers/checkers.c — the rules of English draughts: men forward, kings one step in
 * any diagonal direction, captures mandatory and played to the end of the multi-jump, a man
 * crowned on the far row (which ends its move), and the 40-move rule. Threefold repetition
 * is the match's business (core/match.c), through `repetition_draw` and the hash.
 *
 * The four diagonal steps are shifts of the 32-bit board by 3, 4 or 5 depending on the
 * row's parity, with masks for the edge columns. A move records its start, landing squares
 * and captured pieces so that undo needs nothing else. The perft has its own walk: moves
 * made on copies of the position, one instance per side so that directions are constants,
 * and the last ply counted rather than played.
 */
#include "games/checkers/checkers.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/hash.h"
#include "games/checkers/bits.h"
#include "games/checkers/book.h"

/* ---- move encoding ---------------------------------------------------------------------- */

/* data[0]: from (5 bits), landing count (4 bits), landings (5 bits each from bit 9);
 * data[1]: captured pieces (low 32 bits) and which of them were kings (high 32 bits);
 * data[2]: bit 0 crowned, bit 1 a king moved, bits 8–15 the quiet counter before. */

void checkers_move_path(const struct game_move *move, struct checkers_path *path)
{
	const uint64_t d = move->data[0];
	path->square[0] = (int)(d & 31) + 1;
	path->length = (int)((d >> 5) & 15);
	for (int i = 0; i < path->length; i++)
		path->square[i + 1] = (int)((d >> (9 + 5 * i)) & 31) + 1;
}

uint32_t checkers_move_captures(const struct game_move *move)
{
	return (uint32_t)move->data[1];
}

bool checkers_move_crowns(const struct game_move *move)
{
	return move->data[2] & 1;
}

/* Returns the index (0..31) of the lowest bit of a non-zero x. */
static inline int bit_index(uint32_t x)
{
	return __builtin_ctz(x);
}

/* A move being built by the generator. */
struct builder {
	const struct checkers_pos *pos;
	struct game_move *out;
	int n;
	int from;
	bool king;
	int landings[CHECKERS_PATH_MAX];
};

/* Appends the move from b->from along `len` landings, capturing `captured`. */
static void emit(struct builder *b, int len, uint32_t captured, bool crowned)
{
	struct game_move *m = &b->out[b->n++];
	memset(m, 0, sizeof *m);
	uint64_t d = (uint64_t)b->from | (uint64_t)len << 5;
	for (int i = 0; i < len && i < CHECKERS_PATH_MAX; i++)
		d |= (uint64_t)b->landings[i] << (9 + 5 * i);
	m->data[0] = d;
	m->data[1] = captured | (uint64_t)(captured & b->pos->kings) << 32;
	m->data[2] = (crowned ? 1u : 0u) | (b->king ? 2u : 0u) | (uint64_t)b->pos->quiet << 8;
	m->code = (uint32_t)(b->from * 32 + b->landings[len - 1]);
	m->extra = (uint32_t)__builtin_popcount(captured);
}

/* Continues a capture from square bit `at` after `len` jumps; emits every complete path.
 * `opp` are the enemy pieces not yet captured, `empty` the empty squares now. */
static void jump(struct builder *b, uint32_t at, int len, uint32_t opp, uint32_t empty,
                 uint32_t captured)
{
	const int side = b->pos->side;
	const unsigned dirs = directions(side, b->king);
	bool more = false;
	for (int d = 0; d < 4; d++) {
		if (!(dirs >> d & 1))
			continue;
		const uint32_t over = step(d, at) & opp;
		const uint32_t land = over ? step(d, over) & empty : 0;
		if (!land || len >= CHECKERS_PATH_MAX)
			continue;
		more = true;
		b->landings[len] = bit_index(land);
		const uint32_t crown = side == CHECKERS_BLACK ? BLACK_CROWN : WHITE_CROWN;
		if (!b->king && (land & crown)) /* crowning ends the move */
			emit(b, len + 1, captured | over, true);
		else /* captured pieces stay on the board until the move ends, unjumpable */
			jump(b, land, len + 1, opp & ~over, (empty | at) & ~land, captured | over);
	}
	if (!more && len > 0)
		emit(b, len, captured, false);
}

/* Returns the pieces of the side to move that can capture now. */
static uint32_t jumpers(const struct checkers_pos *pos)
{
	const int side = pos->side;
	const uint32_t own = pos->piece[side];
	return jumpers_of(side, own, pos->piece[!side], own & pos->kings);
}

/* Fills `moves` with the legal moves; returns how many. */
static int generate(const struct checkers_pos *pos, struct game_move *moves)
{
	if (pos->quiet >= CHECKERS_QUIET_DRAW)
		return 0;
	struct builder b = {.pos = pos, .out = moves};
	const int side = pos->side;
	const uint32_t own = pos->piece[side], opp = pos->piece[!side];
	const uint32_t empty = ~(own | opp);
	uint32_t can = jumpers(pos);
	if (can) {
		while (can) {
			const uint32_t at = can & -can;
			b.from = bit_index(at);
			b.king = (pos->kings & at) != 0;
			jump(&b, at, 0, opp, empty | at, 0);
			can &= can - 1;
		}
		return b.n;
	}
	for (uint32_t rest = own; rest; rest &= rest - 1) {
		const uint32_t at = rest & -rest;
		b.from = bit_index(at);
		b.king = (pos->kings & at) != 0;
		const unsigned dirs = directions(side, b.king);
		for (int d = 0; d < 4; d++) {
			const uint32_t to = dirs >> d & 1 ? step(d, at) & empty : 0;
			if (!to)
				continue;
			b.landings[0] = bit_index(to);
			const uint32_t crown = side == CHECKERS_BLACK ? BLACK_CROWN : WHITE_CROWN;
			emit(&b, 1, 0, !b.king && (to & crown));
		}
	}
	return b.n;
}

/* ---- play and undo ---------------------------------------------------------------------- */

/* Plays the legal move m in place (captured pieces off, crowning, the counter). */
static void play(struct checkers_pos *pos, const struct game_move *m)
{
	const int side = pos->side;
	struct checkers_path path;
	checkers_move_path(m, &path);
	const uint32_t from = 1u << (path.square[0] - 1);
	const uint32_t to = 1u << (path.square[path.length] - 1);
	const uint32_t captured = (uint32_t)m->data[1];
	/* Debug builds (PARITY_CHECK): the piece is the mover's, lands on an empty square (or
	 * the one it left), takes only the opponent's pieces, and kings are recorded as such. */
	GAME_CHECK("checkers", checkers_valid(pos));
	GAME_CHECK("checkers",
	           (pos->piece[side] & from) && !((pos->piece[0] | pos->piece[1]) & to & ~from));
	GAME_CHECK("checkers", (pos->piece[!side] & captured) == captured);
	GAME_CHECK("checkers", (uint32_t)(m->data[1] >> 32) == (pos->kings & captured));
	GAME_CHECK("checkers", !(m->data[2] & 2) == !(pos->kings & from));
#ifdef PARITY_CHECK
	const int pieces_before = __builtin_popcount(pos->piece[!side]);
#endif
	/* XOR, not OR: a king may come home to the square it left. */
	pos->piece[side] ^= from ^ to;
	pos->piece[!side] &= ~captured;
	pos->kings &= ~captured;
	if (m->data[2] & 2)
		pos->kings ^= from ^ to;
	if (m->data[2] & 1)
		pos->kings |= to;
	pos->quiet = captured || !(m->data[2] & 2) ? 0 : (uint8_t)(pos->quiet + 1);
	pos->side = (uint8_t)!side;
	GAME_CHECK("checkers", checkers_valid(pos));
	GAME_CHECK("checkers", (pos->piece[side] & to) && (!(m->data[2] & 3) || (pos->kings & to)));
	GAME_CHECK("checkers", __builtin_popcount(pos->piece[!side]) ==
	                           pieces_before - __builtin_popcount(captured));
}

/* Takes back m, just played in pos, restoring every field from what m recorded. */
static void undo(struct checkers_pos *pos, const struct game_move *m)
{
	pos->side = (uint8_t)!pos->side;
	const int side = pos->side;
	struct checkers_path path;
	checkers_move_path(m, &path);
	const uint32_t from = 1u << (path.square[0] - 1);
	const uint32_t to = 1u << (path.square[path.length] - 1);
	const uint32_t captured = (uint32_t)m->data[1];
	if (m->data[2] & 1)
		pos->kings &= ~to;
	if (m->data[2] & 2)
		pos->kings ^= from ^ to;
	pos->piece[side] ^= from ^ to;
	pos->piece[!side] |= captured;
	pos->kings |= (uint32_t)(m->data[1] >> 32);
	pos->quiet = (uint8_t)(m->data[2] >> 8);
	/* Debug builds: back on the square it left, the captured pieces back, all sound. */
	GAME_CHECK("checkers", checkers_valid(pos));
	GAME_CHECK("checkers",
	           (pos->piece[side] & from) && (pos->piece[!side] & captured) == captured);
}

bool checkers_valid(const struct checkers_pos *pos)
{
	const uint32_t all = pos->piece[0] | pos->piece[1];
	return !(pos->piece[0] & pos->piece[1]) && !(pos->kings & ~all) && pos->side <= 1 &&
	       pos->pad[0] == 0 && pos->pad[1] == 0;
}

/* ---- perft ------------------------------------------------------------------------------ */

/* The perft is written once for a side known at compile time (perft_side, always inlined)
 * and instantiated for each side, so that the directions and the crown row are constants. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

static uint64_t perft_black(const struct checkers_pos *pos, int depth);
static uint64_t perft_white(const struct checkers_pos *pos, int depth);

/* Returns the perft count below a position with `side` to move (depth >= 1). */
static inline uint64_t perft_next(int side, const struct checkers_pos *pos, int depth)
{
	return side == CHECKERS_BLACK ? perft_black(pos, depth) : perft_white(pos, depth);
}

/* The fixed part of one capture being walked by the perft: the position, the remaining
 * depth, and the piece that captures. */
struct perft_jump {
	const struct checkers_pos *pos;
	int depth;
	uint32_t from;
	bool king;
};

/* Returns the leaves below every complete capture by `side` that goes on from square bit
 * `at`, with `opp` the enemy pieces still jumpable, `empty` the empty squares and `captured`
 * the pieces taken so far (the walk of jump(), without building moves). */
static ALWAYS_INLINE uint64_t perft_jump_side(int side, const struct perft_jump *j, uint32_t at,
                                              uint32_t opp, uint32_t empty, uint32_t captured);

/* perft_jump_side for each side: the recursion goes through these. */
static uint64_t perft_jump_black(const struct perft_jump *j, uint32_t at, uint32_t opp,
                                 uint32_t empty, uint32_t captured)
{
	return perft_jump_side(CHECKERS_BLACK, j, at, opp, empty, captured);
}

static uint64_t perft_jump_white(const struct perft_jump *j, uint32_t at, uint32_t opp,
                                 uint32_t empty, uint32_t captured)
{
	return perft_jump_side(CHECKERS_WHITE, j, at, opp, empty, captured);
}

static ALWAYS_INLINE uint64_t perft_jump_side(int side, const struct perft_jump *j, uint32_t at,
                                              uint32_t opp, uint32_t empty, uint32_t captured)
{
	const struct checkers_pos *pos = j->pos;
	const unsigned dirs = directions(side, j->king);
	const uint32_t crown = side == CHECKERS_BLACK ? BLACK_CROWN : WHITE_CROWN;
	uint64_t nodes = 0;
	bool more = false;
	for (int d = 0; d < 4; d++) {
		if (!(dirs >> d & 1))
			continue;
		const uint32_t over = step(d, at) & opp;
		const uint32_t land = over ? step(d, over) & empty : 0;
		if (!land)
			continue;
		more = true;
		const uint32_t next_opp = opp & ~over, next_empty = (empty | at) & ~land;
		const uint32_t next_captured = captured | over;
		if (j->king || !(land & crown)) {
			nodes += (side == CHECKERS_BLACK ? perft_jump_black : perft_jump_white)(
			    j, land, next_opp, next_empty, next_captured);
		} else if (j->depth == 1) { /* crowning ends the move */
			nodes++;
		} else {
			struct checkers_pos child = *pos;
			child.piece[side] ^= j->from ^ land;
			child.piece[!side] &= ~next_captured;
			child.kings = (child.kings & ~next_captured) | land;
			child.quiet = 0;
			child.side = (uint8_t)!side;
			nodes += perft_next(!side, &child, j->depth - 1);
		}
	}
	if (more || !captured)
		return nodes;
	if (j->depth == 1)
		return 1;
	struct checkers_pos child = *pos;
	child.piece[side] ^= j->from ^ at; /* XOR: a king may come home to the square it left */
	child.piece[!side] &= ~captured;
	child.kings &= ~captured;
	if (j->king)
		child.kings ^= j->from ^ at;
	child.quiet = 0;
	child.side = (uint8_t)!side;
	return perft_next(!side, &child, j->depth - 1);
}

/* Returns the leaves below the simple moves of `movers` (pieces of `side`) one step in
 * direction d onto the `empty` squares, each made on a copy of pos (depth >= 2). */
static ALWAYS_INLINE uint64_t perft_quiet(int side, const struct checkers_pos *pos, int depth,
                                          int d, uint32_t movers, uint32_t empty)
{
	const uint32_t crown = side == CHECKERS_BLACK ? BLACK_CROWN : WHITE_CROWN;
	uint64_t nodes = 0;
	for (uint32_t to = step(d, movers) & empty; to; to &= to - 1) {
		const uint32_t t = to & -to, f = step(d ^ 3, t);
		struct checkers_pos child = *pos;
		child.piece[side] ^= f | t;
		if (pos->kings & f) {
			child.kings ^= f | t;
			child.quiet++;
		} else {
			child.kings |= t & crown;
			child.quiet = 0;
		}
		child.side = (uint8_t)!side;
		nodes += perft_next(!side, &child, depth - 1);
	}
	return nodes;
}

/* Returns the perft count below pos, `side` to move (depth >= 1). Moves are made by copying
 * the position and editing the copy straight from the direction masks; the last ply is
 * counted, not played (bulk counting). */
static ALWAYS_INLINE uint64_t perft_side(int side, const struct checkers_pos *pos, int depth)
{
	if (pos->quiet >= CHECKERS_QUIET_DRAW)
		return 0; /* a finished game has no leaves below it (the published convention) */
	const uint32_t own = pos->piece[side], opp = pos->piece[!side], kings = own & pos->kings;
	const uint32_t empty = ~(own | opp);
	uint32_t can = jumpers_of(side, own, opp, kings);
	if (can) {
		uint64_t nodes = 0;
		for (; can; can &= can - 1) {
			const uint32_t at = can & -can;
			const struct perft_jump j = {pos, depth, at, (kings & at) != 0};
			nodes += perft_jump_side(side, &j, at, opp, empty | at, 0);
		}
		return nodes;
	}
	if (depth == 1)
		return (uint64_t)count_simple(side, own, kings, empty);
	const uint32_t down = side == CHECKERS_BLACK ? own : kings;
	const uint32_t up = side == CHECKERS_BLACK ? kings : own;
	return perft_quiet(side, pos, depth, 0, down, empty) +
	       perft_quiet(side, pos, depth, 1, down, empty) +
	       perft_quiet(side, pos, depth, 2, up, empty) +
	       perft_quiet(side, pos, depth, 3, up, empty);
}

/* perft_side for each side: the recursion goes through these. */
static uint64_t perft_black(const struct checkers_pos *pos, int depth)
{
	return perft_side(CHECKERS_BLACK, pos, depth);
}

static uint64_t perft_white(const struct checkers_pos *pos, int depth)
{
	return perft_side(CHECKERS_WHITE, pos, depth);
}

uint64_t checkers_perft(const struct checkers_pos *pos, int depth)
{
	if (depth <= 0)
		return 1;
	return perft_next(pos->side, pos, depth);
}

/* ---- notation --------------------------------------------------------------------------- */

/* Reads the squares of a move text ("11-15", "22x15x6", "10x15") into sq, either separator
 * between any two; returns how many (0 when the text is not a move). */
static int read_squares(const char *text, int *sq, int max)
{
	int n = 0;
	const char *p = text;
	while (isspace((unsigned char)*p))
		p++;
	for (;;) {
		if (!isdigit((unsigned char)*p) || n == max)
			return 0;
		int v = 0;
		while (isdigit((unsigned char)*p)) {
			v = v * 10 + (*p++ - '0');
			if (v > 99)
				return 0;
		}
		if (v < 1 || v > 32)
			return 0;
		sq[n++] = v;
		if (*p == '-' || *p == 'x' || *p == 'X') {
			p++;
			continue;
		}
		while (isspace((unsigned char)*p))
			p++;
		return *p || n < 2 ? 0 : n;
	}
}

/* Writes "11-15" or "11x18x25" (every landing square); returns its length or
 * GAME_ERR_SPACE. */
static int rules_move_to_text(const void *p, const struct game_move *m, char *buf, size_t n)
{
	(void)p;
	struct checkers_path path;
	checkers_move_path(m, &path);
	const char sep = checkers_move_captures(m) ? 'x' : '-';
	char text[64];
	int len = snprintf(text, sizeof text, "%d", path.square[0]);
	for (int i = 1; i <= path.length; i++)
		len += snprintf(text + len, sizeof text - (size_t)len, "%c%d", sep, path.square[i]);
	if ((size_t)len + 1 > n)
		return GAME_ERR_SPACE;
	memcpy(buf, text, (size_t)len + 1);
	return len;
}

/* Finds the legal move that text names: the whole path, or for a capture its two ends
 * when they join exactly one capture; "-" and "x" are read alike. Returns GAME_OK or
 * GAME_ERR_SYNTAX, GAME_ERR_ILLEGAL or GAME_ERR_AMBIGUOUS with a message in err. */
static int rules_move_parse(const void *p, const char *text, struct game_move *move, char *err)
{
	const struct checkers_pos *pos = p;
	int sq[CHECKERS_PATH_MAX + 2];
	const int count = read_squares(text, sq, CHECKERS_PATH_MAX + 2);
	if (!count)
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "not a checkers move (squares 1-32 joined by - or x): \"%.24s\"",
		                 text);
	struct game_move moves[GAME_MOVES_MAX];
	const int n = generate(pos, moves);
	int found = 0;
	for (int i = 0; i < n; i++) {
		struct checkers_path path;
		checkers_move_path(&moves[i], &path);
		bool same = path.square[0] == sq[0] && path.square[path.length] == sq[count - 1];
		/* Either the whole path, or just its two ends. */
		if (same && count > 2) {
			same = path.length == count - 1;
			for (int k = 1; same && k < count - 1; k++)
				same = path.square[k] == sq[k];
		}
		if (same) {
			if (found++ == 0)
				*move = moves[i];
		}
	}
	if (found == 1)
		return GAME_OK;
	if (found > 1)
		return game_fail(err, GAME_ERR_AMBIGUOUS,
		                 "%d-%d is ambiguous: %d capture paths; give every landing square",
		                 sq[0], sq[count - 1], found);
	if (n > 0 && checkers_move_captures(&moves[0]) && count == 2)
		return game_fail(err, GAME_ERR_ILLEGAL,
		                 "%d-%d is not legal: a capture is mandatory", sq[0], sq[1]);
	return game_fail(err, GAME_ERR_ILLEGAL, "%.24s is not a legal move for %s", text,
	                 pos->side == CHECKERS_BLACK ? "Black" : "White");
}

/* Writes the PDN FEN, White's list first ("B:W21,...,32:B1,...,12"); returns its length
 * or GAME_ERR_SPACE. */
static int rules_pos_to_text(const void *p, char *buf, size_t n)
{
	const struct checkers_pos *pos = p;
	char text[256];
	int len = snprintf(text, sizeof text, "%c", pos->side == CHECKERS_BLACK ? 'B' : 'W');
	for (int colour = CHECKERS_WHITE; colour >= CHECKERS_BLACK; colour--) {
		len += snprintf(text + len, sizeof text - (size_t)len, ":%c",
		                colour == CHECKERS_WHITE ? 'W' : 'B');
		bool first = true;
		for (int s = 0; s < 32; s++) {
			if (!(pos->piece[colour] >> s & 1))
				continue;
			len += snprintf(text + len, sizeof text - (size_t)len, "%s%s%d",
			                first ? "" : ",", pos->kings >> s & 1 ? "K" : "", s + 1);
			first = false;
		}
	}
	if ((size_t)len + 1 > n)
		return GAME_ERR_SPACE;
	memcpy(buf, text, (size_t)len + 1);
	return len;
}

/* Returns p past any white space. */
static const char *skip_spaces(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

/* Reads a number 1..32 at *p; returns it (advancing *p) or 0. */
static int read_square(const char **p)
{
	const char *s = skip_spaces(*p);
	if (!isdigit((unsigned char)*s))
		return 0;
	int v = 0;
	while (isdigit((unsigned char)*s) && v <= 99)
		v = v * 10 + (*s++ - '0');
	if (v < 1 || v > 32)
		return 0;
	*p = s;
	return v;
}

/* Reads one side's piece list ("21-32", "18,24,K10"; may be empty) at *text into pos for
 * `colour`, up to the next ':' or '.' or the end. Returns GAME_OK (advancing *text) or an
 * error code with its message in err. */
static int read_piece_list(const char **text, struct checkers_pos *pos, int colour, char *err)
{
	const char *s = skip_spaces(*text);
	while (*s && *s != ':' && *s != '.') {
		const bool king = toupper((unsigned char)*s) == 'K';
		if (king)
			s++;
		const int a = read_square(&s);
		if (!a)
			return game_fail(err, GAME_ERR_SYNTAX,
			                 "expected a square 1-32 in the FEN near \"%.12s\"", s);
		int b = a;
		s = skip_spaces(s);
		if (*s == '-') {
			s++;
			b = read_square(&s);
			if (!b || b < a)
				return game_fail(err, GAME_ERR_SYNTAX,
				                 "bad range in the FEN near \"%.12s\"", s);
		}
		for (int q = a; q <= b; q++) {
			const uint32_t bit = 1u << (q - 1);
			if ((pos->piece[0] | pos->piece[1]) & bit)
				return game_fail(err, GAME_ERR_ILLEGAL, "square %d is listed twice",
				                 q);
			pos->piece[colour] |= bit;
			if (king)
				pos->kings |= bit;
		}
		s = skip_spaces(s);
		if (*s == ',') {
			s = skip_spaces(s + 1);
			if (!isdigit((unsigned char)*s) && toupper((unsigned char)*s) != 'K')
				return game_fail(err, GAME_ERR_SYNTAX,
				                 "a square must follow ',' in the FEN");
		} else if (*s && *s != ':' && *s != '.') {
			return game_fail(err, GAME_ERR_SYNTAX, "unexpected '%c' in the FEN", *s);
		}
	}
	*text = s;
	return GAME_OK;
}

/* Reads a PDN FEN (ranges, K for kings, lists in either order, a trailing '.'); writes pos
 * only on success, with the counter at 0. Returns GAME_OK or an error code with a message. */
static int rules_pos_parse(void *p, const char *text, const struct game_options *opt, char *err)
{
	(void)opt;
	struct checkers_pos pos;
	memset(&pos, 0, sizeof pos);
	const char *s = skip_spaces(text);
	const char side = (char)toupper((unsigned char)*s);
	if (side != 'B' && side != 'W')
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "a FEN starts with the side to move, B or W");
	pos.side = side == 'B' ? CHECKERS_BLACK : CHECKERS_WHITE;
	s = skip_spaces(s + 1);
	bool seen[2] = {false, false};
	while (*s == ':') {
		s = skip_spaces(s + 1);
		const char c = (char)toupper((unsigned char)*s);
		if (c != 'B' && c != 'W')
			return game_fail(err, GAME_ERR_SYNTAX,
			                 "expected W or B after ':' in the FEN");
		const int colour = c == 'B' ? CHECKERS_BLACK : CHECKERS_WHITE;
		if (seen[colour])
			return game_fail(err, GAME_ERR_SYNTAX, "%c is listed twice in the FEN", c);
		seen[colour] = true;
		s++;
		const int code = read_piece_list(&s, &pos, colour, err);
		if (code != GAME_OK)
			return code;
	}
	if (*s == '.')
		s++;
	s = skip_spaces(s);
	if (*s)
		return game_fail(err, GAME_ERR_SYNTAX, "unexpected text after the FEN: \"%.12s\"",
		                 s);
	if (!seen[0] || !seen[1])
		return game_fail(err, GAME_ERR_SYNTAX, "a FEN lists both sides (:W...:B...)");
	/* A man on the row where it is crowned would be a king: no game reaches that. */
	const uint32_t men_black = pos.piece[CHECKERS_BLACK] & ~pos.kings;
	const uint32_t men_white = pos.piece[CHECKERS_WHITE] & ~pos.kings;
	if (men_black & 0xf0000000u)
		return game_fail(err, GAME_ERR_ILLEGAL,
		                 "a Black man on 29-32 would have been crowned (write K29...)");
	if (men_white & 0x0000000fu)
		return game_fail(err, GAME_ERR_ILLEGAL,
		                 "a White man on 1-4 would have been crowned (write K1...)");
	*(struct checkers_pos *)p = pos;
	return GAME_OK;
}

/* ---- the rules table -------------------------------------------------------------------- */

/* Sets up the start position (no options); returns GAME_OK. */
static int rules_start(void *p, const struct game_options *opt)
{
	(void)opt;
	struct checkers_pos *pos = p;
	memset(pos, 0, sizeof *pos);
	pos->piece[CHECKERS_BLACK] = 0x00000fffu; /* 1–12 */
	pos->piece[CHECKERS_WHITE] = 0xfff00000u; /* 21–32 */
	return GAME_OK;
}

/* Returns CHECKERS_BLACK or CHECKERS_WHITE, whoever moves now. */
static int rules_to_move(const void *p)
{
	return ((const struct checkers_pos *)p)->side;
}

/* Returns the legal moves (0 once the game is over); see generate(). */
static int rules_generate(const void *p, struct game_move *moves)
{
	return generate(p, moves);
}

/* Plays a legal move in place. */
static void rules_play(void *p, const struct game_move *m)
{
	play(p, m);
}

/* Takes back the move just played. */
static void rules_undo(void *p, const struct game_move *m)
{
	undo(p, m);
}

/* Returns +1 if Black has won, -1 if White has, 0 for a draw by the 40-move rule. */
static int rules_result(const void *p)
{
	const struct checkers_pos *pos = p;
	if (pos->quiet >= CHECKERS_QUIET_DRAW)
		return 0;
	/* The side to move has no move: it has lost. */
	return pos->side == CHECKERS_BLACK ? -1 : 1;
}

/* Returns a 64-bit hash of the pieces, the kings and the side to move (not the counter,
 * so that repeated positions hash alike). */
static uint64_t rules_hash(const void *p)
{
	const struct checkers_pos *pos = p;
	uint64_t h = hash_mix64((uint64_t)pos->piece[0] << 32 | pos->piece[1]);
	return hash_mix64(h ^ ((uint64_t)pos->kings << 1 | pos->side));
}

/* Returns the engine's evaluation (engine.c) for the side to move. */
static int rules_evaluate(const void *p)
{
	return checkers_evaluate(p);
}

/* Returns checkers_perft(pos, depth). */
static uint64_t rules_perft(const void *p, int depth)
{
	return checkers_perft(p, depth);
}

const struct game_rules checkers_rules = {
    .name = "checkers",
    .title = N_("Checkers"),
    .side_name = {N_("Black"), N_("White")},
    .pos_size = sizeof(struct checkers_pos),
    .repetition_draw = 3,
    .finished_is_leaf = false,
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
    .deep = &checkers_deep,
    .book = checkers_book_move,
};
