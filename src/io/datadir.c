/*
 * io/datadir.c — the data-directory resolver (see datadir.h).
 */
#include "io/datadir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PARITY_DATADIR
#define PARITY_DATADIR "/usr/local/share/parity"
#endif
#ifndef PARITY_DATADIR_REL /* PARITY_DATADIR seen from the program's directory ("": none) */
#define PARITY_DATADIR_REL ""
#endif
#ifndef PARITY_LOCALEDIR
#define PARITY_LOCALEDIR "/usr/local/share/locale"
#endif
#ifndef PARITY_LOCALEDIR_REL /* PARITY_LOCALEDIR seen from the program's directory ("": none) */
#define PARITY_LOCALEDIR_REL ""
#endif

/* Returns whether `dir` holds one of the probe files. */
static bool holds_probe(const char *dir, const char *const *probe)
{
	if (!probe)
		return false;
	for (; *probe; probe++) {
		char path[DATADIR_PATH_MAX + 256];
		struct stat st;
		snprintf(path, sizeof path, "%s/%.200s", dir, *probe);
		if (stat(path, &st) == 0)
			return true;
	}
	return false;
}

/* Adds a candidate to out's list (silently dropping one that does not fit). */
static void add(struct datadir *out, const char *a, const char *b)
{
	if (out->tried >= DATADIR_TRIED_MAX)
		return;
	char *d = out->tried_dir[out->tried];
	const int len = snprintf(d, DATADIR_PATH_MAX, "%s%s", a, b ? b : "");
	if (len < 0 || len >= DATADIR_PATH_MAX || len == 0)
		return; /* too long to name, or empty: never a candidate */
	out->tried++;
}

int datadir_resolve(const struct datadir_spec *spec, struct datadir *out)
{
	memset(out, 0, sizeof *out);
	const char *asked = spec->explicit_dir;
	if (!asked && spec->env) {
		const char *env = getenv(spec->env);
		if (env && *env)
			asked = env;
	}
	if (asked) {
		out->exclusive = true;
		add(out, asked, NULL);
		if (out->tried == 0)
			return DATADIR_ERR_NOT_FOUND;
		memcpy(out->dir, out->tried_dir[0], sizeof out->dir); /* the same size */
		out->found = holds_probe(out->dir, spec->probe);
		return out->found ? 0 : DATADIR_ERR_NOT_FOUND;
	}
	if (spec->program_dir && *spec->program_dir && spec->beside)
		for (const char *const *b = spec->beside; *b; b++)
			if (**b)
				add(out, spec->program_dir, *b);
	if (spec->installed && *spec->installed)
		add(out, spec->installed, NULL);
	for (int i = 0; i < out->tried; i++)
		if (holds_probe(out->tried_dir[i], spec->probe)) {
			memcpy(out->dir, out->tried_dir[i], sizeof out->dir); /* the same size */
			out->found = true;
			return 0;
		}
	return DATADIR_ERR_NOT_FOUND;
}

int datadir_program_dir(char *buf, size_t n)
{
	if (n == 0)
		return -1;
	buf[0] = 0;
	char exe[DATADIR_PATH_MAX];
	const ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len <= 0)
		return -1;
	exe[len] = 0;
	char *slash = strrchr(exe, '/');
	if (!slash)
		return -1;
	slash[1] = 0;
	const int w = snprintf(buf, n, "%s", exe);
	if (w < 0 || (size_t)w >= n) {
		buf[0] = 0;
		return -1;
	}
	return 0;
}

int datadir_find_data(const char *explicit_dir, const char *const *probe, struct datadir *out)
{
	static const char *const beside[] = {"../assets", "assets", "../../assets",
	                                     PARITY_DATADIR_REL, NULL};
	char program[DATADIR_PATH_MAX];
	datadir_program_dir(program, sizeof program);
	const struct datadir_spec spec = {.explicit_dir = explicit_dir,
	                                  .env = "PARITY_DATA",
	                                  .program_dir = program,
	                                  .beside = beside,
	                                  .installed = PARITY_DATADIR,
	                                  .probe = probe};
	return datadir_resolve(&spec, out);
}

int datadir_find_locale(const char *const *probe, struct datadir *out)
{
	static const char *const beside[] = {"locale", PARITY_LOCALEDIR_REL, NULL};
	char program[DATADIR_PATH_MAX];
	datadir_program_dir(program, sizeof program);
	const struct datadir_spec spec = {.env = "PARITY_LOCALE",
	                                  .program_dir = program,
	                                  .beside = beside,
	                                  .installed = PARITY_LOCALEDIR,
	                                  .probe = probe};
	return datadir_resolve(&spec, out);
}

const char *datadir_installed_data(void)
{
	return PARITY_DATADIR;
}

const char *datadir_installed_locale(void)
{
	return PARITY_LOCALEDIR;
}
