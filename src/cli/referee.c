/*
 * cli/referee.c — `parity referee [--games N] [--first K] [--depth N] [--timeout S] [--verbose]
 * [--from-start | --openings FILE] CMD1 CMD2`: plays Reversi games between two NBoard engines
 * (each a shell command, e.g. "build/parity nboard --level medium") and reports how the first
 * one did.
 *
 * The games start from a fixed list of ten short openings, or those of --openings FILE (one a
 * line: its first word the moves, e.g. "f5d6c3d3"; '#' starts a comment line), each played
 * twice with the colours swapped (with --from-start every game starts from the start
 * position, colours swapped game by game: the engines' own openings, to see whether they
 * vary); --first K starts with game K of that schedule (to split a long match). The
 * referee keeps the board itself: before every move it sends the mover
 * "set game <GGF>", "ping k" and "go", waits for "pong k" and "=== <move>", and checks the
 * move. An illegal move, a silent engine (--timeout seconds a move, default 60) or one that
 * died loses the game by 64 and is restarted. Each engine runs in a process group of its own;
 * when it is stopped (at the end, on a forfeit or a time-out, or when the referee gets
 * SIGTERM, SIGINT or SIGHUP) the whole group gets SIGTERM and, one second later, SIGKILL.
 * Engines' stderr goes to /dev/null unless --verbose. A command written "gtp:COMMAND" is a GTP
 * engine instead (GRhino's gtp-rhino): for each move it gets clear_board, the moves so far as
 * `play` (passes left out: GRhino's play takes none) and genmove. Prints one line per game and
 * a total for CMD1:
 *
 *     CMD1: W wins, D draws, L losses, mean disc difference +D.DD over N games
 *
 * then each engine's thinking time a move (from "go" to its answer), mean and longest.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "games/reversi/book.h"
#include "io/ggf.h"
#include "io/span.h"
#include "io/transcript.h"

/* Short openings (8×8), each leading to a different position (opening_repeats checks it at
 * every start), so that two deterministic engines play 20 different games. */
static const char *const openings[] = {
    "f5d6c3d3c4",     /* Tiger */
    "f5d6c5f4e3",     /* Rose line */
    "f5f6e6f4e3",     /* Cow */
    "f5f6e6f4c3",     /* Buffalo */
    "f5f4e3f6d3",     /* parallel */
    "f5d6c3d3c4f4f6", /* Stephenson */
    "f5f6e6f4g5",     /* Heath */
    "f5d6c5f4d3",     /* perpendicular */
    "f5f4e3d6c5",     /* parallel */
    "f5d6c6",         /* perpendicular */
};

enum { OPENINGS = sizeof openings / sizeof openings[0], LINE_BYTES = 8192 };

/* One engine: a child process and the two pipes to it. */
struct player {
	const char *command; /* as given (with "gtp:" for a GTP engine) */
	const char *shell;   /* what runs: the command without "gtp:" */
	bool gtp;            /* speaks GTP (GRhino's gtp-rhino) rather than NBoard */
	pid_t pid;
	int to;   /* its standard input */
	int from; /* its standard output */
	char buf[LINE_BYTES];
	size_t len;
	int pings;
	int moves;        /* moves it was asked for */
	double think;     /* seconds between "go" and its move, in all */
	double think_max; /* the longest of them */
};

/* How long an engine is given to go after "quit", and its process group after SIGTERM, before
 * SIGKILL: an engine that ignores SIGTERM is killed all the same. */
#define GRACE_SECONDS 1.0

/* The process groups of the engines now running (0: none), for the signal handler. */
static volatile sig_atomic_t engine_group[2];

/* Returns whether any process of group g is left, reaping those that are our children. */
static bool group_alive(pid_t g)
{
	while (waitpid(-g, NULL, WNOHANG) > 0)
		;
	return kill(-g, 0) == 0;
}

/* Ends every process of group g: SIGTERM, then SIGKILL to what is left after the grace
 * period. Async-signal-safe (kill, waitpid, nanosleep), for on_signal too. */
static void end_group(pid_t g)
{
	if (g <= 0 || !group_alive(g))
		return;
	kill(-g, SIGTERM);
	kill(-g, SIGCONT); /* a stopped process would not see the SIGTERM */
	for (int i = 0; i < (int)(GRACE_SECONDS * 50) && group_alive(g); i++)
		nanosleep(&(struct timespec){.tv_nsec = 20000000}, NULL);
	if (group_alive(g)) {
		kill(-g, SIGKILL);
		for (int i = 0; i < 50 && group_alive(g); i++)
			nanosleep(&(struct timespec){.tv_nsec = 20000000}, NULL);
	}
}

/* SIGTERM, SIGINT, SIGHUP: the referee's engines go with it (the same handling as at its
 * normal end), then it dies of the signal it got. */
static void on_signal(int sig)
{
	for (int i = 0; i < 2; i++)
		if (engine_group[i] > 0)
			kill(-engine_group[i], SIGTERM);
	for (int i = 0; i < 2; i++)
		end_group((pid_t)engine_group[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Stops the engine: "quit" and the end of its input, then its whole process group (whatever
 * the shell started) with SIGTERM and, after the grace period, SIGKILL. */
static void player_stop(struct player *p)
{
	if (p->pid <= 0)
		return;
	if (write(p->to, "quit\n", 5) < 0) {
		/* already gone */
	}
	close(p->to);
	/* Its output stays open (and is drained) while it ends: an engine that writes on its way
	 * out would otherwise fail, and say so. */
	bool reading = true;
	for (int i = 0; i < (int)(GRACE_SECONDS * 50) && group_alive(p->pid); i++) {
		struct pollfd pfd = {.fd = p->from, .events = POLLIN};
		char scratch[512];
		if (reading && poll(&pfd, 1, 20) > 0)
			reading = read(p->from, scratch, sizeof scratch) > 0;
		else if (!reading)
			nanosleep(&(struct timespec){.tv_nsec = 20000000}, NULL);
	}
	close(p->from);
	end_group(p->pid);
	for (int i = 0; i < 2; i++)
		if (engine_group[i] == p->pid)
			engine_group[i] = 0;
	p->pid = 0;
}

/* Starts the engine's command under /bin/sh. Returns 0, or -1 with a message on stderr. */
static int player_spawn(struct player *p, bool verbose)
{
	int in[2], out[2];
	if (pipe(in) < 0)
		return -1;
	if (pipe(out) < 0) {
		close(in[0]);
		close(in[1]);
		return -1;
	}
	const pid_t pid = fork();
	if (pid < 0) {
		perror("referee: fork");
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		return -1;
	}
	if (pid == 0) {
		setpgid(0, 0); /* its own group, so that a kill reaches what the shell starts */
		dup2(in[0], 0);
		dup2(out[1], 1);
		if (!verbose) {
			const int null = open("/dev/null", O_WRONLY);
			if (null >= 0)
				dup2(null, 2);
		}
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execl("/bin/sh", "sh", "-c", p->shell, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid); /* here too: no kill may reach the group before the child made it */
	for (int i = 0; i < 2; i++)
		if (engine_group[i] == 0) {
			engine_group[i] = pid;
			break;
		}
	close(in[0]);
	close(out[1]);
	fcntl(in[1], F_SETFD, FD_CLOEXEC);
	fcntl(out[0], F_SETFD, FD_CLOEXEC);
	p->pid = pid;
	p->to = in[1];
	p->from = out[0];
	p->len = 0;
	return 0;
}

/* Sends one line to the engine. Returns 0, or -1 when it cannot be written (engine gone). */
static int player_send(struct player *p, const char *fmt, ...)
{
	char line[LINE_BYTES];
	va_list ap;
	va_start(ap, fmt);
	const int n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= (int)sizeof line - 1)
		return -1;
	line[n] = '\n';
	for (size_t done = 0; done < (size_t)n + 1;) {
		const ssize_t w = write(p->to, line + done, (size_t)n + 1 - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		done += (size_t)w;
	}
	return 0;
}

/* Reads the engine's next line into `line` before the clock passes `deadline`. Returns 1 for a
 * line, 0 on time out, -1 when the engine has closed its output. */
static int player_read_line(struct player *p, char *line, size_t n, double deadline)
{
	for (;;) {
		char *nl = memchr(p->buf, '\n', p->len);
		if (nl || p->len == sizeof p->buf) {
			size_t k = nl ? (size_t)(nl - p->buf) : p->len;
			const size_t used = nl ? k + 1 : k;
			if (k && p->buf[k - 1] == '\r')
				k--;
			if (k >= n)
				k = n - 1;
			memcpy(line, p->buf, k);
			line[k] = '\0';
			memmove(p->buf, p->buf + used, p->len - used);
			p->len -= used;
			return 1;
		}
		const double left = deadline - cli_seconds();
		if (left <= 0)
			return 0;
		struct pollfd pfd = {.fd = p->from, .events = POLLIN};
		const int rc = poll(&pfd, 1, (int)(left * 1000) + 1);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc <= 0)
			return rc == 0 ? 0 : -1;
		const ssize_t r = read(p->from, p->buf + p->len, sizeof p->buf - p->len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p->len += (size_t)r;
	}
}

/* Reads lines until one starts with `prefix`, copying it to `line`. Returns as
 * player_read_line does. */
static int player_expect(struct player *p, const char *prefix, char *line, size_t n,
                         double deadline)
{
	for (;;) {
		const int rc = player_read_line(p, line, n, deadline);
		if (rc != 1 || strncmp(line, prefix, strlen(prefix)) == 0)
			return rc;
	}
}

/* Sends a GTP command with a fresh id and waits for its answer, copied (without "=id") to
 * `answer`. Returns 1 for success, 0 on time out, -1 when the engine has gone, -2 when it
 * answered with an error. */
static int gtp_request(struct player *p, const char *command, char *answer, size_t n,
                       double deadline)
{
	char line[LINE_BYTES], ok[32], failed[32];
	const int id = ++p->pings;
	snprintf(ok, sizeof ok, "=%d", id);
	snprintf(failed, sizeof failed, "?%d", id);
	if (player_send(p, "%d %s", id, command) < 0)
		return -1;
	for (;;) {
		const int rc = player_read_line(p, line, sizeof line, deadline);
		if (rc != 1)
			return rc;
		const bool good = strncmp(line, ok, strlen(ok)) == 0;
		if (good || strncmp(line, failed, strlen(failed)) == 0) {
			snprintf(answer, n, "%s", line + strlen(ok));
			return good ? 1 : -2;
		}
	}
}

/* Starts the engine and waits for it to answer a ping. Returns 0, or -1 (message printed). */
static int player_start(struct player *p, int depth, double timeout, bool verbose)
{
	if (player_spawn(p, verbose) < 0)
		return -1;
	char line[LINE_BYTES], pong[32];
	if (p->gtp) {
		if (gtp_request(p, "boardsize 8", line, sizeof line, cli_seconds() + timeout) !=
		    1) {
			fprintf(stderr, "referee: the GTP engine \"%s\" does not answer\n",
			        p->shell);
			player_stop(p);
			return -1;
		}
		return 0;
	}
	snprintf(pong, sizeof pong, "pong %d", ++p->pings);
	if (player_send(p, "nboard 2") < 0 ||
	    (depth && player_send(p, "set depth %d", depth) < 0) ||
	    player_send(p, "ping %d", p->pings) < 0 ||
	    player_expect(p, pong, line, sizeof line, cli_seconds() + timeout) != 1) {
		fprintf(stderr, "referee: the engine \"%s\" does not answer\n", p->command);
		player_stop(p);
		return -1;
	}
	return 0;
}

/* Adds one move's thinking time to the engine's account. */
static void note_thinking(struct player *p, double seconds)
{
	p->moves++;
	p->think += seconds;
	if (seconds > p->think_max)
		p->think_max = seconds;
}

/* Asks a GTP engine for its move: a new board, the moves so far (passes left out: GRhino's
 * `play` takes none, and a move names its colour), then genmove. */
static int gtp_ask_move(struct player *p, const struct reversi_pos *start,
                        const struct game_move *moves, int count, const struct reversi_pos *pos,
                        double timeout, struct game_move *move, char *why)
{
	static const char colour[2] = {'b', 'w'};
	const double deadline = cli_seconds() + timeout;
	char line[LINE_BYTES], cmd[64], text[16];
	struct reversi_pos at = *start;
	int rc = gtp_request(p, "clear_board", line, sizeof line, deadline);
	for (int i = 0; i < count && rc == 1; i++) {
		if (moves[i].code != REVERSI_PASS) {
			reversi_rules.move_to_text(&at, &moves[i], text, sizeof text);
			snprintf(cmd, sizeof cmd, "play %c %s", colour[at.side], text);
			rc = gtp_request(p, cmd, line, sizeof line, deadline);
		}
		reversi_rules.play(&at, &moves[i]);
	}
	if (rc == 1) {
		snprintf(cmd, sizeof cmd, "genmove %c", colour[pos->side]);
		const double asked = cli_seconds();
		rc = gtp_request(p, cmd, line, sizeof line, deadline);
		note_thinking(p, cli_seconds() - asked);
	}
	if (rc != 1)
		return game_fail(why, GAME_ERR_ILLEGAL, "%s",
		                 rc == -2 ? "it refused a command"
		                 : rc     ? "the engine has gone"
		                          : "the engine timed out");
	if (sscanf(line, " %15s", text) != 1)
		return game_fail(why, GAME_ERR_SYNTAX, "no move in \"%.40s\"", line);
	for (char *c = text; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	char err[GAME_ERR_MAX];
	if (reversi_rules.move_parse(pos, text, move, err) != GAME_OK)
		return game_fail(why, GAME_ERR_ILLEGAL, "%s", err);
	return GAME_OK;
}

/* Asks the engine for its move in the game `start` + `moves`. Returns GAME_OK with the move
 * in *move, or an error with the reason in `why`. */
static int ask_move(struct player *p, const struct reversi_pos *start,
                    const struct game_move *moves, int count, const struct reversi_pos *pos,
                    double timeout, struct game_move *move, char *why)
{
	char ggf[LINE_BYTES], line[LINE_BYTES], pong[32];
	if (p->gtp)
		return gtp_ask_move(p, start, moves, count, pos, timeout, move, why);
	if (ggf_write(start, moves, count, ggf, sizeof ggf) < 0)
		return game_fail(why, GAME_ERR_SPACE, "the game record is too long");
	const double deadline = cli_seconds() + timeout;
	snprintf(pong, sizeof pong, "pong %d", ++p->pings);
	if (player_send(p, "set game %s", ggf) < 0 || player_send(p, "ping %d", p->pings) < 0)
		return game_fail(why, GAME_ERR_ILLEGAL, "the engine has gone");
	int rc = player_expect(p, pong, line, sizeof line, deadline);
	if (rc == 1) {
		const double asked = cli_seconds();
		if (player_send(p, "go") < 0)
			return game_fail(why, GAME_ERR_ILLEGAL, "the engine has gone");
		rc = player_expect(p, "===", line, sizeof line, deadline);
		note_thinking(p, cli_seconds() - asked);
	}
	if (rc != 1)
		return game_fail(why, GAME_ERR_ILLEGAL, "%s",
		                 rc ? "the engine has gone" : "the engine timed out");
	/* "=== f5/0.25/0.1" or "=== f5 0.25 0.1" */
	char text[16];
	if (sscanf(line + 3, " %15[^/ \t]", text) != 1)
		return game_fail(why, GAME_ERR_SYNTAX, "no move in \"%.40s\"", line);
	char err[GAME_ERR_MAX];
	if (reversi_rules.move_parse(pos, text, move, err) != GAME_OK)
		return game_fail(why, GAME_ERR_ILLEGAL, "%s", err);
	return GAME_OK;
}

/* Plays one game, players[0] with Black, from `opening`. Returns the final disc difference for
 * Black (±64 when an engine forfeits, *forfeit telling which: 0, 1, or -1 for none); writes the
 * game's transcript into `record`. */
static int play_game(struct player *players[2], const char *opening, double timeout, int *forfeit,
                     char *record, size_t record_size)
{
	struct reversi_pos start, pos;
	reversi_rules.start(&start, NULL);
	pos = start;
	struct game_move moves[GGF_MOVES_MAX];
	int count = transcript_read(&pos, opening, moves, GGF_MOVES_MAX, NULL);
	if (count < 0) {
		fprintf(stderr, "referee: bad opening \"%s\"\n", opening);
		pos = start;
		count = 0;
	}
	*forfeit = -1;
	int score = 0;
	for (;;) {
		struct game_move legal[GAME_MOVES_MAX], m;
		const int n = reversi_rules.generate(&pos, legal);
		if (n == 0) {
			score = reversi_rules.result(&pos);
			break;
		}
		if (n == 1 && legal[0].code == REVERSI_PASS) {
			m = legal[0];
		} else {
			const int side = reversi_rules.to_move(&pos);
			char why[GAME_ERR_MAX];
			if (ask_move(players[side], &start, moves, count, &pos, timeout, &m, why) !=
			    GAME_OK) {
				fprintf(stderr, "referee: %s forfeits: %s\n",
				        players[side]->command, why);
				*forfeit = side;
				score = side == 0 ? -64 : 64;
				break;
			}
		}
		if (count >= GGF_MOVES_MAX)
			break;
		moves[count++] = m;
		reversi_rules.play(&pos, &m);
	}
	if (transcript_write(&start, moves, count, record, record_size) < 0)
		snprintf(record, record_size, "?");
	return score;
}

/* Frees what read_openings returned (NULL: nothing). */
static void free_openings(char **list, int n)
{
	for (int i = 0; list && i < n; i++)
		free(list[i]);
	free(list);
}

/* The position `opening` leads to, as the side to move's and the other side's discs in the
 * smallest of the board's 8 symmetric images: two openings with the same key play the same
 * games, colours swapped or not. Returns false if the opening is not legal. */
static bool opening_key(const char *opening, uint64_t key[2], char why[GAME_ERR_MAX])
{
	struct reversi_pos pos;
	struct game_move moves[GGF_MOVES_MAX];
	reversi_rules.start(&pos, NULL);
	if (transcript_read(&pos, opening, moves, GGF_MOVES_MAX, why) < 0)
		return false;
	key[0] = (uint64_t)pos.disc[pos.side];
	key[1] = (uint64_t)pos.disc[!pos.side];
	book_canonical(&key[0], &key[1]);
	return true;
}

/* Returns the index of the first of keys[0 .. n-1] equal to key, or -1. */
static int opening_repeats(uint64_t (*keys)[2], int n, const uint64_t key[2])
{
	for (int i = 0; i < n; i++)
		if (keys[i][0] == key[0] && keys[i][1] == key[1])
			return i;
	return -1;
}

/* Reads an openings file: one opening a line, its first word the moves from the start
 * ("f5d6c3", passes as PA), blank lines and lines starting with '#' skipped. An opening that
 * leads to an earlier one's position (in another order or a mirror image) is refused: a match
 * between deterministic engines would play its games twice. Returns the openings (malloc'd,
 * *n of them) or NULL with a message on stderr. */
static char **read_openings(const char *path, int *n)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "parity: cannot read the openings file %s: %s\n", path,
		        strerror(errno));
		return NULL;
	}
	char **list = NULL, line[LINE_BYTES];
	uint64_t(*keys)[2] = NULL;
	int *numbers = NULL; /* each opening's line */
	int count = 0, cap = 0, number = 0;
	bool ok = true;
	int len_read;
	while (ok && (len_read = span_read_line(f, line, sizeof line)) != SPAN_LINE_END) {
		number++;
		if (len_read < 0) {
			fprintf(stderr, "parity: %s, line %d: %s\n", path, number,
			        len_read == SPAN_LINE_NUL ? "holds a NUL byte" : "too long");
			ok = false;
			break;
		}
		char *word = line;
		while (isspace((unsigned char)*word))
			word++;
		size_t len = 0;
		while (word[len] && !isspace((unsigned char)word[len]))
			len++;
		if (len == 0 || word[0] == '#')
			continue;
		word[len] = '\0';
		char why[GAME_ERR_MAX] = "";
		uint64_t key[2];
		int same = -1;
		if (!opening_key(word, key, why)) {
			fprintf(stderr,
			        "parity: %s, line %d: \"%.60s\" is not a Reversi opening%s%s\n",
			        path, number, word, why[0] ? ": " : "", why);
			ok = false;
		} else if ((same = opening_repeats(keys, count, key)) >= 0) {
			fprintf(stderr,
			        "parity: %s, line %d: \"%.60s\" leads to the position of line %d "
			        "(\"%.60s\"), so its games would be played twice\n",
			        path, number, word, numbers[same], list[same]);
			ok = false;
		} else if (count == cap) {
			cap = cap ? 2 * cap : 64;
			char **grown = realloc(list, (size_t)cap * sizeof *list);
			list = grown ? grown : list;
			uint64_t(*grown_keys)[2] = realloc(keys, (size_t)cap * sizeof *keys);
			keys = grown_keys ? grown_keys : keys;
			int *grown_numbers = realloc(numbers, (size_t)cap * sizeof *numbers);
			numbers = grown_numbers ? grown_numbers : numbers;
			ok = grown && grown_keys && grown_numbers;
		}
		if (ok && !(list[count] = strdup(word)))
			ok = false;
		if (ok) {
			keys[count][0] = key[0];
			keys[count][1] = key[1];
			numbers[count] = number;
		}
		count += ok;
	}
	free(keys);
	free(numbers);
	if (ok && ferror(f)) {
		fprintf(stderr, "parity: cannot read the openings file %s\n", path);
		ok = false;
	}
	fclose(f);
	if (ok && count == 0) {
		fprintf(stderr, "parity: the openings file %s has no opening\n", path);
		ok = false;
	}
	if (!ok) {
		free_openings(list, count);
		return NULL;
	}
	*n = count;
	return list;
}

/* Prints how to call the referee and returns exit status 2. */
static int usage(void)
{
	fputs("usage: parity referee [--games N] [--first K] [--depth N] [--timeout S] [--verbose] "
	      "[--from-start | --openings FILE] CMD1 CMD2\n",
	      stderr);
	return 2;
}

int cli_referee(int argc, char **argv)
{
	int games = 10, depth = 0, first = 1;
	double timeout = 60;
	bool verbose = false, from_start = false;
	const char *commands[2] = {NULL, NULL}, *openings_file = NULL;
	int ncommands = 0;
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--verbose") == 0) {
			verbose = true;
		} else if (strcmp(arg, "--from-start") == 0) {
			from_start = true;
		} else if (strcmp(arg, "--openings") == 0) {
			if (i + 1 >= argc || openings_file)
				return usage();
			openings_file = argv[++i];
		} else if (strcmp(arg, "--games") == 0 || strcmp(arg, "--depth") == 0 ||
		           strcmp(arg, "--timeout") == 0 || strcmp(arg, "--first") == 0) {
			if (i + 1 >= argc)
				return usage();
			const char *text = argv[++i];
			double v = 0;
			long n = 0;
			const bool real = arg[2] == 't';
			if (real ? !game_parse_real(text, 0.001, 100000, &v)
			         : !game_parse_long(text, 1, 100000, &n)) {
				fprintf(stderr,
				        "parity: %s must be %s from %s to 100000, not \"%s\"\n",
				        arg, real ? "a number of seconds" : "a whole number",
				        real ? "0.001" : "1", text);
				return 2;
			}
			if (arg[2] == 'g')
				games = (int)n;
			else if (arg[2] == 'f')
				first = (int)n;
			else if (arg[2] == 'd')
				depth = n > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : (int)n;
			else
				timeout = v;
		} else if (arg[0] == '-' && arg[1] == '-') {
			fprintf(stderr, "parity: unknown option \"%s\"\n", arg);
			return 2;
		} else if (ncommands < 2) {
			commands[ncommands++] = arg;
		} else {
			return usage();
		}
	}
	if (ncommands != 2 || (from_start && openings_file))
		return usage();
	const char *const *list = openings;
	int nlist = OPENINGS;
	char **read = NULL;
	if (openings_file && !(read = read_openings(openings_file, &nlist)))
		return 2;
	if (read)
		list = (const char *const *)read;
	if (!read && !from_start) { /* the built-in list must stay as varied as it says */
		uint64_t keys[OPENINGS][2];
		for (int i = 0; i < OPENINGS; i++) {
			char why[GAME_ERR_MAX] = "";
			if (!opening_key(openings[i], keys[i], why) ||
			    opening_repeats(keys, i, keys[i]) >= 0) {
				fprintf(stderr, "parity: the built-in opening \"%s\" is %s\n",
				        openings[i], why[0] ? why : "a repeat");
				return 1;
			}
		}
	}
	signal(SIGPIPE, SIG_IGN); /* a dead engine is noticed by write() failing */
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGTERM);
	sigaddset(&sa.sa_mask, SIGINT);
	sigaddset(&sa.sa_mask, SIGHUP);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	struct player *players = calloc(2, sizeof *players);
	if (!players) {
		free_openings(read, nlist);
		return 1;
	}
	for (int k = 0; k < 2; k++) {
		players[k].command = commands[k];
		players[k].gtp = strncmp(commands[k], "gtp:", 4) == 0;
		players[k].shell = commands[k] + (players[k].gtp ? 4 : 0);
		if (player_start(&players[k], depth, timeout, verbose) < 0) {
			player_stop(&players[0]);
			free(players);
			free_openings(read, nlist);
			return 1;
		}
	}
	int wins = 0, draws = 0, losses = 0, forfeits[2] = {0, 0};
	long total = 0;
	int rc = 0;
	for (int g = first - 1; g < first - 1 + games && rc == 0; g++) {
		const char *opening = from_start ? "" : list[(g / 2) % nlist];
		const int first_black = g % 2 == 0;
		struct player *by_colour[2] = {first_black ? &players[0] : &players[1],
		                               first_black ? &players[1] : &players[0]};
		int forfeit;
		char record[GAME_TEXT_MAX];
		const int black =
		    play_game(by_colour, opening, timeout, &forfeit, record, sizeof record);
		const int diff = first_black ? black : -black;
		total += diff;
		wins += diff > 0;
		draws += diff == 0;
		losses += diff < 0;
		printf("game %d: %s %s %+d %s\n", g + 1, opening, first_black ? "black" : "white",
		       diff, record);
		fflush(stdout);
		if (forfeit >= 0) {
			struct player *p = by_colour[forfeit];
			forfeits[p == &players[1]]++;
			player_stop(p);
			if (player_start(p, depth, timeout, verbose) < 0)
				rc = 1;
		}
	}
	const int played = wins + draws + losses;
	printf("%s: %d wins, %d draws, %d losses, mean disc difference %+.2f over %d games",
	       commands[0], wins, draws, losses, played ? (double)total / played : 0.0, played);
	if (forfeits[0] || forfeits[1])
		printf(" (forfeits: %d and %d)", forfeits[0], forfeits[1]);
	printf("\n");
	for (int i = 0; i < 2; i++)
		printf("%s: %.3f s a move on average, %.3f s at most\n", commands[i],
		       players[i].moves ? players[i].think / players[i].moves : 0.0,
		       players[i].think_max);
	player_stop(&players[0]);
	player_stop(&players[1]);
	free(players);
	free_openings(read, nlist);
	return rc;
}
