/*
 * games/tictactoe/tictactoe.c — the rules of tic-tac-toe (see tictactoe.h).
 */
#include "games/tictactoe/tictactoe.h"

#include <stdio.h>
#include <string.h>

static const uint16_t lines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

int tictactoe_line(const struct tictactoe_pos *pos)
{
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < 8; i++)
			if ((pos->mark[s] & lines[i]) == lines[i])
				return s;
	return -1;
}

static int start(void *p, const struct game_options *opt)
{
	struct tictactoe_pos *pos = p;
	memset(pos, 0, sizeof *pos);
	pos->misere = opt && opt->value[TICTACTOE_OPT_MISERE] ? 1 : 0;
	return GAME_OK;
}

static int to_move(const void *p)
{
	return ((const struct tictactoe_pos *)p)->side;
}

static int generate(const void *p, struct game_move *moves)
{
	const struct tictactoe_pos *pos = p;
	if (tictactoe_line(pos) >= 0)
		return 0;
	int n = 0;
	for (int i = 0; i < 9; i++)
		if (!((pos->mark[0] | pos->mark[1]) >> i & 1)) {
			memset(&moves[n], 0, sizeof moves[n]);
			moves[n++].code = (uint32_t)i;
		}
	return n;
}

static void play(void *p, const struct game_move *m)
{
	struct tictactoe_pos *pos = p;
	pos->mark[pos->side] = (uint16_t)(pos->mark[pos->side] | 1u << m->code);
	pos->side ^= 1;
}

static void undo(void *p, const struct game_move *m)
{
	struct tictactoe_pos *pos = p;
	pos->side ^= 1;
	pos->mark[pos->side] = (uint16_t)(pos->mark[pos->side] & ~(1u << m->code));
}

static int result(const void *p)
{
	const struct tictactoe_pos *pos = p;
	const int winner = tictactoe_line(pos);
	if (winner < 0)
		return 0;
	const int score = winner == TICTACTOE_X ? 1 : -1;
	return pos->misere ? -score : score;
}

static uint64_t hash(const void *p)
{
	const struct tictactoe_pos *pos = p;
	uint64_t h = (uint64_t)pos->mark[0] | (uint64_t)pos->mark[1] << 9 |
	             (uint64_t)pos->side << 18 | (uint64_t)pos->misere << 19;
	h *= 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 29);
}

static int move_to_text(const void *p, const struct game_move *m, char *buf, size_t n)
{
	(void)p;
	const int w = snprintf(buf, n, "%c%d", 'a' + (int)(m->code % 3), (int)(m->code / 3) + 1);
	return w < 0 || (size_t)w >= n ? GAME_ERR_SPACE : w;
}

static int move_parse(const void *p, const char *text, struct game_move *m, char *err)
{
	if (strlen(text) != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3')
		return game_fail(err, GAME_ERR_SYNTAX, "a square is a1 to c3, not \"%.20s\"", text);
	const int sq = (text[1] - '1') * 3 + (text[0] - 'a');
	struct game_move moves[GAME_MOVES_MAX];
	const int count = generate(p, moves);
	for (int i = 0; i < count; i++)
		if ((int)moves[i].code == sq) {
			*m = moves[i];
			return GAME_OK;
		}
	return game_fail(err, GAME_ERR_ILLEGAL, "%s is taken, or the game is over", text);
}

/* Position text: nine squares a1..c3 (X, O or -), a space, the side to move. */
static int pos_to_text(const void *p, char *buf, size_t n)
{
	const struct tictactoe_pos *pos = p;
	if (n < 12)
		return GAME_ERR_SPACE;
	for (int i = 0; i < 9; i++)
		buf[i] = pos->mark[0] >> i & 1 ? 'X' : pos->mark[1] >> i & 1 ? 'O' : '-';
	buf[9] = ' ';
	buf[10] = pos->side ? 'O' : 'X';
	buf[11] = '\0';
	return 11;
}

static int pos_parse(void *p, const char *text, const struct game_options *opt, char *err)
{
	struct tictactoe_pos pos;
	start(&pos, opt);
	if (strlen(text) != 11 || text[9] != ' ' || (text[10] != 'X' && text[10] != 'O'))
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "a position is nine of X, O, - and the side");
	for (int i = 0; i < 9; i++) {
		if (text[i] == 'X')
			pos.mark[0] = (uint16_t)(pos.mark[0] | 1u << i);
		else if (text[i] == 'O')
			pos.mark[1] = (uint16_t)(pos.mark[1] | 1u << i);
		else if (text[i] != '-')
			return game_fail(err, GAME_ERR_SYNTAX, "a square is X, O or -, not '%c'",
			                 text[i]);
	}
	pos.side = text[10] == 'O';
	const int x = __builtin_popcount(pos.mark[0]), o = __builtin_popcount(pos.mark[1]);
	if (x - o != pos.side)
		return game_fail(err, GAME_ERR_ILLEGAL, "X has %d marks and O %d: not O's turn", x,
		                 o);
	memcpy(p, &pos, sizeof pos);
	return GAME_OK;
}

/* A mark on a line that the opponent has not blocked is worth a little. */
static int evaluate(const void *p)
{
	const struct tictactoe_pos *pos = p;
	int score = 0;
	for (int i = 0; i < 8; i++) {
		const int mine = __builtin_popcount(pos->mark[pos->side] & lines[i]);
		const int theirs = __builtin_popcount(pos->mark[!pos->side] & lines[i]);
		if (!theirs)
			score += mine * mine;
		if (!mine)
			score -= theirs * theirs;
	}
	return pos->misere ? -score : score;
}

static uint64_t perft(const void *p, int depth)
{
	struct tictactoe_pos pos;
	memcpy(&pos, p, sizeof pos);
	return game_perft_generic(&tictactoe_rules, &pos, depth);
}

static int moves_left(const void *p)
{
	const struct tictactoe_pos *pos = p;
	return 9 - __builtin_popcount(pos->mark[0] | pos->mark[1]);
}

const struct game_rules tictactoe_rules = {
    .name = "tictactoe",
    .title = "Tic-tac-toe",
    .side_name = {"X", "O"},
    .pos_size = sizeof(struct tictactoe_pos),
    .finished_is_leaf = false,
    .start = start,
    .to_move = to_move,
    .generate = generate,
    .play = play,
    .undo = undo,
    .result = result,
    .hash = hash,
    .move_to_text = move_to_text,
    .move_parse = move_parse,
    .pos_to_text = pos_to_text,
    .pos_parse = pos_parse,
    .evaluate = evaluate,
    .perft = perft,
    .moves_left = moves_left,
};
