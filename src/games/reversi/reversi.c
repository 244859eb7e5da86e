/*
 * games/reversi/reversi.c — the rules of Reversi on 6×6, 8×8 and 10×10 boards, with the
 * Anti-reversi and Black hole variants, and the `reversi_rules` table that exports them.
 *
 * Moves are found with shift-and-mask fills over 128-bit sets whatever the size (row
 * stride = size). A move is played by XOR-ing the flipped discs into both sides, and undone
 * by the same XOR (as in Edax). Perft on 8×8 uses the 64-bit kernels of board8.h instead,
 * which the tests check against this general code.
 */
#include "games/reversi/reversi.h"

#include <ctype.h>
#include <stdio.h>

#include "core/hash.h"
#include "games/reversi/board8.h"
#include "games/reversi/book.h"
#include "games/reversi/deep.h"
#include "games/reversi/eval.h"

static const reversi_bits one = 1;

reversi_bits reversi_board_mask(int size)
{
	return (one << (size * size)) - 1;
}

/* Returns the squares of the board that are not on its first or last column. */
static reversi_bits inner_columns(int size)
{
	reversi_bits row = ((one << size) - 1) & ~one & ~(one << (size - 1));
	reversi_bits mask = 0;
	for (int r = 0; r < size; r++)
		mask |= row << (r * size);
	return mask;
}

/* Returns the run of `through` squares starting one step (a left shift by d) from `from`. */
static reversi_bits run_up(reversi_bits from, reversi_bits through, int d)
{
	reversi_bits run = through & (from << d);
	while (through & (run << d) & ~run)
		run |= through & (run << d);
	return run;
}

/* Returns the run of `through` squares starting one step (a right shift by d) from `from`. */
static reversi_bits run_down(reversi_bits from, reversi_bits through, int d)
{
	reversi_bits run = through & (from >> d);
	while (through & (run >> d) & ~run)
		run |= through & (run >> d);
	return run;
}

/* Returns the empty squares that can hold a disc. */
static reversi_bits empty_squares(const struct reversi_pos *pos)
{
	return reversi_board_mask(pos->size) & ~(pos->disc[0] | pos->disc[1] | pos->hole);
}

/* Returns the legal squares of the player owning P against O. */
static reversi_bits moves_of(reversi_bits P, reversi_bits O, reversi_bits empty, int size)
{
	const reversi_bits inner = O & inner_columns(size);
	const int step[4] = {1, size, size - 1, size + 1};
	reversi_bits m = 0;
	for (int i = 0; i < 4; i++) {
		const reversi_bits through = i == 1 ? O : inner;
		m |= run_up(P, through, step[i]) << step[i];
		m |= run_down(P, through, step[i]) >> step[i];
	}
	return m & empty;
}

reversi_bits reversi_moves(const struct reversi_pos *pos)
{
	return moves_of(pos->disc[pos->side], pos->disc[!pos->side], empty_squares(pos), pos->size);
}

reversi_bits reversi_flips(const struct reversi_pos *pos, int square)
{
	const reversi_bits P = pos->disc[pos->side], O = pos->disc[!pos->side];
	const reversi_bits x = one << square;
	if (!(empty_squares(pos) & x))
		return 0;
	const reversi_bits inner = O & inner_columns(pos->size);
	const int step[4] = {1, pos->size, pos->size - 1, pos->size + 1};
	reversi_bits flips = 0;
	for (int i = 0; i < 4; i++) {
		const reversi_bits through = i == 1 ? O : inner;
		const reversi_bits up = run_up(x, through, step[i]);
		const reversi_bits down = run_down(x, through, step[i]);
		if ((up << step[i]) & P)
			flips |= up;
		if ((down >> step[i]) & P)
			flips |= down;
	}
	return flips;
}

/* Returns the number of set bits of x. */
static int bits_count(reversi_bits x)
{
	return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}

/* Returns the index of the lowest set bit of a non-empty x. */
static int bits_first(reversi_bits x)
{
	const uint64_t lo = (uint64_t)x;
	return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

int reversi_count(const struct reversi_pos *pos, int colour)
{
	return bits_count(pos->disc[colour]);
}

bool reversi_valid(const struct reversi_pos *pos)
{
	if (pos->size != 6 && pos->size != 8 && pos->size != 10)
		return false;
	const reversi_bits board = reversi_board_mask(pos->size);
	const reversi_bits all = pos->disc[0] | pos->disc[1] | pos->hole;
	return !(pos->disc[0] & pos->disc[1]) && !((pos->disc[0] | pos->disc[1]) & pos->hole) &&
	       !(all & ~board) && bits_count(pos->hole) <= 1 && pos->side <= 1 && pos->anti <= 1;
}

void reversi_square_name(int size, int square, char *buf)
{
	const int row = square / size + 1;
	int n = 0;
	buf[n++] = (char)('a' + square % size);
	if (row >= 10)
		buf[n++] = (char)('0' + row / 10);
	buf[n++] = (char)('0' + row % 10);
	buf[n] = '\0';
}

int reversi_square_parse(int size, const char *text, int *used)
{
	const int col = tolower((unsigned char)text[0]) - 'a';
	if (col < 0 || col >= size || !isdigit((unsigned char)text[1]) || text[1] == '0')
		return -1;
	int row = text[1] - '0', n = 2;
	/* A second digit belongs to the square when the board is big enough for it. */
	if (isdigit((unsigned char)text[2]) && row * 10 + (text[2] - '0') <= size) {
		row = row * 10 + (text[2] - '0');
		n = 3;
	}
	if (row > size)
		return -1;
	*used = n;
	return (row - 1) * size + col;
}

/* ---- perft ---------------------------------------------------------------------------- */

/* Returns the 8×8 perft count of (P, O) with `hole` blocked; depth >= 1. */
static uint64_t perft8(uint64_t P, uint64_t O, uint64_t hole, int depth)
{
	const uint64_t empty = ~(P | O | hole);
	uint64_t moves = board8_moves_in(P, O, empty);
	if (!moves) {
		if (!board8_moves_in(O, P, empty))
			return 1; /* a finished game is one leaf, however deep the count goes */
		return depth == 1 ? 1 : perft8(O, P, hole, depth - 1);
	}
	if (depth == 1)
		return (uint64_t)board8_count(moves);
	uint64_t nodes = 0;
	do {
		const int sq = __builtin_ctzll(moves);
		const uint64_t flips = board8_flips(sq, P, O);
		nodes += perft8(O ^ flips, P ^ flips ^ (1ULL << sq), hole, depth - 1);
		moves &= moves - 1;
	} while (moves);
	return nodes;
}

/* Returns the perft count of any board size through the general code; depth >= 1. */
static uint64_t perft_any(struct reversi_pos *pos, int depth)
{
	reversi_bits moves = reversi_moves(pos);
	if (!moves) {
		pos->side ^= 1;
		const bool opponent_moves = reversi_moves(pos) != 0;
		const uint64_t nodes = !opponent_moves ? 1
		                       : depth == 1    ? 1
		                                       : perft_any(pos, depth - 1);
		pos->side ^= 1;
		return nodes;
	}
	if (depth == 1)
		return (uint64_t)bits_count(moves);
	uint64_t nodes = 0;
	while (moves) {
		const int sq = bits_first(moves);
		const reversi_bits flips = reversi_flips(pos, sq), x = one << sq;
		pos->disc[pos->side] ^= flips | x;
		pos->disc[!pos->side] ^= flips;
		pos->side ^= 1;
		nodes += perft_any(pos, depth - 1);
		pos->side ^= 1;
		pos->disc[pos->side] ^= flips | x;
		pos->disc[!pos->side] ^= flips;
		moves &= moves - 1;
	}
	return nodes;
}

uint64_t reversi_perft(const struct reversi_pos *pos, int depth)
{
	if (depth <= 0)
		return 1;
	if (pos->size == 8) {
		const uint64_t P = (uint64_t)pos->disc[pos->side];
		const uint64_t O = (uint64_t)pos->disc[!pos->side];
		return perft8(P, O, (uint64_t)pos->hole, depth);
	}
	struct reversi_pos copy = *pos;
	return perft_any(&copy, depth);
}

/* ---- the rules table ------------------------------------------------------------------ */

static int rules_start(void *p, const struct game_options *opt)
{
	struct reversi_pos *pos = p;
	const int size = opt && opt->value[REVERSI_OPT_SIZE] ? opt->value[REVERSI_OPT_SIZE] : 8;
	if (size != 6 && size != 8 && size != 10)
		return GAME_ERR_OPTIONS;
	memset(pos, 0, sizeof *pos);
	pos->size = (uint8_t)size;
	pos->anti = opt && opt->value[REVERSI_OPT_ANTI] ? 1 : 0;
	const int m = size / 2;
	/* d5 and e4 black, d4 and e5 white on 8×8; the same shape at the centre of any size. */
	pos->disc[REVERSI_BLACK] = (one << (m * size + m - 1)) | (one << ((m - 1) * size + m));
	pos->disc[REVERSI_WHITE] = (one << ((m - 1) * size + m - 1)) | (one << (m * size + m));
	if (opt && opt->value[REVERSI_OPT_BLACK_HOLE]) {
		/* The seed picks one of the squares outside the four centre ones. */
		const int k = (int)(hash_mix64(opt->seed ^ 0x9e3779b97f4a7c15ULL) %
		                    (uint64_t)(size * size - 4));
		const reversi_bits free = reversi_board_mask(size) & ~(pos->disc[0] | pos->disc[1]);
		reversi_bits rest = free;
		for (int i = 0; i < k; i++)
			rest &= rest - 1;
		pos->hole = one << bits_first(rest);
	}
	return GAME_OK;
}

static int rules_to_move(const void *p)
{
	return ((const struct reversi_pos *)p)->side;
}

/* Fills a move for `square` (or REVERSI_PASS) that flips `flips`. */
static void move_set(struct game_move *m, int square, reversi_bits flips)
{
	memset(m, 0, sizeof *m);
	m->data[0] = (uint64_t)flips;
	m->data[1] = (uint64_t)(flips >> 64);
	m->code = (uint32_t)square;
}

/* rules_generate on the 8×8 board: the same moves, in the same order, from board8.h. */
static int generate8(const struct reversi_pos *pos, struct game_move *moves)
{
	const uint64_t P = (uint64_t)pos->disc[pos->side], O = (uint64_t)pos->disc[!pos->side];
	const uint64_t empty = ~(P | O | (uint64_t)pos->hole);
	uint64_t legal = board8_moves_in(P, O, empty);
	int n = 0;
	if (!legal) {
		if (!board8_moves_in(O, P, empty))
			return 0;
		move_set(&moves[0], REVERSI_PASS, 0);
		return 1;
	}
	for (; legal; legal &= legal - 1) {
		const int sq = __builtin_ctzll(legal);
		move_set(&moves[n++], sq, board8_flips(sq, P, O));
	}
	return n;
}

static int rules_generate(const void *p, struct game_move *moves)
{
	const struct reversi_pos *pos = p;
	if (pos->size == 8)
		return generate8(pos, moves);
	reversi_bits legal = reversi_moves(pos);
	int n = 0;
	if (!legal) {
		const reversi_bits empty = empty_squares(pos);
		if (!moves_of(pos->disc[!pos->side], pos->disc[pos->side], empty, pos->size))
			return 0;
		move_set(&moves[0], REVERSI_PASS, 0);
		return 1;
	}
	while (legal) {
		const int sq = bits_first(legal);
		move_set(&moves[n++], sq, reversi_flips(pos, sq));
		legal &= legal - 1;
	}
	return n;
}

/* Plays or takes back a move: both are the same XOR. */
static void toggle(struct reversi_pos *pos, const struct game_move *m, int mover)
{
	if (m->code == REVERSI_PASS)
		return;
	const reversi_bits flips = reversi_move_flips(m);
	pos->disc[mover] ^= flips | (one << m->code);
	pos->disc[!mover] ^= flips;
}

/* Debug builds (PARITY_CHECK, core/game.h): the move fits the position it is played on or
 * taken back from. On play (`played` false) the square is on the board, empty and not the
 * hole, and the flips are the opponent's discs, at least one; a pass only when the side to move
 * has no move. On undo (`played` true, `mover` the side that played it) the square and the
 * flips are the mover's. */
static void check_move(const struct reversi_pos *pos, const struct game_move *m, int mover,
                       bool played)
{
#ifdef PARITY_CHECK
	GAME_CHECK("reversi", reversi_valid(pos));
	if (m->code == REVERSI_PASS) {
		GAME_CHECK("reversi", played || reversi_moves(pos) == 0);
		return;
	}
	const reversi_bits flips = reversi_move_flips(m);
	const reversi_bits x = one << m->code;
	GAME_CHECK("reversi", m->code < (uint32_t)(pos->size * pos->size) && flips != 0);
	GAME_CHECK("reversi", !(x & pos->hole));
	if (played)
		GAME_CHECK("reversi", (pos->disc[mover] & (flips | x)) == (flips | x));
	else
		GAME_CHECK("reversi", !(x & (pos->disc[0] | pos->disc[1])) &&
		                          (pos->disc[!mover] & flips) == flips);
#else
	(void)pos;
	(void)m;
	(void)mover;
	(void)played;
#endif
}

static void rules_play(void *p, const struct game_move *m)
{
	struct reversi_pos *pos = p;
	check_move(pos, m, pos->side, false);
	toggle(pos, m, pos->side);
	pos->side ^= 1;
	/* After it: a sound position (disjoint colours on the board, the hole empty); the mover's
	 * discs are the square and the flips more, the opponent's the flips fewer. */
	check_move(pos, m, !pos->side, true);
}

static void rules_undo(void *p, const struct game_move *m)
{
	struct reversi_pos *pos = p;
	check_move(pos, m, !pos->side, true);
	pos->side ^= 1;
	toggle(pos, m, pos->side);
	GAME_CHECK("reversi", reversi_valid(pos));
	GAME_CHECK("reversi",
	           m->code == REVERSI_PASS || !((one << m->code) & (pos->disc[0] | pos->disc[1])));
}

static int rules_result(const void *p)
{
	const struct reversi_pos *pos = p;
	const int black = reversi_count(pos, REVERSI_BLACK);
	const int white = reversi_count(pos, REVERSI_WHITE);
	const int empty = bits_count(empty_squares(pos));
	const int diff = pos->anti ? white - black : black - white;
	return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

/* The hash of a position from its discs and hole, once its first step (`head`, the mix of
 * its size, side to move and variant) is known: rules_hash and rules_hash_children. */
static inline uint64_t hash_discs(uint64_t head, reversi_bits black, reversi_bits white,
                                  reversi_bits hole)
{
	uint64_t h = hash_mix64(head ^ (uint64_t)black);
	h = hash_mix64(h ^ (uint64_t)(black >> 64));
	h = hash_mix64(h ^ (uint64_t)white);
	h = hash_mix64(h ^ (uint64_t)(white >> 64));
	return hash_mix64(h ^ (uint64_t)hole ^ (uint64_t)(hole >> 64) * 3);
}

static inline uint64_t hash_head(const struct reversi_pos *pos, int side)
{
	return hash_mix64(pos->size * 4u + (unsigned)side * 2u + pos->anti);
}

static uint64_t rules_hash(const void *p)
{
	const struct reversi_pos *pos = p;
	return hash_discs(hash_head(pos, pos->side), pos->disc[0], pos->disc[1], pos->hole);
}

/* The children's hashes (the shared search's nodes find them all, to fetch their table
 * entries early): each move's discs toggled into the parent's, without playing the move on a
 * whole position through the rules; a pass changes only the side to move. */
static void rules_hash_children(const void *p, const struct game_move *moves, int n,
                                uint64_t *hashes)
{
	const struct reversi_pos *pos = p;
	const uint64_t head = hash_head(pos, !pos->side);
	const int mover = pos->side;
	if (pos->size == 8 && !pos->hole) {
		/* The same hashes from 64-bit words: the common board without the 128-bit sums */
		const uint64_t mine = (uint64_t)pos->disc[mover],
		               theirs = (uint64_t)pos->disc[!mover];
		for (int i = 0; i < n; i++) {
			const uint64_t flips = (uint64_t)reversi_move_flips(&moves[i]);
			const uint64_t m = moves[i].code == REVERSI_PASS
			                       ? mine
			                       : mine ^ flips ^ (uint64_t)1 << moves[i].code;
			const uint64_t t = theirs ^ flips;
			hashes[i] = hash_discs(head, mover == REVERSI_BLACK ? m : t,
			                       mover == REVERSI_BLACK ? t : m, 0);
		}
		return;
	}
	for (int i = 0; i < n; i++) {
		struct reversi_pos child = *pos;
		toggle(&child, &moves[i], mover);
		hashes[i] = hash_discs(head, child.disc[0], child.disc[1], child.hole);
	}
}

static int rules_move_to_text(const void *p, const struct game_move *m, char *buf, size_t n)
{
	const struct reversi_pos *pos = p;
	char text[8];
	if (m->code == REVERSI_PASS)
		memcpy(text, "pass", 5);
	else
		reversi_square_name(pos->size, (int)m->code, text);
	const size_t len = strlen(text);
	if (len + 1 > n)
		return GAME_ERR_SPACE;
	memcpy(buf, text, len + 1);
	return (int)len;
}

/* Returns whether `a` equals the NUL-terminated `word`, ignoring case. */
static bool same_word(const char *a, size_t len, const char *word)
{
	if (strlen(word) != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (tolower((unsigned char)a[i]) != word[i])
			return false;
	return true;
}

static int rules_move_parse(const void *p, const char *text, struct game_move *m, char *err)
{
	const struct reversi_pos *pos = p;
	while (isspace((unsigned char)*text))
		text++;
	size_t len = strlen(text);
	while (len && isspace((unsigned char)text[len - 1]))
		len--;
	struct game_move moves[GAME_MOVES_MAX];
	const int n = rules_generate(pos, moves);
	if (same_word(text, len, "pass") || same_word(text, len, "pa")) {
		if (n == 1 && moves[0].code == REVERSI_PASS) {
			*m = moves[0];
			return GAME_OK;
		}
		return game_fail(err, GAME_ERR_ILLEGAL, "pass is not legal here: %s",
		                 n ? "the side to move has a move" : "the game is over");
	}
	int used = 0;
	const int sq = len ? reversi_square_parse(pos->size, text, &used) : -1;
	if (sq < 0 || (size_t)used != len)
		return game_fail(err, GAME_ERR_SYNTAX, "not a square of the %dx%d board: \"%.*s\"",
		                 pos->size, pos->size, (int)(len > 20 ? 20 : len), text);
	for (int i = 0; i < n; i++)
		if (moves[i].code == (uint32_t)sq) {
			*m = moves[i];
			return GAME_OK;
		}
	char name[8];
	reversi_square_name(pos->size, sq, name);
	return game_fail(err, GAME_ERR_ILLEGAL, "%s is not a legal move for %s", name,
	                 pos->side == REVERSI_BLACK ? "Black" : "White");
}

static int rules_pos_to_text(const void *p, char *buf, size_t n)
{
	const struct reversi_pos *pos = p;
	const int squares = pos->size * pos->size;
	if ((size_t)squares + 3 > n)
		return GAME_ERR_SPACE;
	for (int i = 0; i < squares; i++) {
		const reversi_bits x = one << i;
		buf[i] = pos->disc[0] & x   ? 'X'
		         : pos->disc[1] & x ? 'O'
		         : pos->hole & x    ? '#'
		                            : '-';
	}
	buf[squares] = ' ';
	buf[squares + 1] = pos->side == REVERSI_BLACK ? 'X' : 'O';
	buf[squares + 2] = '\0';
	return squares + 2;
}

static int rules_pos_parse(void *p, const char *text, const struct game_options *opt, char *err)
{
	struct reversi_pos pos;
	memset(&pos, 0, sizeof pos);
	pos.anti = opt && opt->value[REVERSI_OPT_ANTI] ? 1 : 0;
	while (isspace((unsigned char)*text))
		text++;
	int squares = 0;
	while (text[squares] && !isspace((unsigned char)text[squares]))
		squares++;
	const int size = squares == 36 ? 6 : squares == 64 ? 8 : squares == 100 ? 10 : 0;
	if (!size)
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "a position has 36, 64 or 100 squares, not %d", squares);
	if (opt && opt->value[REVERSI_OPT_SIZE] && opt->value[REVERSI_OPT_SIZE] != size)
		return game_fail(err, GAME_ERR_OPTIONS, "a %dx%d position on a %dx%d board", size,
		                 size, opt->value[REVERSI_OPT_SIZE], opt->value[REVERSI_OPT_SIZE]);
	pos.size = (uint8_t)size;
	for (int i = 0; i < squares; i++) {
		const reversi_bits x = one << i;
		switch (text[i]) {
		case 'X':
		case 'x':
		case '*':
			pos.disc[0] |= x;
			break;
		case 'O':
		case 'o':
			pos.disc[1] |= x;
			break;
		case '-':
		case '.':
			break;
		case '#':
			if (pos.hole)
				return game_fail(err, GAME_ERR_ILLEGAL, "more than one black hole");
			pos.hole = x;
			break;
		default:
			return game_fail(err, GAME_ERR_SYNTAX,
			                 "unexpected '%c' at square %d of the board", text[i],
			                 i + 1);
		}
	}
	const char *rest = text + squares;
	while (isspace((unsigned char)*rest))
		rest++;
	switch (*rest) {
	case 'X':
	case 'x':
	case 'B':
	case 'b':
		pos.side = REVERSI_BLACK;
		break;
	case 'O':
	case 'o':
	case 'W':
	case 'w':
		pos.side = REVERSI_WHITE;
		break;
	default:
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "the side to move (X or O) is missing after the board");
	}
	rest++;
	while (isspace((unsigned char)*rest))
		rest++;
	if (*rest && *rest != ';')
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "unexpected text after the side to move: \"%.20s\"", rest);
	*(struct reversi_pos *)p = pos;
	return GAME_OK;
}

static uint64_t rules_perft(const void *p, int depth)
{
	return reversi_perft(p, depth);
}

/* Returns the empty squares: no more moves than that are left (passes aside). */
static int rules_moves_left(const void *p)
{
	const struct reversi_pos *pos = p;
	return bits_count(reversi_board_mask(pos->size) &
	                  ~(pos->disc[0] | pos->disc[1] | pos->hole));
}

/* Returns the static evaluation for the side to move, in 1/100 of a disc (eval.h). */
static int rules_evaluate(const void *p)
{
	return reversi_evaluate(p);
}

const struct game_rules reversi_rules = {
    .name = "reversi",
    .title = N_("Reversi"),
    .side_name = {N_("Black"), N_("White")},
    .pos_size = sizeof(struct reversi_pos),
    .repetition_draw = 0,
    .finished_is_leaf = true,
    .start = rules_start,
    .to_move = rules_to_move,
    .generate = rules_generate,
    .play = rules_play,
    .undo = rules_undo,
    .result = rules_result,
    .hash = rules_hash,
    .hash_children = rules_hash_children,
    .move_to_text = rules_move_to_text,
    .move_parse = rules_move_parse,
    .pos_to_text = rules_pos_to_text,
    .pos_parse = rules_pos_parse,
    .evaluate = rules_evaluate,
    .perft = rules_perft,
    .moves_left = rules_moves_left,
    .deep = &reversi_deep,
    .book = reversi_book_move,
};

struct game_options reversi_options(int size, bool anti, bool black_hole, uint32_t seed)
{
	struct game_options opt;
	memset(&opt, 0, sizeof opt);
	opt.value[REVERSI_OPT_SIZE] = size;
	opt.value[REVERSI_OPT_ANTI] = anti;
	opt.value[REVERSI_OPT_BLACK_HOLE] = black_hole;
	opt.seed = seed;
	return opt;
}
