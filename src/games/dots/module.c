/*
 * games/dots/module.c — Dots and Boxes as the generic code sees it: its rules, levels,
 * options, help and record format (core/module.h).
 *
 * Hard and Expert hand the last 30 or 40 edges to the exact solver. Beginner's noise is below
 * a box, so it never leaves a free box.
 */
#include <stdlib.h>

#include "core/module.h"
#include "games/dots/dots.h"

static const struct level levels[] = {
    {.name = "beginner",
     .title = N_("Beginner"),
     .depth = 2,
     .nodes = 20000,
     .noise = 60,
     .min_think_ms = 500,
     .deep = true, /* the solver and the chain heuristic, where the depth reaches them */
     .summary = N_("takes the boxes it is offered, otherwise plays almost at random")},
    {.name = "medium",
     .title = N_("Medium"),
     .depth = 3,
     .nodes = 30000,
     .noise = 0,
     .min_think_ms = 500,
     .deep = true, /* the solver and the chain heuristic, where the depth reaches them */
     .summary = N_("looks three edges ahead, counts boxes and knows the long-chain rule")},
    {.name = "hard",
     .title = N_("Hard"),
     .depth = 8,
     .nodes = 100000,
     .noise = 0,
     .min_think_ms = 500,
     .exact = 30,
     .deep = true, /* the solver and the chain heuristic, where the depth reaches them */
     .summary = N_("fights for control of the long chains and solves the last 30 edges exactly")},
    {.name = "expert",
     .title = N_("Expert"),
     .depth = 12,
     .nodes = 2000000,
     .noise = 0,
     .min_think_ms = 500,
     .exact = 40,
     .deep = true, /* the solver and the chain heuristic, where the depth reaches them */
     .summary = N_("fights for control with a bigger budget and solves the last 40 edges exactly")},
};

/* The boards the menu offers, boxes down × across: 5×5 is the experts' standard, 3×3 the
 * default; the command line and the settings take any size from 1×1 to 9×9. */
static const int menu_sizes[] = {2, 2, 2, 3, 3, 3, 3, 4, 3, 5, 4, 4,
                                 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9};

static const struct game_option options[] = {
    {.key = "size",
     .part = {"rows", "cols"},
     .kind = GAME_OPTION_GRID,
     .slot = DOTS_OPT_ROWS,
     .lo = 1,
     .hi = DOTS_MAX_SIZE,
     .step = 1,
     .def = DOTS_DEFAULT_SIZE,
     .def2 = DOTS_DEFAULT_SIZE,
     .steps = menu_sizes,
     .steps_count = (int)(sizeof menu_sizes / sizeof menu_sizes[0] / 2),
     .label = N_("Board"),
     /* TRANSLATORS: the Dots and Boxes board, boxes down × across. */
     .format_n = NP_("%d \xc3\x97 %d box", "%d \xc3\x97 %d boxes"),
     .usage = "boxes down and across, 1x1 to 9x9"},
};

static const char *const help_rules[] = {
    N_("A moves first. In turn, draw a line between two neighbouring dots, across or down."),
    N_("Draw the fourth side of a box and it is yours, and you must draw another line."),
    N_("The game ends when every line is drawn: most boxes wins."),
    N_("A box's third side gives it away. Long chains of boxes decide most games; who gets "
       "them follows the long-chain rule, which the chain counter shows with the hints (H)."),
    NULL,
};

static const char *const help_keys[] = {
    N_("Mouse: click near a line to draw it \xc2\xb7 Arrows + Enter: keyboard play"),
    N_("H: safe lines and the chain counter \xc2\xb7 Shift+H: the engine's line \xc2\xb7 E: its "
       "scores"),
    N_("U, Backspace, Ctrl+Z: undo \xc2\xb7 Ctrl+Y, Shift+U: redo \xc2\xb7 N: computer, move "
       "now"),
    NULL,
};

static const struct game_help help = {
    .title = N_("How to play Dots and Boxes"),
    .rules = help_rules,
    .keys = help_keys,
};

static const struct game_record record = {
    .extension = "txt",
    .write = record_moves,
};

static const char *const bench[] = {
    "",
    "0 5 9 12",
    NULL,
};

const struct game_module dots_module = {
    .rules = &dots_rules,
    .levels = levels,
    .level_count = (int)(sizeof levels / sizeof levels[0]),
    .options = options,
    .option_count = (int)(sizeof options / sizeof options[0]),
    .help = &help,
    .record = &record,
    .bench = bench,
};
