/*
 * cli/solve_dots.c — `parity solve dots RxC [POSITION]` and `parity solve dots --file FILE`:
 * the exact Dots and Boxes solver (games/dots/solver.h) from the command line.
 *
 * One line per position: <value> <optimal edges> <nodes> <seconds>. The value is the side to
 * move's net boxes still to come under perfect play (from the unclaimed boxes, whatever the
 * score so far), signed ("+2", "-3", "+0"); the optimal edges are every edge that keeps that
 * value, ascending and comma-separated ("-" when the game is over). With --file, each line of a
 * file in the format of ../shared/data/dots-boxes-positions.txt (its header defines it) is
 * solved and checked: the value (field 7), the final margin (field 8) and, unless it is '*',
 * the set of optimal edges (field 9). A total line follows:
 * total <positions> <nodes> <seconds> <nodes-per-second>.
 *
 * Options: --threads N (the table shared by N threads; with 1 the node count is the same on
 * every run), --memory SIZE (the most the table may take, default 1G; it is sized to the
 * position within that), --without LIST (turns techniques off, to measure them), --first
 * (a second line "first E:V ... <nodes> <seconds>": the exact value of every first edge).
 * Every 2^24 nodes a progress line goes to stderr: the test under way, the depth of the node
 * being searched, the nodes so far, how full the table is and the seconds.
 * Exit status: 0, 1 if an answer disagrees, 2 on bad arguments or input.
 */
#include "cli/cli.h"
#include "io/atomic.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/dots/dots.h"
#include "games/dots/solver.h"

/* The table's default limit: 1 GiB (2^26 entries of 16 bytes). */
#define SOLVE_MEMORY ((uint64_t)1 << 30)

/* Prints how to call solve dots and returns exit status 2. */
static int usage(void)
{
	fputs("usage: parity solve dots [--threads N] [--memory SIZE] [--without LIST] [--first] "
	      "RxC [POSITION] | parity solve dots [OPTIONS] --file FILE\n",
	      stderr);
	return 2;
}

/* Reads a size such as 512M or 6G into *out; returns 0 or -1. */
static int read_size(const char *text, uint64_t *out)
{
	char *end;
	if (*text < '0' || *text > '9')
		return -1; /* strtoull would take "-1" as a huge size */
	errno = 0;
	const unsigned long long v = strtoull(text, &end, 10);
	if (errno)
		return -1;
	uint64_t unit = 1;
	if (*end == 'K' || *end == 'k')
		unit = (uint64_t)1 << 10;
	else if (*end == 'M' || *end == 'm')
		unit = (uint64_t)1 << 20;
	else if (*end == 'G' || *end == 'g')
		unit = (uint64_t)1 << 30;
	if (end == text || (unit > 1 && *++end) || (unit == 1 && *end) || v == 0 ||
	    v > ((uint64_t)1 << 40) / unit)
		return -1;
	*out = (uint64_t)v * unit;
	return 0;
}

/* Reads a --without list into *out; returns 0 or -1. */
static int read_without(const char *text, unsigned *out)
{
	static const struct {
		const char *name;
		unsigned bit;
	} names[] = {{"symmetry", DOTS_SOLVER_NO_SYMMETRY}, {"corner", DOTS_SOLVER_NO_CORNER},
	             {"chain", DOTS_SOLVER_NO_CHAIN},       {"loony", DOTS_SOLVER_NO_LOONY},
	             {"etc", DOTS_SOLVER_NO_ETC},           {"all", DOTS_SOLVER_NO_ALL}};
	*out = 0;
	while (*text) {
		const size_t len = strcspn(text, ",");
		bool known = false;
		for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
			if (strlen(names[i].name) == len &&
			    strncmp(names[i].name, text, len) == 0) {
				*out |= names[i].bit;
				known = true;
			}
		if (!known)
			return -1;
		text += len;
		if (*text == ',')
			text++;
	}
	return 0;
}

/* Prints a progress line on stderr (dots_solver_progress). */
static void progress_line(void *arg, const struct dots_progress *p)
{
	const double *t0 = arg;
	fprintf(stderr, "solve: %s ply %d, %llu nodes, table %.1f%% filled, %.0f s\n", p->phase,
	        p->ply, (unsigned long long)p->nodes,
	        100.0 * (double)p->filled / (double)p->entries, cli_seconds() - *t0);
}

/* Writes the edges best[0..n) as "1,5,7" (or "-" for none) into buf (n bytes). */
static void edges_text(const int *best, int n, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	if (n == 0) {
		snprintf(buf, size, "-");
		return;
	}
	for (int i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, i ? ",%d" : "%d", best[i]);
}

/* What the solver said about one position. */
struct verdict {
	int value;
	int nbest;
	int best[DOTS_MAX_EDGES];
	uint64_t nodes;
	double seconds;
};

/* Solves pos and prints its line, filling *v. */
static void solve_print(struct dots_solver *s, const struct dots_pos *pos, struct verdict *v)
{
	dots_solver_clear(s);
	const double t0 = cli_seconds();
	v->value = dots_solve_best(s, pos, v->best, &v->nbest);
	v->seconds = cli_seconds() - t0;
	v->nodes = dots_solver_nodes(s);
	char text[DOTS_MAX_EDGES * 4 + 2];
	edges_text(v->best, v->nbest, text, sizeof text);
	printf("%+d %s %llu %.3f\n", v->value, text, (unsigned long long)v->nodes, v->seconds);
	fflush(stdout);
}

/* Solves every first edge of pos exactly and prints "first E:V ... nodes seconds" (the book
 * line: edge E drawn is worth V to the side to move, boxes it completes included). */
static void first_print(struct dots_solver *s, const struct dots_pos *pos)
{
	int values[DOTS_MAX_EDGES];
	const uint64_t nodes0 = dots_solver_nodes(s);
	const double t0 = cli_seconds();
	dots_solve_first(s, pos, values);
	printf("first");
	for (int e = 0; e < pos->edges; e++)
		if (!dots_edge_drawn(pos, e))
			printf(" %d:%+d", e, values[e]);
	printf(" %llu %.3f\n", (unsigned long long)(dots_solver_nodes(s) - nodes0),
	       cli_seconds() - t0);
	fflush(stdout);
}

/* Reads a position (the size alone or the six fields) into pos; returns 0, or 2 with a line on
 * stderr (`where` prefixes it). */
static int read_position(const char *text, struct dots_pos *pos, const char *where)
{
	char err[GAME_ERR_MAX];
	if (dots_rules.pos_parse(pos, text, NULL, err) != GAME_OK) {
		fprintf(stderr, "parity: %sbad dots position: %s\n", where, err);
		return 2;
	}
	if (!dots_solver_fits(pos)) {
		fprintf(stderr, "parity: %sthe solver takes at most %d undrawn edges, not %d\n",
		        where, DOTS_SOLVER_STRINGS, pos->edges - dots_drawn_count(pos));
		return 2;
	}
	return 0;
}

/* Reads a signed decimal field of exactly `len` characters into *out; returns 0 or -1. */
static int read_int(const char *s, size_t len, int *out)
{
	char buf[16];
	if (len == 0 || len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	char *end;
	const long v = strtol(buf, &end, 10);
	if (*end || v < -200 || v > 200)
		return -1;
	*out = (int)v;
	return 0;
}

/* Reads a best-edges field ("3,5,9", or "*": *n = -1) into best; returns 0 or -1. */
static int read_edges(const char *s, size_t len, int *best, int *n)
{
	*n = 0;
	if (len == 1 && s[0] == '*') {
		*n = -1;
		return 0;
	}
	size_t i = 0;
	while (i < len) {
		int v = 0;
		size_t start = i;
		while (i < len && isdigit((unsigned char)s[i]) && v < 1000)
			v = v * 10 + (s[i++] - '0');
		if (i == start || *n == DOTS_MAX_EDGES || (i < len && s[i] != ','))
			return -1;
		best[(*n)++] = v;
		if (i < len && ++i == len)
			return -1; /* a trailing comma */
	}
	return *n > 0 ? 0 : -1;
}

/* One data line: the position text and the expected answers. */
struct expected {
	char position[GAME_TEXT_MAX];
	int value, final_a, nbest;
	int best[DOTS_MAX_EDGES];
};

/* Splits a data line into its fields; returns 0, or -1 if it does not have the ten. */
static int read_line(const char *line, struct expected *x)
{
	const char *f[10];
	size_t len[10];
	int n = 0;
	const char *p = line;
	while (*p) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		const char *start = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		if (n == 10)
			return -1;
		f[n] = start;
		len[n++] = (size_t)(p - start);
	}
	if (n != 10)
		return -1;
	const size_t poslen = (size_t)(f[5] + len[5] - f[0]);
	if (poslen >= sizeof x->position)
		return -1;
	memcpy(x->position, f[0], poslen);
	x->position[poslen] = '\0';
	if (read_int(f[6], len[6], &x->value) || read_int(f[7], len[7], &x->final_a) ||
	    read_edges(f[8], len[8], x->best, &x->nbest))
		return -1;
	return 0;
}

/* Solves and checks every line of a data file; returns the exit status. */
static int solve_file(struct dots_solver *s, const char *path)
{
	char why[GAME_ERR_MAX];
	FILE *f = atomic_open_text(path, why);
	if (!f) {
		fprintf(stderr, "parity: %s\n", why);
		return 2;
	}
	char line[GAME_TEXT_MAX * 2];
	int number = 0, positions = 0, wrong = 0;
	uint64_t nodes = 0;
	double seconds = 0;
	static struct expected x;
	static struct verdict v;
	int got;
	while ((got = cli_read_line(f, line, sizeof line, path, number + 1)) != 0) {
		number++;
		if (got < 0) {
			fclose(f);
			return 2;
		}
		const char *text = line;
		while (isspace((unsigned char)*text))
			text++;
		if (!*text || *text == '#')
			continue;
		char where[64];
		snprintf(where, sizeof where, "line %d: ", number);
		struct dots_pos pos;
		if (read_line(text, &x) != 0) {
			fprintf(stderr,
			        "parity: %s:%d: expected ten fields as the file's header "
			        "describes\n",
			        path, number);
			fclose(f);
			return 2;
		}
		if (read_position(x.position, &pos, where) != 0) {
			fclose(f);
			return 2;
		}
		solve_print(s, &pos, &v);
		positions++;
		nodes += v.nodes;
		seconds += v.seconds;
		const int margin = pos.score[DOTS_A] - pos.score[DOTS_B] +
		                   (pos.side == DOTS_A ? v.value : -v.value);
		bool same = v.value == x.value && margin == x.final_a;
		if (x.nbest >= 0) {
			same = same && x.nbest == v.nbest;
			for (int i = 0; same && i < v.nbest; i++)
				same = x.best[i] == v.best[i];
		}
		if (!same) {
			char text_best[DOTS_MAX_EDGES * 4 + 2];
			edges_text(x.best, x.nbest < 0 ? 0 : x.nbest, text_best, sizeof text_best);
			printf("MISMATCH line %d: expected %+d (final %+d) %s\n", number, x.value,
			       x.final_a, x.nbest < 0 ? "*" : text_best);
			wrong++;
		}
	}
	fclose(f);
	printf("total %d %llu %.3f %.0f\n", positions, (unsigned long long)nodes, seconds,
	       seconds > 0 ? (double)nodes / seconds : 0.0);
	if (wrong)
		printf("%d of %d positions disagree with their answers\n", wrong, positions);
	return wrong ? 1 : 0;
}

int cli_solve_dots(int argc, char **argv)
{
	const char *file = NULL;
	char position[GAME_TEXT_MAX] = "";
	int threads = 1;
	uint64_t memory = SOLVE_MEMORY;
	unsigned without = 0;
	bool first = false;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--first") == 0) {
			first = true;
			continue;
		}
		if (strcmp(argv[i], "--threads") == 0) {
			long n;
			if (i + 1 >= argc ||
			    !game_parse_long(argv[++i], 1, DOTS_SOLVER_MAX_THREADS, &n)) {
				fprintf(stderr, "parity: --threads needs a number from 1 to %d\n",
				        DOTS_SOLVER_MAX_THREADS);
				return 2;
			}
			threads = (int)n;
			continue;
		}
		if (strcmp(argv[i], "--memory") == 0) {
			if (i + 1 >= argc || read_size(argv[++i], &memory) != 0) {
				fputs("parity: --memory needs a size such as 512M or 6G\n", stderr);
				return 2;
			}
			continue;
		}
		if (strcmp(argv[i], "--without") == 0) {
			if (i + 1 >= argc || read_without(argv[++i], &without) != 0) {
				fputs(
				    "parity: --without takes symmetry,corner,chain,loony or all\n",
				    stderr);
				return 2;
			}
			continue;
		}
		if (strcmp(argv[i], "--file") == 0) {
			if (i + 1 >= argc || file) {
				fputs("parity: --file needs one file name\n", stderr);
				return 2;
			}
			file = argv[++i];
			continue;
		}
		if (cli_position_word(position, sizeof position, argv[i]) != 0)
			return 2;
	}
	if (!file == !*position)
		return usage();
	static struct dots_pos pos;
	if (!file && read_position(position, &pos, "") != 0)
		return 2;
	/* the table fits the position, or (a file) a big board: then the memory limit decides */
	struct dots_pos biggest;
	dots_setup(&biggest, 5, 5);
	const int bits = dots_solver_bits_for(file ? &biggest : &pos, memory);
	struct dots_solver *s = dots_solver_new(bits);
	if (!s) {
		fputs("parity: not enough memory for the solver's table\n", stderr);
		return 2;
	}
	dots_solver_threads(s, threads);
	dots_solver_without(s, without);
	static double t0;
	t0 = cli_seconds();
	dots_solver_progress(s, progress_line, &t0);
	int status = 0;
	if (file) {
		status = solve_file(s, file);
	} else {
		static struct verdict v;
		solve_print(s, &pos, &v);
		if (first)
			first_print(s, &pos);
	}
	dots_solver_free(s);
	return status;
}
