/*
 * tests/test_datadir.c — the data-directory resolver (io/datadir.h): a directory asked for
 * (--data DIR, $PARITY_DATA) is the only one looked at, even when it lacks the file; else the
 * first candidate that holds a probe file, beside the program before the installed one.
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

#include "io/datadir.h"

static char root[64]; /* a fresh directory: root/prog (the program's), root/a, root/b */

static void touch(const char *path)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
}

static int make_tree(void **state)
{
	(void)state;
	snprintf(root, sizeof root, "/tmp/parity-datadir-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	char p[256];
	const char *dirs[] = {"prog", "a", "b", "b/sprites", "installed"};
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		snprintf(p, sizeof p, "%s/%s", root, dirs[i]);
		if (mkdir(p, 0700) != 0)
			return -1;
	}
	/* a holds nothing; b holds the weights and the disc sheet; installed the weights. */
	snprintf(p, sizeof p, "%s/b/weights.bin", root);
	touch(p);
	snprintf(p, sizeof p, "%s/b/sprites/discs.png", root);
	touch(p);
	snprintf(p, sizeof p, "%s/installed/weights.bin", root);
	touch(p);
	return 0;
}

static int remove_tree(void **state)
{
	(void)state;
	char command[128];
	snprintf(command, sizeof command, "rm -rf '%s'", root);
	return system(command) == 0 ? 0 : -1;
}

static const char *const weights_probe[] = {"weights.bin", NULL};
static const char *const beside[] = {"../a", "../b", NULL};

/* A spec over the tree: the program in root/prog, candidates ../a then ../b, then installed. */
static struct datadir_spec spec_of(const char *explicit_dir, const char *program, char *buf,
                                   char *installed)
{
	snprintf(buf, 128, "%s/%s/", root, program);
	snprintf(installed, 128, "%s/installed", root);
	return (struct datadir_spec){.explicit_dir = explicit_dir,
	                             .env = "PARITY_TEST_DATA",
	                             .program_dir = buf,
	                             .beside = beside,
	                             .installed = installed,
	                             .probe = weights_probe};
}

/* Without anything asked for: the first candidate holding the probe, in order. */
static void test_first_that_holds_it(void **state)
{
	(void)state;
	unsetenv("PARITY_TEST_DATA");
	char prog[128], inst[128], want[160];
	const struct datadir_spec spec = spec_of(NULL, "prog", prog, inst);
	struct datadir d;
	assert_int_equal(datadir_resolve(&spec, &d), 0);
	assert_false(d.exclusive);
	assert_true(d.found);
	snprintf(want, sizeof want, "%s/prog/../b", root);
	assert_string_equal(d.dir, want);
	assert_int_equal(d.tried, 3);
	snprintf(want, sizeof want, "%s/prog/../a", root);
	assert_string_equal(d.tried_dir[0], want);
	snprintf(want, sizeof want, "%s/installed", root);
	assert_string_equal(d.tried_dir[2], want);
	/* A probe only the installed directory holds: it is tried last and found. */
	static const char *const other[] = {"nothing-here", "weights.bin", NULL};
	struct datadir_spec late = spec;
	static const char *const only_a[] = {"../a", NULL};
	late.beside = only_a;
	late.probe = other;
	assert_int_equal(datadir_resolve(&late, &d), 0);
	assert_string_equal(d.dir, inst);
	/* Nothing holds it: no directory, an error. */
	static const char *const absent[] = {"absent.bin", NULL};
	late.probe = absent;
	assert_int_equal(datadir_resolve(&late, &d), DATADIR_ERR_NOT_FOUND);
	assert_string_equal(d.dir, "");
	assert_false(d.found);
}

/* A directory asked for is the only one looked at, even when it lacks the file and the
 * candidates beside the program hold it: never another copy. */
static void test_asked_for_alone(void **state)
{
	(void)state;
	unsetenv("PARITY_TEST_DATA");
	char prog[128], inst[128], a[160];
	snprintf(a, sizeof a, "%s/a", root);
	const struct datadir_spec spec = spec_of(a, "prog", prog, inst);
	struct datadir d;
	assert_int_equal(datadir_resolve(&spec, &d), DATADIR_ERR_NOT_FOUND);
	assert_true(d.exclusive);
	assert_false(d.found);
	assert_string_equal(d.dir, a);
	assert_int_equal(d.tried, 1);
	assert_string_equal(d.tried_dir[0], a);
	/* The environment's directory alike, when nothing is asked on the command line... */
	assert_int_equal(setenv("PARITY_TEST_DATA", a, 1), 0);
	const struct datadir_spec env_only = spec_of(NULL, "prog", prog, inst);
	assert_int_equal(datadir_resolve(&env_only, &d), DATADIR_ERR_NOT_FOUND);
	assert_true(d.exclusive);
	assert_int_equal(d.tried, 1);
	assert_string_equal(d.dir, a);
	/* ... and the command line wins over it. */
	char b[160];
	snprintf(b, sizeof b, "%s/b", root);
	const struct datadir_spec both = spec_of(b, "prog", prog, inst);
	assert_int_equal(datadir_resolve(&both, &d), 0);
	assert_true(d.found);
	assert_int_equal(d.tried, 1);
	assert_string_equal(d.dir, b);
	/* An empty variable is no request. */
	assert_int_equal(setenv("PARITY_TEST_DATA", "", 1), 0);
	assert_int_equal(datadir_resolve(&env_only, &d), 0);
	assert_false(d.exclusive);
	unsetenv("PARITY_TEST_DATA");
}

/* The game's own resolver: --data DIR alone, $PARITY_DATA alone, whatever the build tree
 * beside this test program holds (build/tests/../../assets has the real files). */
static void test_find_data(void **state)
{
	(void)state;
	static const char *const sheet[] = {"sprites/reversi_discs.png", NULL};
	static const char *const weights[] = {"reversi-eval.bin", NULL};
	char a[160];
	snprintf(a, sizeof a, "%s/a", root);
	unsetenv("PARITY_DATA");
	struct datadir d;
	assert_int_equal(datadir_find_data(NULL, weights, &d), 0); /* the build tree's */
	assert_false(d.exclusive);
	assert_int_equal(datadir_find_data(a, weights, &d), DATADIR_ERR_NOT_FOUND);
	assert_int_equal(d.tried, 1);
	assert_string_equal(d.dir, a);
	assert_int_equal(setenv("PARITY_DATA", a, 1), 0);
	assert_int_equal(datadir_find_data(NULL, sheet, &d), DATADIR_ERR_NOT_FOUND);
	assert_int_equal(d.tried, 1);
	assert_string_equal(d.dir, a);
	unsetenv("PARITY_DATA");
	char here[DATADIR_PATH_MAX];
	assert_int_equal(datadir_program_dir(here, sizeof here), 0);
	assert_true(strlen(here) > 1 && here[strlen(here) - 1] == '/');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_first_that_holds_it),
	    cmocka_unit_test(test_asked_for_alone),
	    cmocka_unit_test(test_find_data),
	};
	return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
