/*
 * tools/train-checkers-eval.c — learns the weights of checkers' trained evaluation
 * (checkers_eval_features and checkers_eval_patterns, games/checkers/engine.c) from Parity's
 * own games, and writes assets/checkers-eval.bin (`make checkers-eval`).
 *
 *     build/tools/train-checkers-eval [--games N] [--depth D] [--games2 N2] [--depth2 D2]
 *                                     [--mix M] [--seed S] [--egdb DIR] [--init FILE]
 *                                     [--workers W] [--out FILE] [--randoms LOW,HIGH]
 *                                     [--blend] [--anchor] [--samples FILE]
 *                                     [--add-samples FILE]...
 *
 * Nothing comes from outside. Two rounds (with --init FILE, round 1 is not played: round 2
 * starts from the weights of FILE, a file this tool wrote, and its games are numbered after
 * round 1's N as if it had been):
 *   1. N games, both sides searching D plies with the hand-made evaluation; the features'
 *      weights (no patterns) are fitted to the games' outcomes.
 *   2. N2 games, both sides searching D2 plies with round 1's weights; every weight (features
 *      and region patterns) is fitted, from round 1's, to a label that mixes the outcome
 *      (weight M, in percent) and the score of the D2-ply search of the position, read as a
 *      probability of winning through the same logistic curve (weight 100 - M).
 * In both rounds:
 *   - Self-play: game g opens with ballot g (the three-move openings, in turn) and 2 to 7
 *     random moves (LOW to HIGH with --randoms), then both sides search (captures played out,
 *     a little noise at the root so that the games differ).
 *   - With --workers W, the games are shared among W processes, and each game gets a search of
 *     its own (an empty table), so that the samples, and the file, do not depend on W. Without
 *     it, one search plays every game, its table carried from game to game.
 *   - Outcome: each game ends as the rules end it, or at 4 pieces, where Parity's own endgame
 *     database (make: assets/checkers-egdb.bin) gives its result under perfect play, or at
 *     300 plies (a draw). Every position of the game whose side to move has no capture is
 *     a sample, its outcome from its side to move: 1 won, 1/2 drawn, 0 lost.
 *   - Fit: per phase, logistic regression of the labels on the features,
 *     P(win) = 1 / (1 + exp(-eval / 150)) with eval in 1/100 of a man, by full-batch gradient
 *     descent (each weight's step scaled by its feature's mean square, halved and the step
 *     undone whenever the loss grows), an L2 penalty. Every tenth game is held out; round 2
 *     tries three strengths of the penalty and keeps, per phase, the one whose weights have
 *     the least log loss on the held-out games.
 * With --blend, round 2 fits every phase at once to the evaluation that blends two phases near
 * their boundaries (checkers_eval_blend), and writes a "PCEVAL4" file, which the engine scores
 * that way; without it, "PCEVAL3", each phase fitted apart. With --samples FILE, round 2's
 * positions and outcomes are written to FILE after its games, or read from it instead of
 * playing them when it is there (a cache for trying fits on the same games: the file keeps the
 * positions, not their features, so a build that counts other features fits the same games;
 * it is this build's memory layout, and nothing checks that it came from the same arguments).
 * Each --add-samples FILE (up to 8) adds the positions of another such file to round 2's, so
 * that games played by several runs, with other weights or seeds, are fitted together.
 * With --anchor (and --init), the L2 penalty pulls each weight toward its value in the --init
 * file instead of toward 0: a weight the new games say little about (a rare region pattern)
 * keeps what the earlier rounds' games gave it rather than fading, as if both rounds' games were
 * fitted together.
 * The run is seeded and built with -ffp-contract=off, so the same build and arguments should
 * give the same file (not checked byte for byte).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/hash.h"
#include "core/match.h"
#include "core/search.h"
#include "cli/cli.h"
#include "games/checkers/checkers.h"
#include "games/checkers/egdb.h"
#include "workers.h"

enum {
	NF = CHECKERS_EVAL_FEATURES,
	NR = CHECKERS_EVAL_REGIONS,
	NW = CHECKERS_EVAL_WEIGHTS, /* weights of a phase: features, then the pattern tables */
	NP = CHECKERS_EVAL_PHASES,
	MAX_PLIES = 300,
	ADJUDICATE = 4, /* pieces: the database says */
	ITERATIONS = 300,
	HOLD_OUT = 10, /* every tenth game is kept for the held-out loss */
};

#define SCALE 150.0 /* evaluation units per logit */

/* The strengths of the L2 penalty tried (each phase keeps the one with the least held-out
 * loss); round 1 uses the first. */
static const double l2_tried[] = {1e-4, 3e-5, 3e-4};

struct entry {
	uint16_t weight; /* which weight of the phase */
	int16_t value;
};

struct sample {
	uint32_t start; /* first of its entries in the pool */
	uint8_t count, phase, side, held_out;
	/* the blend (checkers_eval_blend): phase `upper`, with `fifths` of the next */
	uint8_t upper, fifths;
	float label, score; /* score: the search's, as a probability, or -1 */
	struct checkers_pos pos;
};

static struct sample *samples;
static size_t n_samples, cap_samples;
static struct entry *pool;
static size_t n_pool, cap_pool;

static double sigmoid(double x)
{
	return 1.0 / (1.0 + exp(-x));
}

/* Returns the log of the likelihood of label y (a probability of winning) under the prediction
 * q; the log loss is its opposite. */
static double log_likelihood(double q, double y)
{
	return y * log(q + 1e-12) + (1 - y) * log(1 - q + 1e-12);
}

/* Makes room for `more` samples and `more_entries` entries beyond those held. */
static void reserve(size_t more, size_t more_entries)
{
	if (n_samples + more > cap_samples) {
		while (n_samples + more > cap_samples)
			cap_samples = cap_samples ? 2 * cap_samples : 1 << 16;
		samples = realloc(samples, cap_samples * sizeof *samples);
	}
	if (n_pool + more_entries > cap_pool) {
		while (n_pool + more_entries > cap_pool)
			cap_pool = cap_pool ? 2 * cap_pool : 1 << 20;
		pool = realloc(pool, cap_pool * sizeof *pool);
	}
	if (!samples || !pool) {
		fprintf(stderr, "train-checkers-eval: out of memory\n");
		exit(1);
	}
}

/* Adds pos as a sample, with the search's score for its side to move (`scored`). */
static void add_sample(const struct checkers_pos *pos, bool patterns, bool scored, int score,
                       bool held_out)
{
	int f[NF], idx[2][NR];
	checkers_eval_features(pos, f);
	checkers_eval_patterns(pos, idx);
	reserve(1, NF + 2 * NR);
	struct sample *s = &samples[n_samples++];
	s->start = (uint32_t)n_pool;
	s->count = 0;
	s->phase = (uint8_t)checkers_eval_phase(pos);
	s->pos = *pos;
	int fifths;
	s->upper = (uint8_t)checkers_eval_blend(pos, &fifths);
	s->fifths = (uint8_t)fifths;
	s->side = (uint8_t)pos->side;
	s->held_out = held_out;
	for (int i = 0; i < NF; i++)
		if (f[i]) {
			pool[n_pool++] = (struct entry){(uint16_t)i, (int16_t)f[i]};
			s->count++;
		}
	for (int k = 0; patterns && k < 2; k++)
		for (int r = 0; r < NR; r++) {
			pool[n_pool++] =
			    (struct entry){(uint16_t)(NF + r * CHECKERS_EVAL_PATTERN + idx[k][r]),
			                   (int16_t)(k == 0 ? 1 : -1)};
			s->count++;
		}
	s->score = !scored                   ? -1.0f
	           : score >= SEARCH_PROVEN  ? 1.0f
	           : score <= -SEARCH_PROVEN ? 0.0f
	                                     : (float)sigmoid(score / SCALE);
}

/* A sample as the samples file keeps it: the position, not its features, so that a build
 * with other features fits the same games. */
struct sample_record {
	uint32_t piece[2], kings;
	uint8_t side, held_out, pad[2];
	float label, score;
};

static uint64_t rng(uint64_t *state)
{
	return hash_lcg_next(state) >> 33;
}

/* Plays game g, each side searching `depth` plies with the evaluation in use; adds its
 * positions (with their patterns when `patterns`) and labels them with the outcome. */
static int randoms_low = 2, randoms_high = 7; /* random moves after the ballot (--randoms) */

static void play_game(struct search *eng, int g, int depth, uint64_t seed, bool patterns)
{
	struct match m;
	match_init(&m, &checkers_rules, NULL);
	char buf[64];
	snprintf(buf, sizeof buf, "%s", checkers_ballot[g % checkers_ballot_count]);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
		match_play_text(&m, t, NULL);
	uint64_t r = seed ^ (uint64_t)g * 0x9e3779b97f4a7c15ULL;
	const int randoms =
	    randoms_low + (int)(rng(&r) % (uint64_t)(randoms_high - randoms_low + 1));
	struct game_move moves[GAME_MOVES_MAX];
	for (int i = 0; i < randoms && !match_over(&m); i++) {
		const int n = match_legal(&m, moves);
		match_play(&m, &moves[rng(&r) % (uint64_t)n]);
	}
	const size_t first = n_samples;
	int black = 0; /* the result for Black: 2 won, 1 drawn, 0 lost */
	for (;;) {
		const struct checkers_pos *pos = match_pos(&m);
		if (match_over(&m)) {
			const int res = match_result(&m);
			black = res > 0 ? 2 : res < 0 ? 0 : 1;
			break;
		}
		if (m.cursor >= MAX_PLIES) {
			black = 1;
			break;
		}
		if (__builtin_popcount(pos->piece[0] | pos->piece[1]) <= ADJUDICATE) {
			const enum egdb_result e = checkers_egdb_probe(pos, NULL);
			if (e != EGDB_UNKNOWN) {
				const int mover = e == EGDB_WIN ? 2 : e == EGDB_DRAW ? 1 : 0;
				black = pos->side == CHECKERS_BLACK ? mover : 2 - mover;
				break;
			}
		}
		/* Positions with a capture to make are not quiet: the evaluation never sees them. */
		bool capture = false;
		{
			const int n = checkers_rules.generate(pos, moves);
			for (int i = 0; i < n; i++)
				capture |= checkers_move_captures(&moves[i]) != 0;
		}
		struct search_limits lim = {.depth = depth,
		                            .deep = true,
		                            .noise = 8,
		                            .seed = (uint32_t)(rng(&r) & 0xffffffffu)};
		const int back = pos->quiet < m.cursor ? pos->quiet : m.cursor;
		lim.history = &m.hashes[m.cursor - back];
		lim.history_count = back;
		search_start(eng, pos, &lim);
		search_step(eng, 0);
		const struct search_result *res = search_result(eng);
		if (!capture)
			add_sample(pos, patterns, patterns, res->score,
			           g % HOLD_OUT == HOLD_OUT - 1);
		match_play(&m, &res->move);
	}
	for (size_t i = first; i < n_samples; i++) {
		const int mover = samples[i].side == CHECKERS_BLACK ? black : 2 - black;
		samples[i].label = (float)mover / 2.0f;
	}
	match_free(&m);
}

/* Plays games first .. first + count - 1 (play_game), in `workers` processes when workers > 0:
 * each game then gets a search of its own, so the samples are the same for any number of
 * workers, and they come back in the games' order. With workers 0 one search plays them all
 * (how the first two rounds of the committed weights were played). */
static void play_games(struct search **eng, int first, int count, int depth, uint64_t seed,
                       bool patterns, int workers)
{
	if (workers <= 0) {
		for (int g = 0; g < count; g++)
			play_game(*eng, first + g, depth, seed, patterns);
		return;
	}
	FILE *part[64];
	pid_t pid[64];
	for (int k = 0; k < workers; k++) {
		part[k] = worker_start("train-checkers-eval", &pid[k]);
		if (pid[k] == 0) {
			const int from = (int)((int64_t)count * k / workers);
			const int to = (int)((int64_t)count * (k + 1) / workers);
			n_samples = n_pool = 0;
			for (int g = from; g < to; g++) {
				search_free(*eng);
				*eng = search_new(&checkers_rules, 18);
				play_game(*eng, first + g, depth, seed, patterns);
			}
			const uint64_t n[2] = {n_samples, n_pool};
			worker_end(part[k],
			           fwrite(n, sizeof n, 1, part[k]) == 1 &&
			               fwrite(samples, sizeof *samples, n_samples, part[k]) ==
			                   n_samples &&
			               fwrite(pool, sizeof *pool, n_pool, part[k]) == n_pool);
		}
	}
	for (int k = 0; k < workers; k++) {
		uint64_t n[2];
		if (!worker_join(pid[k], part[k]) || fread(n, sizeof n, 1, part[k]) != 1) {
			fprintf(stderr, "train-checkers-eval: worker %d failed\n", k);
			exit(1);
		}
		reserve(n[0], n[1]);
		if (fread(samples + n_samples, sizeof *samples, n[0], part[k]) != n[0] ||
		    fread(pool + n_pool, sizeof *pool, n[1], part[k]) != n[1]) {
			fprintf(stderr, "train-checkers-eval: worker %d's samples are short\n", k);
			exit(1);
		}
		for (uint64_t i = 0; i < n[0]; i++)
			samples[n_samples + i].start += (uint32_t)n_pool;
		n_samples += n[0];
		n_pool += n[1];
		fclose(part[k]);
	}
}

/* Returns the mean log loss of the samples of phase p (held out or not) under weights w. */
static double loss_of(int p, bool held_out, const double *w)
{
	double loss = 0;
	size_t n = 0;
	for (size_t k = 0; k < n_samples; k++) {
		const struct sample *s = &samples[k];
		if (s->phase != p || s->held_out != held_out)
			continue;
		double v = 0;
		for (int j = 0; j < s->count; j++)
			v += w[pool[s->start + j].weight] * pool[s->start + j].value;
		const double q = sigmoid(v / SCALE), y = s->label;
		loss -= log_likelihood(q, y);
		n++;
	}
	return n ? loss / (double)n : 0;
}

/* With --anchor, the weights the L2 penalty pulls toward: those of --init, kept from before
 * the fit; otherwise 0. */
static double anchor_w[NP][NW];

/* Fits phase p's weights w[NW] (from their values) on the samples not held out, with an L2
 * penalty of strength l2 toward anchor_w; returns the mean log loss. */
static double fit(int p, double *w, double l2)
{
	static double ms[NW], grad[NW], prev[NW];
	memset(ms, 0, sizeof ms);
	size_t n = 0;
	struct sample *mine = malloc((n_samples ? n_samples : 1) * sizeof *mine);
	if (!mine)
		return 0;
	for (size_t k = 0; k < n_samples; k++) {
		if (samples[k].phase != p || samples[k].held_out)
			continue;
		mine[n++] = samples[k];
		for (int j = 0; j < samples[k].count; j++) {
			const struct entry *e = &pool[samples[k].start + j];
			ms[e->weight] += (double)e->value * e->value;
		}
	}
	if (!n) {
		free(mine);
		return 0;
	}
	for (int i = 0; i < NW; i++)
		ms[i] = ms[i] / (double)n + 1e-3;
	double loss = 0, last = INFINITY, eta = 0.25;
	for (int it = 0; it < ITERATIONS; it++) {
		memset(grad, 0, sizeof grad);
		loss = 0;
		for (size_t k = 0; k < n; k++) {
			const struct sample *s = &mine[k];
			const struct entry *e = &pool[s->start];
			double v = 0;
			for (int j = 0; j < s->count; j++)
				v += w[e[j].weight] * e[j].value;
			const double q = sigmoid(v / SCALE), y = s->label;
			loss -= log_likelihood(q, y);
			const double d = (q - y) / SCALE;
			for (int j = 0; j < s->count; j++)
				grad[e[j].weight] += d * e[j].value;
		}
		if (loss > last) { /* overshot: back to the last weights, with half the step */
			memcpy(w, prev, sizeof prev);
			eta /= 2;
			continue;
		}
		last = loss;
		memcpy(prev, w, sizeof prev);
		for (int i = 0; i < NW; i++) {
			const double g = grad[i] / (double)n + l2 * (w[i] - anchor_w[p][i]) / SCALE;
			w[i] -= eta * SCALE * SCALE * g / ms[i];
		}
	}
	free(mine);
	return last / (double)n;
}

/* Fits every phase of w from its values with each of the first `tries` penalties, keeping
 * the one with the least held-out loss, and prints the losses. */
static void fit_all(double (*w)[NW], const char *round, int tries)
{
	static double start[NW], best[NW];
	for (int p = 0; p < NP; p++) {
		const double before = loss_of(p, true, w[p]);
		memcpy(start, w[p], sizeof start);
		double best_held = INFINITY, best_loss = 0, best_l2 = 0;
		for (int t = 0; t < tries; t++) {
			memcpy(w[p], start, sizeof start);
			const double loss = fit(p, w[p], l2_tried[t]);
			const double held = loss_of(p, true, w[p]);
			if (held < best_held) {
				best_held = held;
				best_loss = loss;
				best_l2 = l2_tried[t];
				memcpy(best, w[p], sizeof best);
			}
		}
		memcpy(w[p], best, sizeof best);
		fprintf(stderr,
		        "%s, phase %d: log loss %.4f, held out %.4f (%.4f before), L2 %g; man %.0f "
		        "king %.0f mobility %.1f\n",
		        round, p, best_loss, best_held, before, best_l2, w[p][0], w[p][1],
		        w[p][63]);
	}
}

/* The evaluation of sample s under the blended weights w (checkers_eval_blend). */
static double blended_value(const struct sample *s, double (*w)[NW])
{
	const struct entry *e = &pool[s->start];
	double a = 0, b = 0;
	for (int j = 0; j < s->count; j++)
		a += w[s->upper][e[j].weight] * e[j].value;
	if (!s->fifths)
		return a;
	for (int j = 0; j < s->count; j++)
		b += w[s->upper + 1][e[j].weight] * e[j].value;
	return ((5 - s->fifths) * a + s->fifths * b) / 5;
}

/* Returns the mean log loss of the samples (held out or not) under the blended weights w. */
static double blended_loss(bool held_out, double (*w)[NW])
{
	double loss = 0;
	size_t n = 0;
	for (size_t k = 0; k < n_samples; k++) {
		const struct sample *s = &samples[k];
		if (s->held_out != held_out)
			continue;
		const double q = sigmoid(blended_value(s, w) / SCALE), y = s->label;
		loss -= log_likelihood(q, y);
		n++;
	}
	return n ? loss / (double)n : 0;
}

/* fit() for every phase at once, each sample scored by its two blended phases; each weight's
 * gradient and mean square are taken over its phase's share of the samples, as fit() does. */
static double fit_blended(double (*w)[NW], double l2)
{
	static double ms[NP][NW], grad[NP][NW], prev[NP][NW];
	double share[NP] = {0};
	memset(ms, 0, sizeof ms);
	size_t n = 0;
	for (size_t k = 0; k < n_samples; k++) {
		const struct sample *s = &samples[k];
		if (s->held_out)
			continue;
		n++;
		for (int half = 0; half < 2; half++) {
			const double a = half ? s->fifths / 5.0 : (5 - s->fifths) / 5.0;
			if (a == 0)
				continue;
			share[s->upper + half] += a;
			for (int j = 0; j < s->count; j++) {
				const struct entry *e = &pool[s->start + j];
				ms[s->upper + half][e->weight] += a * a * e->value * e->value;
			}
		}
	}
	if (!n)
		return 0;
	for (int p = 0; p < NP; p++)
		for (int i = 0; i < NW; i++)
			ms[p][i] = ms[p][i] / (share[p] > 0 ? share[p] : 1) + 1e-3;
	double loss = 0, last = INFINITY, eta = 0.25;
	for (int it = 0; it < ITERATIONS; it++) {
		memset(grad, 0, sizeof grad);
		loss = 0;
		for (size_t k = 0; k < n_samples; k++) {
			const struct sample *s = &samples[k];
			if (s->held_out)
				continue;
			const struct entry *e = &pool[s->start];
			const double q = sigmoid(blended_value(s, w) / SCALE), y = s->label;
			loss -= log_likelihood(q, y);
			const double d = (q - y) / SCALE;
			const double da = d * (5 - s->fifths) / 5.0, db = d * s->fifths / 5.0;
			for (int j = 0; j < s->count; j++)
				grad[s->upper][e[j].weight] += da * e[j].value;
			if (s->fifths)
				for (int j = 0; j < s->count; j++)
					grad[s->upper + 1][e[j].weight] += db * e[j].value;
		}
		if (loss > last) { /* overshot: back to the last weights, with half the step */
			memcpy(w, prev, sizeof prev);
			eta /= 2;
			continue;
		}
		last = loss;
		memcpy(prev, w, sizeof prev);
		for (int p = 0; p < NP; p++)
			for (int i = 0; i < NW; i++) {
				const double g = grad[p][i] / (share[p] > 0 ? share[p] : 1) +
				                 l2 * (w[p][i] - anchor_w[p][i]) / SCALE;
				w[p][i] -= eta * SCALE * SCALE * g / ms[p][i];
			}
	}
	return last / (double)n;
}

/* fit_all() for blended weights: every phase at once with each penalty, keeping the one with
 * the least held-out loss. */
static void fit_all_blended(double (*w)[NW], const char *round, int tries)
{
	static double start[NP][NW], best[NP][NW];
	const double before = blended_loss(true, w);
	memcpy(start, w, sizeof start);
	double best_held = INFINITY, best_loss = 0, best_l2 = 0;
	for (int t = 0; t < tries; t++) {
		memcpy(w, start, sizeof start);
		const double loss = fit_blended(w, l2_tried[t]);
		const double held = blended_loss(true, w);
		fprintf(stderr, "%s, blended, L2 %g: log loss %.4f, held out %.4f\n", round,
		        l2_tried[t], loss, held);
		if (held < best_held) {
			best_held = held;
			best_loss = loss;
			best_l2 = l2_tried[t];
			memcpy(best, w, sizeof best);
		}
	}
	memcpy(w, best, sizeof best);
	fprintf(stderr, "%s, blended: log loss %.4f, held out %.4f (%.4f before), L2 %g\n", round,
	        best_loss, best_held, before, best_l2);
	for (int p = 0; p < NP; p++)
		fprintf(stderr, "  phase %d: man %.0f king %.0f mobility %.1f\n", p, w[p][0],
		        w[p][1], w[p][63]);
}

/* The samples file (--samples): "PCSAMP2\n", the count, then each sample's position, held-out
 * mark, outcome and search score (struct sample_record as this build lays it out: a cache for
 * this tool, not a format to keep). The features are counted again when it is read, by the
 * build that reads it. */
static bool save_samples(const char *path)
{
	FILE *f = fopen(path, "wb");
	const uint64_t n = n_samples;
	bool ok = f && fwrite("PCSAMP2\n", 1, 8, f) == 8 && fwrite(&n, sizeof n, 1, f) == 1;
	for (size_t k = 0; ok && k < n_samples; k++) {
		const struct sample *s = &samples[k];
		const struct sample_record r = {{s->pos.piece[0], s->pos.piece[1]},
		                                s->pos.kings,
		                                s->pos.side,
		                                s->held_out,
		                                {0, 0},
		                                s->label,
		                                s->score};
		ok = fwrite(&r, sizeof r, 1, f) == 1;
	}
	if (f && fclose(f) != 0)
		ok = false;
	return ok;
}

/* Adds the samples of a file that save_samples wrote to those held, their features counted by
 * this build. Returns 1, or 0 when there is no such file, or -1 when it cannot be read as one
 * (an older "PCSAMP1" file kept features, not positions: its games must be played again). */
static int load_samples(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return errno == ENOENT ? 0 : -1;
	char head[8];
	uint64_t n;
	bool ok = fread(head, 1, 8, f) == 8 && memcmp(head, "PCSAMP2\n", 8) == 0 &&
	          fread(&n, sizeof n, 1, f) == 1;
	const size_t before = n_samples, before_pool = n_pool;
	for (uint64_t k = 0; ok && k < n; k++) {
		struct sample_record r;
		ok = fread(&r, sizeof r, 1, f) == 1 && r.side <= 1 && r.label >= 0.0f &&
		     r.label <= 1.0f;
		struct checkers_pos pos = {{r.piece[0], r.piece[1]}, r.kings, r.side, 0, {0, 0}};
		ok = ok && checkers_valid(&pos);
		if (!ok)
			break;
		add_sample(&pos, true, false, 0, r.held_out != 0);
		samples[n_samples - 1].label = r.label;
		samples[n_samples - 1].score = r.score;
	}
	ok = ok && fgetc(f) == EOF;
	fclose(f);
	if (!ok) {
		n_samples = before;
		n_pool = before_pool;
	}
	return ok ? 1 : -1;
}

static int put_float(FILE *f, float x)
{
	uint32_t u;
	memcpy(&u, &x, 4);
	const unsigned char b[4] = {(unsigned char)u, (unsigned char)(u >> 8),
	                            (unsigned char)(u >> 16), (unsigned char)(u >> 24)};
	return fwrite(b, 1, 4, f) == 4 ? 0 : -1;
}

static void usage(void)
{
	fprintf(stderr,
	        "usage: train-checkers-eval [--games N] [--depth D] [--games2 N] [--depth2 D] "
	        "[--mix PERCENT] [--seed S] [--egdb DIR] [--init FILE] [--workers W] [--out FILE] "
	        "[--randoms LOW,HIGH] [--blend] [--anchor] [--samples FILE] "
	        "[--add-samples FILE]...\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int games = 2000, depth = 6, games2 = 0, depth2 = 8, mix = 50;
	uint64_t seed = 1;
	int workers = 0;
	const char *out = "assets/checkers-eval.bin", *egdb = "assets", *init = NULL;
	const char *samples_file = NULL, *more[8];
	int n_more = 0;
	bool blend = false, anchored = false;
	for (int i = 1; i < argc; i += 2) {
		if (!strcmp(argv[i], "--blend")) {
			blend = true;
			i--;
			continue;
		}
		if (!strcmp(argv[i], "--anchor")) {
			anchored = true;
			i--;
			continue;
		}
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--games"))
			games = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--depth"))
			depth = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--games2"))
			games2 = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--depth2"))
			depth2 = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--mix"))
			mix = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--egdb"))
			egdb = argv[i + 1];
		else if (!strcmp(argv[i], "--init"))
			init = argv[i + 1];
		else if (!strcmp(argv[i], "--workers"))
			workers = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--out"))
			out = argv[i + 1];
		else if (!strcmp(argv[i], "--samples"))
			samples_file = argv[i + 1];
		else if (!strcmp(argv[i], "--add-samples") && n_more < 8)
			more[n_more++] = argv[i + 1];
		else if (!strcmp(argv[i], "--randoms")) {
			if (sscanf(argv[i + 1], "%d,%d", &randoms_low, &randoms_high) != 2)
				usage();
		} else
			usage();
	}
	if (mix < 0 || mix > 100 || workers < 0 || workers > 64 || randoms_low < 0 ||
	    randoms_high < randoms_low || (anchored && !init))
		usage();
	char err[GAME_ERR_MAX];
	if (checkers_egdb_load(egdb, err) != 0) {
		fprintf(stderr, "train-checkers-eval: %s (make builds it)\n", err);
		return 1;
	}
	static double w[NP][NW];
	static float wf[NP * NW];
	bool init_blend = false;
	struct search *eng = search_new(&checkers_rules, 18);
	const clock_t t0 = clock();
	if (init) {
		/* From weights already made: no round 1. */
		if (checkers_eval_read_blend(init, wf, &init_blend, err) != 0) {
			fprintf(stderr, "train-checkers-eval: %s\n", err);
			return 1;
		}
		for (int p = 0; p < NP; p++)
			for (int i = 0; i < NW; i++)
				w[p][i] = wf[p * NW + i];
		if (anchored)
			memcpy(anchor_w, w, sizeof anchor_w);
	} else {
		/* Round 1: the hand-made evaluation plays; the features are fitted to the outcomes. */
		checkers_eval_set(NULL);
		play_games(&eng, 0, games, depth, seed, false, workers);
		fprintf(stderr, "round 1: %d games, %zu positions in %.1f s of CPU\n", games,
		        n_samples, (double)(clock() - t0) / CLOCKS_PER_SEC);
		fit_all(w, "round 1", 1);
	}
	/* Round 2: round 1's weights play; every weight is fitted to outcome and search. */
	if (games2 > 0) {
		for (int p = 0; p < NP; p++)
			for (int i = 0; i < NW; i++)
				wf[p * NW + i] = (float)w[p][i];
		checkers_eval_set(wf);
		checkers_eval_set_blended(init_blend);
		n_samples = n_pool = 0;
		const int cached = samples_file ? load_samples(samples_file) : 0;
		if (cached < 0) { /* not overwritten: it may be something else */
			fprintf(stderr,
			        "train-checkers-eval: %s is not a samples file (\"PCSAMP2\"; an "
			        "older one's games must be played again)\n",
			        samples_file);
			return 1;
		}
		if (cached) {
			fprintf(stderr, "round 2: %zu positions read from %s\n", n_samples,
			        samples_file);
		} else {
			const double wall = cli_seconds();
			play_games(&eng, games, games2, depth2, seed, true, workers);
			fprintf(stderr,
			        "round 2: %d games, %zu positions; %.1f s of CPU so far (this "
			        "process), %.1f s of wall for the games\n",
			        games2, n_samples, (double)(clock() - t0) / CLOCKS_PER_SEC,
			        cli_seconds() - wall);
			if (samples_file && !save_samples(samples_file)) {
				fprintf(stderr, "train-checkers-eval: cannot write %s\n",
				        samples_file);
				return 1;
			}
		}
		for (int k = 0; k < n_more; k++) {
			const size_t before = n_samples;
			if (load_samples(more[k]) != 1) {
				fprintf(stderr,
				        "train-checkers-eval: cannot read samples from %s\n",
				        more[k]);
				return 1;
			}
			fprintf(stderr, "round 2: %zu more positions from %s\n", n_samples - before,
			        more[k]);
		}
		for (size_t k = 0; k < n_samples; k++) {
			struct sample *s = &samples[k];
			const float outcome = s->label;
			s->label = (float)(mix * outcome + (100 - mix) * s->score) / 100.0f;
		}
		if (blend)
			fit_all_blended(w, "round 2", (int)(sizeof l2_tried / sizeof l2_tried[0]));
		else
			fit_all(w, "round 2", (int)(sizeof l2_tried / sizeof l2_tried[0]));
	}
	search_free(eng);
	fprintf(stderr, "fitted in %.1f s of CPU in all\n",
	        (double)(clock() - t0) / CLOCKS_PER_SEC);
	for (int p = 0; p < NP; p++)
		for (int i = 0; i < NW; i++)
			wf[p * NW + i] = (float)w[p][i];
	FILE *f = fopen(out, "wb");
	int bad = !f || fwrite(blend ? "PCEVAL4\n" : "PCEVAL3\n", 1, 8, f) != 8;
	for (int i = 0; !bad && i < NP * NW; i++)
		bad = put_float(f, wf[i]);
	if (f && fclose(f) != 0)
		bad = 1;
	if (bad) {
		fprintf(stderr, "train-checkers-eval: cannot write %s\n", out);
		return 1;
	}
	printf("wrote %s\n", out);
	return 0;
}
