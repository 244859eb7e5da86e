/*
 * io/recordsdir.c — the folder for saved game records (io/recordsdir.h).
 */
#include "io/recordsdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "io/atomic.h"

/* Reads XDG_DOCUMENTS_DIR from the user-dirs.dirs file at path into out, "$HOME" expanded.
 * Returns whether the file names one. */
static int from_user_dirs(const char *path, const char *home, char *out, size_t n)
{
	char *text = NULL;
	if (atomic_read(path, &text, NULL, (size_t)1 << 16, NULL) != 0)
		return 0;
	int found = 0;
	for (char *line = strtok(text, "\n"); line && !found; line = strtok(NULL, "\n")) {
		while (*line == ' ' || *line == '\t')
			line++;
		static const char key[] = "XDG_DOCUMENTS_DIR=";
		if (strncmp(line, key, sizeof key - 1) != 0)
			continue;
		char *v = line + sizeof key - 1;
		size_t len = strlen(v);
		while (len > 0 && (v[len - 1] == '\r' || v[len - 1] == ' '))
			v[--len] = '\0';
		if (len >= 2 && v[0] == '"' && v[len - 1] == '"') {
			v[len - 1] = '\0';
			v++;
		}
		if (strncmp(v, "$HOME", 5) == 0)
			snprintf(out, n, "%s%s", home, v + 5);
		else if (v[0] == '/')
			snprintf(out, n, "%s", v);
		else
			continue; /* the format allows only these two forms */
		found = 1;
	}
	free(text);
	return found;
}

/* Returns whether a and b name the same directory, ignoring slashes at their ends. */
static int same_dir(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	while (la > 1 && a[la - 1] == '/')
		la--;
	while (lb > 1 && b[lb - 1] == '/')
		lb--;
	return la == lb && strncmp(a, b, la) == 0;
}

int records_documents_dir(char *out, size_t n)
{
	out[0] = '\0';
	const char *home = getenv("HOME");
	if (!home || !*home)
		return IO_ERR_NO_FILE;
	char path[RECORDS_PATH_MAX];
	const char *config = getenv("XDG_CONFIG_HOME");
	if (config && *config)
		snprintf(path, sizeof path, "%s/user-dirs.dirs", config);
	else
		snprintf(path, sizeof path, "%s/.config/user-dirs.dirs", home);
	char dir[RECORDS_PATH_MAX] = "";
	const char *env = getenv("XDG_DOCUMENTS_DIR");
	if (!from_user_dirs(path, home, dir, sizeof dir) && env && *env)
		snprintf(dir, sizeof dir, "%s", env);
	if (!*dir || same_dir(dir, home)) /* none, or "none" said as $HOME */
		snprintf(dir, sizeof dir, "%s/Documents", home);
	snprintf(out, n, "%s", dir);
	return 0;
}

int records_dir(char *out, size_t n, const char *fallback, char *err)
{
	char docs[RECORDS_PATH_MAX], first[RECORDS_PATH_MAX] = "";
	char why[GAME_ERR_MAX] = "";
	if (records_documents_dir(docs, sizeof docs) == 0) {
		size_t len = strlen(docs);
		while (len > 1 && docs[len - 1] == '/')
			docs[--len] = '\0';
		static const char leaf[] = "/Parity";
		if (len + sizeof leaf > sizeof first) /* no room: the fallback */
			len = 0;
		memcpy(first, docs, len);
		memcpy(first + len, leaf, sizeof leaf);
		if (len > 0 && atomic_make_dirs(first, why) == 0) {
			snprintf(out, n, "%s", first);
			return 0;
		}
	}
	if (fallback && *fallback) {
		char dir[RECORDS_PATH_MAX];
		snprintf(dir, sizeof dir, "%s", fallback);
		size_t len = strlen(dir);
		while (len > 1 && dir[len - 1] == '/')
			dir[--len] = '\0';
		if (atomic_make_dirs(dir, *why ? NULL : why) == 0) {
			snprintf(out, n, "%s", dir);
			return 0;
		}
		if (!*first)
			snprintf(first, sizeof first, "%s", dir);
	}
	snprintf(out, n, "%s", first);
	if (err)
		snprintf(err, GAME_ERR_MAX, "%s", *why ? why : "no folder for saved records");
	return IO_ERR_SYSTEM;
}
