/*
 * core/module.c — what every game module shares: finding a module, and reading, writing,
 * stepping and checking option values as their tables describe them (see module.h).
 */
#include "core/module.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void game_module_names(char *buf, size_t n, const char *sep)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int g = 0; g < game_module_count(); g++) {
		const int w = snprintf(buf + len, n - len, "%s%s", g ? sep : "",
		                       game_module_at(g)->rules->name);
		if (w < 0 || (size_t)w >= n - len) {
			buf[len] = '\0';
			return;
		}
		len += (size_t)w;
	}
}

const struct game_module *game_module_find(const char *name)
{
	for (int i = 0; name && i < game_module_count(); i++)
		if (strcmp(game_module_at(i)->rules->name, name) == 0)
			return game_module_at(i);
	return NULL;
}

const struct game_module *game_module_of(const struct game_rules *rules)
{
	for (int i = 0; rules && i < game_module_count(); i++)
		if (game_module_at(i)->rules == rules)
			return game_module_at(i);
	return NULL;
}

bool game_module_load(const struct game_module *m, const char *dir)
{
	char why[GAME_ERR_MAX];
	const int rc = m->load ? m->load(dir, why) : 0;
	if (rc > 0) /* loaded, but without a file beside it: the message says which */
		fprintf(stderr, "parity: %s\n", why);
	else if (rc < 0)
		fprintf(stderr, "parity: %s; the engine uses its simpler evaluation\n", why);
	return rc >= 0;
}

int game_module_index(const struct game_module *m)
{
	for (int i = 0; i < game_module_count(); i++)
		if (game_module_at(i) == m)
			return i;
	return -1;
}

const struct game_rules *game_find(const char *name)
{
	const struct game_module *m = game_module_find(name);
	return m ? m->rules : NULL;
}

const struct game_option *game_option_find(const struct game_module *m, const char *key, int *part)
{
	for (int i = 0; m && i < m->option_count; i++) {
		const struct game_option *o = &m->options[i];
		for (int k = 0; k < 2; k++)
			if (o->kind == GAME_OPTION_GRID && o->part[k] &&
			    strcmp(o->part[k], key) == 0) {
				if (part)
					*part = k;
				return o;
			}
		if (strcmp(o->key, key) == 0) {
			if (part)
				*part = 0;
			return o;
		}
	}
	return NULL;
}

const struct game_option *game_option_known(const char *key)
{
	for (int g = 0; g < game_module_count(); g++) {
		const struct game_module *m = game_module_at(g);
		for (int k = 0; k < m->option_count; k++)
			if (!m->options[k].display && strcmp(m->options[k].key, key) == 0)
				return &m->options[k];
	}
	return NULL;
}

/* Returns whether v is a value lo..hi in steps of step of option o. */
static bool in_range(const struct game_option *o, int v)
{
	const int step = o->step > 0 ? o->step : 1;
	return v >= o->lo && v <= o->hi && (v - o->lo) % step == 0;
}

/* Reads a whole decimal number lo..hi from s (no sign, no junk); returns whether it was. */
static bool read_number(const char *s, const char **end, int *out)
{
	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	char *e;
	const long v = strtol(s, &e, 10);
	if (errno || v > 1000000)
		return false;
	*out = (int)v;
	*end = e;
	return true;
}

/* Parses the text of the value of option o, a number or a grid ("8", "3x4"), into opt.
 * Returns GAME_OK or GAME_ERR_OPTIONS with a message in err that says what it takes. */
static int parse_value(const struct game_option *o, const char *text, struct game_options *opt,
                       char *err)
{
	const char *end;
	int a, b;
	switch (o->kind) {
	case GAME_OPTION_INT:
		if (!read_number(text, &end, &a) || *end || !in_range(o, a)) {
			if (o->step > 1)
				return game_fail(
				    err, GAME_ERR_OPTIONS,
				    "%s must be from %d to %d in steps of %d, not \"%.40s\"",
				    o->key, o->lo, o->hi, o->step, text);
			return game_fail(err, GAME_ERR_OPTIONS,
			                 "%s must be from %d to %d, not \"%.40s\"", o->key, o->lo,
			                 o->hi, text);
		}
		opt->value[o->slot] = a;
		return GAME_OK;
	case GAME_OPTION_GRID:
		if (!read_number(text, &end, &a) || (*end != 'x' && *end != 'X') ||
		    !read_number(end + 1, &end, &b) || *end || !in_range(o, a) || !in_range(o, b))
			return game_fail(
			    err, GAME_ERR_OPTIONS,
			    "%s must be ROWSxCOLUMNS, each from %d to %d, not \"%.40s\"", o->key,
			    o->lo, o->hi, text);
		opt->value[o->slot] = a;
		opt->value[o->slot + 1] = b;
		return GAME_OK;
	case GAME_OPTION_BOOL: /* a switch takes no value */
		break;
	}
	return GAME_ERR_OPTIONS;
}

void game_option_step(const struct game_option *o, struct game_options *opt, int dir)
{
	int *v = &opt->value[o->slot];
	if (o->kind == GAME_OPTION_BOOL) {
		*v = !*v;
		return;
	}
	const int width = o->kind == GAME_OPTION_GRID ? 2 : 1;
	if (o->steps && o->steps_count > 0) {
		int at = 0;
		for (int k = 0; k < o->steps_count; k++)
			if (o->steps[k * width] == v[0] &&
			    (width == 1 || o->steps[k * width + 1] == v[1]))
				at = k;
		at = (at + dir + o->steps_count) % o->steps_count;
		for (int j = 0; j < width; j++)
			v[j] = o->steps[at * width + j];
		return;
	}
	const int step = o->step > 0 ? o->step : 1;
	const int count = (o->hi - o->lo) / step + 1;
	int at = in_range(o, *v) ? (*v - o->lo) / step : 0;
	at = (at + dir + count) % count;
	for (int j = 0; j < width; j++)
		v[j] = o->lo + at * step;
}

int game_options_arg(const struct game_module *m, int argc, char **argv, int *i,
                     struct game_options *opt, char *err)
{
	const char *arg = argv[*i];
	if (strncmp(arg, "--", 2) != 0)
		return 0;
	const char *key = arg + 2;
	if (strcmp(key, "seed") == 0) {
		if (*i + 1 >= argc)
			return game_fail(err, GAME_ERR_OPTIONS, "--seed needs a value");
		const char *s = argv[++*i];
		char *end;
		errno = 0;
		const unsigned long long v = strtoull(s, &end, 10);
		if (*s < '0' || *s > '9' || *end || errno || v > 0xffffffffULL)
			return game_fail(
			    err, GAME_ERR_OPTIONS,
			    "--seed must be a number from 0 to 4294967295, not \"%.40s\"", s);
		opt->seed = (uint32_t)v;
		return 1;
	}
	const struct game_option *o = NULL;
	int part = 0;
	for (int k = 0; m && k < m->option_count; k++)
		if (!m->options[k].display && strcmp(m->options[k].key, key) == 0)
			o = &m->options[k];
	if (!o) {
		/* Another game's option is refused by name, not taken for a position. */
		for (int g = 0; g < game_module_count(); g++) {
			const struct game_module *other = game_module_at(g);
			const struct game_option *x = game_option_find(other, key, &part);
			if (x && !x->display && strcmp(x->key, key) == 0)
				return game_fail(
				    err, GAME_ERR_OPTIONS, "%s is an option of %s, not of %s", arg,
				    other->rules->name, m ? m->rules->name : "this game");
		}
		return 0;
	}
	if (o->kind == GAME_OPTION_BOOL) {
		opt->value[o->slot] = 1;
		return 1;
	}
	if (*i + 1 >= argc)
		return game_fail(err, GAME_ERR_OPTIONS, "%s needs a value", arg);
	char why[GAME_ERR_MAX];
	if (parse_value(o, argv[++*i], opt, why) != GAME_OK)
		return game_fail(err, GAME_ERR_OPTIONS, "--%s", why);
	return 1;
}

/* Returns whether an option keyed `key` comes before option k of game g in the registry. */
static bool key_seen(const char *key, int g, int k)
{
	for (int h = 0; h <= g; h++) {
		const struct game_module *m = game_module_at(h);
		for (int j = 0; j < (h == g ? k : m->option_count); j++)
			if (!m->options[j].display && strcmp(m->options[j].key, key) == 0)
				return true;
	}
	return false;
}

void game_options_usage(char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int g = 0; g < game_module_count(); g++) {
		const struct game_module *m = game_module_at(g);
		for (int k = 0; k < m->option_count; k++) {
			const struct game_option *o = &m->options[k];
			if (o->display || key_seen(o->key, g, k))
				continue;
			/* The value each game takes under this key: "N", "RxC", or both. */
			bool number = false, grid = false;
			for (int h = 0; h < game_module_count(); h++) {
				const struct game_option *x =
				    game_option_find(game_module_at(h), o->key, NULL);
				if (x && !x->display && strcmp(x->key, o->key) == 0) {
					number |= x->kind == GAME_OPTION_INT;
					grid |= x->kind == GAME_OPTION_GRID;
				}
			}
			const int w =
			    snprintf(buf + len, n - len, "%s[--%s%s%s%s%s]", len ? " " : "", o->key,
			             number || grid ? " " : "", number ? "N" : "",
			             number && grid ? "|" : "", grid ? "RxC" : "");
			if (w < 0 || (size_t)w >= n - len)
				return;
			len += (size_t)w;
		}
	}
	const int w = snprintf(buf + len, n - len, "%s[--seed N]", len ? " " : "");
	if (w < 0 || (size_t)w >= n - len)
		buf[len] = '\0';
}

char *record_text(const struct match *m, int (*write)(const struct match *m, char *buf, size_t n))
{
	const size_t size = 64 + (size_t)m->cursor * 32; /* the longest move text is short */
	char *text = malloc(size);
	if (!text)
		return NULL;
	const int len = write(m, text, size - 2);
	if (len < 0) {
		free(text);
		return NULL;
	}
	text[len] = '\n';
	text[len + 1] = '\0';
	return text;
}

char *record_moves(const struct match *m, const struct record_info *info)
{
	(void)info;
	return record_text(m, match_record);
}

void record_games_free(struct record_game *games, int count)
{
	for (int i = 0; games && i < count; i++)
		free(games[i].moves);
	free(games);
}

/* Returns whether c is a blank within a line. */
static bool line_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

bool record_next_line(const char *text, size_t len, size_t *at, size_t *from, size_t *to)
{
	while (*at < len) {
		size_t start = *at, end = *at;
		while (end < len && text[end] != '\n')
			end++;
		*at = end + 1;
		while (start < end && line_blank(text[start]))
			start++;
		while (end > start && line_blank(text[end - 1]))
			end--;
		if (start < end && text[start] != '#') {
			*from = start;
			*to = end;
			return true;
		}
	}
	return false;
}

struct record_game *record_games_add(struct record_game **games, int *count, int moves)
{
	if (*count >= RECORD_GAMES_MAX)
		return NULL;
	struct record_game *grown = realloc(*games, ((size_t)*count + 1) * sizeof **games);
	if (!grown)
		return NULL;
	*games = grown;
	struct record_game *g = &grown[*count];
	memset(g, 0, sizeof *g);
	if (moves > 0 && !(g->moves = calloc((size_t)moves, sizeof *g->moves)))
		return NULL;
	++*count;
	snprintf(g->result, sizeof g->result, "*");
	return g;
}
