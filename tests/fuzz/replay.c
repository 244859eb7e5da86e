/*
 * tests/fuzz/replay.c — a main for a fuzz harness built without libFuzzer: feeds it every
 * file named on the command line (a directory: each file in it), or with no arguments the
 * committed tests/fuzz/corpus/NAME and tests/fuzz/regressions/NAME, NAME taken from the
 * program's own name (test_fuzz_NAME; run from the repository root). A crash or a failed
 * FUZZ_CHECK fails the run.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* The harness's name, for messages and the default directories. */
static const char *name = "fuzz";

/* Feeds one file to the harness; returns 1 if it did, 0 if the file could not be read. */
static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "fuzz %s: cannot open %s\n", name, path);
		return 0;
	}
	size_t cap = 4096, len = 0;
	unsigned char *data = malloc(cap);
	size_t got;
	while (data && (got = fread(data + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap) {
			unsigned char *more = realloc(data, cap * 2);
			if (!more) {
				free(data);
				data = NULL;
				break;
			}
			data = more;
			cap *= 2;
		}
	}
	fclose(f);
	if (!data) {
		fprintf(stderr, "fuzz %s: out of memory reading %s\n", name, path);
		return 0;
	}
	/* An exact-size copy, so that a sanitizer sees a read past the end. */
	unsigned char *exact = malloc(len ? len : 1);
	if (!exact) {
		free(data);
		return 0;
	}
	memcpy(exact, data, len);
	free(data);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 1;
}

/* Feeds a file, or every plain file of a directory; returns how many were fed, or -1 when
 * `path` could not be read. `missing_ok`: a path that does not exist counts as empty. */
static int replay_path(const char *path, int missing_ok)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		if (missing_ok)
			return 0;
		fprintf(stderr, "fuzz %s: no such file or directory: %s\n", name, path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return replay_file(path) ? 1 : -1;
	DIR *dir = opendir(path);
	if (!dir)
		return -1;
	int count = 0;
	const struct dirent *e;
	while ((e = readdir(dir)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char file[4096];
		snprintf(file, sizeof file, "%s/%s", path, e->d_name);
		if (stat(file, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (!replay_file(file)) {
			closedir(dir);
			return -1;
		}
		count++;
	}
	closedir(dir);
	return count;
}

int main(int argc, char **argv)
{
	const char *slash = strrchr(argv[0], '/');
	name = slash ? slash + 1 : argv[0];
	if (strncmp(name, "test_", 5) == 0)
		name += 5;
	if (strncmp(name, "fuzz_", 5) == 0)
		name += 5;
	int total = 0;
	if (argc > 1) {
		for (int i = 1; i < argc; i++) {
			const int n = replay_path(argv[i], 0);
			if (n < 0)
				return 1;
			total += n;
		}
	} else {
		static const char *const dirs[] = {"tests/fuzz/corpus", "tests/fuzz/regressions"};
		for (int i = 0; i < 2; i++) {
			char dir[512];
			snprintf(dir, sizeof dir, "%s/%s", dirs[i], name);
			const int n = replay_path(dir, i == 1);
			if (n < 0)
				return 1;
			total += n;
		}
		if (total == 0) {
			fprintf(stderr, "fuzz %s: no corpus (run from the repository root)\n",
			        name);
			return 1;
		}
	}
	printf("fuzz %s: %d inputs replayed\n", name, total);
	return 0;
}
