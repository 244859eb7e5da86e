/*
 * games/reversi/module.c — Reversi as the generic code sees it: its rules, levels, options,
 * help and record format (core/module.h).
 *
 * Noise is in evaluation units. Beginner's noise (4.5 discs) is well below what a corner is
 * worth to the evaluation (25 discs), so it never gives up a free corner.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/module.h"
#include "games/reversi/book.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"
#include "io/ggf.h"
#include "io/transcript.h"

static const struct level levels[] = {
    {.name = "beginner",
     .title = N_("Beginner"),
     .depth = 2,
     .nodes = 20000,
     .noise = 450,
     .min_think_ms = 600,
     .book = true,
     .book_spread = 400,
     .summary = N_("looks two moves ahead and often misjudges, but never misses a free corner")},
    {.name = "medium",
     .title = N_("Medium"),
     .depth = 6,
     .nodes = 300000,
     .noise = 0,
     .min_think_ms = 600,
     .book = true,
     .book_spread = 200,
     .summary = N_("searches six moves ahead: mobility, corners, edges, stable discs, parity")},
    {.name = "hard",
     .title = N_("Hard"),
     .depth = 30,
     .nodes = 2000000,
     .min_think_ms = 600,
     .deep = true,
     .exact = 18,
     .book = true,
     .wld = 20,
     .probcut = 15,
     .summary =
         N_("learnt pattern evaluation, selective deep search, perfect from 18 empty squares")},
    {.name = "expert",
     .title = N_("Expert"),
     .depth = 40,
     .nodes = 200000000,
     .give_up = 150,
     .deepen = 50,
     .min_think_ms = 600,
     .deep = true,
     .exact = 24,
     .book = true,
     .wld = 26,
     .probcut = 15,
     .summary = N_("everything, searching a hundred times longer: perfect from 24 empty squares")},
};

static const struct game_option options[] = {
    {.key = "size",
     .kind = GAME_OPTION_INT,
     .slot = REVERSI_OPT_SIZE,
     .lo = 6,
     .hi = 10,
     .step = 2,
     .def = 8,
     .label = N_("Board"),
     .format = "%d \xc3\x97 %d",
     .usage = "the board's side: 6, 8 or 10"},
    {.key = "anti",
     .kind = GAME_OPTION_BOOL,
     .slot = REVERSI_OPT_ANTI,
     .label = N_("Anti-reversi"),
     .on = N_("On: fewest discs wins"),
     .off = N_("Off"),
     .usage = "Anti-reversi: fewest discs wins"},
    {.key = "black-hole",
     .kind = GAME_OPTION_BOOL,
     .slot = REVERSI_OPT_BLACK_HOLE,
     .label = N_("Black hole"),
     .on = N_("On: one square is lost"),
     .off = N_("Off"),
     .usage = "one square, placed by --seed, never holds a disc"},
};

static const char *const help_rules[] = {
    N_("Black moves first. Place a disc so that it closes a straight line (across, down or "
       "diagonal) of your opponent's discs against one of yours: every disc in the line turns "
       "over to your colour. A move must turn at least one disc."),
    N_("If you cannot move you pass; the game ends when neither side can move."),
    N_("Most discs wins (Anti-reversi: fewest). A black hole square never holds a disc."),
    NULL,
};

static const char *const help_keys[] = {
    N_("Mouse: click a square \xc2\xb7 Arrows + Enter: keyboard play"),
    N_("H: hints \xc2\xb7 Shift+H: the engine's move \xc2\xb7 E: the engine's score of every "
       "square"),
    N_("U, Backspace, Ctrl+Z: undo \xc2\xb7 Ctrl+Y, Shift+U: redo \xc2\xb7 N: computer, move "
       "now"),
    NULL,
};

static const struct game_help help = {
    .title = N_("How to play Reversi"),
    .rules = help_rules,
    .keys = help_keys,
};

/* The record is a transcript: the moves as concatenated squares ("f5d6c3"). */
static int transcript_of(const struct match *m, char *buf, size_t n)
{
	return transcript_write(match_pos_at(m, 0), m->moves, m->cursor, buf, n);
}

static char *write_record(const struct match *m, const struct record_info *info)
{
	(void)info;
	return record_text(m, transcript_of);
}

/* Copies text[from, to) into a new NUL-terminated string (free it), or NULL. */
static char *span_copy(const char *text, size_t from, size_t to)
{
	char *s = malloc(to - from + 1);
	if (s) {
		memcpy(s, text + from, to - from);
		s[to - from] = '\0';
	}
	return s;
}

/* Adds the GGF game text[from, to) to the list; returns false when out of memory. */
static bool add_ggf(const char *text, size_t from, size_t to, struct record_game **games,
                    int *count)
{
	char *chunk = span_copy(text, from, to);
	struct ggf_game *gg = malloc(sizeof *gg);
	struct record_game *g = chunk && gg ? record_games_add(games, count, GGF_MOVES_MAX) : NULL;
	if (g) {
		g->error = ggf_read(chunk, gg, g->err);
		memcpy(g->start, &gg->start, sizeof gg->start);
		if (g->error == GAME_OK) {
			memcpy(g->moves, gg->moves, (size_t)gg->count * sizeof gg->moves[0]);
			g->count = gg->count;
		}
		snprintf(g->event, sizeof g->event, "GGF game %d", *count);
	}
	free(gg);
	free(chunk);
	return g != NULL;
}

/* Adds the transcript line text[from, to) to the list; returns false when out of memory. */
static bool add_transcript(const char *text, size_t from, size_t to, struct record_game **games,
                           int *count)
{
	enum { MOVES = 256 };
	char *line = span_copy(text, from, to);
	struct record_game *g = line ? record_games_add(games, count, MOVES) : NULL;
	if (g) {
		struct reversi_pos pos;
		reversi_rules.start(&pos, NULL);
		memcpy(g->start, &pos, sizeof pos);
		const int n = transcript_read(&pos, line, g->moves, MOVES, g->err);
		g->error = n < 0 ? n : GAME_OK;
		g->count = n < 0 ? 0 : n;
		snprintf(g->event, sizeof g->event, "Transcript %d", *count);
	}
	free(line);
	return g != NULL;
}

/* Returns the offset of the first "ab" in text[from, len), or len. */
static size_t find_pair(const char *text, size_t from, size_t len, char a, char b)
{
	for (size_t i = from; i + 1 < len; i++)
		if (text[i] == a && text[i + 1] == b)
			return i;
	return len;
}

/* Reads a record: GGF games, "(;GM[Othello]...;)" one after another, or transcripts, one
 * game a line ("f5d6c3d3", passes as PA or left out; '#' starts a comment line). */
static int read_record(const char *text, size_t len, struct record_game **out, char *err)
{
	*out = NULL;
	struct record_game *games = NULL;
	int count = 0;
	bool ok = true;
	const bool ggf = find_pair(text, 0, len, '(', ';') < len;
	size_t at = 0, from, to;
	if (ggf) {
		while (ok && (from = find_pair(text, at, len, '(', ';')) < len) {
			const size_t close = find_pair(text, from, len, ';', ')');
			at = close < len ? close + 2 : len;
			ok = add_ggf(text, from, at, &games, &count);
		}
	} else {
		while (ok && record_next_line(text, len, &at, &from, &to))
			ok = add_transcript(text, from, to, &games, &count);
	}
	if (!ok) {
		record_games_free(games, count);
		return game_fail(err, GAME_ERR_SPACE, "out of memory, or more than %d games",
		                 RECORD_GAMES_MAX);
	}
	*out = games;
	return count;
}

static const struct game_record record = {
    .extension = "txt",
    .write = write_record,
    .read = read_record,
};

/* Loads the pattern weights (pattern.h) and the opening book (book.h) from dir, and no other
 * copy. The book is optional: without it (or with a damaged one) the engine searches from
 * the first move, and only the weights' failure is reported. */
static int load(const char *dir, char *err)
{
	char path[4200];
	snprintf(path, sizeof path, "%.4000s/reversi-book.bin", dir);
	book_load(path, NULL);
	snprintf(path, sizeof path, "%.4000s/reversi-eval.bin", dir);
	pattern_unload(); /* none from another directory stays in use */
	return pattern_load(path, err);
}

static void unload(void)
{
	pattern_unload();
	book_unload();
}

static const char *const bench[] = {
    "",
    "f5 f6 e6 f4",
    "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7",
    "f5 d6 c3 d3 c4 f4 c5 b3 c2 e6 c6 b4 b5 d2 e3 a6",
    NULL,
};

/* A disc counts 100. The graph and the losses count the final disc difference, so that
 * giving away one disc loses two. */
static const struct game_review_info review_info = {
    .unit = 100,
    .unit_name = NP_("disc", "discs"),
    .margin = true,
    .cap = 100 * 100,
    .inaccuracy = 200,
    .mistake = 600,
    .blunder = 1200,
    .level = "hard",
    .exact = 20,
};

/* Set-up: a square goes empty, black, white (and back); the hole stays. */
static int setup_cycle(void *p, int target, int dir, char *err)
{
	struct reversi_pos *pos = p;
	if (target < 0 || target >= pos->size * pos->size)
		return game_fail(err, GAME_ERR_ILLEGAL, "no such square");
	const reversi_bits bit = (reversi_bits)1 << target;
	if (pos->hole & bit)
		return game_fail(err, GAME_ERR_ILLEGAL, "the black hole holds no disc");
	const int now = (pos->disc[0] & bit) ? 1 : (pos->disc[1] & bit) ? 2 : 0;
	const int next = (now + (dir < 0 ? 2 : 1)) % 3;
	pos->disc[0] &= ~bit;
	pos->disc[1] &= ~bit;
	if (next)
		pos->disc[next - 1] |= bit;
	return GAME_OK;
}

static void setup_clear(void *p)
{
	struct reversi_pos *pos = p;
	pos->disc[0] = pos->disc[1] = 0;
}

static void setup_side(void *p, int side)
{
	((struct reversi_pos *)p)->side = (uint8_t)(side ? REVERSI_WHITE : REVERSI_BLACK);
}

static int setup_check(const void *p, char *err)
{
	const struct reversi_pos *pos = p;
	if (!pos->disc[0] && !pos->disc[1])
		return game_fail(err, GAME_ERR_ILLEGAL, "Put some discs on the board first");
	return GAME_OK;
}

static const struct game_setup setup = {
    .cycle = setup_cycle,
    .clear = setup_clear,
    .set_side = setup_side,
    .check = setup_check,
    .how = N_("Click a square: empty, black, white (right click: back)"),
};

const struct game_module reversi_module = {
    .rules = &reversi_rules,
    .setup = &setup,
    .review = &review_info,
    .levels = levels,
    .level_count = (int)(sizeof levels / sizeof levels[0]),
    .options = options,
    .option_count = (int)(sizeof options / sizeof options[0]),
    .help = &help,
    .record = &record,
    .bench = bench,
    .data_file = "reversi-eval.bin",
    .load = load,
    .unload = unload,
};
