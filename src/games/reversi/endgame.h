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

#include <stdbool.h>
#include <stdint.h>

enum {
	ENDGAME_SCORE_MAX = 64,  /* scores lie in [-64, 64] */
	ENDGAME_PASS = -1,       /* endgame_result.move: the side to move must pass */
	ENDGAME_NO_MOVE = -2,    /* endgame_result.move: the game is over */
	ENDGAME_TABLE_BITS = 20, /* default transposition table: 2^20 entries (32 MiB) */
	ENDGAME_NO_GUESS = 1000, /* endgame_root_start: no guess given, the solver makes its own */
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

/*
 * The same search as endgame_best, resumable: endgame_root_start sets it up (nothing is
 * searched yet), each endgame_root_step advances it by about `budget` nodes (0: to the end;
 * a step may run past its budget by one subtree of at most 14 empties) and returns whether
 * it has finished, and endgame_root_result gives its result. The nodes visited, the score and
 * the move are the same whatever the budgets of the steps, and the same as endgame_best's.
 * `first` is a move to try first where the table knows none (64 or -1: none); `guess` is the
 * score to centre the first window on (ENDGAME_NO_GUESS: an evaluation search of its own);
 * neither changes the result's score, only the work (and which of equal moves is found).
 * One context runs one such search at a time; endgame_best and endgame_solve in between
 * spoil it.
 */
void endgame_root_start(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta,
                        int first, int guess);
bool endgame_root_step(struct endgame_ctx *ctx, uint64_t budget);
struct endgame_result endgame_root_result(const struct endgame_ctx *ctx);

/* Fills squares[0..max) with the principal line of the finished root search: its move (a
 * square, ENDGAME_PASS), then the moves the table keeps for the positions after it, as long
 * as it has them. Returns how many. */
int endgame_root_line(const struct endgame_ctx *ctx, int *squares, int max);

/* Returns -1, 0 or 1: whether the side to move loses, draws or wins with perfect play (a
 * null-window solve, much faster than the exact score). */
int endgame_wld(struct endgame_ctx *ctx, uint64_t P, uint64_t O);

/* Returns the number of positions the solver has visited since it was made. */
uint64_t endgame_nodes(const struct endgame_ctx *ctx);

#endif
