/*
 * tests/test_instances.c — two instances of the real program on one preferences folder
 * (issue 17). The first takes the autosave lock and writes its game after every move; the
 * second says it plays without autosave and writes none. Both play demo Reversi games, as
 * fast as they can, for PARITY_INSTANCES_SECONDS seconds (default 6; docs/RELIABILITY.md
 * gives a 60-second run); meanwhile the autosave is read back every few milliseconds and must
 * load every time: never torn, never half-written. Neither instance may report a failed
 * autosave, and no temporary file may be left. SDL's dummy video and audio drivers: no
 * display needed.
 */
/* cmocka.h needs these first, in this order */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
/* clang-format on */

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/game.h"
#include "core/match.h"
#include "io/atomic.h"
#include "io/save.h"

static char work[64];
static char parity[512];

static int setup(void **state)
{
	(void)state;
	const char *build = getenv("BUILD");
	snprintf(parity, sizeof parity, "%s/parity", build && *build ? build : "build");
	snprintf(work, sizeof work, "/tmp/parity-instances-XXXXXX");
	return mkdtemp(work) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", work);
	return system(cmd) == 0 ? 0 : -1;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* Returns the file at path as a new string ("" when it cannot be read; free it). */
static char *read_text(const char *path)
{
	char *text = NULL;
	if (atomic_read(path, &text, NULL, 1 << 20, NULL) != 0)
		text = calloc(1, 1);
	assert_non_null(text);
	return text;
}

/* Starts the program with the preferences in work, its output into `log`; returns its pid. */
static pid_t start(const char *script, const char *log)
{
	const pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		const int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(127);
		setenv("SDL_VIDEODRIVER", "dummy", 1);
		setenv("SDL_AUDIODRIVER", "dummy", 1);
		setenv("ASAN_OPTIONS", "detect_leaks=0", 1);
		execl(parity, parity, "--windowed", "--prefs", work, "--game", "reversi", "--mode",
		      "demo", "--script", script, (char *)NULL);
		_exit(127);
	}
	return pid;
}

static void pause_ms(long ms)
{
	const struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&t, NULL);
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Ends an instance as a window manager would (SIGTERM: SDL's quit event) and returns its
 * exit status. */
static int stop(pid_t pid)
{
	kill(pid, SIGTERM);
	int status = 0;
	const double end = now_s() + 20;
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (now_s() > end) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return -1;
		}
		pause_ms(20);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_two_instances_one_autosave(void **state)
{
	(void)state;
	const char *env = getenv("PARITY_INSTANCES_SECONDS");
	const double seconds = env && atof(env) > 0 ? atof(env) : 6;
	char path[256], script[256], log_a[256], log_b[256], save[256];
	snprintf(path, sizeof path, "%s/settings.ini", work);
	write_text(path, "[play]\ngame = reversi\nmode = demo\nlevel = beginner\n"
	                 "[display]\nfullscreen = no\nanimation-speed = 0\n");
	/* Demo games one after the other: each game over, Play again. */
	snprintf(script, sizeof script, "%s/demo.script", work);
	FILE *f = fopen(script, "w");
	assert_non_null(f);
	fputs("0 wait-scene play\n", f);
	for (int i = 0; i < 2000; i++)
		fputs("0 wait-scene over\n1 key Return\n0 wait-scene play\n", f);
	assert_int_equal(fclose(f), 0);
	snprintf(log_a, sizeof log_a, "%s/a.txt", work);
	snprintf(log_b, sizeof log_b, "%s/b.txt", work);
	snprintf(save, sizeof save, "%s/autosave-reversi.ini", work);

	/* The first instance: it holds the lock once its first autosave is there. */
	const pid_t a = start(script, log_a);
	const double t0 = now_s();
	struct stat st;
	while (stat(save, &st) < 0) {
		assert_true(now_s() - t0 < 60);
		pause_ms(20);
	}
	const pid_t b = start(script, log_b);

	/* Read the autosave back as fast as it changes: every read must load. */
	long reads = 0, changes = 0, most_moves = 0;
	char *last = calloc(1, 1);
	const double end = now_s() + seconds;
	while (now_s() < end) {
		struct match m;
		struct save_info info;
		char err[GAME_ERR_MAX] = "";
		const int rc = save_read(save, &m, &info, err);
		if (rc != 0)
			fail_msg("read %ld of the autosave failed: %s", reads + 1, err);
		if (m.count > most_moves)
			most_moves = m.count;
		match_free(&m);
		reads++;
		char *text = read_text(save);
		if (strcmp(text, last) != 0)
			changes++;
		free(last);
		last = text;
		pause_ms(2);
	}
	free(last);
	const int rc_b = stop(b);
	const int rc_a = stop(a);
	char *said_a = read_text(log_a), *said_b = read_text(log_b);
	printf("two instances, %.0f s: %ld reads of the autosave, all loaded; %ld changes seen; "
	       "up to %ld moves\n",
	       seconds, reads, changes, most_moves);
	if (rc_a != 0 || rc_b != 0)
		printf("first instance said:\n%s\nsecond instance said:\n%s\n", said_a, said_b);
	assert_int_equal(rc_a, 0);
	assert_int_equal(rc_b, 0);
	assert_true(changes > 1); /* the first instance went on saving */
	assert_non_null(strstr(said_b, "plays without autosave"));
	assert_null(strstr(said_a, "without autosave"));
	assert_null(strstr(said_a, "autosave failed"));
	assert_null(strstr(said_b, "autosave failed"));
	free(said_a);
	free(said_b);

	/* No temporary file left behind. */
	DIR *d = opendir(work);
	assert_non_null(d);
	const struct dirent *e;
	while ((e = readdir(d)) != NULL)
		if (strstr(e->d_name, ".tmp"))
			fail_msg("a temporary file was left: %s", e->d_name);
	closedir(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_two_instances_one_autosave),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
