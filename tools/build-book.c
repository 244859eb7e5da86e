/*
 * tools/build-book.c — builds Reversi's opening book (games/reversi/book.h) by Parity's own
 * searches, and writes assets/reversi-book.bin.
 *
 *     build/tools/build-book [--nodes K] [--plies N] [--window W] [--path-window T]
 *                            [--depth D] [--leaf-depth L] [--weights FILE] [--out FILE]
 *
 * Best first: a position is expanded by searching every move of it D plies deep (the shared
 * search as Hard and Expert search: pattern evaluation, Reversi's own search at the bottom,
 * Multi-ProbCut); each move's position goes into the book with that score. The scores are
 * backed up by negamax (deepest positions first), and the candidates for expansion are the
 * positions not yet expanded that the book reaches from the start by moves within W discs of
 * the best at each position, at most N plies from the start, while the losses along the line
 * (each side's distance from its best move, summed) stay within T discs. The candidate whose
 * line loses least is expanded next (the main line first, then the deviations from it, the
 * smallest first); every REBUILD expansions the scores are backed up again and the candidates
 * found afresh, so that a line whose score changed is followed where it now goes. This stops
 * after K expansions. Then the best move of every expanded position, where it was not
 * expanded itself, is searched again L plies deep, and the scores are backed up once more.
 * Positions are kept once for their 8 symmetric images.
 *
 * The same arguments and weights give the same file (the searches are deterministic).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/hash.h"
#include "core/search.h"
#include "games/reversi/board8.h"
#include "games/reversi/book.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"
#include "io/atomic.h"

/* The book while it grows: its entries, and an open-addressing index on them. */
static struct book book;
static uint32_t *seen;     /* per entry: the rebuild that reached it last */
static int16_t *seen_loss; /* ... with the smallest line loss */
static uint32_t stamp;
static size_t capacity;
static uint32_t *slots; /* entry index + 1, 0 empty */
static size_t slot_mask;

static size_t slot_of(uint64_t p, uint64_t o)
{
	return (size_t)hash_mix64(p ^ hash_mix64(o)) & slot_mask;
}

static struct book_entry *lookup(uint64_t p, uint64_t o)
{
	book_canonical(&p, &o);
	for (size_t i = slot_of(p, o);; i = (i + 1) & slot_mask) {
		if (!slots[i])
			return NULL;
		struct book_entry *e = &book.entries[slots[i] - 1];
		if (e->p == p && e->o == o)
			return e;
	}
}

static struct book_entry *add(uint64_t p, uint64_t o, int score, int depth)
{
	book_canonical(&p, &o);
	if (book.count == capacity || (book.count + 1) * 2 > slot_mask + 1) {
		fputs("build-book: too many positions\n", stderr);
		exit(1);
	}
	size_t i = slot_of(p, o);
	while (slots[i])
		i = (i + 1) & slot_mask;
	book.entries[book.count] =
	    (struct book_entry){.p = p, .o = o, .score = (int16_t)score, .depth = (uint8_t)depth};
	slots[i] = (uint32_t)++book.count;
	return &book.entries[book.count - 1];
}

static struct search *searcher;
static uint64_t searches, nodes_total;

/* Returns the score of (P, O) for its side to move, searched `depth` plies deep, in 1/100 of
 * a disc (a finished game: its margin). */
static int score_of(uint64_t P, uint64_t O, int depth)
{
	struct reversi_pos pos;
	reversi_rules.start(&pos, &(struct game_options){0});
	pos.side = (uint8_t)(board8_count(P | O) % 2); /* Black moves when the count is even */
	pos.disc[pos.side] = P;
	pos.disc[!pos.side] = O;
	struct search_limits limits = {.depth = depth, .deep = true, .probcut = 15};
	search_start(searcher, &pos, &limits);
	search_step(searcher, 0);
	const struct search_result *r = search_result(searcher);
	searches++;
	nodes_total += r->nodes;
	int s = r->score;
	if (search_proven(s))
		s = search_margin(s) * 100;
	return s > 6400 ? 6400 : s < -6400 ? -6400 : s;
}

enum { REBUILD = 25 }; /* expansions between two backing-ups of the scores */

struct candidate {
	uint64_t p, o;
	int ply, loss;
};

static struct candidate *heap;
static size_t heap_n, heap_cap;

static bool before(const struct candidate *a, const struct candidate *b)
{
	return a->loss != b->loss ? a->loss < b->loss : a->ply < b->ply;
}

static void push(struct candidate c)
{
	if (heap_n == heap_cap) {
		heap_cap = heap_cap ? 2 * heap_cap : 1024;
		heap = realloc(heap, heap_cap * sizeof *heap);
		if (!heap) {
			fputs("build-book: out of memory\n", stderr);
			exit(1);
		}
	}
	size_t i = heap_n++;
	while (i > 0 && before(&c, &heap[(i - 1) / 2])) {
		heap[i] = heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	heap[i] = c;
}

static struct candidate pop(void)
{
	const struct candidate top = heap[0], last = heap[--heap_n];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= heap_n)
			break;
		if (c + 1 < heap_n && before(&heap[c + 1], &heap[c]))
			c++;
		if (!before(&heap[c], &last))
			break;
		heap[i] = heap[c];
		i = c;
	}
	heap[i] = last;
	return top;
}

struct options {
	long nodes;
	int plies, window, path_window, depth, leaf_depth;
};

/* Expands (P, O): every move's position into the book (searched if new), the near-best ones
 * onto the heap. */
static void expand(const struct options *op, const struct candidate *c)
{
	struct book_entry *e = lookup(c->p, c->o);
	if (e && (e->flags & BOOK_EXPANDED))
		return;
	const uint64_t P = c->p, O = c->o;
	const uint64_t moves = board8_moves(P, O);
	if (!moves)
		return; /* a pass: the book stops here */
	if (!e)
		e = add(P, O, score_of(P, O, op->depth), op->depth);
	const size_t self = (size_t)(e - book.entries);
	uint64_t child_p[BOOK_MOVES_MAX], child_o[BOOK_MOVES_MAX];
	int score[BOOK_MOVES_MAX], n = 0, best = -100000;
	for (uint64_t m = moves; m && n < BOOK_MOVES_MAX; m &= m - 1, n++) {
		const int sq = __builtin_ctzll(m);
		const uint64_t f = board8_flips(sq, P, O);
		child_p[n] = O & ~f;
		child_o[n] = P | f | (1ULL << sq);
		const struct book_entry *k = lookup(child_p[n], child_o[n]);
		if (!k)
			k = add(child_p[n], child_o[n], score_of(child_p[n], child_o[n], op->depth),
			        op->depth);
		score[n] = -k->score;
		best = score[n] > best ? score[n] : best;
	}
	book.entries[self].flags |= BOOK_EXPANDED;
	(void)best;
}

/* Returns the book's negamax score of (P, O) over its moves (an expanded position). */
static int backed_up(uint64_t P, uint64_t O)
{
	int best = -100000;
	for (uint64_t m = board8_moves(P, O); m; m &= m - 1) {
		const int sq = __builtin_ctzll(m);
		const uint64_t f = board8_flips(sq, P, O);
		const struct book_entry *k = lookup(O & ~f, P | f | (1ULL << sq));
		if (k && -k->score > best)
			best = -k->score;
	}
	return best;
}

/* Walks the book from (P, O) by moves within the windows, pushing the positions not yet
 * expanded that it reaches (see the top of the file). */
static void gather(const struct options *op, uint64_t P, uint64_t O, int ply, int loss)
{
	struct book_entry *e = lookup(P, O);
	if (!e)
		return;
	const size_t i = (size_t)(e - book.entries);
	if (seen[i] == stamp && seen_loss[i] <= loss)
		return;
	seen[i] = stamp;
	seen_loss[i] = (int16_t)loss;
	if (!(e->flags & BOOK_EXPANDED)) {
		if (ply < op->plies && board8_moves(P, O))
			push((struct candidate){P, O, ply, loss});
		return;
	}
	uint64_t child_p[BOOK_MOVES_MAX], child_o[BOOK_MOVES_MAX];
	int score[BOOK_MOVES_MAX], n = 0, best = -100000;
	for (uint64_t m = board8_moves(P, O); m && n < BOOK_MOVES_MAX; m &= m - 1) {
		const int sq = __builtin_ctzll(m);
		const uint64_t f = board8_flips(sq, P, O);
		const struct book_entry *k = lookup(O & ~f, P | f | (1ULL << sq));
		if (!k)
			continue;
		child_p[n] = O & ~f;
		child_o[n] = P | f | (1ULL << sq);
		score[n] = -k->score;
		best = score[n] > best ? score[n] : best;
		n++;
	}
	for (int j = 0; j < n; j++) {
		const int l = best - score[j];
		if (l <= op->window && loss + l <= op->path_window)
			gather(op, child_p[j], child_o[j], ply + 1, loss + l);
	}
}

static void negamax(void);

/* Backs the scores up and finds the candidates afresh. */
static void rebuild(const struct options *op, uint64_t P0, uint64_t O0)
{
	negamax();
	heap_n = 0;
	stamp++;
	gather(op, P0, O0, 0, 0);
}

/* Searches again, deeper, the best move of every expanded position that was not expanded. */
static void deepen_leaves(const struct options *op)
{
	const size_t n = book.count;
	for (size_t i = 0; i < n; i++) {
		const struct book_entry e = book.entries[i];
		if (!(e.flags & BOOK_EXPANDED))
			continue;
		struct book_entry *best = NULL;
		for (uint64_t m = board8_moves(e.p, e.o); m; m &= m - 1) {
			const int sq = __builtin_ctzll(m);
			const uint64_t f = board8_flips(sq, e.p, e.o);
			struct book_entry *k = lookup(e.o & ~f, e.p | f | (1ULL << sq));
			if (k && (!best || k->score < best->score))
				best = k;
		}
		if (best && !(best->flags & BOOK_EXPANDED) && best->depth < op->leaf_depth) {
			best->score = (int16_t)score_of(best->p, best->o, op->leaf_depth);
			best->depth = (uint8_t)op->leaf_depth;
		}
	}
}

static int by_discs_descending(const void *a, const void *b)
{
	const struct book_entry *x = a, *y = b;
	return board8_count(y->p | y->o) - board8_count(x->p | x->o);
}

/* Backs the scores up by negamax, deepest positions first (a move adds one disc). */
static void negamax(void)
{
	size_t *order = malloc(book.count * sizeof *order);
	struct book_entry *copy = malloc(book.count * sizeof *copy);
	if (!order || !copy) {
		fputs("build-book: out of memory\n", stderr);
		exit(1);
	}
	memcpy(copy, book.entries, book.count * sizeof *copy);
	qsort(copy, book.count, sizeof *copy, by_discs_descending);
	for (size_t i = 0; i < book.count; i++) {
		if (!(copy[i].flags & BOOK_EXPANDED))
			continue;
		struct book_entry *e = lookup(copy[i].p, copy[i].o);
		e->score = (int16_t)backed_up(e->p, e->o);
	}
	free(order);
	free(copy);
}

int main(int argc, char **argv)
{
	struct options op = {.nodes = 2000,
	                     .plies = 20,
	                     .window = 200,
	                     .path_window = 400,
	                     .depth = 10,
	                     .leaf_depth = 14};
	const char *weights = "assets/reversi-eval.bin", *out = "assets/reversi-book.bin";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (v && strcmp(a, "--nodes") == 0)
			op.nodes = atol(v), i++;
		else if (v && strcmp(a, "--plies") == 0)
			op.plies = atoi(v), i++;
		else if (v && strcmp(a, "--window") == 0)
			op.window = (int)(atof(v) * 100), i++;
		else if (v && strcmp(a, "--path-window") == 0)
			op.path_window = (int)(atof(v) * 100), i++;
		else if (v && strcmp(a, "--depth") == 0)
			op.depth = atoi(v), i++;
		else if (v && strcmp(a, "--leaf-depth") == 0)
			op.leaf_depth = atoi(v), i++;
		else if (v && strcmp(a, "--weights") == 0)
			weights = v, i++;
		else if (v && strcmp(a, "--out") == 0)
			out = v, i++;
		else {
			fputs("usage: build-book [--nodes K] [--plies N] [--window DISCS] "
			      "[--path-window DISCS] [--depth D] [--leaf-depth L] [--weights FILE] "
			      "[--out FILE]\n",
			      stderr);
			return 2;
		}
	}
	if (op.nodes < 1 || op.plies < 1 || op.plies > 40 || op.depth < 1 || op.leaf_depth < 1 ||
	    op.window < 0 || op.path_window < 0) {
		fputs("build-book: a positive node count, depths and 1 to 40 plies\n", stderr);
		return 2;
	}
	char err[GAME_ERR_MAX];
	if (pattern_load(weights, err) != 0) {
		fprintf(stderr, "build-book: %s\n", err);
		return 1;
	}
	searcher = search_new(&reversi_rules, 20);
	capacity = (size_t)op.nodes * BOOK_MOVES_MAX + 64;
	slot_mask = 1;
	while (slot_mask + 1 < 2 * capacity + 2)
		slot_mask = 2 * slot_mask + 1;
	book.entries = malloc(capacity * sizeof *book.entries);
	slots = calloc(slot_mask + 1, sizeof *slots);
	seen = calloc(capacity, sizeof *seen);
	seen_loss = calloc(capacity, sizeof *seen_loss);
	if (!searcher || !book.entries || !slots || !seen || !seen_loss) {
		fputs("build-book: out of memory\n", stderr);
		return 1;
	}
	const clock_t t0 = clock();
	const uint64_t P0 = 0x0000000810000000ULL, O0 = 0x0000001008000000ULL; /* e4 d5 | d4 e5 */
	add(P0, O0, score_of(P0, O0, op.depth), op.depth);
	long expanded = 0, since = 0;
	while (expanded < op.nodes) {
		if (heap_n == 0 || since >= REBUILD) {
			rebuild(&op, P0, O0);
			since = 0;
			if (heap_n == 0)
				break;
		}
		const struct candidate c = pop();
		const struct book_entry *e = lookup(c.p, c.o);
		if (e && (e->flags & BOOK_EXPANDED))
			continue;
		expand(&op, &c);
		expanded++;
		since++;
		if (expanded % 100 == 0)
			fprintf(stderr,
			        "build-book: %ld expanded (ply %d, line loss %.2f), %zu "
			        "positions, %.0f s\n",
			        expanded, c.ply, c.loss / 100.0, book.count,
			        (double)(clock() - t0) / CLOCKS_PER_SEC);
	}
	deepen_leaves(&op);
	negamax();
	book_sort(&book);
	unsigned char *data;
	size_t n;
	if (book_encode(&book, &data, &n) != 0 || atomic_write(out, data, n, err) != 0) {
		fprintf(stderr, "build-book: %s\n", err);
		return 1;
	}
	const struct book_entry *start = book_find(&book, P0, O0);
	printf("build-book: %ld positions expanded, %zu in the book, %zu bytes, %llu searches, "
	       "%llu nodes, start %+.2f, %.0f s CPU -> %s\n",
	       expanded, book.count, n, (unsigned long long)searches,
	       (unsigned long long)nodes_total, start ? start->score / 100.0 : 0.0,
	       (double)(clock() - t0) / CLOCKS_PER_SEC, out);
	free(data);
	search_free(searcher);
	return 0;
}
