/*
 * tests/test_save.c — unit tests of the saved game (io/save.c) and of the atomic file
 * writes under it (io/atomic.c).
 *
 * Random Reversi and Dots and Boxes games — every board size and variant, passes, extra
 * moves after a box, undone moves left as a redo tail, games from a set-up position — go
 * through the save text and back and must come out the same match, position for position.
 * Then the reader meets what a disk can hand it: truncations of a valid file, tampered
 * values, illegal moves, random bytes; each must be rejected with a message that says where,
 * leaving the caller's match untouched. The checkers rules may still be unfinished, so only
 * Reversi and Dots and Boxes are used. Files go to a fresh directory under /tmp.
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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/game.h"
#include "core/match.h"
#include "games/dots/dots.h"
#include "games/reversi/reversi.h"
#include "io/atomic.h"
#include "io/save.h"

/* Reversi option switches as bits, for tables of set-ups (reversi_options takes them apart). */
enum { OPT_ANTI = 1, OPT_HOLE = 2 };

enum { TEXT_MAX = 64 * 1024 };

/* Returns the next number of a xorshift generator whose state is *s (never 0). */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Makes a fresh directory under /tmp and stores its path in dir (64 bytes). */
static void make_temp_dir(char *dir)
{
	strcpy(dir, "/tmp/parity-save-XXXXXX");
	assert_non_null(mkdtemp(dir));
}

/* Removes `path` and, if it is a directory, everything in it. */
static void remove_tree(const char *path)
{
	DIR *d = opendir(path);
	if (d) {
		const struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			char sub[4200];
			snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
			remove_tree(sub);
		}
		closedir(d);
		rmdir(path);
	} else {
		unlink(path);
	}
}

/* Writes n bytes to a file (not atomically: the test sets up what it will read). */
static void write_file(const char *path, const void *data, size_t n)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/* Returns whether a path exists (as anything). */
static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* Returns the info of a vs-computer game at `level` with the human on `human`. */
static struct save_info make_info(const char *mode, const char *level, int human)
{
	struct save_info info;
	memset(&info, 0, sizeof info);
	strcpy(info.mode, mode);
	strcpy(info.level, level);
	info.human = human;
	return info;
}

/* Plays up to `moves` random legal moves on m (fewer if the game ends), then undoes `undo`
 * of them. */
static void play_random(struct match *m, uint64_t *seed, int moves, int undo)
{
	for (int i = 0; i < moves; i++) {
		struct game_move legal[GAME_MOVES_MAX];
		const int n = match_legal(m, legal);
		if (n == 0)
			break;
		assert_int_equal(match_play(m, &legal[next_random(seed) % (uint64_t)n]), GAME_OK);
	}
	for (int i = 0; i < undo; i++)
		match_undo(m);
}

/* Checks that two matches are the same game: rules, options, every move and position,
 * the redo tail and the cursor. */
static void assert_same_match(const struct match *a, const struct match *b)
{
	assert_ptr_equal(a->rules, b->rules);
	assert_memory_equal(&a->options, &b->options, sizeof a->options);
	assert_int_equal(a->count, b->count);
	assert_int_equal(a->cursor, b->cursor);
	for (int i = 0; i <= a->count; i++) {
		assert_memory_equal(match_pos_at(a, i), match_pos_at(b, i), a->rules->pos_size);
		assert_true(a->hashes[i] == b->hashes[i]);
		if (i < a->count)
			assert_true(game_move_equal(&a->moves[i], &b->moves[i]));
	}
}

/* Saves m as text, reads it back and checks that the same match and info come out. */
static void assert_round_trip(const struct match *m, const struct save_info *info)
{
	char *text = malloc(TEXT_MAX), err[GAME_ERR_MAX] = "";
	assert_non_null(text);
	const int len = save_format(m, info, text, TEXT_MAX);
	assert_true(len > 0);
	assert_int_equal((size_t)len, strlen(text));
	struct match back;
	struct save_info info_back;
	const int rc = save_parse(text, &back, &info_back, err);
	if (rc != 0)
		fail_msg("save_parse = %d: %s\n%s", rc, err, text);
	assert_same_match(m, &back);
	assert_memory_equal(info, &info_back, sizeof *info);
	match_free(&back);
	free(text);
}

/* Returns a save text (in a static-free caller buffer of TEXT_MAX) for a short Reversi game. */
static void reversi_save_text(char *text)
{
	struct match m;
	assert_int_equal(match_init(&m, &reversi_rules, NULL), GAME_OK);
	static const char *const moves[] = {"f5", "d6", "c3", "d3", "c4", "f4", "f6"};
	for (int i = 0; i < 7; i++)
		assert_int_equal(match_play_text(&m, moves[i], NULL), GAME_OK);
	match_undo(&m);
	match_undo(&m);
	const struct save_info info = make_info("vs-computer", "hard", 1);
	assert_true(save_format(&m, &info, text, TEXT_MAX) > 0);
	match_free(&m);
}

/* Checks that save_parse rejects `text` with a message holding `expect`, leaving the
 * caller's match and info byte for byte as they were. */
static void assert_rejected(const char *text, const char *expect)
{
	struct match m, m_before;
	struct save_info info, info_before;
	memset(&m, 0xab, sizeof m);
	memset(&info, 0xcd, sizeof info);
	m_before = m;
	info_before = info;
	char err[GAME_ERR_MAX] = "";
	const int rc = save_parse(text, &m, &info, err);
	if (rc != IO_ERR_CORRUPT)
		fail_msg("save_parse = %d (%s) for:\n%s", rc, err, text);
	if (expect && !strstr(err, expect))
		fail_msg("message \"%s\" lacks \"%s\"", err, expect);
	assert_memory_equal(&m, &m_before, sizeof m);
	assert_memory_equal(&info, &info_before, sizeof info);
}

/* Returns a copy of `text` with the first line starting with `key` replaced by `line`
 * (removed when line is NULL), in out (TEXT_MAX bytes). */
static void replace_line(const char *text, const char *key, const char *line, char *out)
{
	const char *at = strstr(text, key);
	assert_non_null(at);
	const char *end = strchr(at, '\n') + 1;
	snprintf(out, TEXT_MAX, "%.*s%s%s", (int)(at - text), text, line ? line : "", end);
}

/* ---- atomic files ---------------------------------------------------------------------- */

static void test_atomic_read_write(void **state)
{
	(void)state;
	char dir[64], path[128], err[GAME_ERR_MAX] = "";
	make_temp_dir(dir);
	snprintf(path, sizeof path, "%s/data", dir);

	char *data = (char *)1;
	size_t n = 99;
	assert_int_equal(atomic_read(path, &data, &n, 100, err), IO_ERR_NO_FILE);
	assert_null(data);
	assert_non_null(strstr(err, path));

	assert_int_equal(atomic_write(path, "hello", 5, err), 0);
	assert_int_equal(atomic_read(path, &data, &n, 100, err), 0);
	assert_int_equal(n, 5);
	assert_string_equal(data, "hello");
	free(data);

	assert_int_equal(atomic_write(path, "", 0, err), 0); /* empty replaces, too */
	assert_int_equal(atomic_read(path, &data, NULL, 100, err), 0);
	assert_string_equal(data, "");
	free(data);

	/* Larger than the initial read buffer, and the size limit to the byte. */
	char *big = malloc(20000);
	assert_non_null(big);
	for (int i = 0; i < 20000; i++)
		big[i] = (char)('a' + i % 26);
	assert_int_equal(atomic_write(path, big, 20000, err), 0);
	assert_int_equal(atomic_read(path, &data, &n, 20000, err), 0);
	assert_int_equal(n, 20000);
	assert_memory_equal(data, big, 20000);
	free(data);
	data = (char *)1;
	assert_int_equal(atomic_read(path, &data, &n, 19999, err), IO_ERR_TOO_BIG);
	assert_null(data);
	assert_non_null(strstr(err, path));
	free(big);

	/* A directory is not a file to read. */
	assert_int_equal(atomic_read(dir, &data, &n, 100, err), IO_ERR_SYSTEM);
	assert_null(data);

	char tmp[256];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	assert_false(exists(tmp));
	remove_tree(dir);
}

static void test_atomic_make_dirs(void **state)
{
	(void)state;
	char dir[64], path[256], err[GAME_ERR_MAX] = "";
	make_temp_dir(dir);
	struct stat st;
	/* Two missing levels, a trailing slash and a doubled one. */
	snprintf(path, sizeof path, "%s/a//b/", dir);
	assert_int_equal(atomic_make_dirs(path, err), 0);
	snprintf(path, sizeof path, "%s/a/b", dir);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(atomic_make_dirs(path, err), 0); /* there already: fine */
	/* A file in the way: refused, naming it. */
	snprintf(path, sizeof path, "%s/a/f", dir);
	write_file(path, "x", 1);
	snprintf(path, sizeof path, "%s/a/f/c", dir);
	assert_int_equal(atomic_make_dirs(path, err), IO_ERR_SYSTEM);
	snprintf(path, sizeof path, "%s/a/f", dir);
	assert_non_null(strstr(err, path));
	assert_int_equal(atomic_make_dirs(path, err), IO_ERR_SYSTEM);
	assert_int_equal(atomic_make_dirs("", err), IO_ERR_SYSTEM); /* no name: no read past it */
	remove_tree(dir);
}

static void test_atomic_failures_keep_old_file(void **state)
{
	(void)state;
	char dir[64], path[128], tmp[256], err[GAME_ERR_MAX] = "";
	make_temp_dir(dir);
	snprintf(path, sizeof path, "%s/autosave", dir);
	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
	assert_int_equal(atomic_write(path, "old", 3, err), 0);

	/* 1. The temporary file cannot be created: a path inside a directory that does not exist.
	 */
	char missing[256];
	snprintf(missing, sizeof missing, "%s/no-such-dir/autosave", dir);
	assert_int_equal(atomic_write(missing, "new", 3, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, missing));
	assert_non_null(strstr(err, "No such file"));
	assert_false(exists(missing));
	snprintf(missing, sizeof missing, "%s/no-such-dir/autosave.tmp.%ld", dir, (long)getpid());
	assert_false(exists(missing));

	/* 2. The temporary path is taken by a directory: the old file stays, the directory is
	 * left alone (not removed, not turned into a file). */
	assert_int_equal(mkdir(tmp, 0755), 0);
	assert_int_equal(atomic_write(path, "new", 3, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, path));
	char *data;
	assert_int_equal(atomic_read(path, &data, NULL, 100, err), 0);
	assert_string_equal(data, "old");
	free(data);
	struct stat st;
	assert_int_equal(stat(tmp, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(rmdir(tmp), 0);

	/* 3. The target is a directory that is not empty: refused before anything is written. */
	char target[128], inside[300];
	snprintf(target, sizeof target, "%s/target", dir);
	snprintf(inside, sizeof inside, "%s/keep", target);
	assert_int_equal(mkdir(target, 0755), 0);
	write_file(inside, "kept", 4);
	assert_int_equal(atomic_write(target, "new", 3, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, target));
	assert_non_null(strstr(err, "a directory"));
	snprintf(missing, sizeof missing, "%s.tmp.%ld", target, (long)getpid());
	assert_false(exists(missing));
	assert_int_equal(atomic_read(inside, &data, NULL, 100, err), 0);
	assert_string_equal(data, "kept");
	free(data);

	/* 4. A directory we may not write to (only meaningful when not running as root). */
	if (geteuid() != 0) {
		assert_int_equal(chmod(dir, 0555), 0);
		assert_int_equal(atomic_write(path, "new", 3, err), IO_ERR_SYSTEM);
		assert_non_null(strstr(err, "Permission denied"));
		assert_int_equal(chmod(dir, 0755), 0);
		assert_false(exists(tmp));
	} else {
		printf(
		    "SKIP: read-only-dir a directory we may not write to (root writes anyway)\n");
	}
	assert_int_equal(atomic_read(path, &data, NULL, 100, err), 0);
	assert_string_equal(data, "old");
	free(data);
	assert_false(exists(tmp));

	/* The error buffer may be NULL. */
	assert_int_equal(atomic_write("/nonexistent-parity-dir/x", "a", 1, NULL), IO_ERR_SYSTEM);
	remove_tree(dir);
}

/* A temporary file that a killed writer left (NAME.tmp.PID of a process that is gone) is
 * removed; a running process's, and names that only look alike, stay. */
static void test_atomic_remove_stale(void **state)
{
	(void)state;
	char dir[64], path[128], dead[256], live[256], other[256], odd[256];
	make_temp_dir(dir);
	snprintf(path, sizeof path, "%s/autosave-reversi.ini", dir);
	const pid_t child = fork();
	assert_true(child >= 0);
	if (child == 0)
		_exit(0);
	assert_int_equal(waitpid(child, NULL, 0), child); /* its pid is free now */
	snprintf(dead, sizeof dead, "%s.tmp.%ld", path, (long)child);
	snprintf(live, sizeof live, "%s.tmp.%ld", path, (long)getppid());
	snprintf(other, sizeof other, "%s/settings.ini.tmp.%ld", dir, (long)child);
	snprintf(odd, sizeof odd, "%s.tmp.12x", path);
	write_file(dead, "half", 4);
	write_file(live, "busy", 4);
	write_file(other, "half", 4);
	write_file(odd, "keep", 4);
	assert_int_equal(atomic_remove_stale(path), 1);
	assert_false(exists(dead));
	assert_true(exists(live));
	assert_true(exists(other)); /* another file's: removed with that file's name */
	assert_true(exists(odd));
	snprintf(path, sizeof path, "%s/settings.ini", dir);
	assert_int_equal(atomic_remove_stale(path), 1);
	assert_false(exists(other));
	remove_tree(dir);
}

/* Positions that cannot arise in the saved game are refused (issue 17): a Dots start of
 * another size than the save's rows and cols. */
static void test_impossible_start_rejected(void **state)
{
	(void)state;
	const char *text = "[parity-save]\nversion = 1\ngame = dots\nrows = 2\ncols = 3\n"
	                   "mode = two-players\nlevel = beginner\nhuman = 0\n"
	                   "start = 3x3 000000000000000000000000 A 0 0 .........\nmoves = 0\n"
	                   "cursor = 1\n";
	struct match m;
	struct save_info info;
	char err[GAME_ERR_MAX] = "";
	assert_int_equal(save_parse(text, &m, &info, err), IO_ERR_CORRUPT);
	assert_non_null(strstr(err, "3x3"));
	assert_non_null(strstr(err, "2x3"));
	/* The same start with matching rows and cols loads. */
	const char *good = "[parity-save]\nversion = 1\ngame = dots\nrows = 2\ncols = 3\n"
	                   "mode = two-players\nlevel = beginner\nhuman = 0\n"
	                   "start = 2x3 00000000000000000 A 0 0 ......\nmoves = 0\ncursor = 1\n";
	assert_int_equal(save_parse(good, &m, &info, err), 0);
	match_free(&m);
}

/* Fails the test instead of hanging it: a read of a FIFO used to wait in open(). */
static void hung(int sig)
{
	(void)sig;
	static const char msg[] = "atomic_read/atomic_write hung on a FIFO\n";
	if (write(2, msg, sizeof msg - 1) < 0)
		_exit(2);
	_exit(1);
}

/* Only a regular file is read or replaced: a device (through a link to /dev/null, so that a
 * failure replaces the link, not the device), a FIFO (never waited on), a directory; an
 * empty name. Each is refused with a message saying what it is. */
static void test_atomic_regular_files_only(void **state)
{
	(void)state;
	char dir[64], path[128], err[GAME_ERR_MAX] = "";
	make_temp_dir(dir);
	signal(SIGALRM, hung);
	alarm(20);

	snprintf(path, sizeof path, "%s/device", dir);
	assert_int_equal(symlink("/dev/null", path), 0);
	assert_int_equal(atomic_write(path, "new", 3, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, "a device"));
	struct stat st;
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	char *data = NULL;
	assert_int_equal(atomic_read(path, &data, NULL, 100, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, "a device"));
	assert_null(data);

	snprintf(path, sizeof path, "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(atomic_read(path, &data, NULL, 100, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, "a FIFO"));
	assert_int_equal(atomic_write(path, "new", 3, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, "a FIFO"));
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	unlink(path);

	snprintf(path, sizeof path, "%s/sub", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(atomic_read(path, &data, NULL, 100, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, "a directory"));
	rmdir(path);

	assert_int_equal(atomic_write("", "x", 1, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, "without a name"));

	/* A long name is not cut: 3 000 bytes of directories, written and read back. */
	char *deep = malloc(4096);
	assert_non_null(deep);
	int len = snprintf(deep, 4096, "%s", dir);
	while (len < 3000)
		len +=
		    snprintf(deep + len, (size_t)(4096 - len), "/%s", "abcdefghijklmnopqrstuvwxyz");
	assert_int_equal(atomic_make_dirs(deep, err), 0);
	len += snprintf(deep + len, (size_t)(4096 - len), "/file");
	assert_int_equal(atomic_write(deep, "long", 4, err), 0);
	assert_int_equal(atomic_read(deep, &data, NULL, 100, err), 0);
	assert_string_equal(data, "long");
	free(data);
	free(deep);
	alarm(0);
	remove_tree(dir);
}

/* ---- round trips --------------------------------------------------------------------- */

static void test_round_trip_reversi(void **state)
{
	(void)state;
	uint64_t seed = 0x1234567;
	const int sizes[] = {0, 6, 8, 10};
	const unsigned flags[] = {0, OPT_ANTI, OPT_HOLE, OPT_ANTI | OPT_HOLE};
	bool saw_pass = false;
	for (int round = 0; round < 96; round++) {
		const unsigned f = flags[(round / 4) % 4];
		struct game_options opt =
		    reversi_options(sizes[round % 4], f & OPT_ANTI, f & OPT_HOLE, 0);
		if (f & OPT_HOLE)
			opt.seed = (uint32_t)next_random(&seed);
		struct match m;
		assert_int_equal(match_init(&m, &reversi_rules, &opt), GAME_OK);
		const int undo = (int)(next_random(&seed) % 8);
		play_random(&m, &seed, round % 3 == 0 ? 20 : 200, undo);
		for (int i = 0; i < m.count; i++)
			saw_pass |= m.moves[i].code == REVERSI_PASS;
		struct save_info info =
		    make_info(settings_modes[round % 3], settings_levels[round % 4], round & 1);
		if (round % 5 == 1) { /* the clocks, when they have run */
			info.clock[0] = (unsigned)round * 7;
			info.clock[1] = (unsigned)round * 1000;
		}
		assert_round_trip(&m, &info);
		match_free(&m);
	}
	assert_true(saw_pass); /* some random game had a forced pass */

	/* The text is what a person expects to read. */
	char text[TEXT_MAX];
	reversi_save_text(text);
	assert_non_null(strstr(text, "[parity-save]\nversion = 1\ngame = reversi\n"));
	assert_non_null(strstr(text, "mode = vs-computer\nlevel = hard\nhuman = 1\n"));
	assert_non_null(strstr(text, "moves = f5 d6 c3 d3 c4 f4 f6\ncursor = 5\n"));
	assert_null(strstr(text, "start ="));
	assert_null(strstr(text, "clocks =")); /* not written while both are 0 */
	struct match m;
	struct save_info info;
	char err[GAME_ERR_MAX];
	const char *bad = "[parity-save]\nversion = 1\ngame = reversi\nmode = vs-computer\n"
	                  "level = hard\nhuman = 0\nclocks = 12\nmoves = f5\ncursor = 1\n";
	assert_int_equal(save_parse(bad, &m, &info, err), IO_ERR_CORRUPT);
	assert_non_null(strstr(err, "clocks"));
}

static void test_round_trip_dots(void **state)
{
	(void)state;
	uint64_t seed = 0xdeadbeef;
	bool saw_extra = false;
	for (int round = 0; round < 81; round++) {
		struct game_options opt = dots_options(1 + round % 9, 1 + round / 9);
		if (round == 0)
			opt = (struct game_options){0}; /* the default 3x3 */
		struct match m;
		assert_int_equal(match_init(&m, &dots_rules, &opt), GAME_OK);
		play_random(&m, &seed, 400, (int)(next_random(&seed) % 5));
		for (int i = 0; i + 1 < m.count; i++) {
			/* A move that completes a box keeps the turn. */
			const struct dots_pos *before = match_pos_at(&m, i);
			const struct dots_pos *after = match_pos_at(&m, i + 1);
			if (m.moves[i].extra > 0) {
				saw_extra = true;
				assert_int_equal(before->side, after->side);
			}
		}
		const struct save_info info = make_info("two-players", "expert", 0);
		assert_round_trip(&m, &info);
		match_free(&m);
	}
	assert_true(saw_extra);
}

static void test_round_trip_set_up_start(void **state)
{
	(void)state;
	/* Reversi from a position that is not the standard start. */
	struct reversi_pos pos;
	const char *board = "---------------------------OX------XXX-------------------------- O";
	char err[GAME_ERR_MAX] = "";
	assert_int_equal(reversi_rules.pos_parse(&pos, board, NULL, err), GAME_OK);
	struct match m;
	assert_int_equal(match_init_at(&m, &reversi_rules, NULL, &pos), GAME_OK);
	uint64_t seed = 77;
	play_random(&m, &seed, 10, 3);
	const struct save_info info = make_info("demo", "medium", 0);
	char text[TEXT_MAX];
	assert_true(save_format(&m, &info, text, sizeof text) > 0);
	assert_non_null(strstr(text, "\nstart = "));
	assert_round_trip(&m, &info);
	match_free(&m);

	/* Dots and Boxes from a half-drawn 2x2 board with a box already taken. */
	struct dots_pos dots;
	assert_int_equal(dots_rules.pos_parse(&dots, "2x2 101000110000 A 1 0 A...", NULL, err),
	                 GAME_OK);
	assert_int_equal(
	    match_init_at(
	        &m, &dots_rules,
	        &(struct game_options){.value = {[DOTS_OPT_ROWS] = 2, [DOTS_OPT_COLS] = 2}}, &dots),
	    GAME_OK);
	play_random(&m, &seed, 5, 1);
	assert_round_trip(&m, &info);
	match_free(&m);
}

static void test_save_files(void **state)
{
	(void)state;
	char dir[64], path[128], err[GAME_ERR_MAX] = "";
	make_temp_dir(dir);
	snprintf(path, sizeof path, "%s/autosave.parity", dir);

	struct match m, back;
	struct save_info info_back;
	memset(&back, 0x11, sizeof back);
	assert_int_equal(save_read(path, &back, &info_back, err), IO_ERR_NO_FILE);

	/* A Reversi game with two moves undone. */
	uint64_t seed = 4242;
	struct game_options opt = reversi_options(8, false, true, 12345);
	assert_int_equal(match_init(&m, &reversi_rules, &opt), GAME_OK);
	play_random(&m, &seed, 30, 2);
	assert_int_equal(m.cursor, m.count - 2);
	struct save_info info = make_info("vs-computer", "medium", 0);
	assert_int_equal(save_write(path, &m, &info, err), 0);
	assert_int_equal(save_read(path, &back, &info_back, err), 0);
	assert_same_match(&m, &back);
	assert_memory_equal(&info, &info_back, sizeof info);
	/* The redo tail still redoes. */
	assert_true(match_redo(&back));
	assert_true(match_redo(&back));
	assert_false(match_redo(&back));
	match_free(&back);
	match_free(&m);

	/* A Dots game with extra moves, overwriting the same file. */
	opt = dots_options(3, 4);
	assert_int_equal(match_init(&m, &dots_rules, &opt), GAME_OK);
	play_random(&m, &seed, 1000, 4);
	int extra = 0;
	for (int i = 0; i < m.count; i++)
		extra += m.moves[i].extra > 0;
	assert_true(extra > 0);
	info = make_info("vs-computer", "beginner", 1);
	assert_int_equal(save_write(path, &m, &info, err), 0);
	assert_int_equal(save_read(path, &back, &info_back, err), 0);
	assert_same_match(&m, &back);
	assert_memory_equal(&info, &info_back, sizeof info);
	match_free(&back);

	char tmp[256];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	assert_false(exists(tmp));

	/* A save that cannot be written leaves the old one. */
	char blocked[256];
	snprintf(blocked, sizeof blocked, "%s/missing/autosave", dir);
	assert_int_equal(save_write(blocked, &m, &info, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, blocked));
	struct save_info bad = make_info("solitaire", "beginner", 1);
	assert_int_equal(save_write(path, &m, &bad, err), IO_ERR_CORRUPT);
	assert_int_equal(save_read(path, &back, &info_back, err), 0);
	assert_same_match(&m, &back);
	match_free(&back);
	match_free(&m);

	/* Corrupt files on disk: NUL bytes, garbage, too large — each named in the message. */
	char text[TEXT_MAX];
	reversi_save_text(text);
	const size_t len = strlen(text);
	text[40] = '\0';
	write_file(path, text, len);
	memset(&back, 0x22, sizeof back);
	struct match untouched = back;
	assert_int_equal(save_read(path, &back, &info_back, err), IO_ERR_CORRUPT);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "NUL"));
	write_file(path,
	           "\x7f"
	           "ELF\x02\x01\x01",
	           7);
	assert_int_equal(save_read(path, &back, &info_back, err), IO_ERR_CORRUPT);
	assert_non_null(strstr(err, path));
	char *huge = calloc(1, SAVE_FILE_MAX + 1);
	assert_non_null(huge);
	write_file(path, huge, SAVE_FILE_MAX + 1);
	free(huge);
	assert_int_equal(save_read(path, &back, &info_back, err), IO_ERR_TOO_BIG);
	assert_memory_equal(&back, &untouched, sizeof back);
	remove_tree(dir);
}

/* ---- rejection ------------------------------------------------------------------------- */

static void test_illegal_move_rejected(void **state)
{
	(void)state;
	const char *head = "# Parity saved game\n[parity-save]\nversion = 1\ngame = reversi\n"
	                   "mode = vs-computer\nlevel = medium\nhuman = 0\n";
	char text[TEXT_MAX];
	/* The 5th move, a1, is not legal. */
	snprintf(text, sizeof text, "%smoves = f5 d6 c3 d3 a1 c4\ncursor = 6\n", head);
	assert_rejected(text, "move 5");
	assert_rejected(text, "a1 is not a legal move");
	/* Not a move at all, and a move too long to be one. */
	snprintf(text, sizeof text, "%smoves = f5 d6 c3 d3 zz\ncursor = 0\n", head);
	assert_rejected(text, "move 5 (zz)");
	char longword[1000];
	memset(longword, 'q', sizeof longword - 1);
	longword[sizeof longword - 1] = '\0';
	snprintf(text, sizeof text, "%smoves = f5 %s\ncursor = 0\n", head, longword);
	assert_rejected(text, "move 2");
	/* A pass that is not forced. */
	snprintf(text, sizeof text, "%smoves = f5 pass\ncursor = 1\n", head);
	assert_rejected(text, "move 2");
	/* The same moves, legal, are accepted. */
	snprintf(text, sizeof text, "%smoves = f5 d6 c3 d3 c4\ncursor = 4\n", head);
	struct match m;
	struct save_info info;
	char err[GAME_ERR_MAX] = "";
	assert_int_equal(save_parse(text, &m, &info, err), 0);
	assert_int_equal(m.count, 5);
	assert_int_equal(m.cursor, 4);
	match_free(&m);

	/* Dots and Boxes: an edge drawn twice, and an edge off the board. */
	const char *dots = "[parity-save]\nversion = 1\ngame = dots\nrows = 2\ncols = 2\n"
	                   "mode = two-players\nlevel = hard\nhuman = 1\n";
	snprintf(text, sizeof text, "%smoves = 0 1 2 3 2\ncursor = 5\n", dots);
	assert_rejected(text, "move 5 (2): edge 2 is already drawn");
	snprintf(text, sizeof text, "%smoves = 0 1 2 3 12\ncursor = 5\n", dots);
	assert_rejected(text, "move 5 (12)");
}

static void test_tampered_rejected(void **state)
{
	(void)state;
	char text[TEXT_MAX], bad[TEXT_MAX];
	reversi_save_text(text);
	static const struct {
		const char *key, *line, *expect;
	} cases[] = {
	    {"game =", "game = chess\n", "unknown game \"chess\""},
	    {"game =", "game = checkersXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n", "unknown game"},
	    {"game =", "game =\n", "unknown game"},
	    {"game =", NULL, "the game line is missing"},
	    {"version =", "version = 2\n", "newer Parity"},
	    {"version =", "version = one\n", "version is not a number"},
	    {"version =", "version = 0\n", "version"},
	    {"version =", NULL, "version line is missing"},
	    {"cursor =", "cursor = 8\n", "cursor 8 is past the 7 moves"},
	    {"cursor =", "cursor = -1\n", "cursor is not a number"},
	    {"cursor =", "cursor = 99999999999999\n", "cursor is not a number"},
	    {"cursor =", NULL, "cursor line is missing"},
	    {"moves =", NULL, "moves line is missing"},
	    {"mode =", "mode = solitaire\n", "unknown mode \"solitaire\""},
	    {"level =", "level = god\n", "unknown level"},
	    {"human =", "human = 2\n", "human must be 0 or 1"},
	    {"human =", "human = 1\nhuman = 0\n", "human given twice"},
	    {"human =", "human = 1\ncolour = black\n", "unknown key \"colour\""},
	    {"human =", "human = 1\nsize = 7\n", "reversi cannot be played with these options"},
	    {"human =", "human = 1\nsize = 6\n", "move 1"}, /* f5 is not a square of 6x6 */
	    {"human =", "human = 1\nflags = anti,sideways\n", "unknown flag \"sideways\""},
	    {"human =", "human = 1\nseed = 4294967296\n", "seed"},
	    {"human =", "human = 1\nstart = nonsense\n", "bad start position"},
	    {"human =", "human = 1\njust some words\n", "expected key = value"},
	    {"human =", "human = 1\n[other]\n", "unexpected section"},
	    {"human =", "human = 1\n[parity-save]\n", "second [parity-save]"},
	    {"[parity-save]", "[parity-sav]\n", "unexpected section"},
	    {"[parity-save]", NULL, "not a Parity saved game"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		replace_line(text, cases[i].key, cases[i].line, bad);
		assert_rejected(bad, cases[i].expect);
	}
	assert_rejected("", "empty");
	assert_rejected(NULL, NULL);
	assert_rejected("hello\n", "not a Parity saved game");

	/* Checkers, whose rules may be unfinished, is refused or read, never crashed on. */
	replace_line(text, "game =", "game = checkers\n", bad);
	replace_line(bad, "moves =", "moves =\n", text);
	replace_line(text, "cursor =", "cursor = 0\n", bad);
	struct match m;
	struct save_info info;
	if (save_parse(bad, &m, &info, NULL) == 0)
		match_free(&m);
}

static void test_truncations_rejected(void **state)
{
	(void)state;
	char text[TEXT_MAX], part[TEXT_MAX];
	reversi_save_text(text);
	const size_t len = strlen(text);
	/* Every proper prefix is rejected: either the last line is cut or a key is missing. */
	for (size_t cut = 0; cut < len; cut++) {
		memcpy(part, text, cut);
		part[cut] = '\0';
		assert_rejected(part, NULL);
	}
	struct match m;
	struct save_info info;
	assert_int_equal(save_parse(text, &m, &info, NULL), 0);
	match_free(&m);

	/* The same for a Dots game. */
	struct match d;
	assert_int_equal(match_init(&d, &dots_rules, NULL), GAME_OK);
	uint64_t seed = 99;
	play_random(&d, &seed, 15, 3);
	const struct save_info di = make_info("demo", "hard", 0);
	const int dlen = save_format(&d, &di, text, sizeof text);
	assert_true(dlen > 0);
	for (int cut = 0; cut < dlen; cut++) {
		memcpy(part, text, (size_t)cut);
		part[cut] = '\0';
		assert_rejected(part, NULL);
	}
	match_free(&d);

	/* A buffer too small for the text is refused, never overrun. */
	char small[64];
	memset(small, 'z', sizeof small);
	reversi_save_text(text);
	assert_int_equal(save_parse(text, &m, &info, NULL), 0);
	assert_int_equal(save_format(&m, &info, small, 0), GAME_ERR_SPACE);
	assert_int_equal(save_format(&m, &info, small, 50), GAME_ERR_SPACE);
	assert_int_equal(small[50], 'z');
	info.human = 3;
	assert_int_equal(save_format(&m, &info, text, sizeof text), GAME_ERR_OPTIONS);
	match_free(&m);
}

static void test_garbage_never_crashes(void **state)
{
	(void)state;
	uint64_t seed = 0x2545f4914f6cdd1dULL;
	char valid[TEXT_MAX], text[TEXT_MAX];
	reversi_save_text(valid);
	const size_t len = strlen(valid);
	int accepted = 0;
	for (int round = 0; round < 6000; round++) {
		size_t n;
		if (round % 2 == 0) {
			/* Random bytes, some of them the file's own words. */
			n = (size_t)(next_random(&seed) % 600);
			static const char *const words[] = {"[parity-save]\n",
			                                    "version = 1\n",
			                                    "game = reversi\n",
			                                    "game = dots\n",
			                                    "moves = ",
			                                    "cursor = ",
			                                    "mode = demo\n",
			                                    "level = hard\n",
			                                    "human = 0\n",
			                                    "size = ",
			                                    "flags = ",
			                                    "start = ",
			                                    "\n",
			                                    " ",
			                                    "=",
			                                    "1"};
			size_t i = 0;
			while (i < n) {
				const uint64_t r = next_random(&seed);
				if (r % 3 == 0) {
					const char *w =
					    words[(r >> 8) % (sizeof words / sizeof words[0])];
					for (; *w && i < n; w++)
						text[i++] = *w;
				} else {
					text[i++] =
					    (char)((r >> 16) % 255 + 1); /* any byte but NUL */
				}
			}
		} else {
			/* A valid file with a few bytes changed, inserted or removed. */
			memcpy(text, valid, len);
			n = len;
			const int edits = 1 + (int)(next_random(&seed) % 4);
			for (int e = 0; e < edits && n > 1; e++) {
				const uint64_t r = next_random(&seed);
				const size_t at = (size_t)((r >> 8) % n);
				const char byte = (char)((r >> 32) % 255 + 1);
				if (r % 3 == 0) {
					text[at] = byte;
				} else if (r % 3 == 1 && n + 1 < sizeof text) {
					memmove(text + at + 1, text + at, n - at);
					text[at] = byte;
					n++;
				} else {
					memmove(text + at, text + at + 1, n - at - 1);
					n--;
				}
			}
		}
		text[n] = '\0';
		struct match m;
		struct save_info info;
		char err[GAME_ERR_MAX];
		memset(err, 'x', sizeof err);
		const int rc = save_parse(text, &m, &info, err);
		if (rc == 0) {
			/* Whatever was accepted is a sound match. */
			accepted++;
			assert_true(m.cursor >= 0 && m.cursor <= m.count);
			assert_true(reversi_rules.name == m.rules->name ||
			            dots_rules.name == m.rules->name);
			match_free(&m);
		} else {
			assert_int_equal(rc, IO_ERR_CORRUPT);
			assert_non_null(memchr(err, '\0', sizeof err));
			assert_true(strlen(err) > 0);
		}
	}
	assert_true(accepted > 0); /* harmless edits (in a comment, say) still read */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_atomic_read_write),
	    cmocka_unit_test(test_atomic_make_dirs),
	    cmocka_unit_test(test_atomic_failures_keep_old_file),
	    cmocka_unit_test(test_atomic_regular_files_only),
	    cmocka_unit_test(test_impossible_start_rejected),
	    cmocka_unit_test(test_atomic_remove_stale),
	    cmocka_unit_test(test_round_trip_reversi),
	    cmocka_unit_test(test_round_trip_dots),
	    cmocka_unit_test(test_round_trip_set_up_start),
	    cmocka_unit_test(test_save_files),
	    cmocka_unit_test(test_illegal_move_rejected),
	    cmocka_unit_test(test_tampered_rejected),
	    cmocka_unit_test(test_truncations_rejected),
	    cmocka_unit_test(test_garbage_never_crashes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
