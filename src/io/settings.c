/*
 * io/settings.c — reading and writing the settings file (see settings.h). One table lists
 * every key: its section, its name, what values it takes and where it lives in the struct;
 * the parser, the formatter and the defaults all walk that table.
 */
#include "io/settings.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/module.h"
#include "io/span.h"

const char *const settings_modes[] = {"vs-computer", "two-players", "demo", NULL};
const char *const settings_levels[] = {"beginner", "medium", "hard", "expert", NULL};
const char *const settings_languages[] = {"auto", "en", "ru", "zh", NULL};
const char *const settings_themes[] = {"standard", "high-contrast", NULL};
const char *const settings_palettes[] = {"standard", "colour-blind", NULL};

enum key_kind {
	KIND_WORD, /* one of `words`, stored as a char[SETTINGS_WORD_MAX] */
	KIND_GAME, /* the name of a game of the registry, stored as a KIND_WORD */
	KIND_INT,  /* lo..hi in steps of `step`, stored as an int */
	KIND_BOOL, /* yes/no, on/off, true/false, 1/0, stored as a bool */
};

struct key {
	const char *section;
	const char *name;
	enum key_kind kind;
	size_t offset;            /* of the field in struct settings */
	int lo, hi, step, def;    /* KIND_INT and KIND_BOOL (def) */
	const char *const *words; /* KIND_WORD; the default is words[def] */
};

#define FIELD(f) offsetof(struct settings, f)

/* Every key, in the order the file is written; keys of one section stay together. */
static const struct key keys[] = {
    {"play", "game", KIND_GAME, FIELD(game), 0, 0, 0, 0, NULL},
    {"play", "mode", KIND_WORD, FIELD(mode), 0, 0, 0, 0, settings_modes},
    {"play", "level", KIND_WORD, FIELD(level), 0, 0, 0, 0, settings_levels},
    {"play", "colour", KIND_INT, FIELD(colour), 0, 1, 1, 0, NULL},
    /* here: each game's section, from its module (game_keys) */
    {"display", "fullscreen", KIND_BOOL, FIELD(fullscreen), 0, 0, 0, 0, NULL},
    {"display", "animation-speed", KIND_INT, FIELD(animation_speed), 0, 3, 1, 2, NULL},
    {"display", "hints", KIND_BOOL, FIELD(hints), 0, 0, 0, 1, NULL},
    {"display", "show-eval", KIND_BOOL, FIELD(show_eval), 0, 0, 0, 0, NULL},
    {"display", "language", KIND_WORD, FIELD(language), 0, 0, 0, 0, settings_languages},
    {"display", "theme", KIND_WORD, FIELD(theme), 0, 0, 0, 0, settings_themes},
    {"display", "palette", KIND_WORD, FIELD(palette), 0, 0, 0, 0, settings_palettes},
    {"sound", "volume", KIND_INT, FIELD(volume), 0, 100, 1, 80, NULL},
    {"sound", "muted", KIND_BOOL, FIELD(muted), 0, 0, 0, 0, NULL},
    {"window", "width", KIND_INT, FIELD(window_w), 0, 16384, 1, 0, NULL},
    {"window", "height", KIND_INT, FIELD(window_h), 0, 16384, 1, 0, NULL},
    {"window", "x", KIND_INT, FIELD(window_x), -16384, 16384, 1, 0, NULL},
    {"window", "y", KIND_INT, FIELD(window_y), -16384, 16384, 1, 0, NULL},
};

enum {
	NFIXED = sizeof keys / sizeof keys[0],
	GAME_KEYS_AT = 4, /* the games' sections come after [play] */
	NKEYS_MAX = NFIXED + SETTINGS_GAMES_MAX * GAME_OPTION_SLOTS,
};

/* Fills out with every key, in the order the file is written: the fixed ones, with each
 * game's options (numbers and switches; a grid as its two parts) after [play]. Returns how
 * many. */
static int all_keys(struct key *out)
{
	int n = 0;
	for (int i = 0; i < GAME_KEYS_AT; i++)
		out[n++] = keys[i];
	for (int g = 0; g < game_module_count() && g < SETTINGS_GAMES_MAX; g++) {
		const struct game_module *m = game_module_at(g);
		for (int k = 0; k < m->option_count; k++) {
			const struct game_option *o = &m->options[k];
			for (int j = 0; j < (o->kind == GAME_OPTION_GRID ? 2 : 1); j++) {
				struct key *x = &out[n++];
				x->section = m->rules->name;
				x->name = o->kind == GAME_OPTION_GRID ? o->part[j] : o->key;
				x->kind = o->kind == GAME_OPTION_BOOL ? KIND_BOOL : KIND_INT;
				x->offset =
				    FIELD(option) +
				    (size_t)(g * GAME_OPTION_SLOTS + o->slot + j) * sizeof(int);
				x->lo = o->lo;
				x->hi = o->hi;
				x->step = o->step > 0 ? o->step : 1;
				x->def = j ? o->def2 : o->def;
				x->words = NULL;
			}
		}
	}
	for (int i = GAME_KEYS_AT; i < NFIXED; i++)
		out[n++] = keys[i];
	return n;
}

struct game_options settings_game_options(const struct settings *s, int g)
{
	struct game_options opt;
	memset(&opt, 0, sizeof opt);
	if (g >= 0 && g < SETTINGS_GAMES_MAX && g < game_module_count())
		memcpy(opt.value, s->option[g], sizeof opt.value);
	return opt;
}

int settings_find_word(const char *const *list, const char *word)
{
	for (int i = 0; list[i]; i++)
		if (strcmp(list[i], word) == 0)
			return i;
	return -1;
}

/* Stores `word` in a word field, zeroing the rest of it so that equal settings are equal
 * bytes. */
static void set_word(char *field, const char *word)
{
	memset(field, 0, SETTINGS_WORD_MAX);
	strncpy(field, word, SETTINGS_WORD_MAX - 1);
}

void settings_defaults(struct settings *s)
{
	memset(s, 0, sizeof *s);
	struct key all[NKEYS_MAX];
	const int nkeys = all_keys(all);
	for (int i = 0; i < nkeys; i++) {
		const struct key *k = &all[i];
		char *field = (char *)s + k->offset;
		switch (k->kind) {
		case KIND_GAME:
			set_word(field, game_module_count() ? game_module_at(0)->rules->name : "");
			break;
		case KIND_WORD:
			set_word(field, k->words[k->def]);
			break;
		case KIND_INT:
			*(int *)(void *)field = k->def;
			break;
		case KIND_BOOL:
			*(bool *)(void *)field = k->def != 0;
			break;
		}
	}
}

/* Returns whether the span is `word`, ignoring case and taking '_' as '-'. */
static bool span_is(struct span a, const char *word)
{
	if (strlen(word) != a.len)
		return false;
	for (size_t i = 0; i < a.len; i++) {
		unsigned char c = (unsigned char)a.s[i];
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		if (c == '_')
			c = '-';
		if (c != (unsigned char)word[i])
			return false;
	}
	return true;
}

/* Returns whether the span is a decimal integer (optional sign), storing it in *v. */
static bool parse_int(struct span a, int *v)
{
	size_t i = 0;
	bool neg = false;
	if (a.len && (a.s[0] == '-' || a.s[0] == '+')) {
		neg = a.s[0] == '-';
		i++;
	}
	if (i == a.len)
		return false;
	long x = 0;
	for (; i < a.len; i++) {
		if (a.s[i] < '0' || a.s[i] > '9')
			return false;
		if (x < 100000000)
			x = x * 10 + (a.s[i] - '0');
	}
	*v = (int)(neg ? -x : x);
	return true;
}

/* Returns 1 or 0 for a yes or no word, or -1 for anything else. */
static int parse_bool(struct span a)
{
	static const char *const yes[] = {"yes", "on", "true", "1", NULL};
	static const char *const no[] = {"no", "off", "false", "0", NULL};
	for (int i = 0; yes[i]; i++) {
		if (span_is(a, yes[i]))
			return 1;
		if (span_is(a, no[i]))
			return 0;
	}
	return -1;
}

/* Stores `value` in the field of key k. Returns true, or false with the reason in why
 * (GAME_ERR_MAX bytes) when the value is not one the key takes. */
static bool apply(struct settings *s, const struct key *k, struct span value, char *why)
{
	char *field = (char *)s + k->offset;
	char shown[32];
	span_quote(value, shown);
	switch (k->kind) {
	case KIND_GAME:
		for (int g = 0; g < game_module_count(); g++)
			if (span_is(value, game_module_at(g)->rules->name)) {
				set_word(field, game_module_at(g)->rules->name);
				return true;
			}
		{
			char list[GAME_ERR_MAX] = "";
			for (int g = 0; g < game_module_count(); g++) {
				const size_t used = strlen(list);
				snprintf(list + used, sizeof list - used, "%s%s",
				         g == 0                        ? ""
				         : g + 1 < game_module_count() ? ", "
				                                       : " or ",
				         game_module_at(g)->rules->name);
			}
			game_fail(why, 0, "%s must be %s, not \"%s\"", k->name, list, shown);
		}
		return false;
	case KIND_WORD:
		for (int i = 0; k->words[i]; i++)
			if (span_is(value, k->words[i])) {
				set_word(field, k->words[i]);
				return true;
			}
		{
			char list[GAME_ERR_MAX] = "";
			for (int i = 0; k->words[i]; i++) {
				const size_t used = strlen(list);
				snprintf(list + used, sizeof list - used, "%s%s",
				         i == 0            ? ""
				         : k->words[i + 1] ? ", "
				                           : " or ",
				         k->words[i]);
			}
			game_fail(why, 0, "%s must be %s, not \"%s\"", k->name, list, shown);
		}
		return false;
	case KIND_INT: {
		int v;
		if (!parse_int(value, &v)) {
			game_fail(why, 0, "%s must be a number, not \"%s\"", k->name, shown);
			return false;
		}
		if (v < k->lo || v > k->hi || (v - k->lo) % k->step != 0) {
			if (k->step == 1)
				game_fail(why, 0, "%s must be from %d to %d, not %s", k->name,
				          k->lo, k->hi, shown);
			else
				game_fail(why, 0, "%s must be from %d to %d in steps of %d, not %s",
				          k->name, k->lo, k->hi, k->step, shown);
			return false;
		}
		*(int *)(void *)field = v;
		return true;
	}
	case KIND_BOOL: {
		const int b = parse_bool(value);
		if (b < 0) {
			game_fail(why, 0, "%s must be yes or no, not \"%s\"", k->name, shown);
			return false;
		}
		*(bool *)(void *)field = b != 0;
		return true;
	}
	}
	return false;
}

/* Returns the key named `name` in `section`, or NULL if there is none. */
static const struct key *find_key(const struct key *all, int n, struct span section,
                                  struct span name)
{
	for (int i = 0; i < n; i++)
		if (span_is(section, all[i].section) && span_is(name, all[i].name))
			return &all[i];
	return NULL;
}

/* Returns the span trimmed, without a comment at its start or after a blank at its end
 * ("80  # quieter"). */
static struct span strip_comment(struct span a)
{
	a = span_trim(a);
	for (size_t i = 0; i < a.len; i++)
		if ((a.s[i] == '#' || a.s[i] == ';') && (i == 0 || span_blank(a.s[i - 1]))) {
			a.len = i;
			break;
		}
	return span_trim(a);
}

/* Reads one line (already trimmed, NUL-free) into s, keeping the current section in *section.
 * Returns true, or false with the reason in why. */
static bool parse_line(struct settings *s, const struct key *all, int nkeys, struct span line,
                       struct span *section, char *why)
{
	if (line.len == 0 || line.s[0] == '#' || line.s[0] == ';')
		return true;
	if (line.s[0] == '[') {
		const char *close = memchr(line.s, ']', line.len);
		const size_t after = close ? (size_t)(close + 1 - line.s) : line.len;
		if (!close || strip_comment((struct span){line.s + after, line.len - after}).len) {
			*section =
			    (struct span){"", 0}; /* what follows belongs to no known section */
			game_fail(why, 0, "a section header is [name]");
			return false;
		}
		*section = span_trim((struct span){line.s + 1, (size_t)(close - line.s - 1)});
		return true;
	}
	const char *eq = memchr(line.s, '=', line.len);
	if (!eq) {
		game_fail(why, 0, "expected key = value");
		return false;
	}
	const struct span name = span_trim((struct span){line.s, (size_t)(eq - line.s)});
	const struct span value =
	    strip_comment((struct span){eq + 1, line.len - (size_t)(eq + 1 - line.s)});
	if (name.len == 0) {
		game_fail(why, 0, "a key is missing before '='");
		return false;
	}
	const struct key *k = find_key(all, nkeys, *section, name);
	if (!k)
		return true; /* unknown keys are someone else's: leave them be */
	return apply(s, k, value, why);
}

/* Parses `len` bytes of INI text (which may hold NUL bytes) into s, from the defaults.
 * Returns 0 or IO_ERR_PARTLY_BAD with a message in err. */
static int parse_bytes(struct settings *s, const char *text, size_t len, char *err)
{
	settings_defaults(s);
	struct key all[NKEYS_MAX];
	const int nkeys = all_keys(all);
	struct span section = {"", 0};
	char first[GAME_ERR_MAX] = "";
	int bad = 0, line_no = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		const size_t end = nl ? (size_t)(nl - text) : len;
		const struct span line = span_trim((struct span){text + at, end - at});
		line_no++;
		at = end + 1;
		char why[GAME_ERR_MAX];
		bool ok;
		if (memchr(line.s, '\0', line.len)) {
			game_fail(why, 0, "a NUL byte (is this a text file?)");
			ok = false;
		} else {
			ok = parse_line(s, all, nkeys, line, &section, why);
		}
		if (!ok && bad++ == 0)
			game_fail(first, 0, "line %d: %s", line_no, why);
	}
	if (bad == 0)
		return 0;
	if (bad == 1)
		return game_fail(err, IO_ERR_PARTLY_BAD, "%s", first);
	return game_fail(err, IO_ERR_PARTLY_BAD, "%.*s (and %d more bad line%s)", GAME_ERR_MAX - 40,
	                 first, bad - 1, bad == 2 ? "" : "s");
}

int settings_parse(struct settings *s, const char *text, char *err)
{
	if (!text)
		text = "";
	return parse_bytes(s, text, strlen(text), err);
}

int settings_format(const struct settings *s, char *buf, size_t n)
{
	size_t len = 0;
	const char *section = NULL;
	struct key all[NKEYS_MAX];
	const int nkeys = all_keys(all);
	int w = snprintf(buf, n, "# Parity settings (unknown keys are ignored)\n");
	for (int i = 0; w >= 0 && (size_t)w < n - len; i++) {
		len += (size_t)w;
		if (i == nkeys)
			return (int)len;
		const struct key *k = &all[i];
		const char *field = (const char *)s + k->offset;
		char value[32];
		switch (k->kind) {
		case KIND_GAME:
		case KIND_WORD:
			snprintf(value, sizeof value, "%.*s", SETTINGS_WORD_MAX - 1, field);
			break;
		case KIND_INT:
			snprintf(value, sizeof value, "%d", *(const int *)(const void *)field);
			break;
		case KIND_BOOL:
			snprintf(value, sizeof value, "%s",
			         *(const bool *)(const void *)field ? "yes" : "no");
			break;
		}
		const bool new_section = !section || strcmp(section, k->section) != 0;
		section = k->section;
		w = snprintf(buf + len, n - len, "%s%s%s%s = %s\n", new_section ? "\n[" : "",
		             new_section ? k->section : "", new_section ? "]\n" : "", k->name,
		             value);
	}
	return GAME_ERR_SPACE;
}

int settings_load(struct settings *s, const char *path, char *err)
{
	settings_defaults(s);
	char *text = NULL;
	size_t len = 0;
	int rc = atomic_read(path, &text, &len, SETTINGS_FILE_MAX, err);
	if (rc != 0)
		return rc;
	char why[GAME_ERR_MAX];
	rc = parse_bytes(s, text, len, why);
	free(text);
	if (rc != 0)
		return game_fail(err, rc, "%s: %s", path, why);
	return 0;
}

int settings_save(const struct settings *s, const char *path, char *err)
{
	char buf[2048];
	const int len = settings_format(s, buf, sizeof buf);
	if (len < 0)
		return game_fail(err, len, "cannot write %s: the settings do not fit", path);
	return atomic_write(path, buf, (size_t)len, err);
}
