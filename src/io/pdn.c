/*
 * io/pdn.c — reading and writing checkers games in PDN (see pdn.h).
 *
 * The reader is a hand-written scanner over the bytes with a line counter: a game is a run of
 * tags followed by move text up to a result word, the next '[' or the end of the input. Move
 * words go to the rules' own move parser (games/checkers: "10x15" for 10-15, "22x8" for the
 * one capture that joins them) and are played at once, so the first illegal move is found
 * where it stands. Nothing recurses on the input: nested variations are skipped with a
 * counter, so no file can exhaust the stack.
 */
#include "io/pdn.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WORD_MAX = 64 }; /* a move word longer than this is garbled anyway */

/* Where the scanner is in the text. */
struct scanner {
	const char *begin, *p, *end;
	int line;
};

/* Returns whether the scanner has reached the end. */
static bool at_end(const struct scanner *sc)
{
	return sc->p >= sc->end;
}

/* Moves one byte on, counting lines. */
static void advance(struct scanner *sc)
{
	if (*sc->p == '\n')
		sc->line++;
	sc->p++;
}

/* Returns whether c is white space in a PDN file. */
static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Skips white space. */
static void skip_space(struct scanner *sc)
{
	while (!at_end(sc) && is_space(*sc->p))
		advance(sc);
}

/* Skips to the start of the next line (or the end). */
static void skip_line(struct scanner *sc)
{
	while (!at_end(sc) && *sc->p != '\n')
		sc->p++;
	if (!at_end(sc))
		advance(sc);
}

/* Records the first fault of a game: "game N (line L): <message>". Later faults are ignored,
 * since after the first one nothing more of the game is played. */
static void fault(struct pdn_game *g, int code, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void fault(struct pdn_game *g, int code, int line, const char *fmt, ...)
{
	if (g->error != GAME_OK)
		return;
	g->error = code;
	int n = snprintf(g->err, sizeof g->err, "game %d (line %d): ", g->number, line);
	if (n < 0 || (size_t)n >= sizeof g->err)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->err + n, sizeof g->err - (size_t)n, fmt, ap);
	va_end(ap);
}

/* Writes a printable copy of the `len` bytes at s into out (WORD_MAX bytes). */
static void quote(const char *s, size_t len, char *out)
{
	size_t n = len < WORD_MAX - 4 ? len : WORD_MAX - 4;
	for (size_t i = 0; i < n; i++) {
		const unsigned char c = (unsigned char)s[i];
		out[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (len > n) {
		memcpy(out + n, "...", 3);
		n += 3;
	}
	out[n] = '\0';
}

/* ---- games and tags -------------------------------------------------------------------- */

/* Returns whether two tag names are the same, ignoring case. */
static bool same_name(const char *a, const char *b)
{
	while (*a && tolower((unsigned char)*a) == tolower((unsigned char)*b)) {
		a++;
		b++;
	}
	return !*a && !*b;
}

const char *pdn_tag(const struct pdn_game *game, const char *name)
{
	for (int i = 0; i < game->tag_count; i++)
		if (same_name(game->tags[i].name, name))
			return game->tags[i].value;
	return NULL;
}

/* Returns a new block holding name and value (each cut to its room), NUL-terminated, for a
 * tag, or NULL when out of memory. */
static char *tag_text(const char *name, size_t name_len, const char *value, size_t value_len)
{
	if (name_len > PDN_TAG_NAME_MAX - 1)
		name_len = PDN_TAG_NAME_MAX - 1;
	if (value_len > PDN_TAG_VALUE_MAX - 1)
		value_len = PDN_TAG_VALUE_MAX - 1;
	char *text = malloc(name_len + value_len + 2);
	if (text) {
		memcpy(text, name, name_len);
		text[name_len] = '\0';
		memcpy(text + name_len + 1, value, value_len);
		text[name_len + 1 + value_len] = '\0';
	}
	return text;
}

/* Appends a tag (name and value of the given lengths, already checked). Returns GAME_OK,
 * GAME_ERR_SPACE when out of memory, or GAME_ERR_OPTIONS when PDN_TAGS_MAX are there. */
static int tag_append(struct pdn_game *game, const char *name, size_t name_len, const char *value,
                      size_t value_len)
{
	if (game->tag_count >= PDN_TAGS_MAX)
		return GAME_ERR_OPTIONS;
	const int n = game->tag_count;
	if ((n & (n - 1)) == 0) { /* 0, 1, 2, 4, 8...: the room doubles */
		struct pdn_tag *t = realloc(game->tags, (size_t)(n ? 2 * n : 1) * sizeof *t);
		if (!t)
			return GAME_ERR_SPACE;
		game->tags = t;
	}
	char *text = tag_text(name, name_len, value, value_len);
	if (!text)
		return GAME_ERR_SPACE;
	game->tags[n] = (struct pdn_tag){text, text + strlen(text) + 1};
	game->tag_count++;
	return GAME_OK;
}

int pdn_set_tag(struct pdn_game *game, const char *name, const char *value)
{
	for (int i = 0; i < game->tag_count; i++)
		if (same_name(game->tags[i].name, name)) {
			struct pdn_tag *t = &game->tags[i];
			char *text = tag_text(t->name, strlen(t->name), value, strlen(value));
			if (!text)
				return GAME_ERR_SPACE;
			free(t->name);
			*t = (struct pdn_tag){text, text + strlen(text) + 1};
			return GAME_OK;
		}
	return tag_append(game, name, strlen(name), value, strlen(value)) == GAME_OK
	           ? GAME_OK
	           : GAME_ERR_SPACE;
}

/* Frees a game's tags. */
static void free_tags(struct pdn_game *game)
{
	for (int i = 0; i < game->tag_count; i++)
		free(game->tags[i].name);
	free(game->tags);
	game->tags = NULL;
	game->tag_count = 0;
}

int pdn_add_move(struct pdn_game *game, const struct game_move *move)
{
	if (game->count == game->capacity) {
		const int cap = game->capacity ? 2 * game->capacity : 4;
		struct game_move *m = realloc(game->moves, (size_t)cap * sizeof *m);
		if (!m)
			return GAME_ERR_SPACE;
		game->moves = m;
		game->capacity = cap;
	}
	game->moves[game->count++] = *move;
	return GAME_OK;
}

void pdn_game_clear(struct pdn_game *game)
{
	free_tags(game);
	free(game->moves);
	memset(game, 0, sizeof *game);
}

void pdn_free(struct pdn_file *file)
{
	for (int i = 0; i < file->count; i++) {
		free_tags(&file->games[i]);
		free(file->games[i].moves);
	}
	free(file->games);
	memset(file, 0, sizeof *file);
}

/* ---- reading ---------------------------------------------------------------------------- */

/* Reads one tag, the scanner on its '['. A fault is recorded in g and the rest of the line
 * skipped. Returns GAME_OK, or GAME_ERR_SPACE when out of memory. */
static int read_tag(struct scanner *sc, struct pdn_game *g)
{
	const int line = sc->line;
	sc->p++; /* '[' */
	while (!at_end(sc) && (*sc->p == ' ' || *sc->p == '\t'))
		sc->p++;
	const char *name = sc->p;
	while (!at_end(sc) && (isalnum((unsigned char)*sc->p) || *sc->p == '_'))
		sc->p++;
	const size_t name_len = (size_t)(sc->p - name);
	if (name_len == 0 || name_len >= PDN_TAG_NAME_MAX) {
		fault(g, GAME_ERR_SYNTAX, line, "%s",
		      name_len ? "tag name too long" : "a tag without a name");
		skip_line(sc);
		return GAME_OK;
	}
	while (!at_end(sc) && (*sc->p == ' ' || *sc->p == '\t'))
		sc->p++;
	char value[PDN_TAG_VALUE_MAX];
	size_t len = 0;
	bool closed = false, quoted = !at_end(sc) && *sc->p == '"';
	if (quoted)
		sc->p++;
	while (!at_end(sc) && *sc->p != '\n') {
		char c = *sc->p++;
		if (quoted && c == '"') {
			closed = true;
			break;
		}
		if (!quoted && c == ']') {
			sc->p--;
			closed = true;
			break;
		}
		if (quoted && c == '\\' && !at_end(sc) && (*sc->p == '"' || *sc->p == '\\'))
			c = *sc->p++;
		if (len + 1 >= sizeof value) {
			fault(g, GAME_ERR_SYNTAX, line,
			      "the value of tag %.*s is longer than %d bytes", (int)name_len, name,
			      PDN_TAG_VALUE_MAX - 1);
			skip_line(sc);
			return GAME_OK;
		}
		value[len++] = c;
	}
	while (closed && !at_end(sc) && (*sc->p == ' ' || *sc->p == '\t'))
		sc->p++;
	if (!closed || at_end(sc) || *sc->p != ']') {
		fault(g, GAME_ERR_SYNTAX, line, "tag %.*s is not closed (\"value\"])",
		      (int)name_len, name);
		skip_line(sc);
		return GAME_OK;
	}
	sc->p++; /* ']' */
	if (!quoted)
		while (len && (value[len - 1] == ' ' || value[len - 1] == '\t'))
			len--;
	value[len] = '\0';
	if (memchr(value, '\0', len)) {
		fault(g, GAME_ERR_SYNTAX, line, "a NUL byte in tag %.*s", (int)name_len, name);
		return GAME_OK;
	}
	const int rc = tag_append(g, name, name_len, value, len);
	return rc == GAME_ERR_SPACE ? rc : GAME_OK;
}

/* Skips a comment in braces, the scanner on its '{'. Records a fault if it never closes. */
static void skip_comment(struct scanner *sc, struct pdn_game *g)
{
	const int line = sc->line;
	while (!at_end(sc) && *sc->p != '}')
		advance(sc);
	if (at_end(sc))
		fault(g, GAME_ERR_SYNTAX, line, "the comment opened here is not closed ('}')");
	else
		sc->p++;
}

/* Skips a variation in parentheses (nested ones and comments inside included), the scanner
 * on its '('. Records a fault if it never closes. */
static void skip_variation(struct scanner *sc, struct pdn_game *g)
{
	const int line = sc->line;
	long depth = 0;
	while (!at_end(sc)) {
		const char c = *sc->p;
		if (c == '{') {
			skip_comment(sc, g);
			continue;
		}
		advance(sc);
		if (c == '(')
			depth++;
		else if (c == ')' && --depth == 0)
			return;
	}
	fault(g, GAME_ERR_SYNTAX, line, "the variation opened here is not closed (')')");
}

/* Returns the result a word names ("1-0", "0-1", "1/2-1/2", "*"; PDN's draughts scores
 * "2-0", "0-2", "1-1" too), or NULL when it is not one. */
static const char *result_word(const char *w, size_t len)
{
	static const struct {
		const char *word, *result;
	} words[] = {{"1-0", "1-0"}, {"0-1", "0-1"}, {"1/2-1/2", "1/2-1/2"}, {"*", "*"},
	             {"2-0", "1-0"}, {"0-2", "0-1"}, {"1-1", "1/2-1/2"}};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strlen(words[i].word) == len && memcmp(words[i].word, w, len) == 0)
			return words[i].result;
	return NULL;
}

/* Returns whether c ends a word of move text. */
static bool word_end(char c)
{
	return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' ||
	       c == ']' || c == ';' || c == '$';
}

/* Plays the move word w (len bytes, move marks and move number already taken off) on pos for
 * game g, or records why it cannot. Returns GAME_OK, or GAME_ERR_SPACE when out of memory. */
static int play_word(struct pdn_game *g, struct checkers_pos *pos, const char *w, size_t len,
                     int line)
{
	const int ply = g->count;
	const int number = (ply + g->start.side) / 2 + 1;
	const char *side = pos->side == CHECKERS_BLACK ? "Black" : "White";
	char text[WORD_MAX];
	quote(w, len, text);
	if (len >= WORD_MAX || memchr(w, '\0', len)) {
		fault(g, GAME_ERR_SYNTAX, line, "move %d %s: not a move: \"%s\"", number, side,
		      text);
		return GAME_OK;
	}
	char why[GAME_ERR_MAX];
	struct game_move move;
	const int rc = checkers_rules.move_parse(pos, text, &move, why);
	if (rc != GAME_OK) {
		fault(g, rc, line, "move %d %s: %s", number, side, why);
		return GAME_OK;
	}
	if (pdn_add_move(g, &move) != GAME_OK)
		return GAME_ERR_SPACE;
	checkers_rules.play(pos, &move);
	return GAME_OK;
}

/* Reads one word of move text at the scanner (not a space, comment or bracket): a move
 * number, a result (which ends the game: *done), or a move, played on pos. Returns GAME_OK or
 * GAME_ERR_SPACE. */
static int read_word(struct scanner *sc, struct pdn_game *g, struct checkers_pos *pos, bool *done)
{
	const int line = sc->line;
	const char *w = sc->p;
	while (!at_end(sc) && !word_end(*sc->p))
		sc->p++;
	size_t len = (size_t)(sc->p - w);
	const char *result = result_word(w, len);
	if (result) {
		snprintf(g->result, sizeof g->result, "%s", result);
		*done = true;
		return GAME_OK;
	}
	/* A move number "12." or "12..." may stand alone or be glued to the move. */
	size_t digits = 0;
	while (digits < len && isdigit((unsigned char)w[digits]))
		digits++;
	if (digits > 0 && digits < len && w[digits] == '.') {
		while (digits < len && w[digits] == '.')
			digits++;
		w += digits;
		len -= digits;
	}
	/* Move marks: "11-15!", "22x15?!". */
	while (len && (w[len - 1] == '!' || w[len - 1] == '?'))
		len--;
	if (len == 0 || g->error != GAME_OK)
		return GAME_OK;
	return play_word(g, pos, w, len, line);
}

/* Sets the game's start from its FEN and GameType tags. */
static void read_setup(struct pdn_game *g)
{
	checkers_rules.start(&g->start, NULL);
	const char *type = pdn_tag(g, "GameType");
	if (type) {
		const char *t = type;
		while (*t == ' ')
			t++;
		if (strncmp(t, "21", 2) != 0 || (t[2] && t[2] != ',' && t[2] != ' '))
			fault(g, GAME_ERR_OPTIONS, g->line,
			      "GameType \"%.20s\" is not English draughts (21)", type);
	}
	const char *fen = pdn_tag(g, "FEN");
	if (!fen)
		return;
	char why[GAME_ERR_MAX];
	if (checkers_rules.pos_parse(&g->start, fen, NULL, why) != GAME_OK) {
		fault(g, GAME_ERR_SYNTAX, g->line, "bad FEN: %s", why);
		checkers_rules.start(&g->start, NULL);
		return;
	}
	g->setup = true;
}

/* Reads the next game at the scanner into g (zeroed, numbered). Returns 1 when there was
 * one, 0 at the end of the input, GAME_ERR_SPACE when out of memory. */
static int read_game(struct scanner *sc, struct pdn_game *g)
{
	skip_space(sc);
	if (at_end(sc))
		return 0;
	g->line = sc->line;
	/* Tags, with comments and spaces between them. */
	for (;;) {
		skip_space(sc);
		if (at_end(sc))
			break;
		if (*sc->p == '[') {
			if (read_tag(sc, g) != GAME_OK)
				return GAME_ERR_SPACE;
		} else if (*sc->p == '{') {
			skip_comment(sc, g);
		} else if (*sc->p == '%' && (sc->p == sc->begin || sc->p[-1] == '\n')) {
			skip_line(sc); /* PGN's escape line */
		} else {
			break;
		}
	}
	read_setup(g);
	struct checkers_pos pos = g->start;
	bool done = false;
	while (!done) {
		skip_space(sc);
		if (at_end(sc))
			break;
		const char c = *sc->p;
		if (c == '[')
			break; /* the next game's tags: this one had no result */
		if (c == '{') {
			skip_comment(sc, g);
		} else if (c == '(') {
			skip_variation(sc, g);
		} else if (c == ';' || (c == '%' && (sc->p == sc->begin || sc->p[-1] == '\n'))) {
			skip_line(sc);
		} else if (c == '$') {
			sc->p++;
			while (!at_end(sc) && isdigit((unsigned char)*sc->p))
				sc->p++;
		} else if (c == ')' || c == '}' || c == ']') {
			fault(g, GAME_ERR_SYNTAX, sc->line, "move %d: unexpected '%c'",
			      (g->count + g->start.side) / 2 + 1, c);
			sc->p++;
		} else if (read_word(sc, g, &pos, &done) != GAME_OK) {
			return GAME_ERR_SPACE;
		}
	}
	return 1;
}

int pdn_read(const char *text, size_t len, struct pdn_file *file, char *err)
{
	memset(file, 0, sizeof *file);
	struct scanner sc = {.begin = text, .p = text, .end = text + len, .line = 1};
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		sc.p += 3; /* a UTF-8 byte order mark */
	int capacity = 0;
	for (;;) {
		if (file->count == capacity) {
			if (capacity >= PDN_GAMES_MAX)
				return game_fail(err, GAME_ERR_SPACE,
				                 "more than %d games in one file", PDN_GAMES_MAX);
			const int cap = !capacity                      ? 16
			                : capacity > PDN_GAMES_MAX / 2 ? PDN_GAMES_MAX
			                                               : 2 * capacity;
			struct pdn_game *g = realloc(file->games, (size_t)cap * sizeof *g);
			if (!g)
				return game_fail(err, GAME_ERR_SPACE, "out of memory reading PDN");
			file->games = g;
			capacity = cap;
		}
		struct pdn_game *g = &file->games[file->count];
		memset(g, 0, sizeof *g);
		g->number = file->count + 1;
		const int rc = read_game(&sc, g);
		/* A game that got this far owns its tags and moves, whatever happens next. */
		const bool empty =
		    g->tag_count == 0 && g->count == 0 && !g->result[0] && g->error == GAME_OK;
		if (rc == 1 && empty) { /* only comments or spaces: no game */
			free_tags(g);
			free(g->moves);
			continue;
		}
		if (g->capacity > g->count && g->count > 0) { /* no room kept past the last move */
			struct game_move *fit = realloc(g->moves, (size_t)g->count * sizeof *fit);
			if (fit) {
				g->moves = fit;
				g->capacity = g->count;
			}
		}
		if (rc != 0)
			file->count++;
		if (rc == 0)
			return file->count;
		if (rc < 0)
			return game_fail(err, GAME_ERR_SPACE, "out of memory reading PDN");
	}
}

/* ---- writing ---------------------------------------------------------------------------- */

/* Appends to a buffer, remembering when it ran out of room. */
struct out {
	char *buf;
	size_t n, len;
	bool full;
};

static void put(struct out *o, const char *s, size_t len)
{
	if (o->full || o->len + len + 1 > o->n) {
		o->full = true;
		return;
	}
	memcpy(o->buf + o->len, s, len);
	o->len += len;
	o->buf[o->len] = '\0';
}

/* Writes [Name "value"] with '"' and '\' escaped. */
static void put_tag(struct out *o, const char *name, const char *value)
{
	put(o, "[", 1);
	put(o, name, strlen(name));
	put(o, " \"", 2);
	for (const char *v = value; *v; v++) {
		if (*v == '"' || *v == '\\')
			put(o, "\\", 1);
		put(o, v, 1);
	}
	put(o, "\"]\n", 3);
}

/* Returns the result to write for a game: its move text's, else its Result tag's, else "*". */
static const char *game_result(const struct pdn_game *game)
{
	if (game->result[0])
		return game->result;
	const char *tag = pdn_tag(game, "Result");
	return tag && result_word(tag, strlen(tag)) ? result_word(tag, strlen(tag)) : "*";
}

size_t pdn_write_size(const struct pdn_game *game)
{
	/* A tag is at most name + 2 × value (escapes) + 6; a move word at most "12345. " + a
	 * path of 12 squares; every line break replaces a space. */
	return 1024 +
	       (size_t)(game->tag_count + 8) * (PDN_TAG_NAME_MAX + 2 * PDN_TAG_VALUE_MAX + 8) +
	       (size_t)game->count * (8 + 3 * (CHECKERS_PATH_MAX + 1) + 2);
}

int pdn_write(const struct pdn_game *game, char *buf, size_t n)
{
	struct out o = {.buf = buf, .n = n};
	if (n == 0)
		return GAME_ERR_SPACE;
	buf[0] = '\0';
	static const char *const standard[] = {"Event", "Date", "Black", "White"};
	static const char *const unknown[] = {"?", "????.??.??", "?", "?"};
	for (int i = 0; i < 4; i++) {
		const char *v = pdn_tag(game, standard[i]);
		put_tag(&o, standard[i], v ? v : unknown[i]);
	}
	const char *result = game_result(game);
	put_tag(&o, "Result", result);
	put_tag(&o, "GameType", "21");
	if (game->setup) {
		char fen[GAME_TEXT_MAX];
		if (checkers_rules.pos_to_text(&game->start, fen, sizeof fen) < 0)
			return GAME_ERR_SPACE;
		put_tag(&o, "FEN", fen);
	}
	/* Any other tags, in their order; the first of each standard name is written above. */
	static const char *const written[] = {"Event",  "Date",     "Black", "White",
	                                      "Result", "GameType", "FEN"};
	for (int i = 0; i < game->tag_count; i++) {
		const struct pdn_tag *t = &game->tags[i];
		bool skip = false;
		for (size_t k = 0; k < sizeof written / sizeof written[0] && !skip; k++)
			skip = same_name(t->name, written[k]) &&
			       (k >= 4 || pdn_tag(game, written[k]) == t->value);
		if (!skip)
			put_tag(&o, t->name, t->value);
	}
	put(&o, "\n", 1);

	/* Move text: "1. 11-15 23-18 2. 8-11 ..." wrapped before 80 columns. */
	struct checkers_pos pos = game->start;
	size_t column = 0;
	for (int i = 0; i <= game->count; i++) {
		char word[96];
		int w;
		if (i == game->count) {
			w = snprintf(word, sizeof word, "%s", result);
		} else {
			char move[GAME_TEXT_MAX];
			if (checkers_rules.move_to_text(&pos, &game->moves[i], move, sizeof move) <
			    0)
				return GAME_ERR_SPACE;
			const int number = (i + game->start.side) / 2 + 1;
			if (pos.side == CHECKERS_BLACK)
				w = snprintf(word, sizeof word, "%d. %s", number, move);
			else if (i == 0)
				w = snprintf(word, sizeof word, "%d... %s", number, move);
			else
				w = snprintf(word, sizeof word, "%s", move);
			checkers_rules.play(&pos, &game->moves[i]);
		}
		if (w < 0 || (size_t)w >= sizeof word)
			return GAME_ERR_SPACE;
		if (column > 0 && column + 1 + (size_t)w > 79) {
			put(&o, "\n", 1);
			column = 0;
		} else if (column > 0) {
			put(&o, " ", 1);
			column++;
		}
		put(&o, word, (size_t)w);
		column += (size_t)w;
	}
	put(&o, "\n\n", 2);
	return o.full ? GAME_ERR_SPACE : (int)o.len;
}
