/*
 * io/records.c — record files on disk: read whole, the game they hold found, one game of
 * them built into a match (io/records.h).
 */
#include "io/records.h"

#include "io/atomic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Reads the whole file at path into a new NUL-terminated buffer (free it); NULL with a
 * message in err when it cannot. */
char *record_file_read(const char *path, size_t *len, char *err, size_t errlen)
{
	char *text = NULL, why[GAME_ERR_MAX];
	err[0] = '\0';
	if (atomic_read(path, &text, len, RECORD_FILE_MAX, why) != 0) {
		snprintf(err, errlen, "%s", why);
		return NULL;
	}
	return text;
}

/* Returns whether game g's reader finds a playable game in the n bytes of text. */
static bool reads(int g, const char *text, size_t n)
{
	const struct game_record *r = game_module_at(g)->record;
	if (!r || !r->read)
		return false;
	char err[GAME_ERR_MAX];
	struct record_game *games = NULL;
	const int count = r->read(text, n, &games, err);
	bool found = false;
	for (int i = 0; i < count && !found; i++)
		found = games[i].error == GAME_OK && games[i].count > 0;
	record_games_free(games, count > 0 ? count : 0);
	return found;
}

int record_file_game(const char *path)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	const char *ext = dot && (!slash || dot > slash) ? dot + 1 : "";
	char err[GAME_ERR_MAX];
	size_t len = 0;
	char *text = record_file_read(path, &len, err, sizeof err);
	/* The games whose extension it has first (several share "txt"), then any game. */
	int found = -1, named = -1;
	for (int pass = 0; pass < 2 && found < 0; pass++)
		for (int g = 0; found < 0 && g < game_module_count(); g++) {
			const struct game_record *r = game_module_at(g)->record;
			if (!r || !r->read || (strcasecmp(ext, r->extension) == 0) != (pass == 0))
				continue;
			if (named < 0 && pass == 0)
				named = g;
			if (text && reads(g, text, len))
				found = g;
		}
	free(text);
	/* None reads it: the first game the extension names, to say what is wrong with it. */
	return found >= 0 ? found : named;
}

/* Reads the games of the record file at path with game g's reader: returns their number
 * (>= 0) with a new array in *games (free it with record_games_free), or -1 with a message
 * in err. */
int record_file_games(const char *path, int g, struct record_game **games, char *err, size_t errlen)
{
	*games = NULL;
	err[0] = '\0';
	if (g < 0) {
		snprintf(err, errlen, "%s: Parity cannot open this kind of file", path);
		return -1;
	}
	size_t len = 0;
	char *text = record_file_read(path, &len, err, errlen);
	if (!text)
		return -1;
	char why[GAME_ERR_MAX] = "";
	const int n = game_module_at(g)->record->read(text, len, games, why);
	free(text);
	if (n < 0) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	if (n == 0)
		snprintf(err, errlen, "%s holds no %s game", path, game_module_at(g)->rules->name);
	return n;
}

/* Builds in *m (free it with match_free) game `number` of the file at path, of game g's
 * records, every move played, storing in *games how many games the file holds; returns
 * success, or false with a message in err (and nothing to free). */
bool record_file_match(const char *path, int g, int number, struct match *m, int *games, char *err,
                       size_t errlen)
{
	memset(m, 0, sizeof *m);
	struct record_game *list = NULL;
	const int count = record_file_games(path, g, &list, err, errlen);
	*games = count;
	bool ok = false;
	if (count <= 0) {
		/* err says why */
	} else if (number < 1 || number > count) {
		snprintf(err, errlen, "%s holds %d game%s; there is no game %d", path, count,
		         count == 1 ? "" : "s", number);
	} else if (list[number - 1].error != GAME_OK) {
		snprintf(err, errlen, "%s: %s", path, list[number - 1].err);
	} else {
		const struct record_game *r = &list[number - 1];
		ok = match_init_moves(m, game_module_at(g)->rules, &r->options, r->start, r->moves,
		                      r->count) == GAME_OK;
		if (!ok)
			snprintf(err, errlen, "out of memory reading %s", path);
	}
	record_games_free(list, count);
	return ok;
}
