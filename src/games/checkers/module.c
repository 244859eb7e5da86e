/*
 * games/checkers/module.c — checkers as the generic code sees it: its rules, levels,
 * options (two ways of showing the board), help and record format, PDN (core/module.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/module.h"
#include "games/checkers/book.h"
#include "games/checkers/checkers.h"
#include "games/checkers/egdb.h"
#include "io/pdn.h"

static const struct level levels[] = {
    {.name = "beginner",
     .title = N_("Beginner"),
     .depth = 3,
     .nodes = 20000,
     .noise = 60,
     .min_think_ms = 600,
     .deep = true, /* captures played out at the horizon (games/checkers/engine.c) */
     .book = true, /* the opening book, a move within a third of a man of the best */
     .book_spread = 33,
     .summary = N_("looks three moves ahead and slips now and then")},
    {.name = "medium",
     .title = N_("Medium"),
     .depth = 8,
     .nodes = 300000,
     .noise = 30, /* three tenths of a man at the root: a step below Hard, and varied play */
     .min_think_ms = 600,
     .deep = true, /* captures played out at the horizon (games/checkers/engine.c) */
     .book = true, /* the opening book, a move within a sixth of a man of the best */
     .book_spread = 16,
     .summary = N_("searches eight moves ahead and varies its play")},
    {.name = "hard",
     .title = N_("Hard"),
     .depth = SEARCH_MAX_DEPTH,
     .nodes = 2000000,
     .noise = 40, /* two fifths of a man at the root: a step below Expert, and varied play */
     .min_think_ms = 600,
     .deep = true,    /* captures played out at the horizon (games/checkers/engine.c) */
     .reduce = true,  /* late-move reductions (core/search.h) */
     .probcut = 15,   /* ProbCut at 1.5 sigma (games/checkers/mpc.h); its nodes are cheaper */
     .extend = false, /* forced moves cost no depth */
     .single = 3,     /* a lone move (a forced capture) after 3% of the nodes: for its score */
     .behind = 150,   /* a man and a half down, no time past the nodes (core/search.h) */
     .book = true,    /* the opening book's best move, at once */
     .summary = N_("searches fifteen moves ahead and more and varies its play")},
    {.name = "expert",
     .title = N_("Expert"),
     .depth = SEARCH_MAX_DEPTH,
     .nodes = 40000000,
     .noise = 0,
     .min_think_ms = 600,
     .deep = true,    /* captures played out at the horizon (games/checkers/engine.c) */
     .reduce = true,  /* late-move reductions (core/search.h) */
     .probcut = 15,   /* as Hard's */
     .extend = false, /* forced moves cost no depth */
     .single = 3,     /* as Hard's: the time goes to the moves that need it */
     .behind = 150,   /* as Hard's: no game this far down was drawn against Cake */
     .trouble = 25,   /* a quarter of a man down (but not behind): iterations start up to */
     .extra = 200,    /* twice the nodes, where Cake's games against it were lost */
     .book = true,    /* the opening book's best move, at once */
     .summary = N_("thinks a few seconds a move: twenty times as many positions as Hard")},
};

static const struct game_option options[] = {
    {.key = "flip",
     .kind = GAME_OPTION_BOOL,
     .slot = CHECKERS_OPT_FLIP,
     .display = true,
     .label = N_("Board"),
     .on = N_("Turned round"),
     .off = N_("Your side at the bottom")},
    {.key = "numbers",
     .kind = GAME_OPTION_BOOL,
     .slot = CHECKERS_OPT_NUMBERS,
     .display = true,
     .label = N_("Numbers"),
     .on = N_("Shown (1\xe2\x80\x93"
              "32)"),
     .off = N_("Hidden")},
};

static const char *const help_rules[] = {
    N_("Black moves first. A man moves one square diagonally forward to an empty dark "
       "square; on the far row it is crowned king, and a king moves forward and back."),
    N_("Capture by jumping an enemy piece to the empty square beyond. Capturing is forced, "
       "and a jump goes on while there is more to take: the pieces that must jump glow."),
    N_("You lose when you cannot move. Drawn: the same position three times, or 40 moves "
       "each without a capture or a man moving."),
    NULL,
};

static const char *const help_keys[] = {
    N_("Mouse: drag a piece, or click it, then each landing square \xc2\xb7 Arrows + Enter: the "
       "same"),
    N_("H: hints \xc2\xb7 Shift+H: the engine's move \xc2\xb7 S: its search \xc2\xb7 N: computer, "
       "move now"),
    N_("U, Backspace, Ctrl+Z: undo \xc2\xb7 Ctrl+Y, Shift+U: redo \xc2\xb7 F: turn the board"),
    NULL,
};

static const struct game_help help = {
    .title = N_("How to play Checkers"),
    .rules = help_rules,
    .keys = help_keys,
};

/* The record is PDN: tags Event, Date, Black, White, Result, GameType 21, and FEN for a
 * set-up start. */
static char *write_record(const struct match *m, const struct record_info *info)
{
	struct pdn_game g;
	memset(&g, 0, sizeof g);
	memcpy(&g.start, match_pos_at(m, 0), sizeof g.start);
	struct checkers_pos standard;
	checkers_rules.start(&standard, NULL);
	g.setup = memcmp(&standard, &g.start, sizeof standard) != 0;
	const int result = match_over(m) ? match_result(m) : 2;
	const char *result_text = result == 2  ? "*"
	                          : result > 0 ? "1-0"
	                          : result < 0 ? "0-1"
	                                       : "1/2-1/2";
	bool ok = pdn_set_tag(&g, "Event", info->event) == GAME_OK &&
	          pdn_set_tag(&g, "Date", info->date) == GAME_OK &&
	          pdn_set_tag(&g, "Black", info->player[0]) == GAME_OK &&
	          pdn_set_tag(&g, "White", info->player[1]) == GAME_OK &&
	          pdn_set_tag(&g, "Result", result_text) == GAME_OK &&
	          pdn_set_tag(&g, "GameType", "21") == GAME_OK;
	snprintf(g.result, sizeof g.result, "%s", result_text);
	for (int i = 0; ok && i < m->cursor; i++)
		ok = pdn_add_move(&g, &m->moves[i]) == GAME_OK;
	char *text = NULL;
	if (ok) {
		const size_t size = pdn_write_size(&g);
		text = malloc(size);
		if (text && pdn_write(&g, text, size) < 0) {
			free(text);
			text = NULL;
		}
	}
	pdn_game_clear(&g);
	return text;
}

/* Copies the tag `name` of g into buf ("" when it has none). */
static void copy_tag(const struct pdn_game *g, const char *name, char *buf, size_t n)
{
	const char *v = pdn_tag(g, name);
	snprintf(buf, n, "%s", v ? v : "");
}

static int read_record(const char *text, size_t len, struct record_game **out, char *err)
{
	*out = NULL;
	struct pdn_file file = {0};
	const int n = pdn_read(text, len, &file, err);
	if (n < 0) {
		pdn_free(&file);
		return n;
	}
	struct record_game *games = n ? calloc((size_t)n, sizeof *games) : NULL;
	if (n && !games) {
		pdn_free(&file);
		return game_fail(err, GAME_ERR_SPACE, "out of memory");
	}
	for (int i = 0; i < n; i++) {
		struct pdn_game *g = &file.games[i];
		struct record_game *r = &games[i];
		memcpy(r->start, &g->start, sizeof g->start);
		r->moves = g->moves; /* taken over: pdn_free frees no moves left here */
		r->count = g->count;
		g->moves = NULL;
		g->count = g->capacity = 0;
		copy_tag(g, "Event", r->event, sizeof r->event);
		copy_tag(g, "Black", r->player[0], sizeof r->player[0]);
		copy_tag(g, "White", r->player[1], sizeof r->player[1]);
		snprintf(r->result, sizeof r->result, "%s", g->result);
		r->error = g->error;
		snprintf(r->err, sizeof r->err, "%s", g->err);
	}
	pdn_free(&file);
	*out = games;
	return n;
}

/* Reads the game's data from dir: the trained evaluation (assets/checkers-eval.bin), the
 * endgame databases (games/checkers/egdb.h) and the opening book (games/checkers/book.h);
 * what is missing is said in err: -1 when the evaluation is (the engine then using its
 * hand-made one), 1 when only the databases are (the engine searching without them). The
 * book is optional, as Reversi's: without it (or with a damaged one) the engine searches from
 * the first move. */
static int load(const char *dir, char *err)
{
	char path[4200], why[GAME_ERR_MAX];
	snprintf(path, sizeof path, "%.4000s/%s", dir, CHECKERS_BOOK_FILE);
	checkers_book_load(path, NULL);
	snprintf(path, sizeof path, "%.4000s/%s", dir, CHECKERS_EVAL_FILE);
	const int e = checkers_eval_load(path, err);
	if (checkers_egdb_load(dir, why) != 0 && e == 0) {
		snprintf(err, GAME_ERR_MAX,
		         "%.105s; the engine searches without its endgame databases", why);
		return 1;
	}
	return e;
}

/* Forgets the evaluation's weights, the databases and the book. */
static void unload(void)
{
	checkers_book_unload();
	checkers_eval_set(NULL);
	checkers_egdb_unload();
}

/* Positions repeat only since the last capture or man move. */
static int repeatable(const void *pos)
{
	return ((const struct checkers_pos *)pos)->quiet;
}

static const struct game_record record = {
    .extension = "pdn",
    .write = write_record,
    .read = read_record,
};

static const char *const bench[] = {
    "",
    "11-15 23-19",
    "11-15 23-19 8-11 22-17",
    NULL,
};

/* A man counts 100 (a king 130). A proven win counts as 20 men, so that throwing one
 * away is always a blunder. */
static const struct game_review_info review_info = {
    .unit = 100,
    .unit_name = NP_("man", "men"),
    .margin = false,
    .cap = 2000,
    .inaccuracy = 40,
    .mistake = 100,
    .blunder = 200,
    .level = "hard",
    .exact = 0,
};

/* Set-up: a square goes empty, black man, black king, white man, white king (and back); a
 * man is never put on the row where it would be crowned. */
static int setup_cycle(void *p, int target, int dir, char *err)
{
	struct checkers_pos *pos = p;
	if (target < 0 || target >= 32)
		return game_fail(err, GAME_ERR_ILLEGAL, "no such square");
	const uint32_t bit = 1u << target;
	int now = 0; /* 0 empty, 1 black man, 2 black king, 3 white man, 4 white king */
	for (int c = 0; c < 2; c++)
		if (pos->piece[c] & bit)
			now = 1 + 2 * c + ((pos->kings & bit) ? 1 : 0);
	const uint32_t crown[2] = {0xf0000000u, 0x0000000fu}; /* Black's far row, White's */
	int next = now;
	do
		next = (next + (dir < 0 ? 4 : 1)) % 5;
	while ((next == 1 && (bit & crown[0])) || (next == 3 && (bit & crown[1])));
	pos->piece[0] &= ~bit;
	pos->piece[1] &= ~bit;
	pos->kings &= ~bit;
	if (next) {
		pos->piece[(next - 1) / 2] |= bit;
		if (next % 2 == 0)
			pos->kings |= bit;
	}
	pos->quiet = 0;
	return GAME_OK;
}

static void setup_clear(void *p)
{
	struct checkers_pos *pos = p;
	pos->piece[0] = pos->piece[1] = pos->kings = 0;
	pos->quiet = 0;
}

static void setup_side(void *p, int side)
{
	((struct checkers_pos *)p)->side = (uint8_t)(side ? CHECKERS_WHITE : CHECKERS_BLACK);
}

static int setup_check(const void *p, char *err)
{
	const struct checkers_pos *pos = p;
	static const char *const name[2] = {"Black", "White"};
	for (int c = 0; c < 2; c++) {
		if (__builtin_popcount(pos->piece[c]) > 12)
			return game_fail(err, GAME_ERR_ILLEGAL, "%s has more than 12 pieces",
			                 name[c]);
		if (!pos->piece[c])
			return game_fail(err, GAME_ERR_ILLEGAL, "%s has no piece", name[c]);
	}
	if (pos->piece[0] & ~pos->kings & 0xf0000000u)
		return game_fail(err, GAME_ERR_ILLEGAL,
		                 "A black man on the far row would be a king");
	if (pos->piece[1] & ~pos->kings & 0x0000000fu)
		return game_fail(err, GAME_ERR_ILLEGAL,
		                 "A white man on the far row would be a king");
	return GAME_OK;
}

static const struct game_setup setup = {
    .cycle = setup_cycle,
    .clear = setup_clear,
    .set_side = setup_side,
    .check = setup_check,
    .how = N_("Click a square: black man, black king, white man, white king, empty"),
};

const struct game_module checkers_module = {
    .rules = &checkers_rules,
    .setup = &setup,
    .review = &review_info,
    .levels = levels,
    .level_count = (int)(sizeof levels / sizeof levels[0]),
    .options = options,
    .option_count = (int)(sizeof options / sizeof options[0]),
    .help = &help,
    .record = &record,
    .bench = bench,
    .repeatable = repeatable,
    .data_file = CHECKERS_EVAL_FILE,
    .load = load,
    .unload = unload,
};
