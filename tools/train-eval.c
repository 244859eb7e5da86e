/*
 * tools/train-eval.c — learns the weights of Reversi's pattern evaluation
 * (games/reversi/pattern.h) from Parity's own games, and writes assets/reversi-eval.bin.
 *
 *     build/tools/train-eval [--games N] [--rounds R] [--last-games L] [--seed S]
 *                            [--workers W] [--depth D] [--noise X] [--init FILE]
 *                            [--out FILE]
 *
 * Nothing comes from outside: each round plays N games against itself (L in the last round,
 * N by default) and fits the weights to them, and the next round plays with the weights just
 * learnt. With --init the first round already plays with the weights of FILE. The games are
 * played by W worker processes, and the stages are fitted W at a time.
 *   - A game opens with 6 to 19 random moves (so that the positions are varied), then each side
 *     plays the move of a short search (2 plies with the hand-made evaluation in the first
 *     round, D plies (4 by default) with the pattern evaluation afterwards, with up to X/100
 *     of a disc of random noise on each root move, 150 by default) until LABEL_EMPTIES squares
 *     are left.
 *   - There the exact endgame solver gives the final margin under perfect play, and the game
 *     goes on along a perfect line to the end. Every position of the game is labelled with
 *     that margin, seen from its side to move: exact for the positions from LABEL_EMPTIES
 *     down, the outcome of the game for the earlier ones.
 *   - Each stage's weights are the ridge-regularised least-squares fit of the labels of the
 *     positions of its stage and of the neighbouring ones, solved by conjugate gradients; the
 *     two readings of a symmetric shape share one weight (pattern_twin).
 *   - One game in HELD_OUT is not fitted: the log gives each stage's rms error on those
 *     games' positions for the weights that played the round and for the new ones, so that a
 *     round shows whether it generalises.
 * Each game has its own random numbers, search table and endgame table, so the games (and
 * the file) are the same whatever the number of workers: the same arguments give the same
 * file, byte for byte.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "core/game.h"
#include "core/hash.h"
#include "core/search.h"
#include "games/reversi/board8.h"
#include "games/reversi/endgame.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"
#include "workers.h"

enum {
	LABEL_EMPTIES = 14, /* solve exactly from here */
	STAGE_MARGIN = 2,   /* a stage also learns from positions this many empties beyond it */
	CG_ITERATIONS = 60,
	HELD_OUT = 32, /* game g is held out of the fit when g % HELD_OUT == HELD_OUT - 1 */
	WORKERS_MAX = 64,
};

static const double RIDGE = 2.0; /* regularisation of the pattern weights, per weight */

struct sample {
	uint64_t P, O; /* the side to move, its opponent */
	int8_t label;  /* final margin for P */
	uint8_t empties;
	uint8_t held_out; /* from a game the fit does not see */
};

static struct {
	struct sample *s;
	size_t n, cap;
} data;

static uint64_t rng_state;
static uint8_t game_held_out; /* the held_out mark of the game being played */
static int play_depth = 4;    /* the depth of the sides' searches with the pattern weights */
static int play_noise = 150;  /* --noise: the searches' random noise, 1/100 disc */

static uint32_t rng(void)
{
	return (uint32_t)(hash_mix64(hash_lcg_next(&rng_state)) >> 32);
}

static void add_sample(uint64_t P, uint64_t O, int label)
{
	if (data.n == data.cap) {
		data.cap = data.cap ? 2 * data.cap : 1 << 16;
		data.s = realloc(data.s, data.cap * sizeof *data.s);
		if (!data.s) {
			fputs("train-eval: out of memory\n", stderr);
			exit(1);
		}
	}
	data.s[data.n++] = (struct sample){P, O, (int8_t)label, (uint8_t)(64 - board8_count(P | O)),
	                                   game_held_out};
}

/* Plays game g of a round from the start and adds its labelled positions. `patterns`: the
 * sides search play_depth plies with the pattern weights in use (else 2 with the hand-made
 * evaluation). The game's random numbers come from (seed, round, g) alone. */
static void play_game(struct search *search, struct endgame_ctx *eg, bool patterns, uint32_t seed,
                      int round, uint32_t g)
{
	rng_state = hash_mix64((uint64_t)seed << 32 ^ (uint64_t)round << 24 ^ g);
	game_held_out = g % HELD_OUT == HELD_OUT - 1;
	struct reversi_pos pos;
	reversi_rules.start(&pos, &(struct game_options){0});
	struct game_move moves[GAME_MOVES_MAX];
	uint64_t hist_p[64], hist_o[64];
	int hist_side[64], n_hist = 0;
	const int random_plies = 6 + (int)(rng() % 14);
	for (int ply = 0;; ply++) {
		const int n = reversi_rules.generate(&pos, moves);
		if (n == 0)
			return; /* over before the labelling point: no label to give */
		const uint64_t P = (uint64_t)pos.disc[pos.side], O = (uint64_t)pos.disc[!pos.side];
		const int empties = 64 - board8_count(P | O);
		if (empties <= LABEL_EMPTIES)
			break;
		if (moves[0].code != REVERSI_PASS && n_hist < 64) {
			hist_p[n_hist] = P;
			hist_o[n_hist] = O;
			hist_side[n_hist++] = pos.side;
		}
		struct game_move m = moves[rng() % (uint32_t)n];
		if (ply >= random_plies && n > 1) {
			struct search_limits lim = {.depth = patterns ? play_depth : 2,
			                            .noise = play_noise,
			                            .seed = g * 131u + (uint32_t)ply,
			                            .deep = patterns};
			search_start(search, &pos, &lim);
			search_step(search, 0);
			m = search_result(search)->move;
		}
		reversi_rules.play(&pos, &m);
	}
	/* The exact margin, then the perfect line to the end. */
	uint64_t P = (uint64_t)pos.disc[pos.side], O = (uint64_t)pos.disc[!pos.side];
	const int side14 = pos.side;
	const int v14 = endgame_solve(eg, P, O, -64, 64);
	for (int i = 0; i < n_hist; i++)
		add_sample(hist_p[i], hist_o[i], hist_side[i] == side14 ? v14 : -v14);
	int v = v14;
	for (;;) {
		uint64_t mv = board8_moves(P, O);
		if (!mv) {
			if (!board8_moves(O, P))
				break;
			uint64_t t = P;
			P = O;
			O = t;
			v = -v;
			continue;
		}
		add_sample(P, O, v);
		const struct endgame_result r = endgame_best(eg, P, O, -64, 64);
		const uint64_t f = board8_flips(r.move, P, O);
		const uint64_t np = O & ~f, no = P | f | 1ULL << r.move;
		P = np;
		O = no;
		v = -r.score;
	}
}

/* The features of one sample: its weight indices (twins folded) and its mobility. */
static void features(const struct sample *s, uint32_t *idx, int *mob)
{
	pattern_indices(s->P, s->O, idx);
	for (int i = 0; i < PATTERN_INSTANCES; i++)
		idx[i] = pattern_twin(idx[i]);
	*mob = pattern_mobility(s->P, s->O);
}

/* Fits the weights of stage st into w (stage_size doubles); *positions gets the number of
 * positions fitted, and the return is the fit's rms error on them, in discs. */
static double fit_stage(int st, double *w, size_t size, size_t *positions)
{
	/* The samples of this stage and its neighbours. */
	size_t m = 0;
	uint32_t *idx = NULL;
	int *mob = NULL;
	double *y = NULL;
	for (size_t i = 0; i < data.n; i++) {
		const int e = data.s[i].empties;
		int lo = 60 - 5 * st - 4, hi = 60 - 5 * st;
		if (st == PATTERN_STAGES - 1)
			lo = 0;
		if (e < lo - STAGE_MARGIN || e > hi + STAGE_MARGIN || e == 60 || data.s[i].held_out)
			continue;
		if (m % 4096 == 0) {
			idx = realloc(idx, (m + 4096) * PATTERN_INSTANCES * sizeof *idx);
			mob = realloc(mob, (m + 4096) * sizeof *mob);
			y = realloc(y, (m + 4096) * sizeof *y);
			if (!idx || !mob || !y) {
				fputs("train-eval: out of memory\n", stderr);
				exit(1);
			}
		}
		features(&data.s[i], idx + m * PATTERN_INSTANCES, &mob[m]);
		y[m] = data.s[i].label;
		m++;
	}
	/* Conjugate gradients on (XᵀX + λD) w = Xᵀy, D = 1 on the pattern weights. */
	double *r = calloc(size, sizeof *r), *p = calloc(size, sizeof *p);
	double *q = calloc(size, sizeof *q), *xp = malloc((m ? m : 1) * sizeof *xp);
	if (!r || !p || !q || !xp) {
		fputs("train-eval: out of memory\n", stderr);
		exit(1);
	}
	memset(w, 0, size * sizeof *w);
	for (size_t k = 0; k < m; k++) { /* r = Xᵀy (w = 0) */
		r[0] += y[k];
		r[1] += y[k] * mob[k];
		for (int j = 0; j < PATTERN_INSTANCES; j++)
			r[idx[k * PATTERN_INSTANCES + j]] += y[k];
	}
	memcpy(p, r, size * sizeof *p);
	double rr = 0;
	for (size_t j = 0; j < size; j++)
		rr += r[j] * r[j];
	for (int it = 0; it < CG_ITERATIONS && rr > 1e-9; it++) {
		for (size_t k = 0; k < m; k++) { /* xp = X p */
			double v = p[0] + p[1] * mob[k];
			for (int j = 0; j < PATTERN_INSTANCES; j++)
				v += p[idx[k * PATTERN_INSTANCES + j]];
			xp[k] = v;
		}
		memset(q, 0, size * sizeof *q); /* q = Xᵀ X p + λ D p */
		for (size_t k = 0; k < m; k++) {
			q[0] += xp[k];
			q[1] += xp[k] * mob[k];
			for (int j = 0; j < PATTERN_INSTANCES; j++)
				q[idx[k * PATTERN_INSTANCES + j]] += xp[k];
		}
		for (size_t j = PATTERN_EXTRA; j < size; j++)
			q[j] += RIDGE * p[j];
		double pq = 0;
		for (size_t j = 0; j < size; j++)
			pq += p[j] * q[j];
		if (pq <= 0)
			break;
		const double a = rr / pq;
		double rr2 = 0;
		for (size_t j = 0; j < size; j++) {
			w[j] += a * p[j];
			r[j] -= a * q[j];
			rr2 += r[j] * r[j];
		}
		for (size_t j = 0; j < size; j++)
			p[j] = r[j] + rr2 / rr * p[j];
		rr = rr2;
	}
	/* The fit's error, for the log. */
	double se = 0;
	for (size_t k = 0; k < m; k++) {
		double v = w[0] + w[1] * mob[k];
		for (int j = 0; j < PATTERN_INSTANCES; j++)
			v += w[idx[k * PATTERN_INSTANCES + j]];
		se += (v - y[k]) * (v - y[k]);
	}
	*positions = m;
	/* Twins get the weight of their representative. */
	for (size_t j = PATTERN_EXTRA; j < size; j++)
		w[j] = w[pattern_twin((uint32_t)j)];
	free(r);
	free(p);
	free(q);
	free(xp);
	free(idx);
	free(mob);
	free(y);
	return m ? sqrt(se / (double)m) : 0.0;
}

/* Returns the rms error, in discs, of the weights in use on the held-out positions of each
 * stage (its own empties only), in rms[stage]. */
static void held_out_rms(double rms[PATTERN_STAGES])
{
	double se[PATTERN_STAGES] = {0};
	size_t n[PATTERN_STAGES] = {0};
	for (size_t i = 0; i < data.n; i++) {
		const struct sample *s = &data.s[i];
		if (!s->held_out || s->empties == 60)
			continue;
		const int st = pattern_stage(s->empties);
		const double d = pattern_evaluate(s->P, s->O) / (double)PATTERN_UNIT - s->label;
		se[st] += d * d;
		n[st]++;
	}
	for (int st = 0; st < PATTERN_STAGES; st++)
		rms[st] = n[st] ? sqrt(se[st] / (double)n[st]) : 0.0;
}

static void print_held_out(const char *what, const double rms[PATTERN_STAGES])
{
	fprintf(stderr, "  held out, %s:", what);
	for (int st = 0; st < PATTERN_STAGES; st++)
		fprintf(stderr, " %.2f", rms[st]);
	fputc('\n', stderr);
}

/* Plays games from .. to - 1 of a round into data; each game gets a search and an endgame
 * table of its own, so the samples do not depend on how the games are shared out. */
static void play_range(int from, int to, bool patterns, uint32_t seed, int round, bool progress)
{
	struct endgame_ctx *eg = endgame_new(20);
	if (!eg) {
		fputs("train-eval: out of memory\n", stderr);
		exit(1);
	}
	for (int g = from; g < to; g++) {
		struct search *search = search_new(&reversi_rules, 16);
		if (!search) {
			fputs("train-eval: out of memory\n", stderr);
			exit(1);
		}
		endgame_clear(eg);
		play_game(search, eg, patterns, seed, round, (uint32_t)g);
		search_free(search);
		if (progress && (g + 1) % 10000 == 0)
			fprintf(stderr, "round %d: %d games, %zu positions\n", round + 1, g + 1,
			        data.n);
	}
	endgame_free(eg);
}

/* Plays games 0 .. count - 1 of a round into data, in `workers` processes when workers > 1
 * (tools/workers.h); the samples are the same for any number of workers, and they come back
 * in the games' order. */
static void play_games(int count, bool patterns, uint32_t seed, int round, int workers)
{
	if (workers <= 1) {
		play_range(0, count, patterns, seed, round, true);
		return;
	}
	FILE *part[WORKERS_MAX];
	pid_t pid[WORKERS_MAX];
	for (int k = 0; k < workers; k++) {
		part[k] = worker_start("train-eval", &pid[k]);
		if (pid[k] != 0)
			continue;
		play_range((int)((int64_t)count * k / workers),
		           (int)((int64_t)count * (k + 1) / workers), patterns, seed, round, false);
		const uint64_t n = data.n;
		worker_end(part[k], fwrite(&n, sizeof n, 1, part[k]) == 1 &&
		                        fwrite(data.s, sizeof *data.s, n, part[k]) == n);
	}
	for (int k = 0; k < workers; k++) {
		uint64_t n = 0;
		if (!worker_join(pid[k], part[k]) || fread(&n, sizeof n, 1, part[k]) != 1) {
			fprintf(stderr, "train-eval: worker %d failed\n", k);
			exit(1);
		}
		if (data.n + n > data.cap) {
			data.cap = data.n + n;
			data.s = realloc(data.s, data.cap * sizeof *data.s);
			if (!data.s) {
				fputs("train-eval: out of memory\n", stderr);
				exit(1);
			}
		}
		if (fread(data.s + data.n, sizeof *data.s, n, part[k]) != n) {
			fprintf(stderr, "train-eval: worker %d's samples are short\n", k);
			exit(1);
		}
		data.n += n;
		fclose(part[k]);
	}
}

/* CPU seconds (user and system) of this process and of its workers that have ended. */
static double cpu_seconds(void)
{
	double t = 0;
	const int who[2] = {RUSAGE_SELF, RUSAGE_CHILDREN};
	for (int i = 0; i < 2; i++) {
		struct rusage u;
		if (getrusage(who[i], &u) == 0)
			t += (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec / 1e6 +
			     (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec / 1e6;
	}
	return t;
}

static int16_t to_weight(double v)
{
	const double x = round(v * PATTERN_UNIT);
	return (int16_t)(x > 32767 ? 32767 : x < -32767 ? -32767 : x);
}

/* A stage's figures for the log (what a fitting worker sends back before its weights). */
struct stage_fit {
	uint64_t positions;
	double rms;
};

/* Fits stage st into ws (size weights), with w as scratch (size doubles). */
static struct stage_fit fit_one(int st, double *w, int16_t *ws, size_t size)
{
	size_t m = 0;
	const double rms = fit_stage(st, w, size, &m);
	for (size_t j = 0; j < size; j++)
		ws[j] = to_weight(w[j]);
	return (struct stage_fit){.positions = m, .rms = rms};
}

/* Fits every stage into weights (PATTERN_STAGES x size), up to `workers` stages at once in
 * processes of their own (tools/workers.h); the stages are independent, so the weights are
 * the same for any number of workers. Prints each stage's figures in order. */
static void fit_stages(int16_t *weights, size_t size, int workers)
{
	double *w = malloc(size * sizeof *w);
	if (!w) {
		fputs("train-eval: out of memory\n", stderr);
		exit(1);
	}
	for (int first = 0; first < PATTERN_STAGES; first += workers) {
		const int last =
		    first + workers < PATTERN_STAGES ? first + workers : PATTERN_STAGES;
		FILE *part[PATTERN_STAGES];
		pid_t pid[PATTERN_STAGES];
		struct stage_fit fit[PATTERN_STAGES];
		for (int st = first; st < last; st++) {
			int16_t *ws = weights + (size_t)st * size;
			if (workers <= 1) {
				fit[st] = fit_one(st, w, ws, size);
				continue;
			}
			part[st] = worker_start("train-eval", &pid[st]);
			if (pid[st] != 0)
				continue;
			const struct stage_fit f = fit_one(st, w, ws, size);
			worker_end(part[st], fwrite(&f, sizeof f, 1, part[st]) == 1 &&
			                         fwrite(ws, sizeof *ws, size, part[st]) == size);
		}
		for (int st = first; st < last; st++) {
			if (workers > 1) {
				if (!worker_join(pid[st], part[st]) ||
				    fread(&fit[st], sizeof fit[st], 1, part[st]) != 1 ||
				    fread(weights + (size_t)st * size, sizeof *weights, size,
				          part[st]) != size) {
					fprintf(stderr, "train-eval: the fit of stage %d failed\n",
					        st);
					exit(1);
				}
				fclose(part[st]);
			}
			fprintf(stderr, "  stage %2d: %8llu positions, rms error %.2f discs\n", st,
			        (unsigned long long)fit[st].positions, fit[st].rms);
		}
	}
	free(w);
}

int main(int argc, char **argv)
{
	int games = 20000, rounds = 2, last_games = 0, workers = 1;
	uint32_t seed = 1;
	const char *out = "assets/reversi-eval.bin", *init = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
			games = atoi(argv[++i]);
		else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
			rounds = atoi(argv[++i]);
		else if (strcmp(argv[i], "--last-games") == 0 && i + 1 < argc)
			last_games = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			seed = (uint32_t)strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--workers") == 0 && i + 1 < argc)
			workers = atoi(argv[++i]);
		else if (strcmp(argv[i], "--depth") == 0 && i + 1 < argc)
			play_depth = atoi(argv[++i]);
		else if (strcmp(argv[i], "--noise") == 0 && i + 1 < argc)
			play_noise = atoi(argv[++i]);
		else if (strcmp(argv[i], "--init") == 0 && i + 1 < argc)
			init = argv[++i];
		else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
			out = argv[++i];
		else {
			fputs("usage: train-eval [--games N] [--rounds R] [--last-games L]\n"
			      "                  [--seed S] [--workers W] [--depth D] [--noise X]\n"
			      "                  [--init FILE] [--out FILE]\n",
			      stderr);
			return 2;
		}
	}
	if (games < 1 || rounds < 1 || last_games < 0 || workers < 1 || workers > WORKERS_MAX ||
	    play_depth < 1 || play_depth > 20 || play_noise < 0 || play_noise > 6400) {
		fprintf(stderr,
		        "train-eval: --games and --rounds must be at least 1, --last-games at "
		        "least 0, --workers 1 to %d, --depth 1 to 20, --noise 0 to 6400\n",
		        WORKERS_MAX);
		return 2;
	}
	if (init) {
		char err[GAME_ERR_MAX];
		if (pattern_load(init, err) != 0) {
			fprintf(stderr, "train-eval: %s\n", err);
			return 1;
		}
	}
	const size_t size = pattern_stage_size();
	int16_t *weights = calloc(PATTERN_STAGES * size, sizeof *weights);
	if (!weights) {
		fputs("train-eval: out of memory\n", stderr);
		return 1;
	}
	for (int round = 0; round < rounds; round++) {
		const double cpu0 = cpu_seconds();
		const time_t wall0 = time(NULL);
		const int n_games = round == rounds - 1 && last_games > 0 ? last_games : games;
		const bool patterns = round > 0 || init;
		data.n = 0;
		play_games(n_games, patterns, seed, round, workers);
		fprintf(
		    stderr,
		    "round %d: %d games, %zu positions, %.0f s of CPU (the workers' too), %.0f s "
		    "of wall\n",
		    round + 1, n_games, data.n, cpu_seconds() - cpu0, difftime(time(NULL), wall0));
		double rms[PATTERN_STAGES];
		if (patterns) {
			held_out_rms(rms);
			print_held_out("the weights that played", rms);
		}
		const time_t fit0 = time(NULL);
		fit_stages(weights, size, workers);
		fprintf(stderr, "  fitted in %.0f s of wall\n", difftime(time(NULL), fit0));
		if (!pattern_set_weights(weights)) {
			fputs("train-eval: out of memory\n", stderr);
			return 1;
		}
		held_out_rms(rms);
		print_held_out("the new weights", rms);
	}
	const int rc = pattern_save(out, weights);
	if (rc != 0) {
		fprintf(stderr, "train-eval: cannot write %s\n", out);
		return 1;
	}
	fprintf(stderr, "wrote %s\n", out);
	free(weights);
	free(data.s);
	return 0;
}
