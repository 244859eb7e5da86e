/*
 * tools/train-checkers-eval.c — learns the weights of checkers' trained evaluation
 * (checkers_eval_features, games/checkers/engine.c) from Parity's own games, and writes
 * assets/checkers-eval.bin (`make checkers-eval`).
 *
 *     build/tools/train-checkers-eval [--games N] [--depth D] [--seed S] [--egdb DIR]
 *                                     [--out FILE]
 *
 * Nothing comes from outside:
 *   - Self-play: game g opens with ballot g (the three-move openings, in turn) and 2 to 7
 *     random moves, then both sides play a D-ply search (the hand-made evaluation, captures
 *     played out, a little noise at the root so that the games differ).
 *   - Labels: each game ends as the rules end it, or at 4 pieces, where Parity's own endgame
 *     database (make: assets/checkers-egdb.bin) gives its result under perfect play, or at
 *     300 plies (a draw). Every position of the game whose side to move has no capture is
 *     labelled with the result from its side to move: 1 won, 1/2 drawn, 0 lost.
 *   - Fit: per phase, logistic regression of the labels on the features,
 *     P(win) = 1 / (1 + exp(-eval / 150)) with eval in 1/100 of a man, by full-batch gradient
 *     descent (each feature's step scaled by its mean square, halved and the step undone
 *     whenever the loss grows), a little L2, from zeros.
 * The run is seeded and built with -ffp-contract=off, so the same build and arguments should
 * give the same file (not checked byte for byte).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/match.h"
#include "core/search.h"
#include "games/checkers/checkers.h"
#include "games/checkers/egdb.h"

enum {
	NF = CHECKERS_EVAL_FEATURES,
	NP = CHECKERS_EVAL_PHASES,
	MAX_PLIES = 300,
	ADJUDICATE = 4, /* pieces: the database says */
	ITERATIONS = 400,
};

#define SCALE 150.0 /* evaluation units per logit */
#define L2    1e-4

struct sample {
	int32_t start; /* first of its features in the pool */
	uint8_t count, phase;
	float label;
};

static struct sample *samples;
static size_t n_samples, cap_samples;
static int16_t (*pool)[2]; /* (feature, value) */
static size_t n_pool, cap_pool;

static void add_sample(const struct checkers_pos *pos)
{
	int f[NF];
	checkers_eval_features(pos, f);
	if (n_samples == cap_samples) {
		cap_samples = cap_samples ? 2 * cap_samples : 1 << 16;
		samples = realloc(samples, cap_samples * sizeof *samples);
	}
	if (n_pool + NF > cap_pool) {
		cap_pool = cap_pool ? 2 * cap_pool : 1 << 20;
		pool = realloc(pool, cap_pool * sizeof *pool);
	}
	if (!samples || !pool) {
		fprintf(stderr, "train-checkers-eval: out of memory\n");
		exit(1);
	}
	struct sample *s = &samples[n_samples++];
	s->start = (int32_t)n_pool;
	s->count = 0;
	s->phase = (uint8_t)checkers_eval_phase(pos);
	for (int i = 0; i < NF; i++)
		if (f[i]) {
			pool[n_pool][0] = (int16_t)i;
			pool[n_pool][1] = (int16_t)f[i];
			n_pool++;
			s->count++;
		}
	s->label = (float)pos->side; /* the side, until the result is known */
}

static uint64_t rng(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state >> 33;
}

/* Plays game g; labels its positions. */
static void play_game(struct search *eng, int g, int depth, uint64_t seed)
{
	struct match m;
	match_init(&m, &checkers_rules, NULL);
	char buf[64];
	snprintf(buf, sizeof buf, "%s", checkers_ballot[g % checkers_ballot_count]);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
		match_play_text(&m, t, NULL);
	uint64_t r = seed ^ (uint64_t)g * 0x9e3779b97f4a7c15ULL;
	const int randoms = 2 + (int)(rng(&r) % 6);
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
		if (!capture)
			add_sample(pos);
		struct search_limits lim = {.depth = depth,
		                            .deep = true,
		                            .noise = 8,
		                            .seed = (uint32_t)(rng(&r) & 0xffffffffu)};
		const int back = pos->quiet < m.cursor ? pos->quiet : m.cursor;
		lim.history = &m.hashes[m.cursor - back];
		lim.history_count = back;
		search_start(eng, pos, &lim);
		search_step(eng, 0);
		match_play(&m, &search_result(eng)->move);
	}
	for (size_t i = first; i < n_samples; i++) {
		const int side = (int)samples[i].label;
		const int mover = side == CHECKERS_BLACK ? black : 2 - black;
		samples[i].label = (float)mover / 2.0f;
	}
	match_free(&m);
}

static double sigmoid(double x)
{
	return 1.0 / (1.0 + exp(-x));
}

/* Fits phase p's weights w[NF]; returns the mean log loss. */
static double fit(int p, double *w)
{
	double ms[NF] = {0}, grad[NF];
	size_t n = 0;
	struct sample *mine = malloc((n_samples ? n_samples : 1) * sizeof *mine);
	if (!mine)
		return 0;
	for (size_t k = 0; k < n_samples; k++) {
		if (samples[k].phase != p)
			continue;
		mine[n++] = samples[k];
		for (int j = 0; j < samples[k].count; j++) {
			const int16_t *e = pool[samples[k].start + j];
			ms[e[0]] += (double)e[1] * e[1];
		}
	}
	if (!n) {
		free(mine);
		return 0;
	}
	for (int i = 0; i < NF; i++)
		ms[i] = ms[i] / (double)n + 1e-3;
	double loss = 0, last = INFINITY, eta = 0.25, prev[NF];
	for (int it = 0; it < ITERATIONS; it++) {
		memset(grad, 0, sizeof grad);
		loss = 0;
		for (size_t k = 0; k < n; k++) {
			const struct sample *s = &mine[k];
			double v = 0;
			for (int j = 0; j < s->count; j++) {
				const int16_t *e = pool[s->start + j];
				v += w[e[0]] * e[1];
			}
			const double q = sigmoid(v / SCALE), y = s->label;
			loss -= y * log(q + 1e-12) + (1 - y) * log(1 - q + 1e-12);
			const double d = (q - y) / SCALE;
			for (int j = 0; j < s->count; j++) {
				const int16_t *e = pool[s->start + j];
				grad[e[0]] += d * e[1];
			}
		}
		if (loss > last) { /* overshot: back to the last weights, with half the step */
			memcpy(w, prev, sizeof prev);
			eta /= 2;
			continue;
		}
		last = loss;
		memcpy(prev, w, sizeof prev);
		for (int i = 0; i < NF; i++) {
			const double g = grad[i] / (double)n + L2 * w[i] / SCALE;
			w[i] -= eta * SCALE * SCALE * g / ms[i];
		}
	}
	free(mine);
	return last / (double)n;
}

static int put_float(FILE *f, float x)
{
	uint32_t u;
	memcpy(&u, &x, 4);
	const unsigned char b[4] = {(unsigned char)u, (unsigned char)(u >> 8),
	                            (unsigned char)(u >> 16), (unsigned char)(u >> 24)};
	return fwrite(b, 1, 4, f) == 4 ? 0 : -1;
}

int main(int argc, char **argv)
{
	int games = 2000, depth = 5;
	uint64_t seed = 1;
	const char *out = "assets/checkers-eval.bin", *egdb = "assets";
	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--games"))
			games = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--depth"))
			depth = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--egdb"))
			egdb = argv[i + 1];
		else if (!strcmp(argv[i], "--out"))
			out = argv[i + 1];
		else {
			fprintf(stderr,
			        "usage: train-checkers-eval [--games N] [--depth D] [--seed S] "
			        "[--egdb DIR] [--out FILE]\n");
			return 2;
		}
	}
	char err[GAME_ERR_MAX];
	if (checkers_egdb_load(egdb, err) != 0) {
		fprintf(stderr, "train-checkers-eval: %s (make builds it)\n", err);
		return 1;
	}
	checkers_eval_set(NULL); /* the games are played with the hand-made evaluation */
	struct search *eng = search_new(&checkers_rules, 18);
	const clock_t t0 = clock();
	for (int g = 0; g < games; g++)
		play_game(eng, g, depth, seed);
	search_free(eng);
	fprintf(stderr, "%d games, %zu positions in %.1f s of CPU\n", games, n_samples,
	        (double)(clock() - t0) / CLOCKS_PER_SEC);
	static double w[NP][NF];
	static float wf[NP * NF];
	for (int p = 0; p < NP; p++) {
		const double loss = fit(p, w[p]);
		fprintf(stderr, "phase %d: log loss %.4f; man %.0f king %.0f mobility %.1f\n", p,
		        loss, w[p][0], w[p][1], w[p][63]);
		for (int i = 0; i < NF; i++)
			wf[p * NF + i] = (float)w[p][i];
	}
	fprintf(stderr, "fitted in %.1f s of CPU in all\n",
	        (double)(clock() - t0) / CLOCKS_PER_SEC);
	FILE *f = fopen(out, "wb");
	int bad = !f || fwrite("PCEVAL1\n", 1, 8, f) != 8;
	for (int i = 0; !bad && i < NP * NF; i++)
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
