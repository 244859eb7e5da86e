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
 * A `key = value` line of a known key stores that key in *hit and its value in *at (without
 * its comment). Returns true, or false with the reason in why. */
static bool parse_line(struct settings *s, const struct key *all, int nkeys, struct span line,
                       struct span *section, const struct key **hit, struct span *at, char *why)
{
	*hit = NULL;
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
	*hit = k;
	*at = value;
	return apply(s, k, value, why);
}

/* Where each key of the table stands in a file's text, as the editor needs it: the value of
 * its last line (the one that counts), or else the end of the last line of its section. */
struct layout {
	bool found[NKEYS_MAX];         /* the key has a line; its value is value[i] */
	struct span value[NKEYS_MAX];  /* in the text (empty spans point where a value goes) */
	bool section[NKEYS_MAX];       /* its section has a header */
	size_t section_end[NKEYS_MAX]; /* after the last non-blank line of that section */
};

/* The UTF-8 byte-order mark some editors put first: skipped on reading, kept on editing. */
static size_t bom_length(const char *text, size_t len)
{
	return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/* Parses `len` bytes of INI text (which may hold NUL bytes and start with a byte-order mark)
 * into s, from the defaults, and where each key stands into *lay (may be NULL). Returns 0 or
 * IO_ERR_PARTLY_BAD with a message in err. */
static int parse_bytes(struct settings *s, const char *text, size_t len, struct layout *lay,
                       char *err)
{
	settings_defaults(s);
	struct key all[NKEYS_MAX];
	const int nkeys = all_keys(all);
	if (lay)
		memset(lay, 0, sizeof *lay);
	struct span section = {"", 0};
	char first[GAME_ERR_MAX] = "";
	int bad = 0, line_no = 0;
	for (size_t at = bom_length(text, len); at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		const size_t end = nl ? (size_t)(nl - text) : len;
		const struct span line = span_trim((struct span){text + at, end - at});
		line_no++;
		at = end + 1;
		char why[GAME_ERR_MAX];
		bool ok;
		const struct key *hit = NULL;
		struct span value = {NULL, 0};
		if (memchr(line.s, '\0', line.len)) {
			game_fail(why, 0, "a NUL byte (is this a text file?)");
			ok = false;
		} else {
			ok = parse_line(s, all, nkeys, line, &section, &hit, &value, why);
		}
		if (!ok && bad++ == 0)
			game_fail(first, 0, "line %d: %s", line_no, why);
		if (!lay || line.len == 0 || memchr(line.s, '\0', line.len))
			continue;
		for (int i = 0; i < nkeys; i++)
			if (section.len && span_is(section, all[i].section)) {
				lay->section[i] = true;
				lay->section_end[i] = at < len ? at : len;
			}
		if (hit) {
			const int i = (int)(hit - all);
			lay->found[i] = true;
			lay->value[i] = value;
			if (!value.len) /* "key =": the value goes after the '=' */
				lay->value[i].s = (const char *)memchr(line.s, '=', line.len) + 1;
		}
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
	return parse_bytes(s, text, strlen(text), NULL, err);
}

/* Writes the value of key k in s as the file holds it ("8", "yes", "reversi") into value. */
static void format_value(const struct key *k, const struct settings *s, char value[32])
{
	const char *field = (const char *)s + k->offset;
	switch (k->kind) {
	case KIND_GAME:
	case KIND_WORD:
		snprintf(value, 32, "%.*s", SETTINGS_WORD_MAX - 1, field);
		break;
	case KIND_INT:
		snprintf(value, 32, "%d", *(const int *)(const void *)field);
		break;
	case KIND_BOOL:
		snprintf(value, 32, "%s", *(const bool *)(const void *)field ? "yes" : "no");
		break;
	}
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
		char value[32];
		format_value(k, s, value);
		const bool new_section = !section || strcmp(section, k->section) != 0;
		section = k->section;
		w = snprintf(buf + len, n - len, "%s%s%s%s = %s\n", new_section ? "\n[" : "",
		             new_section ? k->section : "", new_section ? "]\n" : "", k->name,
		             value);
	}
	return GAME_ERR_SPACE;
}

/* One change to a file's text: `len` bytes at `at` replaced by `put`; `insert` for a new
 * line (which goes after a value ending at the same place: "key =" on the last line). */
struct edit {
	size_t at, len;
	bool insert;
	char put[96];
};

/* A growing byte buffer; `failed` once out of memory. */
struct out {
	char *s;
	size_t len, cap;
	bool failed;
};

static void out_add(struct out *o, const char *p, size_t n)
{
	if (o->failed || n == 0)
		return;
	if (o->len + n + 1 > o->cap) {
		size_t cap = o->cap ? o->cap : 256;
		while (cap < o->len + n + 1)
			cap *= 2;
		char *grown = realloc(o->s, cap);
		if (!grown) {
			o->failed = true;
			return;
		}
		o->s = grown;
		o->cap = cap;
	}
	memcpy(o->s + o->len, p, n);
	o->len += n;
	o->s[o->len] = '\0';
}

int settings_edit(const char *text, size_t len, const struct settings *before,
                  const struct settings *now, char **out, size_t *out_len)
{
	*out = NULL;
	*out_len = 0;
	struct key all[NKEYS_MAX];
	const int nkeys = all_keys(all);
	struct settings in_file;
	struct layout *lay = malloc(sizeof *lay);
	struct edit *edits = malloc((size_t)nkeys * sizeof *edits);
	if (!lay || !edits) {
		free(lay);
		free(edits);
		return IO_ERR_SYSTEM;
	}
	parse_bytes(&in_file, text, len, lay, NULL);
	const bool ends_in_newline = len == 0 || text[len - 1] == '\n';
	int n = 0;
	struct out tail = {NULL, 0, 0, false}; /* sections the file does not have yet */
	const char *tail_section = NULL;
	for (int i = 0; i < nkeys; i++) {
		const struct key *k = &all[i];
		char was[32], want[32], has[32];
		format_value(k, before, was);
		format_value(k, now, want);
		format_value(k, &in_file, has);
		/* Only what changed here, and only where the file does not say it already. */
		if (strcmp(was, want) == 0 || (lay->found[i] && strcmp(has, want) == 0))
			continue;
		struct edit *e = &edits[n];
		if (lay->found[i]) {
			e->at = (size_t)(lay->value[i].s - text);
			e->len = lay->value[i].len;
			e->insert = false;
			/* "key =# note": a blank either side, so that the note stays a comment. */
			const char next = e->at + e->len < len ? text[e->at + e->len] : '\n';
			snprintf(e->put, sizeof e->put, "%s%s%s", e->len ? "" : " ", want,
			         next == '\n' || span_blank(next) ? "" : " ");
			n++;
		} else if (lay->section[i]) {
			e->at = lay->section_end[i];
			e->len = 0;
			e->insert = true;
			snprintf(e->put, sizeof e->put, "%s%s = %s\n",
			         e->at == len && !ends_in_newline ? "\n" : "", k->name, want);
			n++;
		} else {
			char line[96];
			const bool new_section = !tail_section || strcmp(tail_section, k->section);
			tail_section = k->section;
			snprintf(line, sizeof line, "%s%s%s%s = %s\n", new_section ? "\n[" : "",
			         new_section ? k->section : "", new_section ? "]\n" : "", k->name,
			         want);
			out_add(&tail, line, strlen(line));
		}
	}
	/* Apply the edits in the order of the text, a value before a line inserted where it ends
	 * (a stable insertion sort: keys inserted at one place keep the table's order). */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && (edits[j - 1].at > edits[j].at ||
		                          (edits[j - 1].at == edits[j].at && edits[j - 1].insert &&
		                           !edits[j].insert));
		     j--) {
			const struct edit t = edits[j];
			edits[j] = edits[j - 1];
			edits[j - 1] = t;
		}
	struct out o = {NULL, 0, 0, false};
	size_t at = 0;
	for (int i = 0; i < n; i++) {
		out_add(&o, text + at, edits[i].at - at);
		out_add(&o, edits[i].put, strlen(edits[i].put));
		at = edits[i].at + edits[i].len;
	}
	out_add(&o, text + at, len - at);
	if (tail.len) {
		if (o.len && o.s[o.len - 1] != '\n')
			out_add(&o, "\n", 1);
		out_add(&o, tail.s, tail.len);
	}
	out_add(&o, "", 0);
	free(tail.s);
	free(lay);
	free(edits);
	if (o.failed || tail.failed) {
		free(o.s);
		return IO_ERR_SYSTEM;
	}
	if (!o.s) { /* nothing at all: an empty text stays empty */
		o.s = calloc(1, 1);
		if (!o.s)
			return IO_ERR_SYSTEM;
	}
	*out = o.s;
	*out_len = o.len;
	return 0;
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
	rc = parse_bytes(s, text, len, NULL, why);
	free(text);
	if (rc != 0)
		return game_fail(err, rc, "%s: %s", path, why);
	return 0;
}

int settings_save_changes(const struct settings *now, const struct settings *before,
                          const char *path, char *err)
{
	if (before && memcmp(before, now, sizeof *now) == 0)
		return 0; /* nothing changed: nothing to write */
	char *text = NULL;
	size_t len = 0;
	char why[GAME_ERR_MAX];
	const int rc = atomic_read(path, &text, &len, SETTINGS_FILE_MAX, why);
	if (rc == IO_ERR_NO_FILE) {
		/* A first save: the whole file, every key, so the player sees what there is. */
		struct settings def;
		settings_defaults(&def);
		if (!before && memcmp(now, &def, sizeof def) == 0)
			return 0;
		char buf[4096];
		const int n = settings_format(now, buf, sizeof buf);
		if (n < 0)
			return game_fail(err, n, "cannot write %s: the settings do not fit", path);
		return atomic_write(path, buf, (size_t)n, err);
	}
	if (rc != 0) /* never over a file we could not read: it may hold what the player wrote */
		return game_fail(err, rc, "%s; it is left as it is", why);
	struct settings in_file;
	if (!before) {
		parse_bytes(&in_file, text, len, NULL, NULL);
		before = &in_file;
	}
	char *edited = NULL;
	size_t edited_len = 0;
	int erc = settings_edit(text, len, before, now, &edited, &edited_len);
	if (erc == 0 && (edited_len != len || memcmp(edited, text, len) != 0))
		erc = atomic_write(path, edited, edited_len, err);
	else if (erc != 0)
		game_fail(err, erc, "cannot write %s: out of memory", path);
	free(edited);
	free(text);
	return erc;
}

int settings_save(const struct settings *s, const char *path, char *err)
{
	return settings_save_changes(s, NULL, path, err);
}
