/*
 * games/reversi/endgame.h — the exact endgame solver for 8×8 Reversi: the final disc
 * difference under perfect play by both sides, and a move that reaches it.
 *
 * Boards are (P, O) pairs as in board8.h (a1 = bit 0, h8 = bit 63): the discs of the side to
 * move and of its opponent, on a full 8×8 board with no black hole. A score is the final
 * disc difference for the side to move with the empty squares going to the winner (as
 * reversi_rules.result counts them), from -64 to 64.
 *
 * Every table lives in a `struct endgame_ctx` the caller creates once (endgame_new) and
 * passes to each solve; nothing is allocated while solving.
 */
#ifndef PARITY_GAMES_REVERSI_ENDGAME_H
#define PARITY_GAMES_REVERSI_ENDGAME_H

#include <stdint.h>

enum {
	ENDGAME_SCORE_MAX = 64,  /* scores lie in [-64, 64] */
	ENDGAME_PASS = -1,       /* endgame_result.move: the side to move must pass */
	ENDGAME_NO_MOVE = -2,    /* endgame_result.move: the game is over */
	ENDGAME_TABLE_BITS = 20, /* default transposition table: 2^20 entries (24 MiB) */
};

/* The solver's tables and counters (opaque). */
struct endgame_ctx;

/* What endgame_best finds. */
struct endgame_result {
	int move;       /* the square of a best move, ENDGAME_PASS or ENDGAME_NO_MOVE */
	int score;      /* its score for the side to move (see endgame_solve for windows) */
	uint64_t nodes; /* positions visited by this call */
};

/* Returns a new solver with a transposition table of 2^table_bits entries (10 to 28; 0
 * means ENDGAME_TABLE_BITS), or NULL if the memory cannot be had. */
struct endgame_ctx *endgame_new(int table_bits);

/* Frees a solver made by endgame_new (NULL is allowed). */
void endgame_free(struct endgame_ctx *ctx);

/* Forgets every stored position (results stay correct without it: entries are exact bounds
 * keyed by the whole board). */
void endgame_clear(struct endgame_ctx *ctx);

/*
 * Returns the score of (P, O) searched in the window (alpha, beta), -64 <= alpha < beta <= 64,
 * fail-soft: a value v with alpha < v < beta is exact; v <= alpha means the score is at most
 * v; v >= beta means it is at least v. With (-64, 64) the result is always exact; with
 * (-1, 1) it is only a win / draw / loss (its sign is the sign of the exact score).
 */
int endgame_solve(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta);

/* Returns a best move of (P, O) and its score in the window (alpha, beta) as endgame_solve
 * does; when the score is exact the move reaches it. */
struct endgame_result endgame_best(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha,
                                   int beta);

/* Returns -1, 0 or 1: whether the side to move loses, draws or wins with perfect play (a
 * null-window solve, much faster than the exact score). */
int endgame_wld(struct endgame_ctx *ctx, uint64_t P, uint64_t O);

/* Returns the number of positions the solver has visited since it was made. */
uint64_t endgame_nodes(const struct endgame_ctx *ctx);

#endif
