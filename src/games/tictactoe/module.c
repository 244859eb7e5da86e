/*
 * games/tictactoe/module.c — tic-tac-toe as the generic code sees it (core/module.h): the
 * registry's test game. Its text is not marked for translation (it never ships).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/module.h"
#include "games/tictactoe/tictactoe.h"

static const struct level levels[] = {
    {.name = "beginner",
     .title = "Beginner",
     .depth = 1,
     .nodes = 1000,
     .noise = 3,
     .min_think_ms = 300,
     .summary = "looks one move ahead"},
    {.name = "expert",
     .title = "Expert",
     .depth = 9,
     .nodes = 1000000,
     .min_think_ms = 300,
     .exact = 9,
     .summary = "plays perfectly"},
};

static const struct game_option options[] = {
    {.key = "misere",
     .kind = GAME_OPTION_BOOL,
     .slot = TICTACTOE_OPT_MISERE,
     .label = "Misere",
     .on = "On: three in a row loses",
     .off = "Off",
     .usage = "three in a row loses"},
};

static const char *const help_rules[] = {
    "X moves first. In turn, put your mark on an empty square.",
    "Three marks in a row, across, down or diagonal, win (misere: lose). A full board is a draw.",
    NULL,
};

static const char *const help_keys[] = {
    "Mouse: click a square \xc2\xb7 Arrows + Enter: keyboard play",
    "U, Backspace, Ctrl+Z: undo \xc2\xb7 Ctrl+Y, Shift+U: redo",
    NULL,
};

static const struct game_help help = {
    .title = "How to play Tic-tac-toe",
    .rules = help_rules,
    .keys = help_keys,
};

/* Reads one game: the squares played from the empty board. */
static int read_record(const char *text, size_t len, struct record_game **out, char *err)
{
	*out = NULL;
	struct record_game *g = calloc(1, sizeof *g);
	if (!g || !(g->moves = calloc(9, sizeof *g->moves))) {
		free(g);
		return game_fail(err, GAME_ERR_SPACE, "out of memory");
	}
	struct tictactoe_pos pos;
	tictactoe_rules.start(&pos, NULL);
	memcpy(g->start, &pos, sizeof pos);
	char word[8];
	size_t at = 0;
	while (at < len) {
		while (at < len && (text[at] == ' ' || text[at] == '\n' || text[at] == '\t' ||
		                    text[at] == '\r'))
			at++;
		size_t w = 0;
		while (at < len && w < sizeof word - 1 && text[at] > ' ')
			word[w++] = text[at++];
		word[w] = '\0';
		if (!w)
			break;
		if (g->count == 9 || tictactoe_rules.move_parse(&pos, word, &g->moves[g->count],
		                                                g->err) != GAME_OK) {
			g->error = GAME_ERR_ILLEGAL;
			if (g->count == 9)
				snprintf(g->err, sizeof g->err, "more than nine moves");
			break;
		}
		tictactoe_rules.play(&pos, &g->moves[g->count++]);
	}
	snprintf(g->result, sizeof g->result, "*");
	*out = g;
	return 1;
}

static const struct game_record record = {
    .extension = "ttt",
    .write = record_moves,
    .read = read_record,
};

static const char *const bench[] = {"", "b2 a1", NULL};

static const struct game_review_info review_info = {
    .unit = 1,
    .unit_name = {"point", "points"},
    .margin = false,
    .cap = 100,
    .inaccuracy = 5,
    .mistake = 20,
    .blunder = 100,
    .level = "expert",
    .exact = 9,
};

const struct game_module tictactoe_module = {
    .rules = &tictactoe_rules,
    .review = &review_info,
    .levels = levels,
    .level_count = (int)(sizeof levels / sizeof levels[0]),
    .options = options,
    .option_count = (int)(sizeof options / sizeof options[0]),
    .help = &help,
    .record = &record,
    .bench = bench,
};
