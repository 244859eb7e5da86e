/*
 * core/review.h — a finished (or unfinished) game judged move by move by the engine.
 *
 * A review searches every position of a game, from the first to the last, with the same
 * resumable search as play (core/search.h), so the front end advances it a slice at a time
 * and shows what is known while the rest fills in; the command line (`parity review`) runs
 * it to the end. Each position gets its value for the side to move there, its best move and
 * the engine's line; each move then gets its loss: the value of the position before it minus
 * the value the move left (from the mover's side), and a class from the module's thresholds
 * (struct game_review_info). Values are exact where the search reached the end of every line
 * (search_result.exact), and the level's estimate elsewhere.
 *
 * Determinism: a review searches each position from a fresh start (search_start forgets the
 * last), so the same game, level and seed give the same figures whatever the slicing.
 */
#ifndef PARITY_CORE_REVIEW_H
#define PARITY_CORE_REVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "core/level.h"
#include "core/match.h"
#include "core/module.h"
#include "core/search.h"

enum review_class {
	REVIEW_GOOD = 0,   /* the best move, or within the inaccuracy threshold of it */
	REVIEW_FORCED,     /* the only legal move (a pass) */
	REVIEW_INACCURACY, /* the loss reaches the module's thresholds */
	REVIEW_MISTAKE,
	REVIEW_BLUNDER,
	REVIEW_CLASSES
};

enum { REVIEW_PV_MAX = 12 }; /* moves of each position's line kept */

/* What the review knows of one position of the game. */
struct review_position {
	bool done;             /* searched (the rest is meaningless until it is) */
	bool final;            /* ... at the review's level, not only by the first quick look */
	bool exact;            /* value is the game's proven value, not an estimate */
	bool over;             /* the game is over here */
	int side;              /* who is to move */
	int value;             /* for the side to move, in evaluation units within ±cap */
	int score;             /* the search's own score (core/search.h) */
	int depth;             /* the deepest iteration of its search */
	uint64_t nodes;        /* positions its search visited */
	struct game_move best; /* the engine's move (when !over) */
	int pv_length;         /* the engine's line from here, best first */
	struct game_move pv[REVIEW_PV_MAX];
};

/* One move of the game, judged (review_move). */
struct review_move {
	bool known;     /* both positions around it are searched */
	int side;       /* who played it */
	int best_value; /* the position's value before it, for the mover */
	int value;      /* what the move left, for the mover */
	int loss;       /* best_value - value, never below 0 (0 when the best move was played) */
	bool best_played;
	bool exact; /* both values are exact: the loss is too */
	enum review_class cls;
};

/* Each side's figures over the moves reviewed so far. */
struct review_summary {
	int moves;                 /* judged moves (forced ones aside) */
	double mean_loss;          /* evaluation units */
	int count[REVIEW_CLASSES]; /* moves by class */
};

struct review {
	const struct game_module *module;
	const struct game_rules *rules;
	struct match match; /* the game reviewed, every move of it played (cursor = count) */
	int count;          /* moves of the game */
	struct review_position *pos; /* count + 1 positions: pos[i] is before move i */
	struct search_limits limits;
	struct search *search;
	int pass; /* 0: a quick look at every position first (review_quick_first), 1: the
			 level's search */
	struct search_limits quick; /* the quick look's limits */
	int next;     /* the next position to search in this pass (count + 1: all done) */
	bool started; /* the search of pos[next] is under way */
	uint64_t nodes;
};

/* Sets up a review of the moves of m (the whole history, redo tail included) at level lv of
 * its game (NULL: the module's review level), searching from scratch with a table of 2^tt_bits
 * entries. Returns GAME_OK, or GAME_ERR_SPACE when out of memory (nothing to free). */
int review_init(struct review *r, const struct match *m, const struct level *lv, int tt_bits);

/* Frees what the review holds. */
void review_free(struct review *r);

/* Searches for about `budget` nodes (0: to the end); returns whether every position is done. */
bool review_step(struct review *r, uint64_t budget);

/* Makes the review first take a quick look at every position (a shallow search, so that the
 * whole graph appears within seconds), then search each at the level as usual. Call it before
 * the first step; the final figures are the same either way. */
void review_quick_first(struct review *r);

/* Returns how many positions are searched at the review's level (0 .. count + 1). */
int review_done(const struct review *r);

/* Judges move i (0 .. count - 1) as far as it is known. */
void review_move(const struct review *r, int i, struct review_move *out);

/* Fills out with side's figures over the moves judged so far. */
void review_summary(const struct review *r, int side, struct review_summary *out);

/* Returns the class of a loss for module m (not REVIEW_FORCED). */
enum review_class review_classify(const struct game_module *m, int loss);

/* Returns the name of a class in English ("blunder"; N_-marked for the front end). */
const char *review_class_name(enum review_class c);

/* Returns a search score as a review value: a proven result by its margin (or ±cap), an
 * estimate within ±cap. */
int review_value(const struct game_module *m, int score);

#endif
