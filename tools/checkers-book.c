/*
 * tools/checkers-book.c — builds checkers' opening book (games/checkers/book.h) by Parity's
 * own searches, and writes assets/checkers-book.bin.
 *
 *     build/tools/checkers-book [--expansions K] [--plies N] [--window W] [--path-window T]
 *                               [--depth D] [--leaf-depth L] [--nodes X] [--leaf-nodes Y]
 *                               [--workers P] [--deep-nodes X2 --deep-expansions K2
 *                               [--deep-below S] [--deep-plies N2]] [--state FILE]
 *                               [--data DIR] [--out FILE]
 *
 * The roots are the start position and the 44 three-move ballot openings (games/checkers/
 * ballot.c): every position on the way to a ballot opening is expanded first, so that the
 * book answers in each of them whatever the ballot drew. Expanding a position searches every
 * move of it D plies deep (the shared search as Hard and Expert search: the trained
 * evaluation, captures played out at the horizon, late-move reductions) and puts each move's
 * position in the book with that score. Then best first, as tools/build-book.c does for
 * Reversi: the scores are backed up by negamax, and the candidates for expansion are the
 * positions not yet expanded that the book reaches from a root by moves within W (1/100 of a
 * man) of the best at each position, at most N plies from that root, while the losses along
 * the line (each side's distance from its best move, summed) stay within T. The candidate
 * whose line loses least is expanded next (the main lines first, then the deviations from
 * them, the smallest first); every REBUILD expansions the scores are backed up again and the
 * candidates found afresh. This stops after K expansions. Then the best move of every
 * expanded position, where it was not expanded itself, is searched again L plies deep, and
 * the scores are backed up once more.
 *
 * With --nodes X every search is Expert's instead (the level's limits, core/level.h, with X
 * nodes, no book, and a lone move searched in full: ProbCut as well, and as deep as X nodes
 * take it, not D plies; an entry's depth is then the depth that search reached) and the
 * leaves' second searches get Y nodes (default 2X): a book made of searches weaker than
 * Expert's own would make Expert play worse than it searches. With --nodes, --workers or
 * --deep-nodes each search starts from an empty table, and with --workers P the searches of an
 * expansion (and the leaves' second searches) are shared among P processes; without any of
 * them, one search carries its table from search to search, as the older books were built.
 *
 * The deep stage (--deep-nodes X2 --deep-expansions K2) comes after the K expansions, before
 * the leaves' second searches: it spends more search where the book says a side stands worst.
 * A ballot opening's hard side is the one the book, as it stands, scores S (default 30, 1/100 of
 * a man) or more down at the position after the ballot. From those roots the deep stage walks
 * the book as above, within N2 plies (default 12), and expands best first K2 positions: where
 * the hard side is to move, every move of the position is searched again with X2 nodes (as
 * Expert searches, X2 in place of its node limit), the old scores replaced, even where the
 * position was expanded before; where the other side is to move, a position not yet expanded
 * is expanded as in the first stage. Both kinds are flagged CHECKERS_BOOK_DEEP in the book.
 * The deep stage backs the scores up and finds its candidates (and the hard sides) afresh
 * before each of its expansions. The leaves' second searches do not
 * replace a score below a deep-stage position unless they went deeper.
 *
 * With --state FILE (and --nodes or --workers), the book so far is kept in FILE as the build
 * goes (a book file itself), and a build started again with the same arguments goes on from
 * it: a build of many hours can be spread over several runs. The deep stage keeps the state
 * before each of its expansions and at its end, so that the same command with a larger
 * --deep-expansions goes on from it to the book that one run would make.
 *
 * The same arguments, weights and databases give the same file (the searches are
 * deterministic; with --nodes or --workers, whatever P is and however often it was stopped
 * and taken up again with --state).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "core/hash.h"
#include "core/level.h"
#include "core/match.h"
#include "core/search.h"
#include "games/checkers/book.h"
#include "games/checkers/checkers.h"
#include "games/checkers/egdb.h"
#include "io/atomic.h"
#include "workers.h"

enum {
	REBUILD = 20,    /* expansions between two backings-up of the scores */
	SCORE_CAP = 2000 /* a proven win counts 20 men, as in the review */
};

/* The book while it grows: its entries and an open-addressing index on them. */
static struct checkers_book book;
static uint32_t *seen;     /* per entry: the gathering that reached it last */
static int16_t *seen_loss; /* ... with the smallest line loss */
static uint32_t *done;     /* per entry: the backing-up that scored it last */
static uint32_t stamp, pass;
static size_t capacity;
static uint32_t *slots; /* entry index + 1, 0 empty */
static size_t slot_mask;

static size_t slot_of(const struct checkers_book_entry *k)
{
	return (size_t)hash_mix64(((uint64_t)k->own << 32 | k->opp) ^ hash_mix64(k->kings)) &
	       slot_mask;
}

/* Returns whether two entries hold the same position. */
static bool same_position(const struct checkers_book_entry *a, const struct checkers_book_entry *b)
{
	return a->own == b->own && a->opp == b->opp && a->kings == b->kings;
}

static struct checkers_book_entry *lookup(const struct checkers_pos *pos)
{
	struct checkers_book_entry k;
	checkers_book_key(pos, &k);
	for (size_t i = slot_of(&k);; i = (i + 1) & slot_mask) {
		if (!slots[i])
			return NULL;
		struct checkers_book_entry *e = &book.entries[slots[i] - 1];
		if (same_position(e, &k))
			return e;
	}
}

static struct search *searcher;
static uint64_t searches, nodes_total;

struct options {
	long expansions;
	int plies, window, path_window, depth, leaf_depth;
	uint64_t nodes, leaf_nodes; /* --nodes: searches as Expert's, bounded by nodes */
	int workers;                /* --workers: processes searching at once */
	/* the deep stage: --deep-nodes, --deep-expansions, --deep-below, --deep-plies */
	uint64_t deep_nodes;
	long deep_expansions;
	int deep_below, deep_plies;
};

/* True when each search starts from an empty table (--nodes, --workers or --deep-nodes), so
 * that a score does not depend on the searches before it, nor on how they are shared among
 * workers; otherwise one search carries its table from search to search (the older books). */
static bool fresh_tables(const struct options *op)
{
	return op->nodes > 0 || op->workers > 1 || op->deep_nodes > 0;
}

/* A position to score, and its score (for its side to move, 1/100 of a man, a proven result
 * ±SCORE_CAP), the depth behind it and the nodes it cost. */
struct job {
	struct checkers_pos pos;
	int score, depth;
	uint64_t nodes;
};

/* Scores one job: `depth` plies deep, or, with nodes, as Expert searches (its level's
 * limits, to `nodes` nodes). */
static void score_job(const struct options *op, struct job *j, int depth, uint64_t nodes)
{
	j->nodes = 0;
	j->depth = nodes ? 0 : depth;
	if (checkers_rules.generate(&j->pos, (struct game_move[GAME_MOVES_MAX]){0}) == 0) {
		j->score = -SCORE_CAP; /* no move: lost */
		return;
	}
	struct search_limits limits = {.depth = depth, .deep = true, .reduce = true};
	if (nodes) {
		level_limits(level_find(&checkers_rules, "expert"), 0, &limits);
		limits.nodes = nodes;
		limits.book = false;
		limits.single = 0; /* a lone move's score counts as much as any */
	}
	struct search *s = fresh_tables(op) ? search_new(&checkers_rules, 22) : searcher;
	if (!s) {
		fputs("checkers-book: out of memory\n", stderr);
		exit(1);
	}
	search_start(s, &j->pos, &limits);
	search_step(s, 0);
	const struct search_result *r = search_result(s);
	j->nodes = r->nodes;
	if (nodes)
		j->depth = r->depth > 255 ? 255 : r->depth;
	const int v = r->score;
	j->score = v > SCORE_CAP ? SCORE_CAP : v < -SCORE_CAP ? -SCORE_CAP : v;
	if (s != searcher)
		search_free(s);
}

/* Scores n jobs, shared among the workers (job k to worker k mod W) or in this process. */
static void run_jobs(const struct options *op, struct job *jobs, int n, int depth, uint64_t nodes)
{
	const int w = op->workers < n ? op->workers : n;
	if (w <= 1) {
		for (int k = 0; k < n; k++)
			score_job(op, &jobs[k], depth, nodes);
	} else {
		pid_t pid[64];
		FILE *part[64];
		for (int i = 0; i < w; i++) {
			part[i] = worker_start("checkers-book", &pid[i]);
			if (pid[i] == 0) {
				bool ok = true;
				for (int k = i; k < n; k += w) {
					score_job(op, &jobs[k], depth, nodes);
					ok =
					    ok && fwrite(&jobs[k], sizeof jobs[k], 1, part[i]) == 1;
				}
				worker_end(part[i], ok);
			}
		}
		for (int i = 0; i < w; i++) {
			bool ok = worker_join(pid[i], part[i]);
			for (int k = i; ok && k < n; k += w)
				ok = fread(&jobs[k], sizeof jobs[k], 1, part[i]) == 1;
			fclose(part[i]);
			if (!ok) {
				fputs("checkers-book: a worker failed\n", stderr);
				exit(1);
			}
		}
	}
	for (int k = 0; k < n; k++) {
		searches += jobs[k].nodes > 0;
		nodes_total += jobs[k].nodes;
	}
}

/* Puts pos into the book with the score of its job. */
static struct checkers_book_entry *add(const struct job *j)
{
	struct checkers_book_entry k;
	checkers_book_key(&j->pos, &k);
	if (book.count == capacity || (book.count + 1) * 2 > slot_mask + 1) {
		fputs("checkers-book: too many positions\n", stderr);
		exit(1);
	}
	k.score = (int16_t)j->score;
	k.depth = (uint8_t)j->depth;
	size_t i = slot_of(&k);
	while (slots[i])
		i = (i + 1) & slot_mask;
	book.entries[book.count] = k;
	slots[i] = (uint32_t)++book.count;
	return &book.entries[book.count - 1];
}

struct candidate {
	struct checkers_pos pos;
	int ply, loss;
	bool hard; /* the deep stage: the hard side is to move here */
};

/* The candidates of the last gathering, sorted best first when it ends; `next` is the next
 * one to expand. */
static struct candidate *cand;
static size_t cand_n, cand_cap, next;

static void push(struct candidate c)
{
	if (cand_n == cand_cap) {
		cand_cap = cand_cap ? 2 * cand_cap : 1024;
		cand = realloc(cand, cand_cap * sizeof *cand);
		if (!cand) {
			fputs("checkers-book: out of memory\n", stderr);
			exit(1);
		}
	}
	cand[cand_n++] = c;
}

/* The line that loses least first, then the shorter, then by position (a total order, so
 * that the order of expansion is the same on every machine). */
static int by_promise(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;
	if (x->loss != y->loss)
		return x->loss < y->loss ? -1 : 1;
	if (x->ply != y->ply)
		return x->ply < y->ply ? -1 : 1;
	struct checkers_book_entry kx, ky;
	checkers_book_key(&x->pos, &kx);
	checkers_book_key(&y->pos, &ky);
	if (kx.own != ky.own)
		return kx.own < ky.own ? -1 : 1;
	if (kx.opp != ky.opp)
		return kx.opp < ky.opp ? -1 : 1;
	return kx.kings < ky.kings ? -1 : kx.kings > ky.kings;
}

/* The moves of pos and the positions they lead to; returns how many. */
static int children(const struct checkers_pos *pos, struct checkers_pos *child)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = checkers_rules.generate(pos, moves);
	for (int i = 0; i < n; i++) {
		child[i] = *pos;
		checkers_rules.play(&child[i], &moves[i]);
	}
	return n;
}

/* Returns whether pos is among the first n jobs' positions. */
static bool queued(const struct job *jobs, int n, const struct checkers_pos *pos)
{
	struct checkers_book_entry a, b;
	checkers_book_key(pos, &a);
	for (int k = 0; k < n; k++) {
		checkers_book_key(&jobs[k].pos, &b);
		if (same_position(&a, &b))
			return true;
	}
	return false;
}

/* Expands pos: every move's position into the book (searched if new). With `deep` (the deep
 * stage, where the hard side is to move) every move's position is searched with the deep
 * stage's nodes, the scores it had before replaced, even where pos was expanded before.
 * Returns whether it was expanded now. */
static bool expand(const struct options *op, const struct checkers_pos *pos, bool deep)
{
	struct checkers_book_entry *e = lookup(pos);
	if (e && (e->flags & (deep ? CHECKERS_BOOK_DEEP : CHECKERS_BOOK_EXPANDED)))
		return false;
	struct checkers_pos child[GAME_MOVES_MAX];
	const int n = children(pos, child);
	if (n == 0)
		return false; /* the game is over: nothing to expand */
	struct job jobs[GAME_MOVES_MAX + 1];
	int m = 0;
	if (!e)
		jobs[m++].pos = *pos;
	for (int i = 0; i < n; i++)
		if ((deep || !lookup(&child[i])) && !queued(jobs, m, &child[i]))
			jobs[m++].pos = child[i];
	run_jobs(op, jobs, m, op->depth, deep ? op->deep_nodes : op->nodes);
	for (int k = 0; k < m; k++) {
		struct checkers_book_entry *c = lookup(&jobs[k].pos);
		if (!c)
			add(&jobs[k]);
		else {
			c->score = (int16_t)jobs[k].score;
			c->depth = (uint8_t)jobs[k].depth;
		}
	}
	lookup(pos)->flags |= CHECKERS_BOOK_EXPANDED | (deep ? CHECKERS_BOOK_DEEP : 0);
	return true;
}

/* Returns the book's negamax score of pos (its entry e), backing up its expanded
 * descendants first; each entry is scored once a pass (an entry met again on the path
 * above it, which only kings could bring about, keeps its score). */
static int back_up(const struct checkers_pos *pos, struct checkers_book_entry *e)
{
	const size_t i = (size_t)(e - book.entries);
	if (!(e->flags & CHECKERS_BOOK_EXPANDED) || done[i] == pass)
		return e->score;
	done[i] = pass;
	struct checkers_pos child[GAME_MOVES_MAX];
	const int n = children(pos, child);
	int best = -SCORE_CAP - 1;
	for (int k = 0; k < n; k++) {
		struct checkers_book_entry *c = lookup(&child[k]);
		if (c) {
			const int s = -back_up(&child[k], c);
			best = s > best ? s : best;
		}
	}
	book.entries[i].score = (int16_t)best;
	return best;
}

/* Walks the book from pos by moves within the windows, pushing the positions not yet
 * expanded that it reaches (see the top of the file). For the deep stage (hard_side, the side
 * the ballot root is hard for; -1 for the first stage) the walk stays within --deep-plies, and
 * a position already expanded is a candidate too when the hard side is to move there and the
 * deep stage has not expanded it. */
static void gather(const struct options *op, const struct checkers_pos *pos, int ply, int loss,
                   int hard_side)
{
	struct checkers_book_entry *e = lookup(pos);
	const bool deep = hard_side >= 0;
	const int plies = deep ? op->deep_plies : op->plies;
	if (!e || (deep && ply >= plies))
		return;
	const size_t i = (size_t)(e - book.entries);
	if (seen[i] == stamp && seen_loss[i] <= loss)
		return;
	seen[i] = stamp;
	seen_loss[i] = (int16_t)loss;
	const bool hard = deep && pos->side == hard_side;
	struct checkers_pos child[GAME_MOVES_MAX];
	const int n = children(pos, child);
	if (!(e->flags & CHECKERS_BOOK_EXPANDED)) {
		if (ply < plies && n > 0)
			push((struct candidate){*pos, ply, loss, hard});
		return;
	}
	if (hard && !(e->flags & CHECKERS_BOOK_DEEP))
		push((struct candidate){*pos, ply, loss, hard});
	int score[GAME_MOVES_MAX], best = -SCORE_CAP - 1;
	for (int k = 0; k < n; k++) {
		const struct checkers_book_entry *c = lookup(&child[k]);
		score[k] = c ? -c->score : -SCORE_CAP - 1;
		best = score[k] > best ? score[k] : best;
	}
	for (int k = 0; k < n; k++) {
		const int l = best - score[k];
		if (l <= op->window && loss + l <= op->path_window)
			gather(op, &child[k], ply + 1, loss + l, hard_side);
	}
}

static struct checkers_pos roots[64];
static int root_count;

/* The side a position's book score (for `mover`, its side to move) puts `below` or more down:
 * the mover when the score is that much against it, the other side when that much for it; -1
 * when neither. The deep stage's hard side of a ballot root, and --show's. */
static int hard_side(int score, int mover, int below)
{
	if (score <= -below)
		return mover;
	if (score >= below)
		return mover == CHECKERS_BLACK ? CHECKERS_WHITE : CHECKERS_BLACK;
	return -1;
}

/* Backs the scores up and finds the candidates afresh: the first stage's from every root, or
 * (deep) the deep stage's from the ballot roots that the book, as it stands, scores
 * --deep-below or more against one side (the side to move after the ballot, or the other when
 * the root's score is that much for it): that side is the root's hard side. */
static void rebuild(const struct options *op, bool deep)
{
	pass++;
	for (int r = 0; r < root_count; r++)
		back_up(&roots[r], lookup(&roots[r]));
	cand_n = next = 0;
	stamp++;
	for (int r = deep ? 1 : 0; r < root_count; r++) {
		const int hard =
		    deep ? hard_side(lookup(&roots[r])->score, roots[r].side, op->deep_below) : -1;
		if (!deep || hard >= 0)
			gather(op, &roots[r], 0, 0, hard);
	}
	qsort(cand, cand_n, sizeof *cand, by_promise);
}

/* Searches again, deeper, the best move of every expanded position that was not expanded
 * (L plies, or with --nodes the --leaf-nodes; with fresh tables the leaves are chosen first
 * and then searched, shared among the workers). Below a position the deep stage expanded, the
 * new score replaces the old only when its search went deeper (the deep stage's own searches
 * of the hard side's moves are kept). */
static void deepen_leaves(const struct options *op)
{
	const size_t n = book.count;
	struct job *jobs = NULL;
	size_t *which = NULL;
	bool *under_deep = NULL;
	int m = 0;
	if (fresh_tables(op)) {
		jobs = malloc(n * sizeof *jobs);
		which = malloc(n * sizeof *which);
		under_deep = malloc(n * sizeof *under_deep);
		if (!jobs || !which || !under_deep) {
			fputs("checkers-book: out of memory\n", stderr);
			exit(1);
		}
	}
	bool *picked = calloc(n, sizeof *picked);
	if (!picked) {
		fputs("checkers-book: out of memory\n", stderr);
		exit(1);
	}
	for (size_t i = 0; i < n; i++) {
		const struct checkers_book_entry e = book.entries[i];
		if (!(e.flags & CHECKERS_BOOK_EXPANDED))
			continue;
		const struct checkers_pos pos = {.piece = {e.own, e.opp}, .kings = e.kings};
		struct checkers_pos child[GAME_MOVES_MAX], *best_pos = NULL;
		struct checkers_book_entry *best = NULL;
		const int k = children(&pos, child);
		for (int c = 0; c < k; c++) {
			struct checkers_book_entry *b = lookup(&child[c]);
			if (b && (!best || b->score < best->score))
				best = b, best_pos = &child[c];
		}
		if (!best || (best->flags & CHECKERS_BOOK_EXPANDED))
			continue;
		const size_t b = (size_t)(best - book.entries);
		if (picked[b] || (!op->nodes && best->depth >= op->leaf_depth))
			continue;
		picked[b] = true;
		if (jobs) {
			jobs[m].pos = *best_pos;
			under_deep[m] = (e.flags & CHECKERS_BOOK_DEEP) != 0;
			which[m++] = b;
		} else {
			struct job j = {.pos = *best_pos};
			run_jobs(op, &j, 1, op->leaf_depth, op->leaf_nodes);
			best->score = (int16_t)j.score;
			best->depth = (uint8_t)j.depth;
		}
	}
	if (jobs) {
		run_jobs(op, jobs, m, op->leaf_depth, op->leaf_nodes);
		for (int k = 0; k < m; k++) {
			struct checkers_book_entry *leaf = &book.entries[which[k]];
			if (under_deep[k] && jobs[k].depth <= leaf->depth)
				continue;
			leaf->score = (int16_t)jobs[k].score;
			leaf->depth = (uint8_t)jobs[k].depth;
		}
	}
	free(jobs);
	free(which);
	free(under_deep);
	free(picked);
}

/* --state: the book so far is written to this file (a book file like any other) before every
 * backing-up of the loop and every STATE_EVERY expansions of the ballot lines, and read back
 * at the start, so that a build stopped part way goes on from there. */
enum { STATE_EVERY = 10 };
static const char *state;

static void save_state(void)
{
	if (!state)
		return;
	struct checkers_book copy = {malloc(book.count * sizeof *book.entries), book.count};
	unsigned char *bytes = NULL;
	size_t n = 0;
	char err[GAME_ERR_MAX];
	if (!copy.entries) {
		fputs("checkers-book: out of memory\n", stderr);
		exit(1);
	}
	memcpy(copy.entries, book.entries, book.count * sizeof *book.entries);
	checkers_book_sort(&copy);
	if (checkers_book_encode(&copy, &bytes, &n) != 0 ||
	    atomic_write(state, bytes, n, err) != 0) {
		fprintf(stderr, "checkers-book: %s: %s\n", state, err);
		exit(1);
	}
	free(bytes);
	free(copy.entries);
}

/* Reads the --state file, when there is one, into the book; returns the expansions it holds,
 * and in *deep those of the deep stage. */
static long load_state(long *deep)
{
	*deep = 0;
	if (!state || access(state, F_OK) != 0)
		return 0;
	struct checkers_book b;
	char err[GAME_ERR_MAX];
	if (checkers_book_read(&b, state, err) != 0) {
		fprintf(stderr, "checkers-book: %s\n", err);
		exit(1);
	}
	long expanded = 0;
	for (size_t i = 0; i < b.count; i++) {
		const struct checkers_book_entry *k = &b.entries[i];
		const struct checkers_pos pos = {.piece = {k->own, k->opp}, .kings = k->kings};
		if (lookup(&pos))
			continue;
		const struct job j = {.pos = pos, .score = k->score, .depth = k->depth};
		add(&j)->flags = k->flags;
		expanded += (k->flags & CHECKERS_BOOK_EXPANDED) != 0;
		*deep += (k->flags & CHECKERS_BOOK_DEEP) != 0;
	}
	checkers_book_free(&b);
	fprintf(stderr,
	        "checkers-book: %s: %zu positions, %ld expanded (%ld by the deep stage), go on "
	        "from there\n",
	        state, book.count, expanded, *deep);
	return expanded;
}

/* Returns the CPU seconds since t0, the workers' (ended) included. */
static double cpu_since(clock_t t0)
{
	struct rusage ru;
	double children = 0;
	if (getrusage(RUSAGE_CHILDREN, &ru) == 0)
		children = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	return (double)(clock() - t0) / CLOCKS_PER_SEC + children;
}

/* Sets up *m at ballot opening b (-1: the start) with its moves played, and returns how many;
 * -1, with a message and m freed, when one does not play. */
static int ballot_match(struct match *m, int b)
{
	char buf[64], err[GAME_ERR_MAX];
	int n = 0;
	match_init(m, &checkers_rules, NULL);
	snprintf(buf, sizeof buf, "%s", b < 0 ? "" : checkers_ballot[b]);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "), n++)
		if (match_play_text(m, t, err) != GAME_OK) {
			fprintf(stderr, "checkers-book: ballot %s: %s\n", checkers_ballot[b], err);
			match_free(m);
			return -1;
		}
	return n;
}

/* --show BOOK: for the start and each ballot opening, the book's score of the position for
 * the side to move (its entry's depth and flags; "hard for" the side it puts S or more down,
 * as the deep stage judges), then the book's line: its best move, ply after ply, while the
 * position is expanded, at most N plies. Returns the exit status. */
static int show_book(const char *path, int plies, int below)
{
	struct checkers_book b = {0};
	char err[GAME_ERR_MAX];
	if (checkers_book_read(&b, path, err) != 0) {
		fprintf(stderr, "checkers-book: %s\n", err);
		return 1;
	}
	long expanded = 0, deep = 0;
	for (size_t i = 0; i < b.count; i++) {
		expanded += (b.entries[i].flags & CHECKERS_BOOK_EXPANDED) != 0;
		deep += (b.entries[i].flags & CHECKERS_BOOK_DEEP) != 0;
	}
	printf("%s: %zu positions, %ld expanded (%ld by the deep stage)\n", path, b.count, expanded,
	       deep);
	for (int r = -1; r < checkers_ballot_count; r++) {
		struct match m;
		char text[32];
		if (ballot_match(&m, r) < 0) {
			checkers_book_free(&b);
			return 1;
		}
		const struct checkers_book_entry *e = checkers_book_find(&b, match_pos(&m));
		static const char *const side_name[2] = {
		    [CHECKERS_BLACK] = "Black", [CHECKERS_WHITE] = "White"};
		const int mover = match_to_move(&m);
		if (r < 0)
			printf("start     %-17s", "");
		else
			printf("ballot %2d %-17s", r, checkers_ballot[r]);
		if (!e) {
			printf(" not in the book\n");
			match_free(&m);
			continue;
		}
		const int hard = hard_side(e->score, mover, below);
		printf(" %s %+5.2f depth %2u%s%s%s%s:", side_name[mover], e->score / 100.0,
		       e->depth, e->flags & CHECKERS_BOOK_EXPANDED ? " expanded" : " leaf",
		       e->flags & CHECKERS_BOOK_DEEP ? " deep" : "", hard >= 0 ? ", hard for " : "",
		       hard >= 0 ? side_name[hard] : "");
		for (int p = 0; p < plies; p++) {
			struct game_move moves[GAME_MOVES_MAX];
			int scores[GAME_MOVES_MAX];
			if (checkers_book_moves(&b, match_pos(&m), moves, scores) == 0 ||
			    checkers_rules.move_to_text(match_pos(&m), &moves[0], text,
			                                sizeof text) < 0 ||
			    match_play_text(&m, text, err) != GAME_OK)
				break;
			printf(" %s", text);
		}
		printf("\n");
		match_free(&m);
	}
	checkers_book_free(&b);
	return 0;
}

int main(int argc, char **argv)
{
	struct options op = {.expansions = 1000,
	                     .plies = 12,
	                     .window = 15,
	                     .path_window = 30,
	                     .depth = 13,
	                     .leaf_depth = 17,
	                     .deep_below = 30,
	                     .deep_plies = 12};
	const char *data = "assets", *out = "assets/checkers-book.bin", *show = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (v && strcmp(a, "--expansions") == 0)
			op.expansions = atol(v), i++;
		else if (v && strcmp(a, "--plies") == 0)
			op.plies = atoi(v), i++;
		else if (v && strcmp(a, "--window") == 0)
			op.window = atoi(v), i++;
		else if (v && strcmp(a, "--path-window") == 0)
			op.path_window = atoi(v), i++;
		else if (v && strcmp(a, "--depth") == 0)
			op.depth = atoi(v), i++;
		else if (v && strcmp(a, "--leaf-depth") == 0)
			op.leaf_depth = atoi(v), i++;
		else if (v && strcmp(a, "--nodes") == 0)
			op.nodes = strtoull(v, NULL, 10), i++;
		else if (v && strcmp(a, "--leaf-nodes") == 0)
			op.leaf_nodes = strtoull(v, NULL, 10), i++;
		else if (v && strcmp(a, "--workers") == 0)
			op.workers = atoi(v), i++;
		else if (v && strcmp(a, "--deep-nodes") == 0)
			op.deep_nodes = strtoull(v, NULL, 10), i++;
		else if (v && strcmp(a, "--deep-expansions") == 0)
			op.deep_expansions = atol(v), i++;
		else if (v && strcmp(a, "--deep-below") == 0)
			op.deep_below = atoi(v), i++;
		else if (v && strcmp(a, "--deep-plies") == 0)
			op.deep_plies = atoi(v), i++;
		else if (v && strcmp(a, "--state") == 0)
			state = v, i++;
		else if (v && strcmp(a, "--data") == 0)
			data = v, i++;
		else if (v && strcmp(a, "--out") == 0)
			out = v, i++;
		else if (v && strcmp(a, "--show") == 0)
			show = v, i++;
		else {
			fputs(
			    "usage: checkers-book [--expansions K] [--plies N] [--window W] "
			    "[--path-window T] [--depth D] [--leaf-depth L] [--nodes N] "
			    "[--leaf-nodes M] [--workers P] [--deep-nodes X2 --deep-expansions K2 "
			    "[--deep-below S] [--deep-plies N2]] [--state FILE] [--data DIR] "
			    "[--out FILE]   (W, T, S in 1/100 of a man)\n"
			    "       checkers-book --show BOOK [--plies N] [--deep-below S]\n",
			    stderr);
			return 2;
		}
	}
	if (op.expansions < 1 || op.plies < 1 || op.plies > 40 || op.depth < 1 || op.depth > 60 ||
	    op.leaf_depth < 1 || op.leaf_depth > 60 || op.window < 0 || op.path_window < 0 ||
	    op.path_window > 10000 || op.workers < 0 || op.workers > 64 || op.deep_expansions < 0 ||
	    op.deep_below < 1 || op.deep_plies < 1 || op.deep_plies > 40 ||
	    (op.deep_expansions > 0) != (op.deep_nodes > 0)) {
		fputs("checkers-book: a positive count, depths 1 to 60, 1 to 40 plies, at most 64 "
		      "workers, and --deep-nodes with --deep-expansions\n",
		      stderr);
		return 2;
	}
	if (show)
		return show_book(show, op.plies, op.deep_below);
	if (state && !fresh_tables(&op)) {
		fputs("checkers-book: --state needs --nodes or --workers (searches that do not "
		      "depend on the ones before)\n",
		      stderr);
		return 2;
	}
	if (op.nodes && !op.leaf_nodes)
		op.leaf_nodes = 2 * op.nodes;
	char err[GAME_ERR_MAX], path[4200];
	snprintf(path, sizeof path, "%.4000s/%s", data, CHECKERS_EVAL_FILE);
	if (checkers_eval_load(path, err) != 0 || checkers_egdb_load(data, err) != 0) {
		fprintf(stderr, "checkers-book: %s\n", err);
		return 1;
	}
	searcher = search_new(&checkers_rules, 22);
	capacity = (size_t)(op.expansions + op.deep_expansions + 64) * GAME_MOVES_MAX + 64;
	slot_mask = 1;
	while (slot_mask + 1 < 2 * capacity + 2)
		slot_mask = 2 * slot_mask + 1;
	book.entries = malloc(capacity * sizeof *book.entries);
	slots = calloc(slot_mask + 1, sizeof *slots);
	seen = calloc(capacity, sizeof *seen);
	seen_loss = calloc(capacity, sizeof *seen_loss);
	done = calloc(capacity, sizeof *done);
	if (!searcher || !book.entries || !slots || !seen || !seen_loss || !done) {
		fputs("checkers-book: out of memory\n", stderr);
		return 1;
	}
	const clock_t t0 = clock();
	/* The roots, and every position on the way to a ballot opening, expanded first. */
	checkers_rules.start(&roots[0], NULL);
	root_count = 1;
	long deep = 0, expanded = load_state(&deep);
	expanded += expand(&op, &roots[0], false);
	for (int b = 0; b < checkers_ballot_count && root_count < 64; b++) {
		struct match m;
		const int n = ballot_match(&m, b);
		if (n < 0)
			return 1;
		for (int k = 1; k <= n; k++) /* the position after each of its moves */
			if (expand(&op, match_pos_at(&m, k), false) &&
			    ++expanded % STATE_EVERY == 0)
				save_state();
		roots[root_count++] = *(const struct checkers_pos *)match_pos(&m);
		match_free(&m);
	}
	fprintf(stderr, "checkers-book: %ld expanded on the ballot lines, %zu positions, %.0f s\n",
	        expanded, book.count, cpu_since(t0));
	long since = REBUILD;
	/* a state that holds the deep stage's work holds the first stage's whole */
	while (deep == 0 && expanded < op.expansions) {
		if (next == cand_n || since >= REBUILD) {
			save_state();
			rebuild(&op, false);
			since = 0;
			if (cand_n == 0)
				break;
		}
		const struct candidate c = cand[next++];
		if (!expand(&op, &c.pos, false))
			continue;
		expanded++;
		since++;
		if (expanded % 100 == 0)
			fprintf(
			    stderr,
			    "checkers-book: %ld expanded (ply %d, line loss %d), %zu positions, "
			    "%.0f s\n",
			    expanded, c.ply, c.loss, book.count, cpu_since(t0));
	}
	/* The deep stage: the hard sides' lines again, their moves searched with more nodes. Its
	 * expansions cost minutes each: the scores are backed up, the candidates found afresh and
	 * the state kept before every one, so that a run stopped anywhere loses at most one. */
	while (deep < op.deep_expansions) {
		save_state();
		rebuild(&op, true);
		bool done_one = false;
		struct candidate c;
		while (!done_one && next < cand_n) {
			c = cand[next++];
			done_one = expand(&op, &c.pos, c.hard);
		}
		if (!done_one)
			break;
		lookup(&c.pos)->flags |= CHECKERS_BOOK_DEEP;
		deep++;
		fprintf(stderr,
		        "checkers-book: deep stage %ld expanded (ply %d, line loss %d, %s), %zu "
		        "positions, %.0f s\n",
		        deep, c.ply, c.loss, c.hard ? "hard side's turn" : "other side's turn",
		        book.count, cpu_since(t0));
	}
	save_state();
	deepen_leaves(&op);
	pass++;
	for (int r = 0; r < root_count; r++)
		back_up(&roots[r], lookup(&roots[r]));
	const int start_score = lookup(&roots[0])->score;
	long expanded_all = 0;
	for (size_t i = 0; i < book.count; i++)
		expanded_all += (book.entries[i].flags & CHECKERS_BOOK_EXPANDED) != 0;
	checkers_book_sort(&book);
	unsigned char *bytes;
	size_t n;
	if (checkers_book_encode(&book, &bytes, &n) != 0 || atomic_write(out, bytes, n, err) != 0) {
		fprintf(stderr, "checkers-book: %s\n", err);
		return 1;
	}
	printf(
	    "checkers-book: %ld positions expanded (%ld by the deep stage), %zu in the book, %zu "
	    "bytes, %llu searches, %llu nodes, start %+d, %.0f s CPU -> %s\n",
	    expanded_all, deep, book.count, n, (unsigned long long)searches,
	    (unsigned long long)nodes_total, start_score, cpu_since(t0), out);
	free(bytes);
	search_free(searcher);
	return 0;
}
