/*
 * tests/shared_data.h — opens a reference file from ../shared/data (the published counts and
 * positions the tests check against, kept beside the repository, never copied into it).
 * Include after cmocka.h. Where ../shared/data is not beside the checkout at all (a clone
 * on its own), the test is skipped with a note; where it is but the file is missing, the
 * test fails.
 */
#ifndef PARITY_TESTS_SHARED_DATA_H
#define PARITY_TESTS_SHARED_DATA_H

#include <stdio.h>
#include <sys/stat.h>

#define SHARED_DATA_DIR "../shared/data"

/* Returns the open file, or skips / fails the calling test. */
static inline FILE *shared_data_open(const char *name)
{
	struct stat st;
	if (stat(SHARED_DATA_DIR, &st) != 0) {
		printf("note: %s is not beside this checkout; skipping the test on %s\n",
		       SHARED_DATA_DIR, name);
		skip();
	}
	char path[256];
	snprintf(path, sizeof path, "%s/%s", SHARED_DATA_DIR, name);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s (run the tests from the repository root)", path);
	return f;
}

#endif
