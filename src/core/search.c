/*
 * core/search.c — the resumable game-tree search (see search.h).
 *
 * The tree is walked by a loop over an explicit stack of frames, one per ply, instead of by
 * recursion, so that search_step can stop after any node and carry on later from the same
 * place: everything the walk needs between two nodes lives in `struct search`. Positions are
 * copied down the stack (copy-make): frame i's position is slot i of an array allocated once
 * with the search, so nothing is allocated while searching.
 *
 * Each iteration of the deepening is a fail-soft negamax alpha-beta search. A node is in one
 * of three phases: ENTER (count it, probe the transposition table, generate its moves, score
 * it if it is a leaf), NEXT (play the next move in order, or finish the node) and RETURN (hand
 * the node's score to its parent). A move after which the same side is to move again (Dots and
 * Boxes after a box) keeps the window and the score's sign.
 *
 * Node counts decide everything that is not the position (when to stop deepening, when to give
 * up an iteration), never time or the size of a step, so the result does not depend on how the
 * search is sliced. The transposition table, killers and history start empty for every
 * search (the table by a generation number, without clearing it), for the same reason.
 *
 * A game may take the bottom of the tree into its own hands (rules->deep): a node it accepts is
 * settled in one step by the game's fast code and counts the nodes that code visited. With
 * search_limits.exact the deepening goes on, past the level's depth and node limits, until
 * every line reaches a finished game (the game's exact solver, through the same hook, does
 * most of that work).
 *
 * A TT entry whose subtree reached only finished games is marked closed: its score holds at
 * any depth, and once a whole iteration is closed, deepening stops. Repetition draws (checkers):
 * a node (depth > 0) whose position already stands on the path from the root or in the game
 * history the caller gives (search_limits.history) scores a draw, as the second time a position
 * comes is as good as the third; the match applies the rule itself.
 */
/* madvise's MADV_HUGEPAGE is not POSIX */
#define _DEFAULT_SOURCE 1

#include "core/search.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/hash.h"

enum {
	TT_BITS_MIN = 8,
	TT_BITS_MAX = 30,
	DEPTH_CLOSED = 127,    /* a TT entry whose subtree reached only finished games */
	HISTORY_SIZE = 1024,   /* history slots per side (move codes modulo this) */
	HISTORY_MAX = 1 << 24, /* history is halved once a slot would pass this */
	KEY_TT = 1 << 30,      /* ordering keys: the TT (or previous best) move first, */
	KEY_KILLER1 = 1 << 29, /* then the two killers, */
	KEY_KILLER2 = 1 << 28, /* then history (always below HISTORY_MAX) */
	RANK_BITS = 16,        /* a move's index in frame.rank */
	RANK_INDEX = (1 << RANK_BITS) - 1,
	NO_MOVE = 0xffff,
	EXACT_PRELUDE = 12, /* iterations before going to the end (search_limits.exact) */
	PROBCUT_STEP = 5,   /* tenths of sigma added per iteration past the end of the game */
	PROBCUT_MAX = 40,   /* ... up to this confidence */
};

_Static_assert(GAME_MOVES_MAX <= RANK_INDEX + 1, "a move's index fits its rank's low bits");

enum bound { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

/* PHASE_SOLVE: the game's own solver has the whole iteration (game_deep.solve_start). */
enum phase { PHASE_ENTER, PHASE_NEXT, PHASE_RETURN, PHASE_SOLVE };

struct tt_entry {
	uint64_t key;
	int32_t score; /* from the node's side to move; won games counted from the node */
	uint32_t gen;  /* the search that wrote it: older entries count as empty */
	uint16_t move; /* index of the best move in generation order, or NO_MOVE */
	uint16_t code; /* its code (low 16 bits), to check the index against */
	int8_t depth;  /* remaining depth searched, or DEPTH_CLOSED */
	uint8_t bound; /* enum bound */
};

struct frame {
	int depth;       /* plies left to search below this node */
	int alpha, beta; /* the window, from this node's side to move */
	int alpha_orig;  /* alpha on entry, to classify the score for the TT */
	int best;        /* best score so far (fail-soft), -SEARCH_INFINITY before any */
	int best_index;  /* its move (generation order), -1 before any */
	int noisy_best;  /* root only: best score with the noise added */
	int n;           /* moves generated */
	int next;        /* moves taken in order so far */
	int current;     /* the move being searched (generation order) */
	int side;        /* who is to move here */
	bool same;       /* the move into this node left the same side to move */
	bool open;       /* the subtree reached a leaf that is not a finished game */
	bool scout;      /* searched with a null window (PVS): a score inside the parent's window
	                    must be searched again with the whole window */
	bool research;   /* the move `current` is to be searched again with the whole window */
	bool redo;       /* ... or first at its full depth, with the same null window (its
	                    reduced search beat the window: search_limits.reduce) */
	bool reduced;    /* this node is searched shallower than its parent's depth - 1 */
	bool hashed;     /* `hash` was found by the parent (children_prefetch), not yet used */
	bool prefetched; /* child_hash holds the hash of each move's child */
	uint64_t hash;
	uint64_t child_hash[GAME_MOVES_MAX]; /* when prefetched (generation order) */
	int key[GAME_MOVES_MAX];             /* ordering key of each move (generation order) */
	/* Each move's key (>= 0) above the complement of its index, RANK_INDEX - index: the
	 * largest word is the move to take next, the first of the best keys on ties. [0, next)
	 * are the moves already taken, in order. */
	uint64_t rank[GAME_MOVES_MAX];
	struct game_move moves[GAME_MOVES_MAX];
};

struct search {
	const struct game_rules *rules;
	struct tt_entry *tt;
	uint64_t tt_mask;
	int tt_bits; /* the size asked for: the table has it once a search needed it */
	uint32_t gen;
	unsigned char *positions; /* SEARCH_MAX_DEPTH + 1 slots of rules->pos_size bytes */
	struct frame *frames;     /* SEARCH_MAX_DEPTH + 1 */
	struct game_move (*pv)[SEARCH_PV_MAX]; /* triangular PV table, one row per ply */
	int pv_len[SEARCH_MAX_DEPTH + 1];
	uint32_t killer[SEARCH_MAX_DEPTH + 1][2];
	int history[2][HISTORY_SIZE];

	void *deep; /* the game's own search context (rules->deep), or NULL */
	struct search_limits limits;
	int max_depth;
	bool exact;     /* searching to the end (limits.exact) */
	bool wld;       /* ... only to tell a win, a draw or a loss (limits.wld) */
	int probcut;    /* the confidence of the iteration under way (limits.probcut, raised
			   once an iteration reaches the end of the game) */
	int exact_left; /* ... with this many moves left (game_rules.moves_left) */
	bool running;
	enum phase phase;
	int ply;
	int iter;      /* the depth of the iteration in progress */
	int ret;       /* the score a finished node hands to its parent */
	int root_best; /* best root move of the last completed iteration, or -1 */
	uint64_t nodes;
	struct search_result result;
};

/* Returns position slot i of the stack. */
static void *slot(const struct search *s, int i)
{
	return s->positions + (size_t)i * s->rules->pos_size;
}

struct search *search_new(const struct game_rules *rules, int tt_bits)
{
	if (!rules || rules->pos_size == 0)
		return NULL;
	if (tt_bits < TT_BITS_MIN)
		tt_bits = TT_BITS_MIN;
	if (tt_bits > TT_BITS_MAX)
		tt_bits = TT_BITS_MAX;
	struct search *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->rules = rules;
	/* The table starts at its smallest; it grows to the size asked for, and the game's own
	 * search context (a solver's table) is made, when a search first needs them
	 * (search_start): a search object made for a game that is never searched costs little. */
	s->tt_bits = tt_bits;
	s->tt_mask = (1ULL << TT_BITS_MIN) - 1;
	s->tt = calloc((size_t)1 << TT_BITS_MIN, sizeof *s->tt);
	s->positions = calloc(SEARCH_MAX_DEPTH + 1, rules->pos_size);
	s->frames = calloc(SEARCH_MAX_DEPTH + 1, sizeof *s->frames);
	s->pv = calloc(SEARCH_MAX_DEPTH + 1, sizeof *s->pv);
	if (!s->tt || !s->positions || !s->frames || !s->pv) {
		search_free(s);
		return NULL;
	}
	return s;
}

void search_free(struct search *s)
{
	if (!s)
		return;
	free(s->tt);
	free(s->positions);
	free(s->frames);
	free(s->pv);
	if (s->deep)
		s->rules->deep->destroy(s->deep);
	free(s);
}

/* Returns the score of a finished game at `ply` for its side to move (search_win_score). */
static int terminal_score(const struct search *s, const void *pos, int ply)
{
	const int r = s->rules->result(pos);
	return search_win_score(s->rules->to_move(pos) != 0 ? -r : r, ply);
}

/* Returns a score as stored in the TT: won and lost games counted from the node, not the root. */
static int score_to_tt(int v, int ply)
{
	return v >= SEARCH_PROVEN ? v + ply : v <= -SEARCH_PROVEN ? v - ply : v;
}

/* Returns a TT score as seen from `ply`. */
static int score_from_tt(int v, int ply)
{
	return v >= SEARCH_PROVEN ? v - ply : v <= -SEARCH_PROVEN ? v + ply : v;
}

/* Returns the noise added to the score v of root move `code`: 0..limits.noise, and none where
 * v is decided (a proof's or a database's score), so that a won ending is never wandered in. */
static int root_noise(const struct search *s, uint32_t code, int v)
{
	if (s->limits.noise <= 0 || v >= SEARCH_DECIDED || v <= -SEARCH_DECIDED)
		return 0;
	const uint64_t h =
	    hash_mix64(((uint64_t)s->limits.seed << 32 | code) ^ 0x6a09e667f3bcc909ULL);
	return (int)(h % ((uint64_t)s->limits.noise + 1));
}

/* The TT's slots go in pairs, a position's two places (Edax and Cake keep buckets too): the
 * first keeps the deepest search of the pair's positions, the second the latest of the others.
 * A table that always replaced its one slot lost the deep entries of a search of many times its
 * size to the leaves' (checkers' Expert, 2^20 slots, needed 1.9 times the nodes to 22 plies). */
static inline struct tt_entry *tt_bucket(const struct search *s, uint64_t hash)
{
	return &s->tt[hash & s->tt_mask & ~(uint64_t)1];
}

/* Returns whether TT entry e holds this search's entry of the position `hash`. */
static inline bool tt_holds(const struct search *s, const struct tt_entry *e, uint64_t hash)
{
	return e->key == hash && e->gen == s->gen;
}

/* Returns the TT entry for `hash` if it belongs to this search and position, else NULL. */
static const struct tt_entry *tt_probe(const struct search *s, uint64_t hash)
{
	const struct tt_entry *e = tt_bucket(s, hash);
	return tt_holds(s, &e[0], hash) ? &e[0] : tt_holds(s, &e[1], hash) ? &e[1] : NULL;
}

/* Stores a finished node in the TT: in the slot of its pair that holds the position already;
 * else in the first when that is empty (another search's) or no deeper, else in the second. */
static void tt_store(struct search *s, const struct frame *f, int bound)
{
	struct tt_entry *e = tt_bucket(s, f->hash);
	const int depth = f->open ? f->depth : DEPTH_CLOSED;
	if (tt_holds(s, &e[1], f->hash))
		++e;
	else if (e->key != f->hash && e->gen == s->gen && e->depth > depth)
		++e;
	e->key = f->hash;
	e->gen = s->gen;
	e->score = score_to_tt(f->best, s->ply);
	e->depth = (int8_t)depth;
	e->bound = (uint8_t)bound;
	e->move = f->best_index >= 0 ? (uint16_t)f->best_index : NO_MOVE;
	e->code = f->best_index >= 0 ? (uint16_t)f->moves[f->best_index].code : 0;
}

/* Asks for the TT entries of `hash`: both ends of its pair, 48 bytes, which lies across two
 * cache lines in half of the pairs (the second ask finds the line on its way or there). */
static inline void tt_prefetch(const struct search *s, uint64_t hash)
{
	const struct tt_entry *e = tt_bucket(s, hash);
	__builtin_prefetch(e);
	__builtin_prefetch((const char *)(e + 2) - 1);
}

/* Finds the hash of every child of frame f (at s->ply, its moves generated) and asks for its
 * TT entry from memory, so that the entries are on their way while the moves are ordered and
 * searched: a probe is most of a node's time in the shared search when it waits for memory.
 * node_next hands each hash to its child, which does not find it again. */
static void children_prefetch(struct search *s, struct frame *f)
{
	if (s->rules->hash_children) {
		s->rules->hash_children(slot(s, s->ply), f->moves, f->n, f->child_hash);
		for (int i = 0; i < f->n; i++)
			tt_prefetch(s, f->child_hash[i]);
	} else {
		void *scratch = slot(s, s->ply + 1);
		for (int i = 0; i < f->n; i++) {
			memcpy(scratch, slot(s, s->ply), s->rules->pos_size);
			s->rules->play(scratch, &f->moves[i]);
			f->child_hash[i] = s->rules->hash(scratch);
			tt_prefetch(s, f->child_hash[i]);
		}
	}
	f->prefetched = true;
}

/* Sets the ordering keys of the moves of frame f: the preferred move (from the TT, or the
 * previous iteration at the root), then the killers of this ply, then history; or, when the
 * game orders its own moves (game_deep.order), the preferred move and then the game's keys. */
static void order_moves(struct search *s, struct frame *f, int preferred)
{
	const struct game_deep *deep = s->rules->deep;
	if (s->deep && s->limits.deep && deep->order) {
		uint64_t nodes = 0;
		deep->order(s->deep, slot(s, s->ply), f->moves, f->n, f->depth, f->key, &nodes);
		s->nodes += nodes;
	} else {
		const int *hist = s->history[f->side & 1];
		const uint32_t k1 = s->killer[s->ply][0], k2 = s->killer[s->ply][1];
		for (int i = 0; i < f->n; i++) {
			const uint32_t code = f->moves[i].code;
			int key = hist[code % HISTORY_SIZE];
			if (code == k1)
				key = KEY_KILLER1;
			else if (code == k2)
				key = KEY_KILLER2;
			f->key[i] = key;
		}
	}
	if (preferred >= 0 && preferred < f->n)
		f->key[preferred] = KEY_TT;
	for (int i = 0; i < f->n; i++)
		f->rank[i] =
		    (uint64_t)(uint32_t)f->key[i] << RANK_BITS | (uint64_t)(RANK_INDEX - i);
}

/* Returns the index (generation order) of a TT entry's move among f's moves, or -1. */
static int tt_move_index(const struct frame *f, const struct tt_entry *e)
{
	if (!e || e->move == NO_MOVE)
		return -1;
	if (e->move < f->n && (uint16_t)f->moves[e->move].code == e->code)
		return e->move;
	for (int i = 0; i < f->n; i++)
		if ((uint16_t)f->moves[i].code == e->code)
			return i;
	return -1;
}

/* Offers the node on top of the stack to the game's own search (rules->deep). Returns true
 * when the game took it, with its score in s->ret (and in the TT when it searched below it). */
static bool deep_enter(struct search *s, struct frame *f, const void *pos)
{
	int v = 0;
	uint64_t nodes = 0;
	const int status =
	    s->rules->deep->search(s->deep, pos, f->depth, score_to_tt(f->alpha, s->ply),
	                           score_to_tt(f->beta, s->ply), &v, &nodes);
	if (status == GAME_DEEP_NO)
		return false;
	s->nodes += nodes;
	s->ret = score_from_tt(v, s->ply);
	f->open = status != GAME_DEEP_EXACT;
	if (f->depth > 0) {
		f->best = s->ret;
		f->best_index = -1;
		tt_store(s, f,
		         s->ret >= f->beta    ? BOUND_LOWER
		         : s->ret <= f->alpha ? BOUND_UPPER
		                              : BOUND_EXACT);
	}
	return true;
}

/* Returns whether the position `hash` of the node at s->ply (depth > 0) repeats one of the
 * path above it or of the game history before the root (the hash includes the side to move). */
static bool repeated(const struct search *s, uint64_t hash)
{
	for (int i = s->ply - 2; i >= 0; i--)
		if (s->frames[i].depth > 0 && s->frames[i].hash == hash)
			return true;
	for (int i = 0; i < s->limits.history_count; i++)
		if (s->limits.history[i] == hash)
			return true;
	return false;
}

/* Enters the node on top of the stack, already counted. Returns true when it is settled at
 * once (TT cut, finished game, leaf) with its score in s->ret; false when its moves are ready
 * to be searched. */
static bool node_enter(struct search *s)
{
	const struct game_rules *rules = s->rules;
	struct frame *f = &s->frames[s->ply];
	const void *pos = slot(s, s->ply);
	const struct tt_entry *e = NULL;
	f->open = false;
	s->pv_len[s->ply] = 0;
	if (f->depth > 0) {
		if (!f->hashed)
			f->hash = rules->hash(pos);
		f->hashed = false;
		if (rules->repetition_draw && s->ply > 0 && repeated(s, f->hash)) {
			f->open = true;
			s->ret = 0;
			return true;
		}
		e = tt_probe(s, f->hash);
		if (e && s->ply > 0 && e->depth >= f->depth) {
			const int v = score_from_tt(e->score, s->ply);
			if (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && v >= f->beta) ||
			    (e->bound == BOUND_UPPER && v <= f->alpha)) {
				f->open = e->depth != DEPTH_CLOSED;
				s->ret = v;
				return true;
			}
		}
	}
	if (s->deep && s->limits.deep && s->ply > 0 && deep_enter(s, f, pos))
		return true;
	if (s->deep && s->limits.deep && s->probcut > 0 && (!s->exact || s->iter < s->exact_left) &&
	    s->ply > 0 && s->rules->deep->probcut && f->depth > 0) {
		int v;
		uint64_t nodes = 0;
		const bool cut = s->rules->deep->probcut(s->deep, pos, f->depth, f->alpha, f->beta,
		                                         s->probcut, &v, &nodes);
		s->nodes += nodes;
		if (cut) {
			f->open = true;
			s->ret = v;
			return true;
		}
	}
	f->n = rules->generate(pos, f->moves);
	if (f->n == 0) {
		s->ret = terminal_score(s, pos, s->ply);
		return true;
	}
	if (f->depth <= 0) {
		f->open = true;
		s->ret = rules->evaluate ? rules->evaluate(pos) : 0;
		return true;
	}
	f->prefetched = false;
	if (f->depth >= 2)
		children_prefetch(s, f);
	f->side = rules->to_move(pos);
	f->alpha_orig = f->alpha;
	f->best = -SEARCH_INFINITY;
	f->noisy_best = -SEARCH_INFINITY;
	f->best_index = -1;
	f->next = 0;
	int preferred = tt_move_index(f, e);
	if (s->ply == 0 && s->root_best >= 0)
		preferred = s->root_best;
	order_moves(s, f, preferred);
	return false;
}

/* Records a cut by move `index` of frame f: a killer for this ply and a history bonus. */
static void note_cutoff(struct search *s, const struct frame *f, int index)
{
	const uint32_t code = f->moves[index].code;
	uint32_t *k = s->killer[s->ply];
	if (k[0] != code) {
		k[1] = k[0];
		k[0] = code;
	}
	int *h = &s->history[f->side & 1][code % HISTORY_SIZE];
	*h += f->depth * f->depth;
	if (*h >= HISTORY_MAX)
		for (int side = 0; side < 2; side++)
			for (int i = 0; i < HISTORY_SIZE; i++)
				s->history[side][i] /= 2;
}

/* Finishes the node on top of the stack: cut bookkeeping, TT store, score into s->ret. */
static void node_finish(struct search *s)
{
	struct frame *f = &s->frames[s->ply];
	int bound;
	if (s->ply == 0) {
		/* With noise the other root moves were only bounded: the best is a lower bound. */
		bound = s->limits.noise > 0        ? BOUND_LOWER
		        : f->best <= f->alpha_orig ? BOUND_UPPER
		        : f->best >= f->beta       ? BOUND_LOWER
		                                   : BOUND_EXACT;
	} else if (f->best >= f->beta) {
		bound = BOUND_LOWER;
		note_cutoff(s, f, f->best_index);
	} else {
		bound = f->best <= f->alpha_orig ? BOUND_UPPER : BOUND_EXACT;
	}
	tt_store(s, f, bound);
	s->ret = f->best;
}

/* Takes the next move of the node on top of the stack in order and pushes its child.
 * Returns false when there is none left (or a cut happened): the node is finished. */
static bool node_next(struct search *s)
{
	struct frame *f = &s->frames[s->ply];
	const bool again = f->research || f->redo;
	const bool redo = f->redo;
	f->research = false;
	f->redo = false;
	if (!again && (f->next >= f->n || f->best >= f->beta))
		return false;
	uint16_t index = (uint16_t)f->current;
	if (!again) {
		/* Selection sort, one step: the largest rank left comes next (without branches:
		 * which one wins is hard to predict). */
		int pick = f->next;
		uint64_t best = f->rank[pick];
		for (int i = f->next + 1; i < f->n; i++) {
			const uint64_t r = f->rank[i];
			pick = r > best ? i : pick;
			best = r > best ? r : best;
		}
		f->rank[pick] = f->rank[f->next];
		f->rank[f->next++] = best;
		index = (uint16_t)(RANK_INDEX - (best & RANK_INDEX));
		f->current = index;
	}

	const size_t size = s->rules->pos_size;
	void *child_pos = slot(s, s->ply + 1);
	memcpy(child_pos, slot(s, s->ply), size);
	s->rules->play(child_pos, &f->moves[index]);

	int alpha = f->alpha, beta = f->beta;
	if (s->ply == 0) {
		/* A root move matters only if its score plus its noise can beat the best so far
		 * (its score is not known yet: the window allows for the noise in any case). */
		const int noise = root_noise(s, f->moves[index].code, 0);
		alpha =
		    f->noisy_best == -SEARCH_INFINITY ? -SEARCH_INFINITY : f->noisy_best - noise;
		if (alpha < f->alpha) /* the aspiration window (or the whole one) */
			alpha = f->alpha;
		beta = f->beta;
	}
	/* Principal-variation search: after the first move, a null window proves the move no
	 * better; only one that turns out better is searched again with the whole window. */
	const bool scout =
	    (!again || redo) && f->next > 1 && alpha > -SEARCH_INFINITY && beta - alpha > 1;
	if (scout)
		beta = alpha + 1;
	/* Late-move reductions: a move ordered late, searched with a null window below the root,
	 * first goes one or two plies less deep. A forced move goes as deep as its position. */
	int reduction = 0;
	if (s->limits.reduce && scout && !again && s->ply > 0 && f->depth >= 3 && f->next > 2)
		reduction = f->depth >= 5 && f->next > 5 ? 2 : 1;
	const bool extended = s->limits.extend && f->n == 1 &&
	                      s->ply + 1 + f->depth <= SEARCH_MAX_DEPTH && s->ply < 2 * s->iter;
	struct frame *c = &s->frames[s->ply + 1];
	c->same = s->rules->to_move(child_pos) == f->side;
	c->scout = scout;
	c->research = false;
	c->redo = false;
	c->reduced = reduction > 0;
	c->hashed = f->prefetched;
	c->hash = f->prefetched ? f->child_hash[index] : 0;
	c->depth = f->depth - 1 - reduction + (extended ? 1 : 0);
	c->alpha = c->same ? alpha : -beta;
	c->beta = c->same ? beta : -alpha;
	s->ply++;
	return true;
}

/* Copies the child's principal variation behind move `index` into frame ply's row. */
static void pv_update(struct search *s, int ply, int index)
{
	struct game_move *row = s->pv[ply];
	row[0] = s->frames[ply].moves[index];
	int n = s->pv_len[ply + 1];
	if (n > SEARCH_PV_MAX - 1)
		n = SEARCH_PV_MAX - 1;
	memcpy(&row[1], s->pv[ply + 1], (size_t)n * sizeof row[0]);
	s->pv_len[ply] = n + 1;
}

/* Hands the finished child's score (s->ret) to its parent, popping the stack. */
static void node_return(struct search *s)
{
	const struct frame *c = &s->frames[s->ply];
	const int v = c->same ? s->ret : -s->ret;
	const bool open = c->open, scouted = c->scout, reduced = c->reduced;
	s->ply--;
	struct frame *f = &s->frames[s->ply];
	f->open |= open;
	const int index = f->current;
	if (reduced && v > f->alpha) { /* a late move beat the window: verify at full depth */
		f->redo = true;
		return;
	}
	if (scouted) {
		const bool better = s->ply == 0
		                        ? v + root_noise(s, f->moves[index].code, v) > f->noisy_best
		                        : v > f->alpha && v < f->beta;
		if (better) {
			f->research = true;
			return;
		}
	}
	if (s->ply == 0) {
		const int noisy = v + root_noise(s, f->moves[index].code, v);
		if (f->best_index < 0 || noisy > f->noisy_best) {
			f->noisy_best = noisy;
			f->best = v;
			f->best_index = index;
			pv_update(s, 0, index);
		}
		return;
	}
	if (v > f->best) {
		f->best = v;
		f->best_index = index;
		if (v > f->alpha) {
			if (v < f->beta)
				pv_update(s, s->ply, index);
			f->alpha = v;
		}
	}
}

/* Returns whether the iteration under way goes to the end only to tell a win, a draw or a
 * loss (search_limits.wld). */
static bool wld_iteration(const struct search *s)
{
	return s->wld && s->iter >= s->exact_left;
}

/* Sets up the root frame for an iteration of depth s->iter: an aspiration window around the
 * last iteration's score when the limits ask for one (and there is no noise), unless `whole`. */
static void iteration_begin(struct search *s, bool whole)
{
	struct frame *root = &s->frames[0];
	root->depth = s->iter;
	root->alpha = -SEARCH_INFINITY;
	root->beta = SEARCH_INFINITY;
	const int last = s->result.score, width = s->limits.aspiration;
	if (!whole && width > 0 && s->limits.noise <= 0 && s->root_best >= 0 &&
	    !search_proven(last)) {
		root->alpha = last - width;
		root->beta = last + width;
	}
	if (wld_iteration(s)) { /* a window around the draw */
		root->alpha = -1;
		root->beta = 1;
	}
	root->same = true;
	root->scout = false;
	root->research = false;
	root->redo = false;
	root->reduced = false;
	root->hashed = false;
	root->best_index = -1;
	s->ply = 0;
	s->phase = PHASE_ENTER;
}

/* Returns whether the root's score fell outside a narrowed window (the iteration must be
 * searched again with the whole window). */
static bool aspiration_failed(const struct search *s)
{
	const struct frame *root = &s->frames[0];
	if (wld_iteration(s)) /* the window was chosen, not guessed */
		return false;
	return (root->alpha > -SEARCH_INFINITY && root->best <= root->alpha) ||
	       (root->beta < SEARCH_INFINITY && root->best >= root->beta);
}

/* Records the iteration that has just finished as the result. */
static void iteration_record(struct search *s)
{
	const struct frame *root = &s->frames[0];
	struct search_result *r = &s->result;
	if (wld_iteration(s) && root->best < 0 && r->depth > 0) {
		/* Every move loses, and the window tells nothing about by how much: the
		 * selective search's choice, which loses least as far as it can see, stays. */
		r->score = root->best;
		r->depth = s->iter;
		r->pv[0] = r->move;
		r->pv_length = 1;
		return;
	}
	r->has_move = true;
	r->move = root->moves[root->best_index];
	r->score = root->best;
	r->depth = s->iter;
	r->exact = !root->open && !wld_iteration(s) && s->limits.noise <= 0;
	r->pv_length = s->pv_len[0];
	memcpy(r->pv, s->pv[0], (size_t)r->pv_length * sizeof r->pv[0]);
	if (r->pv_length == 0) {
		r->pv[0] = r->move;
		r->pv_length = 1;
	}
	s->root_best = root->best_index;
}

/* Keeps what an iteration given up at the node limit has found: once the root's first move
 * (the last iteration's best) is searched to the new depth, the best move so far has a score
 * from the deeper search and replaces the last iteration's. Not with a narrowed root window
 * (aspiration, outcome only), whose scores may be bounds. */
static void iteration_partial(struct search *s)
{
	const struct frame *root = &s->frames[0];
	if (s->ply > 0 && root->best_index >= 0 && root->alpha == -SEARCH_INFINITY &&
	    root->beta == SEARCH_INFINITY && s->limits.noise <= 0) {
		const int depth = s->result.depth;
		iteration_record(s);
		s->result.depth = depth; /* the last iteration finished */
		s->result.exact = false;
	}
}

/* `percent` percent of a node limit, UINT64_MAX where that would not fit. */
static uint64_t percent_of(uint64_t nodes, uint64_t percent)
{
	return nodes <= UINT64_MAX / percent ? percent * nodes / 100 : UINT64_MAX;
}

/* Returns whether the last finished iteration scores the root at least `margin` (> 0) below
 * zero, outside the iterations that go to the end. */
static bool scored_below(const struct search *s, int margin)
{
	return margin > 0 && !s->exact && s->result.depth > 0 && !s->result.book &&
	       s->result.score <= -margin;
}

/* A lost cause (search_limits.behind): no extra time. */
static bool behind(const struct search *s)
{
	return scored_below(s, s->limits.behind);
}

/* A difficult position (search_limits.trouble) that is not a lost cause: more time. */
static bool in_trouble(const struct search *s)
{
	return s->limits.extra > 0 && scored_below(s, s->limits.trouble) && !behind(s);
}

/* The node count past which an unfinished iteration is given up: search_limits.give_up
 * percent of the node limit (four times by default; six when going to the end), the limit
 * itself in a lost cause (search_limits.behind); UINT64_MAX without a limit. */
static uint64_t give_up_at(const struct search *s)
{
	if (!s->limits.nodes)
		return UINT64_MAX;
	const uint64_t factor = s->exact                ? 100 * SEARCH_EXACT_NODES_FACTOR
	                        : behind(s)             ? 100
	                        : s->limits.give_up > 0 ? (uint64_t)s->limits.give_up
	                                                : 400;
	return percent_of(s->limits.nodes, factor);
}

/* Returns whether another iteration is worth starting after the one just recorded. */
static bool iteration_more(const struct search *s)
{
	if (s->iter >= s->max_depth)
		return false;
	/* A proven loss starts no iteration past search_limits.single percent of the node limit:
	 * deeper ones could only find a longer defence, and the time goes to the moves that
	 * need it. */
	if (behind(s) && s->result.score <= -SEARCH_DECIDED && s->limits.nodes &&
	    s->nodes >= percent_of(s->limits.nodes,
	                           s->limits.single > 0 ? (uint64_t)s->limits.single : 100))
		return false;
	/* No new iteration past search_limits.deepen percent of the node limit (all of it by
	 * default; search_limits.extra in a difficult position) but when going to the end. */
	uint64_t percent = s->limits.deepen > 0 ? (uint64_t)s->limits.deepen : 100;
	if (in_trouble(s) && (uint64_t)s->limits.extra > percent)
		percent = (uint64_t)s->limits.extra;
	const uint64_t until = percent_of(s->limits.nodes, percent);
	if (s->limits.nodes && s->nodes >= until && !s->exact)
		return false;
	return s->frames[0].open; /* a tree of finished games only will not change */
}

/* Hands the iteration that goes to the end (s->iter) to the game's own resumable solver when
 * it has one and takes the position: its guess is the last iteration's score, its first move
 * that iteration's best. Returns whether it did. */
static bool solve_begin(struct search *s)
{
	const struct game_deep *deep = s->rules->deep;
	if (!s->exact || s->iter < s->exact_left || !s->deep || !s->limits.deep ||
	    s->limits.noise > 0 || !deep->solve_start)
		return false;
	const struct search_result *r = &s->result;
	return deep->solve_start(s->deep, slot(s, 0), s->wld, r->score,
	                         r->has_move ? r->move.code : GAME_NO_CODE);
}

/* Records the solver's finished iteration as the result, as iteration_record does: its move,
 * score and line, turned into the game's moves. */
static void solve_record(struct search *s)
{
	struct search_result *r = &s->result;
	uint32_t codes[SEARCH_PV_MAX];
	int score;
	const int n = s->rules->deep->solve_result(s->deep, &score, codes, SEARCH_PV_MAX);
	if (s->wld && score < 0 && r->depth > 0) { /* see iteration_record */
		r->score = score;
		r->depth = s->iter;
		r->pv[0] = r->move;
		r->pv_length = 1;
		return;
	}
	/* The line, as far as each code is a legal move of its position (slot 1 and frame 1's
	 * moves are free once the iteration is over). */
	void *pos = slot(s, 1);
	struct game_move *moves = s->frames[1].moves;
	memcpy(pos, slot(s, 0), s->rules->pos_size);
	int length = 0;
	for (int i = 0; i < n; i++) {
		const int count = s->rules->generate(pos, moves);
		int k = 0;
		while (k < count && moves[k].code != codes[i])
			k++;
		if (k == count)
			break;
		r->pv[length++] = moves[k];
		s->rules->play(pos, &moves[k]);
	}
	if (length == 0)
		return; /* no move of the root: keep the last iteration's */
	r->has_move = true;
	r->move = r->pv[0];
	r->pv_length = length;
	r->score = score;
	r->depth = s->iter;
	r->exact = !s->wld;
}

/* Gives s its whole table and the game's own search context (for a search of pos under
 * s->limits), where it has not got them yet. With `touch` the table's pages are also written
 * once now (search_prepare), so that no search pays for their first touch; without it the
 * system gives them as the search first reaches them. */
static void grow(struct search *s, const void *pos, bool touch)
{
	const struct game_rules *rules = s->rules;
	if (s->tt_mask + 1 < (1ULL << s->tt_bits)) { /* the first search: the whole table */
		const size_t bytes = ((size_t)1 << s->tt_bits) * sizeof(struct tt_entry);
		struct tt_entry *tt = calloc(1, bytes);
#ifdef MADV_HUGEPAGE
		/* Its whole 2 MiB pages on huge pages where the system gives them: the probes are
		 * random, and in 4 KiB pages a table of 2^20 entries spans more pages than the TLB
		 * holds (the probe's load was 6% of Reversi Expert's time; 4% less CPU time with
		 * them). Only a hint: nothing changes but speed. */
		const uintptr_t huge = (uintptr_t)1 << 21,
		                start = ((uintptr_t)tt + huge - 1) & ~(huge - 1);
		if (tt && bytes >= 2 * huge)
			madvise((void *)start, ((uintptr_t)tt + bytes - start) & ~(huge - 1),
			        MADV_HUGEPAGE);
#endif
		/* With `touch`, calloc's pages are faulted in here rather than in a search. */
		if (tt && touch)
			memset(tt, 0, bytes);
		if (tt) { /* else the small one serves, out of memory */
			free(s->tt);
			s->tt = tt;
			s->tt_mask = (1ULL << s->tt_bits) - 1;
		}
		s->gen = 0;
	}
	if (rules->deep && !s->deep && s->limits.deep)
		s->deep = rules->deep->create(pos); /* NULL when out of memory: no deep search */
}

/* Sets s->limits to *limits, or to all zeros when limits is NULL. */
static void set_limits(struct search *s, const struct search_limits *limits)
{
	memset(&s->limits, 0, sizeof s->limits);
	if (limits)
		s->limits = *limits;
}

void search_prepare(struct search *s, const void *pos, const struct search_limits *limits)
{
	set_limits(s, limits);
	grow(s, pos, true);
}

void search_start(struct search *s, const void *pos, const struct search_limits *limits)
{
	const struct game_rules *rules = s->rules;
	set_limits(s, limits);
	s->max_depth = s->limits.depth > 0 && s->limits.depth < SEARCH_MAX_DEPTH ? s->limits.depth
	                                                                         : SEARCH_MAX_DEPTH;
	const int left = rules->moves_left ? rules->moves_left(pos) : -1;
	const bool exact = s->limits.exact > 0 && left >= 0 && left <= s->limits.exact;
	s->wld = !exact && s->limits.wld > 0 && left >= 0 && left <= s->limits.wld;
	s->exact = exact || s->wld;
	s->probcut = s->limits.probcut;
	s->exact_left = left;
	if (s->exact)
		s->max_depth = SEARCH_MAX_DEPTH;
	grow(s, pos, false);
	if (s->deep && s->limits.deep)
		rules->deep->reset(s->deep, pos);
	/* A new generation empties the TT without touching it; clear it on the rare wrap. */
	if (++s->gen == 0) {
		memset(s->tt, 0, (size_t)(s->tt_mask + 1) * sizeof *s->tt);
		s->gen = 1;
	}
	memset(s->killer, 0xff, sizeof s->killer);
	memset(s->history, 0, sizeof s->history);
	memset(&s->result, 0, sizeof s->result);
	memcpy(slot(s, 0), pos, rules->pos_size);
	s->nodes = 0;
	s->root_best = -1;
	s->iter = 1;
	iteration_begin(s, true);

	struct frame *root = &s->frames[0];
	root->n = rules->generate(pos, root->moves);
	if (root->n == 0) {
		s->result.score = terminal_score(s, pos, 0);
		s->result.exact = true;
		s->running = false;
		return;
	}
	/* A book move is the answer at once: no node is searched. */
	struct game_move book_move;
	int book_score;
	if (s->limits.book && rules->book &&
	    rules->book(pos, s->limits.spread, s->limits.seed, &book_move, &book_score)) {
		s->result.has_move = true;
		s->result.book = true;
		s->result.move = book_move;
		s->result.score = book_score;
		s->result.pv[0] = book_move;
		s->result.pv_length = 1;
		s->running = false;
		return;
	}
	/* A lone move needs no choosing: a short search gives its score, and the time it would
	 * have taken is left to the moves that need it (search_limits.single). The table starts
	 * empty for every search, so nothing of a longer one would have served the next move. */
	if (root->n == 1 && s->limits.single > 0 && s->limits.nodes && !s->exact) {
		const uint64_t n = percent_of(s->limits.nodes, (uint64_t)s->limits.single);
		s->limits.nodes = n > 0 ? n : 1;
	}
	/* Until an iteration finishes, the answer is the first legal move. */
	s->result.has_move = true;
	s->result.move = root->moves[0];
	s->result.pv[0] = root->moves[0];
	s->result.pv_length = 1;
	s->running = true;
}

/* Ends the search, keeping the result as it stands. */
static void finish(struct search *s)
{
	s->running = false;
	s->result.nodes = s->nodes;
}

bool search_step(struct search *s, uint64_t budget)
{
	if (!s->running)
		return true;
	const uint64_t stop_at =
	    budget && s->nodes <= UINT64_MAX - budget ? s->nodes + budget : UINT64_MAX;
	uint64_t give_up = give_up_at(s); /* again after each iteration: its score counts */
	for (;;) {
		switch (s->phase) {
		case PHASE_ENTER:
			/* Past 4× the node limit (give_up_at), the unfinished iteration is
			 * given up. */
			if (s->iter > 1 && s->nodes >= give_up) {
				iteration_partial(s);
				finish(s);
				return true;
			}
			if (s->nodes >= stop_at) {
				s->result.nodes = s->nodes;
				return false;
			}
			s->nodes++;
			s->phase = node_enter(s) ? PHASE_RETURN : PHASE_NEXT;
			break;
		case PHASE_NEXT:
			if (node_next(s)) {
				s->phase = PHASE_ENTER;
			} else {
				node_finish(s);
				s->phase = PHASE_RETURN;
			}
			break;
		case PHASE_RETURN:
			if (s->ply > 0) {
				node_return(s);
				s->phase = PHASE_NEXT;
				break;
			}
			if (aspiration_failed(s)) {
				iteration_begin(s, true);
				break;
			}
			iteration_record(s);
			if (!iteration_more(s)) {
				finish(s);
				return true;
			}
			give_up = give_up_at(s);
			/* A selective iteration that reached the end of the game can only be
			 * made surer: the next prunes less. */
			if (!s->exact && s->probcut > 0 && s->exact_left >= 0 &&
			    s->iter >= s->exact_left)
				s->probcut = s->probcut + PROBCUT_STEP < PROBCUT_MAX
				                 ? s->probcut + PROBCUT_STEP
				                 : PROBCUT_MAX;
			/* Going to the end, a few ordinary iterations order the moves; then the
			 * next one reaches the end of every line that has no pass. */
			s->iter = s->exact && s->iter >= EXACT_PRELUDE && s->iter < s->exact_left
			              ? s->exact_left
			              : s->iter + 1;
			if (solve_begin(s))
				s->phase = PHASE_SOLVE;
			else
				iteration_begin(s, false);
			break;
		case PHASE_SOLVE: {
			/* The solver stops where the node limit would give the iteration up, at
			 * the same node whatever the budgets; then the last iteration's result
			 * stands. */
			const uint64_t until = stop_at < give_up ? stop_at : give_up;
			if (s->nodes < until) {
				uint64_t nodes = 0;
				const bool done =
				    s->rules->deep->solve_step(s->deep, until - s->nodes, &nodes);
				s->nodes += nodes;
				if (done) {
					solve_record(s);
					finish(s);
					return true;
				}
			}
			if (s->nodes >= give_up) {
				finish(s);
				return true;
			}
			s->result.nodes = s->nodes;
			return false;
		}
		}
	}
}

void search_stop(struct search *s)
{
	if (!s->running)
		return;
	const struct frame *root = &s->frames[0];
	/* No iteration finished: the best of depth 1 so far, else the first legal move. */
	if (s->result.depth == 0 && root->best_index >= 0) {
		s->result.move = root->moves[root->best_index];
		s->result.score = root->best;
		s->result.pv[0] = s->result.move;
		s->result.pv_length = 1;
	}
	finish(s);
}

void search_cancel(struct search *s)
{
	s->running = false;
	memset(&s->result, 0, sizeof s->result);
}

bool search_running(const struct search *s)
{
	return s->running;
}

const struct search_result *search_result(const struct search *s)
{
	return &s->result;
}

uint64_t search_node_limit(const struct search *s)
{
	return s->limits.nodes;
}
