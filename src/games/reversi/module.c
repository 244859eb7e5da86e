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
     .nodes = 40000000,
     .min_think_ms = 600,
     .deep = true,
     .exact = 24,
     .book = true,
     .wld = 26,
     .probcut = 15,
     .summary = N_("everything, searching twenty times longer: perfect from 24 empty squares")},
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
    N_("U, Backspace, Ctrl+Z: undo \xc2\xb7 Ctrl+Y, Shift+U: redo"),
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

static const struct game_record record = {
    .extension = "txt",
    .write = write_record,
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

const struct game_module reversi_module = {
    .rules = &reversi_rules,
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
