/*
 * io/save.c — writing a match as save text and rebuilding it, move by move through the
 * rules, from that text (see save.h).
 */
#include "io/save.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/module.h"
#include "io/span.h"

/* ---- writing ------------------------------------------------------------------------- */

/* Text being written into a caller's buffer; `full` once something did not fit. */
struct out {
	char *buf;
	size_t n, len;
	bool full;
};

/* Appends formatted text to o (nothing once it is full). */
static void put(struct out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put(struct out *o, const char *fmt, ...)
{
	if (o->full)
		return;
	va_list ap;
	va_start(ap, fmt);
	const int w = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
	va_end(ap);
	if (w < 0 || (size_t)w >= o->n - o->len)
		o->full = true;
	else
		o->len += (size_t)w;
}

/* Returns whether the text is one word: not empty, no blank, no line break. */
static bool one_word(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\v' || *s == '\f')
			return false;
	return true;
}

/* Returns whether the match began somewhere other than the standard start for its options,
 * storing the start position's text in start (GAME_TEXT_MAX bytes) when it did. Returns -1
 * when that position has no text. */
static int special_start(const struct match *m, char *start)
{
	const struct game_rules *rules = m->rules;
	char standard[GAME_TEXT_MAX];
	if (rules->pos_to_text(match_pos_at(m, 0), start, GAME_TEXT_MAX) < 0)
		return -1;
	void *pos = game_pos_new(rules);
	if (!pos)
		return -1;
	int differs = 1;
	if (rules->start(pos, &m->options) == GAME_OK &&
	    rules->pos_to_text(pos, standard, sizeof standard) >= 0)
		differs = strcmp(start, standard) != 0;
	free(pos);
	return differs;
}

int save_format(const struct match *m, const struct save_info *info, char *buf, size_t n)
{
	if (n == 0)
		return GAME_ERR_SPACE;
	if (settings_find_word(settings_modes, info->mode) < 0 ||
	    settings_find_word(settings_levels, info->level) < 0 ||
	    (info->human != 0 && info->human != 1))
		return GAME_ERR_OPTIONS;
	const struct game_options *opt = &m->options;
	const struct game_module *mod = game_module_of(m->rules);
	if (!mod)
		return GAME_ERR_OPTIONS;
	for (int k = 0; k < mod->option_count; k++) {
		const struct game_option *x = &mod->options[k];
		for (int j = 0; j < (x->kind == GAME_OPTION_GRID ? 2 : 1); j++)
			if (opt->value[x->slot + j] < 0 ||
			    (x->kind == GAME_OPTION_BOOL && opt->value[x->slot] > 1))
				return GAME_ERR_OPTIONS;
	}

	/* The game's options, each only when not zero (its default): numbers as `key = N`
	 * (a grid as its two part keys), the switches that are on in one `flags` line. */
	struct out o = {buf, n, 0, false};
	put(&o, "# Parity saved game\n[parity-save]\nversion = %d\ngame = %s\n", SAVE_VERSION,
	    m->rules->name);
	const char *sep = "flags = ";
	for (int k = 0; k < mod->option_count; k++) {
		const struct game_option *x = &mod->options[k];
		if (x->display)
			continue;
		if (x->kind == GAME_OPTION_INT && opt->value[x->slot])
			put(&o, "%s = %d\n", x->key, opt->value[x->slot]);
		for (int j = 0; x->kind == GAME_OPTION_GRID && j < 2; j++)
			if (opt->value[x->slot + j])
				put(&o, "%s = %d\n", x->part[j], opt->value[x->slot + j]);
	}
	for (int k = 0; k < mod->option_count; k++) {
		const struct game_option *x = &mod->options[k];
		if (!x->display && x->kind == GAME_OPTION_BOOL && opt->value[x->slot]) {
			put(&o, "%s%s", sep, x->key);
			sep = ",";
		}
	}
	if (sep[0] == ',')
		put(&o, "\n");
	if (opt->seed)
		put(&o, "seed = %lu\n", (unsigned long)opt->seed);
	put(&o, "mode = %s\nlevel = %s\nhuman = %d\n", info->mode, info->level, info->human);
	if (info->clock[0] || info->clock[1])
		put(&o, "clocks = %u %u\n", info->clock[0], info->clock[1]);

	char start[GAME_TEXT_MAX];
	const int special = special_start(m, start);
	if (special < 0 || (special && strchr(start, '\n')))
		return GAME_ERR_OPTIONS;
	if (special)
		put(&o, "start = %s\n", start);

	put(&o, "moves =");
	for (int i = 0; i < m->count; i++) {
		char word[GAME_TEXT_MAX];
		if (m->rules->move_to_text(match_pos_at(m, i), &m->moves[i], word, sizeof word) <
		        0 ||
		    !one_word(word))
			return GAME_ERR_OPTIONS;
		put(&o, " %s", word);
	}
	put(&o, "\ncursor = %d\n", m->cursor);
	return o.full ? GAME_ERR_SPACE : (int)o.len;
}

int save_write(const char *path, const struct match *m, const struct save_info *info, char *err)
{
	size_t n = 4096 + (size_t)m->count * 16;
	for (;;) {
		char *buf = malloc(n);
		if (!buf)
			return game_fail(err, IO_ERR_SYSTEM, "cannot save %s: out of memory", path);
		const int len = save_format(m, info, buf, n);
		if (len >= 0) {
			const int rc = atomic_write(path, buf, (size_t)len, err);
			free(buf);
			return rc;
		}
		free(buf);
		if (len != GAME_ERR_SPACE)
			return game_fail(err, IO_ERR_CORRUPT,
			                 "cannot save %s: the game holds a setting or move the "
			                 "save format cannot carry",
			                 path);
		if (n > SAVE_FILE_MAX)
			return game_fail(err, IO_ERR_TOO_BIG,
			                 "cannot save %s: the game is too long to save", path);
		n *= 2;
	}
}

/* ---- reading ------------------------------------------------------------------------- */

/* Returns whether the span is exactly `word`. */
static bool span_is(struct span a, const char *word)
{
	return strlen(word) == a.len && memcmp(a.s, word, a.len) == 0;
}

/* Returns whether the span is a decimal number from 0 to max, storing it in *v. */
static bool parse_number(struct span a, unsigned long max, unsigned long *v)
{
	if (a.len == 0 || a.len > 10)
		return false;
	unsigned long x = 0;
	for (size_t i = 0; i < a.len; i++) {
		if (a.s[i] < '0' || a.s[i] > '9')
			return false;
		x = x * 10 + (unsigned long)(a.s[i] - '0');
	}
	if (x > max)
		return false;
	*v = x;
	return true;
}

/* The keys of a save, in the order they are written. */
enum field {
	F_VERSION,
	F_GAME,
	F_FLAGS,
	F_SEED,
	F_MODE,
	F_LEVEL,
	F_HUMAN,
	F_START,
	F_MOVES,
	F_CURSOR,
	F_CLOCKS,
	NFIELDS
};

static const char *const field_names[NFIELDS] = {
    "version", "game",  "flags", "seed",   "mode",   "level",
    "human",   "start", "moves", "cursor", "clocks",
};

/* Which keys every save holds (the others are written only when needed). */
static bool required(enum field f)
{
	return f == F_VERSION || f == F_GAME || f == F_MODE || f == F_LEVEL || f == F_HUMAN ||
	       f == F_MOVES || f == F_CURSOR;
}

enum { OPTION_LINES_MAX = 2 * GAME_OPTION_SLOTS };

/* The value of each key found, with the line it came from (0: not found); the other keys,
 * which the game's options may claim once the game is known. */
struct fields {
	struct span value[NFIELDS];
	int line[NFIELDS];
	int other_count;
	struct span other_key[OPTION_LINES_MAX], other_value[OPTION_LINES_MAX];
	int other_line[OPTION_LINES_MAX];
};

/* Splits the text into key values. Returns 0, or IO_ERR_CORRUPT with a message in err. */
static int scan(const char *text, struct fields *f, char *err)
{
	memset(f, 0, sizeof *f);
	const size_t len = strlen(text);
	if (len == 0)
		return game_fail(err, IO_ERR_CORRUPT, "the file is empty");
	if (text[len - 1] != '\n')
		return game_fail(err, IO_ERR_CORRUPT,
		                 "the last line is incomplete: the file was cut short");
	bool in_section = false;
	char unknown[GAME_ERR_MAX] = ""; /* reported after the version, which may explain it */
	int line_no = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		const size_t end = nl ? (size_t)(nl - text) : len;
		const struct span line = span_trim((struct span){text + at, end - at});
		at = end + 1;
		line_no++;
		char shown[32];
		span_quote(line, shown);
		if (line.len == 0 || line.s[0] == '#' || line.s[0] == ';')
			continue;
		if (line.s[0] == '[') {
			if (!span_is(line, "[parity-save]"))
				return game_fail(err, IO_ERR_CORRUPT,
				                 "line %d: unexpected section %s", line_no, shown);
			if (in_section)
				return game_fail(err, IO_ERR_CORRUPT,
				                 "line %d: a second [parity-save] section",
				                 line_no);
			in_section = true;
			continue;
		}
		if (!in_section)
			return game_fail(
			    err, IO_ERR_CORRUPT,
			    "not a Parity saved game (line %d comes before [parity-save])",
			    line_no);
		const char *eq = memchr(line.s, '=', line.len);
		if (!eq)
			return game_fail(err, IO_ERR_CORRUPT,
			                 "line %d: expected key = value, not \"%s\"", line_no,
			                 shown);
		const struct span key = span_trim((struct span){line.s, (size_t)(eq - line.s)});
		const struct span value =
		    span_trim((struct span){eq + 1, line.len - (size_t)(eq + 1 - line.s)});
		int k = 0;
		while (k < NFIELDS && !span_is(key, field_names[k]))
			k++;
		if (k == NFIELDS && f->other_count < OPTION_LINES_MAX) {
			f->other_key[f->other_count] = key;
			f->other_value[f->other_count] = value;
			f->other_line[f->other_count++] = line_no;
			continue;
		}
		if (k == NFIELDS) {
			if (!unknown[0]) {
				span_quote(key, shown);
				game_fail(unknown, 0, "line %d: unknown key \"%s\"", line_no,
				          shown);
			}
			continue;
		}
		if (f->line[k])
			return game_fail(err, IO_ERR_CORRUPT,
			                 "line %d: %s given twice (first on line %d)", line_no,
			                 field_names[k], f->line[k]);
		f->value[k] = value;
		f->line[k] = line_no;
	}
	if (!in_section)
		return game_fail(err, IO_ERR_CORRUPT,
		                 "not a Parity saved game (no [parity-save] line)");
	unsigned long version;
	if (!f->line[F_VERSION])
		return game_fail(err, IO_ERR_CORRUPT, "the version line is missing");
	if (!parse_number(f->value[F_VERSION], 1000000, &version) || version == 0)
		return game_fail(err, IO_ERR_CORRUPT, "line %d: the version is not a number",
		                 f->line[F_VERSION]);
	if (version > SAVE_VERSION)
		return game_fail(err, IO_ERR_CORRUPT,
		                 "saved by a newer Parity (format %lu; this one reads format %d)",
		                 version, SAVE_VERSION);
	if (unknown[0])
		return game_fail(err, IO_ERR_CORRUPT, "%s", unknown);
	for (int k = 0; k < NFIELDS; k++)
		if (required((enum field)k) && !f->line[k])
			return game_fail(err, IO_ERR_CORRUPT,
			                 "the %s line is missing: the file is incomplete",
			                 field_names[k]);
	return 0;
}

/* Reads the options of module `mod` from the fields into opt. Returns 0 or IO_ERR_CORRUPT
 * with a message. */
static int read_options(const struct fields *f, const struct game_module *mod,
                        struct game_options *opt, char *err)
{
	memset(opt, 0, sizeof *opt);
	int seen[GAME_OPTION_SLOTS] = {0};
	for (int i = 0; i < f->other_count; i++) {
		char key[32], shown[32];
		span_quote(f->other_key[i], key);
		int part = 0;
		const struct game_option *x =
		    f->other_key[i].len < 24 ? game_option_find(mod, key, &part) : NULL;
		if (x && (x->display || x->kind == GAME_OPTION_BOOL))
			x = NULL; /* switches come in the flags line */
		if (x && x->kind == GAME_OPTION_GRID && strcmp(key, x->key) == 0)
			x = NULL; /* a grid is saved as its two parts */
		if (!x)
			return game_fail(err, IO_ERR_CORRUPT, "line %d: unknown key \"%s\"",
			                 f->other_line[i], key);
		const int slot = x->slot + part;
		if (seen[slot])
			return game_fail(err, IO_ERR_CORRUPT,
			                 "line %d: %s given twice (first on line %d)",
			                 f->other_line[i], key, seen[slot]);
		seen[slot] = f->other_line[i];
		unsigned long v = 0;
		if (!parse_number(f->other_value[i], 1000, &v)) {
			span_quote(f->other_value[i], shown);
			return game_fail(err, IO_ERR_CORRUPT, "line %d: %s is not a number: \"%s\"",
			                 f->other_line[i], key, shown);
		}
		opt->value[slot] = (int)v;
	}
	unsigned long seed = 0;
	if (f->line[F_SEED] && !parse_number(f->value[F_SEED], 0xffffffffUL, &seed))
		return game_fail(err, IO_ERR_CORRUPT,
		                 "line %d: the seed is not a number from 0 to %lu", f->line[F_SEED],
		                 0xffffffffUL);
	opt->seed = (uint32_t)seed;
	struct span rest = f->value[F_FLAGS];
	while (rest.len) {
		const char *comma = memchr(rest.s, ',', rest.len);
		const size_t wlen = comma ? (size_t)(comma - rest.s) : rest.len;
		const struct span word = span_trim((struct span){rest.s, wlen});
		rest = comma ? (struct span){comma + 1, rest.len - wlen - 1} : (struct span){"", 0};
		const struct game_option *x = NULL;
		for (int k = 0; k < mod->option_count; k++)
			if (mod->options[k].kind == GAME_OPTION_BOOL && !mod->options[k].display &&
			    span_is(word, mod->options[k].key))
				x = &mod->options[k];
		if (!x) {
			char shown[32], list[GAME_ERR_MAX] = "";
			span_quote(word, shown);
			for (int k = 0; k < mod->option_count; k++)
				if (mod->options[k].kind == GAME_OPTION_BOOL &&
				    !mod->options[k].display)
					snprintf(list + strlen(list), sizeof list - strlen(list),
					         "%s%s", list[0] ? ", " : "", mod->options[k].key);
			return game_fail(err, IO_ERR_CORRUPT,
			                 "line %d: unknown flag \"%s\" (%s has %s%s)",
			                 f->line[F_FLAGS], shown, mod->rules->name,
			                 list[0] ? "flags " : "no flags", list);
		}
		opt->value[x->slot] = 1;
	}
	return 0;
}

/* Reads mode, level and human into info. Returns 0 or IO_ERR_CORRUPT with a message. */
static int read_info(const struct fields *f, struct save_info *info, char *err)
{
	memset(info, 0, sizeof *info);
	const struct {
		enum field k;
		const char *const *words;
		char *into;
	} words[] = {{F_MODE, settings_modes, info->mode}, {F_LEVEL, settings_levels, info->level}};
	for (int w = 0; w < 2; w++) {
		const struct span v = f->value[words[w].k];
		int i = 0;
		while (words[w].words[i] && !span_is(v, words[w].words[i]))
			i++;
		if (!words[w].words[i]) {
			char shown[32];
			span_quote(v, shown);
			return game_fail(err, IO_ERR_CORRUPT, "line %d: unknown %s \"%s\"",
			                 f->line[words[w].k], field_names[words[w].k], shown);
		}
		strncpy(words[w].into, words[w].words[i], SETTINGS_WORD_MAX - 1);
	}
	unsigned long human;
	if (!parse_number(f->value[F_HUMAN], 1, &human))
		return game_fail(err, IO_ERR_CORRUPT, "line %d: human must be 0 or 1",
		                 f->line[F_HUMAN]);
	info->human = (int)human;
	if (f->line[F_CLOCKS]) { /* "clocks = A B": seconds, each side's */
		const struct span v = f->value[F_CLOCKS];
		size_t cut = 0;
		while (cut < v.len && v.s[cut] != ' ')
			cut++;
		const struct span a = span_trim((struct span){v.s, cut}),
		                  b = span_trim((struct span){v.s + cut, v.len - cut});
		unsigned long c0, c1;
		if (!parse_number(a, 100000000, &c0) || !parse_number(b, 100000000, &c1))
			return game_fail(err, IO_ERR_CORRUPT,
			                 "line %d: clocks must be two numbers of seconds",
			                 f->line[F_CLOCKS]);
		info->clock[0] = (unsigned)c0;
		info->clock[1] = (unsigned)c1;
	}
	return 0;
}

/* Returns whether the rules table has every function a saved game needs (a game still being
 * written may lack some). */
static bool rules_complete(const struct game_rules *r)
{
	return r->pos_size && r->start && r->to_move && r->generate && r->play && r->hash &&
	       r->move_to_text && r->move_parse && r->pos_to_text && r->pos_parse;
}

/* Sets up *m at the start the fields name. Returns 0 or an error code with a message. */
static int set_up(const struct fields *f, const struct game_rules *rules,
                  const struct game_options *opt, struct match *m, char *err)
{
	void *pos = game_pos_new(rules);
	if (!pos)
		return game_fail(err, IO_ERR_SYSTEM, "out of memory");
	char why[GAME_ERR_MAX] = "";
	int rc;
	if (f->line[F_START]) {
		const struct span v = f->value[F_START];
		if (v.len >= GAME_TEXT_MAX) {
			free(pos);
			return game_fail(err, IO_ERR_CORRUPT,
			                 "line %d: the start position is too long",
			                 f->line[F_START]);
		}
		char text[GAME_TEXT_MAX];
		memcpy(text, v.s, v.len);
		text[v.len] = '\0';
		rc = rules->pos_parse(pos, text, opt, why);
		if (rc != GAME_OK) {
			free(pos);
			return game_fail(err, IO_ERR_CORRUPT, "line %d: bad start position: %s",
			                 f->line[F_START], why);
		}
	} else {
		rc = rules->start(pos, opt);
		if (rc != GAME_OK) {
			free(pos);
			return game_fail(err, IO_ERR_CORRUPT,
			                 "%s cannot be played with these options", rules->name);
		}
	}
	rc = match_init_at(m, rules, opt, pos);
	free(pos);
	if (rc != GAME_OK)
		return game_fail(err, IO_ERR_SYSTEM, "out of memory");
	return 0;
}

/* Plays every move of the moves line on m. Returns 0 or an error code with a message naming
 * the move. */
static int replay(const struct fields *f, struct match *m, char *err)
{
	struct span rest = f->value[F_MOVES];
	for (int number = 1;; number++) {
		while (rest.len && span_blank(rest.s[0])) {
			rest.s++;
			rest.len--;
		}
		if (rest.len == 0)
			return 0;
		size_t wlen = 0;
		while (wlen < rest.len && !span_blank(rest.s[wlen]))
			wlen++;
		const struct span word = {rest.s, wlen};
		rest.s += wlen;
		rest.len -= wlen;
		char text[GAME_TEXT_MAX], why[GAME_ERR_MAX] = "";
		if (wlen >= sizeof text) {
			char shown[32];
			span_quote(word, shown);
			return game_fail(err, IO_ERR_CORRUPT, "move %d is not a move: \"%s\"",
			                 number, shown);
		}
		memcpy(text, word.s, wlen);
		text[wlen] = '\0';
		const int rc = match_play_text(m, text, why);
		if (rc == GAME_ERR_SPACE)
			return game_fail(err, IO_ERR_SYSTEM, "out of memory at move %d", number);
		if (rc != GAME_OK) {
			char shown[32];
			span_quote(word, shown);
			return game_fail(err, IO_ERR_CORRUPT, "move %d (%s): %s", number, shown,
			                 why);
		}
	}
}

int save_parse(const char *text, struct match *m, struct save_info *info, char *err)
{
	if (!text)
		return game_fail(err, IO_ERR_CORRUPT, "no saved game");
	struct fields f;
	int rc = scan(text, &f, err);
	if (rc != 0)
		return rc;

	char name[32];
	span_quote(f.value[F_GAME], name);
	const struct game_rules *rules = f.value[F_GAME].len < 24 ? game_find(name) : NULL;
	if (!rules)
		return game_fail(err, IO_ERR_CORRUPT, "line %d: unknown game \"%s\"",
		                 f.line[F_GAME], name);
	if (!rules_complete(rules))
		return game_fail(err, IO_ERR_CORRUPT, "this Parity cannot play %s yet",
		                 rules->name);

	struct game_options opt;
	struct save_info got;
	unsigned long cursor;
	rc = read_options(&f, game_module_of(rules), &opt, err);
	if (rc == 0)
		rc = read_info(&f, &got, err);
	if (rc != 0)
		return rc;
	if (!parse_number(f.value[F_CURSOR], 1000000, &cursor))
		return game_fail(err, IO_ERR_CORRUPT, "line %d: the cursor is not a number",
		                 f.line[F_CURSOR]);

	struct match built;
	rc = set_up(&f, rules, &opt, &built, err);
	if (rc != 0)
		return rc;
	rc = replay(&f, &built, err);
	if (rc == 0 && cursor > (unsigned long)built.count)
		rc = game_fail(err, IO_ERR_CORRUPT, "line %d: cursor %lu is past the %d moves",
		               f.line[F_CURSOR], cursor, built.count);
	if (rc != 0) {
		match_free(&built);
		return rc;
	}
	while ((unsigned long)built.cursor > cursor)
		match_undo(&built);
	*m = built;
	*info = got;
	return 0;
}

int save_read(const char *path, struct match *m, struct save_info *info, char *err)
{
	char *text = NULL;
	size_t len = 0;
	int rc = atomic_read(path, &text, &len, SAVE_FILE_MAX, err);
	if (rc != 0)
		return rc;
	char why[GAME_ERR_MAX];
	if (strlen(text) != len)
		rc = game_fail(why, IO_ERR_CORRUPT, "a NUL byte at byte %zu: not a saved game",
		               strlen(text) + 1);
	else
		rc = save_parse(text, m, info, why);
	free(text);
	if (rc != 0)
		return game_fail(err, rc, "%s: %s", path, why);
	return 0;
}
