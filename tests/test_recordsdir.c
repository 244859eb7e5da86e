/*
 * tests/test_recordsdir.c — the folder for saved records (io/recordsdir.h): XDG_DOCUMENTS_DIR from
 * user-dirs.dirs with $HOME expanded, else the environment's, else ~/Documents; "Parity" made
 * inside it; the caller's fallback when it cannot be made.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/game.h"
#include "io/atomic.h"
#include "io/recordsdir.h"

static char root[64]; /* a fresh directory standing for $HOME */

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof root, "/tmp/parity-records-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	char p[256];
	snprintf(p, sizeof p, "%s/.config", root);
	setenv("HOME", root, 1);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("XDG_DOCUMENTS_DIR");
	return mkdir(p, 0700);
}

static int teardown(void **state)
{
	(void)state;
	char command[128];
	snprintf(command, sizeof command, "rm -rf '%s'", root);
	return system(command) == 0 ? 0 : -1;
}

/* user-dirs.dirs names the documents directory, "$HOME/..." expanded; Parity/ is made. */
static void test_user_dirs(void **state)
{
	(void)state;
	char p[256], out[RECORDS_PATH_MAX], want[256];
	snprintf(p, sizeof p, "%s/.config/user-dirs.dirs", root);
	write_file(p, "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
	              "XDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n");
	setenv("XDG_DOCUMENTS_DIR", "/nonexistent/env", 1); /* the file wins, as in xdg-user-dir */
	assert_int_equal(records_documents_dir(out, sizeof out), 0);
	snprintf(want, sizeof want, "%s/Dokumente", root);
	assert_string_equal(out, want);
	assert_int_equal(records_dir(out, sizeof out, NULL, NULL), 0);
	snprintf(want, sizeof want, "%s/Dokumente/Parity", root);
	assert_string_equal(out, want);
	assert_true(is_dir(want));
}

/* Without the file: the environment's XDG_DOCUMENTS_DIR, else ~/Documents; $HOME itself
 * means none. XDG_CONFIG_HOME moves the file. */
static void test_env_and_default(void **state)
{
	(void)state;
	char out[RECORDS_PATH_MAX], want[256], p[256];
	snprintf(p, sizeof p, "%s/.config/user-dirs.dirs", root);
	unlink(p);
	snprintf(want, sizeof want, "%s/docs-env", root);
	setenv("XDG_DOCUMENTS_DIR", want, 1);
	assert_int_equal(records_documents_dir(out, sizeof out), 0);
	assert_string_equal(out, want);
	unsetenv("XDG_DOCUMENTS_DIR");
	assert_int_equal(records_documents_dir(out, sizeof out), 0);
	snprintf(want, sizeof want, "%s/Documents", root);
	assert_string_equal(out, want);
	snprintf(p, sizeof p, "%s/conf", root);
	assert_int_equal(mkdir(p, 0700), 0);
	setenv("XDG_CONFIG_HOME", p, 1);
	snprintf(p, sizeof p, "%s/conf/user-dirs.dirs", root);
	write_file(p, "XDG_DOCUMENTS_DIR=\"$HOME/\"\n"); /* disabled: $HOME */
	assert_int_equal(records_documents_dir(out, sizeof out), 0);
	assert_string_equal(out, want);
	write_file(p, "XDG_DOCUMENTS_DIR=\"/abs/olute\"\n");
	assert_int_equal(records_documents_dir(out, sizeof out), 0);
	assert_string_equal(out, "/abs/olute");
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("HOME");
	assert_int_equal(records_documents_dir(out, sizeof out), IO_ERR_NO_FILE);
	setenv("HOME", root, 1);
}

/* A documents directory that cannot be made: the fallback; neither: an error naming it. */
static void test_fallback(void **state)
{
	(void)state;
	char out[RECORDS_PATH_MAX], want[256], err[GAME_ERR_MAX] = "", p[256];
	snprintf(p, sizeof p, "%s/afile", root);
	write_file(p, "not a directory");
	setenv("XDG_DOCUMENTS_DIR", p, 1); /* Parity/ cannot be made under a file */
	snprintf(want, sizeof want, "%s/data/parity", root);
	assert_int_equal(records_dir(out, sizeof out, want, err), 0);
	assert_string_equal(out, want);
	assert_true(is_dir(want));
	snprintf(want, sizeof want, "%s/afile/data", root);
	assert_int_equal(records_dir(out, sizeof out, want, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, "afile"));
	unsetenv("XDG_DOCUMENTS_DIR");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_user_dirs),
	    cmocka_unit_test(test_env_and_default),
	    cmocka_unit_test(test_fallback),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
