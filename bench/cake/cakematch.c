/*
 * bench/cake/cakematch.c — Parity (libparity.a, its Expert or Hard level) against Cake (Martin
 * Fierz, github.com/martinfierz/cake, built on Linux as libcake.a by
 * ../shared/tools/cake-match/setup.sh in a scratch directory: Cake's code is never in this
 * repository), English checkers. Built and run by bench/cake-match.
 *
 *   cakematch LEVEL CAKE_SECONDS [--games N] [--first K] [--out FILE] [--nodes N]
 *   cakematch --review FILE CAKE_SECONDS [--out FILE]
 *   cakematch --retry REVIEW LEVEL [--nodes N] [--min-fall F] [--out FILE]
 *
 * Parity reads its endgame databases, trained weights and opening book from $PARITY_EGDB_DIR
 * (CHK_NO_BOOK=1 leaves the book out); --nodes replaces the level's node limit.
 * For experiments, CHK_PROBCUT (tenths of sigma, 0: off), CHK_REDUCE and CHK_EXTEND (0 or 1)
 * replace the level's search options, and CHK_VERBOSE=1 writes both engines' depth and score
 * for every move, so that a game can be followed through each side's eyes. CHK_DEEP=P:N gives
 * Parity's moves before ply P a search of N nodes (with CHK_NO_BOOK=1: what a book of deeper
 * searches would play in the first moves after the ballot).
 *
 * Game g (1-based) opens with Parity's ballot (g-1)/2; Parity is Black in odd-numbered games
 * (g = 1, 3, ...) and White in even ones, as in `parity match checkers`. Parity moves exactly
 * as in src/cli/match_checkers.c (level_limits, seed 7919*g + ply, the positions since the
 * last capture or man move as history). Cake gets the same history (its repetition table) and
 * CAKE_SECONDS as its CheckerBoard maxtime. Every Cake move is checked against Parity's legal
 * moves (the position after it must be the position after one of them), and in every position
 * of every game the two move generators are compared (sets of positions after each move).
 * The draw rules are Parity's core/match: threefold repetition and 40 moves each without a
 * capture or a man move. Thinking time is measured per move as process CPU time and wall time.
 *
 * --review reads the games of a file this program wrote (their "game K: ..." and "moves:"
 * lines) and has Cake judge every position after the ballot, from a fresh start with the
 * game's history, at CAKE_SECONDS: for each ply, Cake's value from Parity's side (in Cake's
 * units, 1/100 of a man; a repetition claim is 0), the pieces on the board, the move played,
 * Cake's choice, and for Parity's moves the fall of that value from before the move to after
 * it (on quiet moves: no capture just before, at or after). A game's summary line names
 * Parity's largest falls on moves other than Cake's choice, and the first ply from which Cake
 * sees Parity at least half a man down for good.
 *
 * --retry reads such a review and searches again, as LEVEL (with --nodes and the experiments'
 * variables below), every position where Parity's move fell by F (default 30) or more and
 * was not Cake's choice: does Parity now play Cake's move, its own again, or another? A
 * quick test of what would mend the moves that Cake blames (more nodes, the 6-piece tables,
 * other weights), not a measure of strength.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/level.h"
#include "core/match.h"
#include "core/search.h"
#include "games/checkers/checkers.h"
#include "games/checkers/book.h"
#include "games/checkers/egdb.h"

/* from chk_cakeapi.c */
void chk_cake_setbook(int on);
void chk_cake_history(int n, const uint32_t (*pos)[4], const int *black, const int *irrev);
int chk_cake_move(const uint32_t in[4], int black, double maxtime, int reset, uint32_t out[4],
                  char *str);
int chk_cake_legal(const uint32_t in[4], int black, uint32_t (*out)[4]);
/* from cake_room.c */
void chk_cake_room(void);
int chk_cake_past_end(void);

/* Parity bit (square n = bit n-1) <-> Cake bit: the order is reversed within each row of 4. */
static uint32_t swapbits(uint32_t x)
{
	uint32_t y = 0;
	for (int b = 0; b < 32; b++)
		if (x >> b & 1)
			y |= 1u << (4 * (b / 4) + 3 - b % 4);
	return y;
}

static void to_cake(const struct checkers_pos *p, uint32_t c[4])
{
	const uint32_t k = p->kings;
	c[0] = swapbits(p->piece[0] & ~k);
	c[1] = swapbits(p->piece[0] & k);
	c[2] = swapbits(p->piece[1] & ~k);
	c[3] = swapbits(p->piece[1] & k);
}

static int same4(const uint32_t a[4], const uint32_t b[4])
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3];
}

static FILE *out;
static long disagreements, illegal, cake_nomove, cake_deepest;

/* Compares the two move generators in the current position; logs any difference. */
static void compare_generators(const struct match *m, int g)
{
	const struct checkers_pos *pos = match_pos(m);
	struct game_move moves[GAME_MOVES_MAX];
	const int n = checkers_rules.generate(pos, moves);
	if (n == 0 || pos->quiet >= CHECKERS_QUIET_DRAW)
		return;
	uint32_t pr[GAME_MOVES_MAX][4], cr[64][4], in[4];
	for (int i = 0; i < n; i++) {
		struct checkers_pos q = *pos;
		checkers_rules.play(&q, &moves[i]);
		to_cake(&q, pr[i]);
	}
	to_cake(pos, in);
	const int cn = chk_cake_legal(in, pos->side == CHECKERS_BLACK, cr);
	int bad = 0;
	for (int i = 0; i < n && !bad; i++) {
		int f = 0;
		for (int j = 0; j < cn; j++)
			f |= same4(pr[i], cr[j]);
		bad |= !f;
	}
	for (int j = 0; j < cn && !bad; j++) {
		int f = 0;
		for (int i = 0; i < n; i++)
			f |= same4(pr[i], cr[j]);
		bad |= !f;
	}
	if (bad) {
		char t[GAME_TEXT_MAX];
		checkers_rules.pos_to_text(pos, t, sizeof t);
		fprintf(out, "RULES DISAGREEMENT game %d ply %d: %s (Parity %d moves, Cake %d)\n",
		        g, m->cursor, t, n, cn);
		disagreements++;
	}
}

/* Asks Cake for its move in the match's current position, with the game's history (the
 * positions since the last capture or man move, at most 11, as Cake keeps them); returns
 * chk_cake_move's value and leaves Cake's position in res and its report in str. */
static int cake_think(const struct match *m, double cake_time, int reset, uint32_t res[4],
                      char *str)
{
	const struct checkers_pos *pos = match_pos(m);
	const int back = pos->quiet < m->cursor ? pos->quiet : m->cursor;
	const int nh = (back > 10 ? 10 : back) + 1;
	uint32_t hp[11][4];
	int hb[11], hi[11];
	for (int k = 0; k < nh; k++) {
		const int idx = m->cursor - (nh - 1) + k;
		const struct checkers_pos *q = match_pos_at(m, idx);
		to_cake(q, hp[k]);
		hb[k] = q->side == CHECKERS_BLACK;
		hi[k] = (k == 0 && idx == m->cursor - back) ? 1 : 0;
	}
	chk_cake_history(nh, (const uint32_t(*)[4])hp, hb, hi);
	chk_cake_room(); /* Cake's repetition array with room for its deepest line */
	uint32_t in[4];
	to_cake(pos, in);
	return chk_cake_move(in, pos->side == CHECKERS_BLACK, cake_time, reset, res, str);
}

/* Cake's value in its report ("value=N", for its side to move); 0 when it claims a draw. */
static int cake_value(const char *str)
{
	const char *v = strstr(str, "value=");
	return v ? atoi(v + 6) : 0;
}

/* Fills moves with the match's legal moves and returns the index of the one that leads to
 * Cake's position res (-1: none). */
static int cake_move_index(const struct match *m, const uint32_t res[4],
                           struct game_move moves[GAME_MOVES_MAX])
{
	const int n = match_legal(m, moves);
	for (int i = 0; i < n; i++) {
		struct checkers_pos q = *(const struct checkers_pos *)match_pos(m);
		checkers_rules.play(&q, &moves[i]);
		uint32_t r4[4];
		to_cake(&q, r4);
		if (same4(r4, res))
			return i;
	}
	return -1;
}

/* The match's game number g (1-based): Parity's ballot (g-1)/2, Parity Black in odd games;
 * NULL for a number past the ballots. */
static const char *game_opening(int g, int *parity_side)
{
	if (g < 1 || g > 2 * checkers_ballot_count)
		return NULL;
	*parity_side = (g - 1) % 2 == 0 ? CHECKERS_BLACK : CHECKERS_WHITE;
	return checkers_ballot[(g - 1) / 2];
}

enum {
	REVIEW_DOWN = -50, /* half a man: "down for good" from there */
	REVIEW_CAP = 400   /* falls are taken between values capped at 4 men: beyond, Cake's
	                      scores of wins come and go with its depth */
};

static int capped(int v)
{
	return v > REVIEW_CAP ? REVIEW_CAP : v < -REVIEW_CAP ? -REVIEW_CAP : v;
}

/* Loads Parity's endgame databases, trained weights and opening book from $PARITY_EGDB_DIR
 * (CHK_NO_BOOK: no book) and says what it has. */
static void load_parity(void)
{
	char err[GAME_ERR_MAX];
	const char *dir = getenv("PARITY_EGDB_DIR");
	if (dir && checkers_egdb_load(dir, err) != 0)
		fprintf(stderr, "cakematch: %s\n", err);
	char path[1200];
	snprintf(path, sizeof path, "%s/checkers-eval.bin", dir ? dir : ".");
	if (dir && checkers_eval_load(path, err) != 0)
		fprintf(stderr, "cakematch: %s\n", err);
	snprintf(path, sizeof path, "%s/checkers-book.bin", dir ? dir : ".");
	if (dir && !getenv("CHK_NO_BOOK") && checkers_book_load(path, err) != 0)
		fprintf(stderr, "cakematch: %s\n", err);
	fprintf(out, "Parity opening book: %zu positions\n",
	        checkers_book_current() ? checkers_book_current()->count : 0);
	fprintf(out, "Parity trained evaluation: %s\n", checkers_eval_trained() ? "yes" : "no");
	fprintf(out, "Parity endgame databases: %d pieces\n", checkers_egdb_pieces());
}

/* The level's limits for a search with this seed, with the experiments' environment (--nodes,
 * CHK_PROBCUT, CHK_REDUCE, CHK_EXTEND) in place of its own. */
static void parity_limits(const struct level *lv, uint32_t seed, unsigned long long nodes,
                          struct search_limits *limits)
{
	const char *probcut = getenv("CHK_PROBCUT"), *reduce = getenv("CHK_REDUCE"),
	           *extend = getenv("CHK_EXTEND");
	level_limits(lv, seed, limits);
	if (nodes)
		limits->nodes = nodes;
	if (probcut)
		limits->probcut = atoi(probcut);
	if (reduce)
		limits->reduce = atoi(reduce) != 0;
	if (extend)
		limits->extend = atoi(extend) != 0;
}

/* --review: Cake's judgement of every position of every game in `in`. */
static int review(FILE *in, double cake_time)
{
	static char line[32768];
	int g = 0, parity_side = 0;
	const char *opening = NULL;
	while (fgets(line, sizeof line, in)) {
		if (!strncmp(line, "game ", 5) && strstr(line, ", Parity ")) {
			g = atoi(line + 5);
			if (!(opening = game_opening(g, &parity_side)))
				g = 0;
			fprintf(out, "%s", line);
			continue;
		}
		if (strncmp(line, "  moves: ", 9) || !g)
			continue;
		struct match m;
		match_init(&m, &checkers_rules, NULL);
		char err[GAME_ERR_MAX];
		static int value[2048], pieces[2048];
		static char played[2048][48], chose[2048][48], depth[2048][24];
		int plies = 0, bad = 0;
		for (char *t = strtok(line + 9, " \n"); t && plies < 2047;
		     t = strtok(NULL, " \n")) {
			if (plies >= 3) { /* the ballot is neither side's */
				const struct checkers_pos *pos = match_pos(&m);
				uint32_t res[4];
				char str[1024];
				cake_think(&m, cake_time, 1, res, str);
				const int v = cake_value(str);
				value[plies] = pos->side == parity_side ? v : -v;
				pieces[plies] = __builtin_popcount(pos->piece[0] | pos->piece[1]);
				struct game_move moves[GAME_MOVES_MAX];
				const int i = cake_move_index(&m, res, moves);
				snprintf(chose[plies], sizeof chose[plies], "?");
				if (i >= 0)
					checkers_rules.move_to_text(pos, &moves[i], chose[plies],
					                            sizeof chose[plies]);
				snprintf(played[plies], sizeof played[plies], "%s", t);
				/* Cake's "depth D/MAX/MEAN", or its claim of a draw */
				const char *d = strstr(str, "depth ");
				if (strstr(str, "claims"))
					snprintf(depth[plies], sizeof depth[plies],
					         "a draw claimed");
				else if (d)
					snprintf(depth[plies], sizeof depth[plies], "%.*s",
					         6 + (int)strcspn(d + 6, " "), d);
				else
					snprintf(depth[plies], sizeof depth[plies], "?");
			}
			if (match_play_text(&m, t, err) != GAME_OK) {
				fprintf(out, "game %d: ply %d: %s: %s\n", g, plies, t, err);
				bad = 1;
				break;
			}
			plies++;
		}
		match_free(&m);
		if (bad) {
			g = 0;
			continue;
		}
		/* Parity's moves: the fall of Cake's value (Parity's side) over each of them */
		int worst[3] = {-1, -1, -1}, down = -1;
		for (int p = 3; p < plies; p++) {
			const int parity = ((p - 3) % 2 == 0) == (parity_side == CHECKERS_WHITE);
			/* a fall is counted where no capture is played just before, at or after the
			 * move: in an exchange Cake's values swing with its depth */
			const int quiet = p + 1 < plies && !strchr(played[p - 1], 'x') &&
			                  !strchr(played[p], 'x') && !strchr(played[p + 1], 'x');
			const int fall =
			    parity && quiet ? capped(value[p]) - capped(value[p + 1]) : 0;
			fprintf(
			    out,
			    "  ply %d %s %d pieces: Cake %+d for Parity (%s); played %s, Cake %s",
			    p, parity ? "Parity" : "Cake  ", pieces[p], value[p], depth[p],
			    played[p], chose[p]);
			if (parity && quiet)
				fprintf(out, "; fall %d", fall);
			fprintf(out, "\n");
			/* the largest falls where Cake would have played another move (a fall over
			 * Cake's own choice is its search seeing further at the next ply) */
			if (parity && quiet && strcmp(played[p], chose[p]))
				for (int k = 0; k < 3; k++)
					if (worst[k] < 0 ||
					    fall > capped(value[worst[k]]) -
					               capped(value[worst[k] + 1])) {
						for (int j = 2; j > k; j--)
							worst[j] = worst[j - 1];
						worst[k] = p;
						break;
					}
			if (value[p] > REVIEW_DOWN)
				down = -1;
			else if (down < 0)
				down = p;
		}
		fprintf(out, "review %d: %s, Parity %s: down half a man for good from ply %d;", g,
		        opening, parity_side == CHECKERS_BLACK ? "Black" : "White", down);
		for (int k = 0; k < 3 && worst[k] >= 0; k++)
			fprintf(out, " fall %d at ply %d (%s, Cake %s)",
			        capped(value[worst[k]]) - capped(value[worst[k] + 1]), worst[k],
			        played[worst[k]], chose[worst[k]]);
		fprintf(out, "\n");
		g = 0;
	}
	return 0;
}

/* --retry: Parity's search again (the level's limits and the experiments' environment) in the
 * positions where a --review file shows a fall of at least min_fall on a Parity move other
 * than Cake's choice; says whether Parity now plays Cake's move, its own again or another. */
static int retry(FILE *in, const struct level *lv, unsigned long long nodes, int min_fall)
{
	static char line[4096];
	static char moves[2048][48];
	int g = 0, parity_side = 0, n = 0, total = 0, to_cake = 0, same = 0, other = 0;
	struct search *eng = search_new(&checkers_rules, 20);
	while (fgets(line, sizeof line, in)) {
		if (!strncmp(line, "game ", 5) && strstr(line, ", Parity ")) {
			g = atoi(line + 5);
			const char *opening = game_opening(g, &parity_side);
			char ballot[64];
			snprintf(ballot, sizeof ballot, "%s", opening ? opening : "");
			n = 0;
			for (char *t = strtok(ballot, " "); t && n < 3; t = strtok(NULL, " "))
				snprintf(moves[n++], sizeof moves[0], "%s", t);
			if (!opening)
				g = 0;
			continue;
		}
		int ply, pieces, value, fall = 0;
		char who[8], played[48], chose[48];
		const char *pl = strstr(line, "; played ");
		if (!g || strncmp(line, "  ply ", 6) || !pl ||
		    sscanf(line, "  ply %d %7s %d pieces: Cake %d", &ply, who, &pieces, &value) !=
		        4 ||
		    sscanf(pl, "; played %47[^,], Cake %47[^;\n]", played, chose) != 2 ||
		    ply != n || n >= 2047)
			continue;
		snprintf(moves[n++], sizeof moves[0], "%s", played);
		const char *f = strstr(line, "; fall ");
		if (f)
			fall = atoi(f + 7);
		if (strcmp(who, "Parity") || !f || fall < min_fall || !strcmp(played, chose))
			continue;
		/* the game to this ply, with its history, as the match had it */
		struct match m;
		match_init(&m, &checkers_rules, NULL);
		char err[GAME_ERR_MAX];
		int ok = 1;
		for (int k = 0; k < ply && ok; k++)
			ok = match_play_text(&m, moves[k], err) == GAME_OK;
		const struct checkers_pos *pos = match_pos(&m);
		if (!ok || pos->side != parity_side) {
			fprintf(out, "game %d ply %d: the record does not replay\n", g, ply);
			match_free(&m);
			continue;
		}
		const int back = pos->quiet < m.cursor ? pos->quiet : m.cursor;
		struct search_limits limits;
		parity_limits(lv, 7919u * (uint32_t)g + (uint32_t)ply, nodes, &limits);
		limits.noise = 0;
		limits.history = &m.hashes[m.cursor - back];
		limits.history_count = back;
		const double c0 = cli_cpu_seconds();
		search_start(eng, pos, &limits);
		search_step(eng, 0);
		const struct search_result *r = search_result(eng);
		char now[48] = "?";
		if (r->has_move)
			checkers_rules.move_to_text(pos, &r->move, now, sizeof now);
		const char *verdict = !strcmp(now, chose)    ? "Cake's"
		                      : !strcmp(now, played) ? "its own"
		                                             : "another";
		total++;
		to_cake += !strcmp(now, chose);
		same += !strcmp(now, played);
		other += strcmp(now, chose) && strcmp(now, played);
		fprintf(out,
		        "game %d ply %d, %d pieces, Cake %+d, fall %d: played %s, Cake %s; now %s "
		        "(%s move), "
		        "%s %d score %d nodes %llu, %.2f s\n",
		        g, ply, pieces, value, fall, played, chose, now, verdict,
		        r->book ? "from the book, depth" : "depth", r->depth, r->score,
		        (unsigned long long)r->nodes, cli_cpu_seconds() - c0);
		match_free(&m);
	}
	fprintf(out,
	        "RETRY %s nodes %llu, falls of %d or more: %d positions; Cake's move %d, its own "
	        "%d, another %d\n",
	        lv->name, nodes, min_fall, total, to_cake, same, other);
	search_free(eng);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: cakematch LEVEL CAKE_SECONDS [--games N] [--first K] "
		                "[--out FILE] [--nodes N]\n"
		                "       cakematch --review FILE CAKE_SECONDS [--out FILE]\n"
		                "       cakematch --retry REVIEW LEVEL [--nodes N] [--min-fall F] "
		                "[--out FILE]\n");
		return 2;
	}
	if (!strcmp(argv[1], "--retry")) {
		FILE *in = fopen(argv[2], "r");
		const struct level *lv = argc > 3 ? level_find(&checkers_rules, argv[3]) : NULL;
		unsigned long long nodes = 0;
		int min_fall = 30;
		out = stdout;
		for (int i = 4; i + 1 < argc; i += 2)
			if (!strcmp(argv[i], "--nodes"))
				nodes = strtoull(argv[i + 1], NULL, 10);
			else if (!strcmp(argv[i], "--min-fall"))
				min_fall = atoi(argv[i + 1]);
			else if (!strcmp(argv[i], "--out"))
				out = fopen(argv[i + 1], "w");
		if (!in || !lv || !out) {
			fprintf(stderr, "cakematch: --retry REVIEW LEVEL: bad file or level\n");
			return 2;
		}
		setvbuf(out, NULL, _IOLBF, 0);
		load_parity();
		return retry(in, lv, nodes, min_fall);
	}
	if (!strcmp(argv[1], "--review")) {
		FILE *in = argc > 3 ? fopen(argv[2], "r") : NULL;
		const double t = argc > 3 ? atof(argv[3]) : 0;
		out = argc > 5 && !strcmp(argv[4], "--out") ? fopen(argv[5], "w") : stdout;
		if (!in || !out || t <= 0) {
			fprintf(stderr,
			        "usage: cakematch --review FILE CAKE_SECONDS [--out FILE]\n");
			return 2;
		}
		setvbuf(out, NULL, _IOLBF, 0);
		chk_cake_setbook(0);
		return review(in, t);
	}
	const struct level *lv = level_find(&checkers_rules, argv[1]);
	const double cake_time = atof(argv[2]);
	int games = 2 * checkers_ballot_count, first = 1;
	unsigned long long nodes = 0; /* --nodes: Parity's node limit instead of the level's */
	out = stdout;
	for (int i = 3; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--games"))
			games = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--first"))
			first = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--nodes"))
			nodes = strtoull(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--out"))
			out = fopen(argv[i + 1], "w");
	}
	if (!lv || !out || cake_time <= 0) {
		fprintf(stderr, "cakematch: bad level, time or output\n");
		return 2;
	}
	setvbuf(out, NULL, _IOLBF, 0);
	chk_cake_setbook(0);
	load_parity();
	/* CHK_VERBOSE logs every move */
	const bool verbose = getenv("CHK_VERBOSE") != NULL;
	/* CHK_DEEP=P:N: Parity's moves before ply P search N nodes (with CHK_NO_BOOK, what a
	 * book of deeper searches would play there) */
	int deep_plies = 0;
	unsigned long long deep_nodes = 0;
	if (getenv("CHK_DEEP") &&
	    sscanf(getenv("CHK_DEEP"), "%d:%llu", &deep_plies, &deep_nodes) != 2) {
		fprintf(stderr, "cakematch: CHK_DEEP is PLIES:NODES\n");
		return 2;
	}
	if (deep_nodes)
		fprintf(out, "Parity before ply %d: %llu nodes a move\n", deep_plies, deep_nodes);
	struct search *eng = search_new(&checkers_rules, 20);
	int w = 0, d = 0, l = 0;
	double cpu[2] = {0, 0}, wall[2] = {0, 0}, maxcpu[2] = {0, 0};
	long nmoves[2] = {0, 0}; /* [0] Parity, [1] Cake */
	long nbook = 0;          /* Parity's book moves (0 CPU) */
	for (int g = first; g < first + games && g <= 2 * checkers_ballot_count; g++) {
		int parity_side;
		const char *opening = game_opening(g, &parity_side);
		struct match m;
		match_init(&m, &checkers_rules, NULL);
		char buf[64], err[GAME_ERR_MAX];
		snprintf(buf, sizeof buf, "%s", opening);
		for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
			if (match_play_text(&m, t, err) != GAME_OK) {
				fprintf(out, "opening %s: %s\n", opening, err);
				return 1;
			}
		const uint32_t seed = 7919u * (uint32_t)g;
		int cake_first = 1, aborted = 0;
		double gcpu[2] = {0, 0};
		int gbook = 0; /* Parity's moves from its opening book */
		long gn[2] = {0, 0};
		while (!match_over(&m) && m.cursor < 2000) {
			compare_generators(&m, g);
			const struct checkers_pos *pos = match_pos(&m);
			const int back = pos->quiet < m.cursor ? pos->quiet : m.cursor;
			const double c0 = cli_cpu_seconds(), w0 = cli_seconds();
			int who;
			if (pos->side == parity_side) {
				who = 0;
				struct search_limits limits;
				parity_limits(lv, seed + (uint32_t)m.cursor, nodes, &limits);
				if (deep_nodes && m.cursor < deep_plies)
					limits.nodes = deep_nodes;
				limits.history = &m.hashes[m.cursor - back];
				limits.history_count = back;
				search_start(eng, pos, &limits);
				search_step(eng, 0);
				const struct search_result *r = search_result(eng);
				gbook += r->book;
				nbook += r->book;
				if (verbose)
					fprintf(out,
					        "    parity ply %d: depth %d score %d nodes %llu\n",
					        m.cursor, r->depth, r->score,
					        (unsigned long long)r->nodes);
				if (!r->has_move || match_play(&m, &r->move) != GAME_OK) {
					fprintf(out, "game %d: Parity has no move at ply %d\n", g,
					        m.cursor);
					aborted = 1;
					break;
				}
			} else {
				who = 1;
				uint32_t in[4], res[4];
				char str[1024];
				to_cake(pos, in);
				cake_think(&m, cake_time, cake_first, res, str);
				cake_first = 0;
				if (chk_cake_past_end()) {
					cake_deepest++;
					fprintf(out,
					        "    cake ply %d: a line of Cake's deepest length "
					        "(MAXDEPTH)\n",
					        m.cursor);
				}
				if (verbose)
					fprintf(out, "    cake ply %d: %s\n", m.cursor, str);
				struct game_move moves[GAME_MOVES_MAX];
				const int found = cake_move_index(&m, res, moves);
				if (found < 0) {
					char t[GAME_TEXT_MAX];
					checkers_rules.pos_to_text(pos, t, sizeof t);
					if (same4(in, res)) {
						fprintf(out,
						        "game %d: CAKE RETURNED NO MOVE at ply %d "
						        "in %s [%s]\n",
						        g, m.cursor, t, str);
						cake_nomove++;
					} else {
						fprintf(out,
						        "game %d: CAKE ILLEGAL MOVE at ply %d in "
						        "%s -> %08x %08x %08x %08x [%s]\n",
						        g, m.cursor, t, res[0], res[1], res[2],
						        res[3], str);
						illegal++;
					}
					aborted = 2;
					break;
				}
				match_play(&m, &moves[found]);
			}
			const double dc = cli_cpu_seconds() - c0, dw = cli_seconds() - w0;
			cpu[who] += dc;
			wall[who] += dw;
			gcpu[who] += dc;
			if (dc > maxcpu[who])
				maxcpu[who] = dc;
			nmoves[who]++;
			gn[who]++;
		}
		int black_result = 0;
		if (aborted == 2)
			black_result = parity_side == CHECKERS_BLACK ? 1 : -1; /* Cake forfeits */
		else if (match_over(&m)) {
			const int r = match_result(&m);
			black_result = r > 0 ? 1 : r < 0 ? -1 : 0;
		}
		const int pres = parity_side == CHECKERS_BLACK ? black_result : -black_result;
		w += pres > 0;
		d += pres == 0;
		l += pres < 0;
		const struct checkers_pos *end = match_pos(&m);
		const char *why = !match_over(&m)                     ? "unfinished"
		                  : match_repetition(&m)              ? "repetition"
		                  : end->quiet >= CHECKERS_QUIET_DRAW ? "40-move rule"
		                                                      : "no moves";
		char rec[16384];
		match_record(&m, rec, sizeof rec);
		fprintf(out,
		        "game %d: %s, Parity %s: %s (%s) in %d plies; cpu/move Parity %.3f s, Cake "
		        "%.3f s; book %d\n",
		        g, opening, parity_side == CHECKERS_BLACK ? "Black" : "White",
		        black_result > 0   ? "1-0"
		        : black_result < 0 ? "0-1"
		                           : "1/2-1/2",
		        why, m.cursor, gn[0] ? gcpu[0] / gn[0] : 0, gn[1] ? gcpu[1] / gn[1] : 0,
		        gbook);
		fprintf(out, "  moves: %s\n", rec);
		match_free(&m);
	}
	fprintf(out, "Parity searched moves: %ld, cpu mean %.3f s\n", nmoves[0] - nbook,
	        nmoves[0] > nbook ? cpu[0] / (double)(nmoves[0] - nbook) : 0);
	fprintf(out,
	        "TOTAL Parity %s vs Cake %.2fs: %d wins, %d draws, %d losses; Parity %ld moves cpu "
	        "mean %.3f s (max %.3f) wall mean %.3f s; Cake %ld moves cpu mean %.3f s (max "
	        "%.3f) wall mean %.3f s; rules disagreements %ld, illegal Cake moves %ld, Cake "
	        "no-move %ld, Cake lines of MAXDEPTH plies %ld\n",
	        lv->name, cake_time, w, d, l, nmoves[0], nmoves[0] ? cpu[0] / nmoves[0] : 0,
	        maxcpu[0], nmoves[0] ? wall[0] / nmoves[0] : 0, nmoves[1],
	        nmoves[1] ? cpu[1] / nmoves[1] : 0, maxcpu[1], nmoves[1] ? wall[1] / nmoves[1] : 0,
	        disagreements, illegal, cake_nomove, cake_deepest);
	search_free(eng);
	return 0;
}
