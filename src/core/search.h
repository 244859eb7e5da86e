/*
 * core/search.h — the resumable game-tree search every game's engine runs on.
 *
 * The search is a state machine with an explicit stack, so that the front end can advance
 * it a slice at a time inside a frame and the window never freezes:
 *
 *     search_start(s, pos, &limits);
 *     while (!search_step(s, budget)) draw_a_frame();
 *     const struct search_result *r = search_result(s);
 *
 * Iterative deepening, negamax alpha-beta with a transposition table, move ordering (TT
 * move, killers, history) and principal-variation extraction are shared by all games; a
 * game takes part only through its rules table (core/game.h), whose `evaluate` scores a
 * position for the side to move. A move that leaves the same side to move (Dots and Boxes
 * after a box) is searched without changing sides.
 *
 * Determinism: the same position, limits and seed give the same move, score and node count
 * whatever the budget of each step (1 node, 1000 nodes or unlimited).
 */
#ifndef PARITY_CORE_SEARCH_H
#define PARITY_CORE_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"

enum {
	SEARCH_MAX_DEPTH = 64,    /* plies, iterative deepening included */
	SEARCH_PV_MAX = 32,       /* moves of the principal variation kept */
	SEARCH_WIN = 1000000,     /* a won game scores SEARCH_WIN + margin × SEARCH_MARGIN_UNIT
				    - plies to get there (search_win_score) */
	SEARCH_MARGIN_UNIT = 256, /* so that a bigger win always beats a sooner one */
	SEARCH_PROVEN = SEARCH_WIN - 1000,  /* scores this far out are won or lost games */
	SEARCH_DECIDED = SEARCH_PROVEN / 4, /* and these, a database's wins and losses too */
	SEARCH_INFINITY = 2000000,
};

/* What one search may do. Zero fields mean "no limit" / "none". */
struct search_limits {
	int depth;      /* deepest iteration, in plies (0: SEARCH_MAX_DEPTH) */
	uint64_t nodes; /* stop deepening once this many nodes are spent (0: no limit) */
	int give_up;    /* an unfinished iteration that does not go to the end is given up
			   past this many percent of `nodes` (0: 400, four times) */
	int deepen;     /* no iteration starts once this many percent of `nodes` are spent
			   (0: 100); not in the iterations that go to the end */
	int single;     /* a root with only one move (a forced capture, a lone reply) is
			   searched to this many percent of `nodes`, for its score (0: 100);
			   not in the iterations that go to the end */
	int behind;     /* a lost cause gets no extra time: once the last finished iteration's
			   root score is this much below zero or worse (evaluation units; 0:
			   never), an unfinished iteration is given up at `nodes` rather than at
			   `give_up`; once it is a proven loss (-SEARCH_DECIDED or worse), no
			   iteration starts past `single` percent of `nodes`. Not in the
			   iterations that go to the end */
	int trouble;    /* a difficult position gets more time: once the last finished
			   iteration's root score is this much below zero or worse (evaluation
			   units; 0: never) but not `behind`, iterations start up to `extra`
			   percent of `nodes` instead of `deepen`'s; not in the iterations that
			   go to the end */
	int extra;      /* (with trouble) that percent, above 100; the give-up stays where it is */
	int noise;      /* an imperfection: up to this much (evaluation units) added at random
			   to each root move's score, from `seed`; never to a decided one
			   (SEARCH_DECIDED: a won ending is played out as without noise) */
	uint32_t seed;  /* for the noise; the same seed, the same game */
	int aspiration; /* search each iteration first within this much of the last score
			   (evaluation units; 0: the whole window); not with noise */
	int probcut;    /* with `deep`: prune nodes a shallow search shows very probably outside
			   the window by this many tenths of its error's standard deviation
			   (game_deep.probcut; 0: never). Not in the iterations that go to
			   the end (search_limits.exact). */
	bool deep;      /* let the game's own search take the bottom of the tree (rules->deep) */
	bool reduce;    /* late-move reductions: below the root, at 3 plies or more from the
			   horizon, a move ordered after the first two is searched first with
			   a null window one ply shallower (two at 5 plies or more and after the
			   first five); one that beats the window is searched again in full */
	bool extend;    /* a move that is its position's only one (a forced capture, a
			   single reply) costs no depth */
	int exact;      /* once the game says at most this many moves are left
			   (game_rules.moves_left), deepen until every line reaches the end, past
			   `depth` and `nodes` (up to SEARCH_EXACT_NODES_FACTOR × nodes): 0 never */
	int wld;        /* once at most this many moves are left but more than `exact`, go to the
			   end in the same way, with a window around the draw: the search tells
			   a win from a draw from a loss and plays a move that wins (draws) if
			   any does, without the exact margin, which costs more; 0 never */
	bool book;      /* answer from the game's opening book (game_rules.book) at once, without
			   searching, when the root position is in it */
	int spread;     /* with book: a random book move up to this much (evaluation units) worse
			   than the best, for variety (0: the best) */
	const uint64_t *history; /* games with repetition draws: hashes (rules->hash) of the
				    positions before the root that it could repeat, kept alive by
				    the caller while the search runs; a node below the root whose
				    position is one of them or on the path above it scores a draw */
	int history_count;
};

enum { SEARCH_EXACT_NODES_FACTOR = 6 };

struct search_result {
	bool has_move;         /* false only when the game is over */
	struct game_move move; /* the move to play */
	int score;             /* for the side to move, in evaluation units (or ±SEARCH_WIN…) */
	int depth;             /* the deepest iteration completed */
	bool exact;            /* every line of that iteration reached the end of the game: the
				  score is the game's proven value (a draw too), not an estimate */
	uint64_t nodes;        /* positions visited */
	bool book;             /* the move and score come from the opening book (depth 0) */
	int pv_length;
	struct game_move pv[SEARCH_PV_MAX]; /* the principal variation, starting with `move` */
};

/* Returns whether a search score is a proven win or loss rather than an evaluation. */
static inline bool search_proven(int score)
{
	return score >= SEARCH_PROVEN || score <= -SEARCH_PROVEN;
}

/* Returns the score of a game that ends `ply` plies from here with final margin `margin`
 * (> 0: won by the side to move here): the bigger the win the better, then the sooner. */
static inline int search_win_score(int margin, int ply)
{
	return margin > 0   ? SEARCH_WIN + margin * SEARCH_MARGIN_UNIT - ply
	       : margin < 0 ? -SEARCH_WIN + margin * SEARCH_MARGIN_UNIT + ply
	                    : 0;
}

/* Returns the final margin of a proven score (search_proven), 0 for any other. */
static inline int search_margin(int score)
{
	if (score >= SEARCH_PROVEN)
		return (score - SEARCH_WIN + SEARCH_MARGIN_UNIT / 2) / SEARCH_MARGIN_UNIT;
	if (score <= -SEARCH_PROVEN)
		return -((-score - SEARCH_WIN + SEARCH_MARGIN_UNIT / 2) / SEARCH_MARGIN_UNIT);
	return 0;
}

struct search;

/* Returns a new search for `rules` with a transposition table of 2^tt_bits entries, or NULL
 * when out of memory. The table (and the game's own deep-search context) is allocated when a
 * search first needs it, in search_start; until then the search holds a few kilobytes. */
struct search *search_new(const struct game_rules *rules, int tt_bits);

/* Frees a search (NULL is fine). */
void search_free(struct search *s);

/* Allocates now, and writes once, what a search of `pos` under `limits` would allocate at its
 * start (the whole table, the game's own context), so that the first search's clock does not
 * count it: `parity bench` times searches alone, as Edax's own timer does. Optional. */
void search_prepare(struct search *s, const void *pos, const struct search_limits *limits);

/* Starts searching `pos` (copied) under `limits`, forgetting any search in progress. */
void search_start(struct search *s, const void *pos, const struct search_limits *limits);

/* Advances the search by about `budget` nodes (0: to the end) and returns whether it has
 * finished. A step never runs past its budget by more than one leaf evaluation. */
bool search_step(struct search *s, uint64_t budget);

/* Finishes the search now with the best move found so far ("move now"). */
void search_stop(struct search *s);

/* Abandons the search: no result (undo, new game, quit). */
void search_cancel(struct search *s);

/* Returns whether a search has been started and has neither finished nor been cancelled. */
bool search_running(const struct search *s);

/* Returns the result of the finished search (or the best so far while it runs). */
const struct search_result *search_result(const struct search *s);

/* Returns the node limit of the search begun last: its limits' nodes, less for a lone move
 * (search_limits.single); 0 when unbounded. A front end's progress bar measures against it. */
uint64_t search_node_limit(const struct search *s);

#endif
