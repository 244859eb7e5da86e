/*
 * games/dots/module.c — Dots and Boxes as the generic code sees it: its rules, levels,
 * options, help and record format (core/module.h).
 *
 * Hard and Expert hand the last 30 or 40 edges to the exact solver. Beginner's noise is below
 * a box, so it never leaves a free box.
 */
#include <stdio.h>
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

/* The record: the start position's text on its own line ("3x3", or the six fields of a
 * position set up part way through), then the edges drawn, space-separated. */
static int record_of(const struct match *m, char *buf, size_t n)
{
	int len = dots_rules.pos_to_text(match_pos_at(m, 0), buf, n);
	const struct dots_pos *start = match_pos_at(m, 0);
	bool empty = start->score[0] == 0 && start->score[1] == 0 && start->side == DOTS_A;
	for (int e = 0; empty && e < start->edges; e++)
		empty = !dots_edge_drawn(start, e);
	if (len >= 0 && empty) /* the standard start: its size alone */
		len = snprintf(buf, n, "%dx%d", start->rows, start->cols);
	if (len < 0 || (size_t)len + 2 >= n)
		return GAME_ERR_SPACE;
	buf[len++] = '\n';
	const int moves = match_record(m, buf + len, n - (size_t)len);
	return moves < 0 ? moves : len + moves;
}

static char *write_record(const struct match *m, const struct record_info *info)
{
	(void)info;
	return record_text(m, record_of);
}

/* Reads a record as write_record writes it ('#' starts a comment line): one game. */
static int read_record(const char *text, size_t len, struct record_game **out, char *err)
{
	*out = NULL;
	struct record_game *games = NULL;
	int count = 0;
	struct dots_pos pos;
	bool have_start = false;
	char word[GAME_TEXT_MAX];
	struct record_game *g = record_games_add(&games, &count, DOTS_MAX_EDGES);
	if (!g)
		return game_fail(err, GAME_ERR_SPACE, "out of memory");
	size_t at = 0, from, to;
	while (g->error == GAME_OK && record_next_line(text, len, &at, &from, &to)) {
		if (!have_start) {
			if (to - from >= sizeof word) {
				g->error = game_fail(g->err, GAME_ERR_SYNTAX,
				                     "the first line is too long");
				break;
			}
			memcpy(word, text + from, to - from);
			word[to - from] = '\0';
			g->error = dots_rules.pos_parse(&pos, word, NULL, g->err);
			if (g->error != GAME_OK)
				break;
			memcpy(g->start, &pos, sizeof pos);
			g->options.value[DOTS_OPT_ROWS] = pos.rows;
			g->options.value[DOTS_OPT_COLS] = pos.cols;
			have_start = true;
			continue;
		}
		for (size_t k = from; k < to && g->error == GAME_OK;) {
			while (k < to && (text[k] == ' ' || text[k] == '\t'))
				k++;
			size_t w = 0;
			while (k < to && text[k] != ' ' && text[k] != '\t' && w < sizeof word - 1)
				word[w++] = text[k++];
			word[w] = '\0';
			if (!w)
				break;
			if (g->count >= DOTS_MAX_EDGES) {
				g->error =
				    game_fail(g->err, GAME_ERR_ILLEGAL, "more moves than edges");
				break;
			}
			char why[GAME_ERR_MAX];
			if (dots_rules.move_parse(&pos, word, &g->moves[g->count], why) !=
			    GAME_OK) {
				g->error = game_fail(g->err, GAME_ERR_ILLEGAL, "move %d: %s",
				                     g->count + 1, why);
				break;
			}
			dots_rules.play(&pos, &g->moves[g->count++]);
		}
	}
	if (!have_start && g->error == GAME_OK)
		g->error = game_fail(g->err, GAME_ERR_SYNTAX,
		                     "a Dots and Boxes record starts with the board: \"3x3\"");
	*out = games;
	return count;
}

static const struct game_record record = {
    .extension = "txt",
    .write = write_record,
    .read = read_record,
};

static const char *const bench[] = {
    "",
    "0 5 9 12",
    NULL,
};

/* A box counts 100; the losses count the final box difference, so that giving away one box
 * loses two. */
static const struct game_review_info review_info = {
    .unit = 100,
    .unit_name = NP_("box", "boxes"),
    .margin = true,
    .cap = 100 * DOTS_MAX_SIZE * DOTS_MAX_SIZE,
    .inaccuracy = 100,
    .mistake = 200,
    .blunder = 400,
    .level = "hard",
    .exact = 30,
};

/* Set-up: a click draws or rubs out an edge. A box its fourth side completes goes to A (to B
 * with a right click); rubbing out a side of a box takes it back. */
static int setup_cycle(void *p, int target, int dir, char *err)
{
	struct dots_pos *pos = p;
	if (target < 0 || target >= pos->edges)
		return game_fail(err, GAME_ERR_ILLEGAL, "no such line");
	pos->edge[target / 64] ^= (uint64_t)1 << (target % 64);
	int boxes[2];
	const int n = dots_edge_boxes(pos->rows, pos->cols, target, boxes);
	for (int i = 0; i < n; i++) {
		const int b = boxes[i];
		const uint64_t bit = (uint64_t)1 << (b % 64);
		pos->box[0][b / 64] &= ~bit;
		pos->box[1][b / 64] &= ~bit;
		if (dots_box_drawn_sides(pos, b) == 4)
			pos->box[dir < 0 ? 1 : 0][b / 64] |= bit;
	}
	for (int c = 0; c < 2; c++)
		pos->score[c] = (uint8_t)(__builtin_popcountll(pos->box[c][0]) +
		                          __builtin_popcountll(pos->box[c][1]));
	return GAME_OK;
}

static void setup_clear(void *p)
{
	struct dots_pos *pos = p;
	const int side = pos->side;
	dots_setup(pos, pos->rows, pos->cols);
	pos->side = (uint8_t)side;
}

static void setup_side(void *p, int side)
{
	((struct dots_pos *)p)->side = (uint8_t)(side ? DOTS_B : DOTS_A);
}

static int setup_check(const void *p, char *err)
{
	if (!dots_valid(p))
		return game_fail(err, GAME_ERR_ILLEGAL, "The boxes and their owners do not agree");
	return GAME_OK;
}

static const struct game_setup setup = {
    .cycle = setup_cycle,
    .clear = setup_clear,
    .set_side = setup_side,
    .check = setup_check,
    .how = N_("Click a line to draw or rub it out; a box it completes goes to A (right click: B)"),
};

const struct game_module dots_module = {
    .rules = &dots_rules,
    .setup = &setup,
    .review = &review_info,
    .levels = levels,
    .level_count = (int)(sizeof levels / sizeof levels[0]),
    .options = options,
    .option_count = (int)(sizeof options / sizeof options[0]),
    .help = &help,
    .record = &record,
    .bench = bench,
};
