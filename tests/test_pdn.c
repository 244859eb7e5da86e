/*
 * tests/test_pdn.c — the PDN reader and writer (io/pdn.c): the 20 real games of
 * ../shared/data/checkers-games.pdn replay, written back and read again they are the same
 * move for move, what real files contain is read (x for ordinary moves, end squares only,
 * comments, variations, NAGs, move numbers, several games, no tags), and garbled, illegal,
 * truncated and huge inputs give an error naming the game and the move, never a crash.
 */
/* cmocka.h needs these first, in this order */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
/* clang-format on */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "io/pdn.h"
#include "shared_data.h"

static const struct game_rules *const R = &checkers_rules;

/* Returns the whole of shared data file `name` (free it), its length in *len. */
static char *read_shared(const char *name, size_t *len)
{
	FILE *f = shared_data_open(name);
	char *text = malloc(1 << 20);
	assert_non_null(text);
	*len = fread(text, 1, (1 << 20) - 1, f);
	text[*len] = '\0';
	fclose(f);
	return text;
}

/* Reads NUL-terminated PDN text, expecting `games` games. */
static void read_text(const char *text, struct pdn_file *file, int games)
{
	char err[GAME_ERR_MAX] = "";
	const int n = pdn_read(text, strlen(text), file, err);
	if (n != games)
		fail_msg("pdn_read: %d games, want %d (%s)", n, games, err);
}

/* Returns the text of game g's move i, played from its start. */
static const char *move_text(const struct pdn_game *g, int i)
{
	static char text[GAME_TEXT_MAX];
	struct checkers_pos pos = g->start;
	for (int k = 0; k < i; k++)
		R->play(&pos, &g->moves[k]);
	R->move_to_text(&pos, &g->moves[i], text, sizeof text);
	return text;
}

/* Checks that game g is the same as game h: start, moves, the tags a writer keeps. */
static void assert_same_game(const struct pdn_game *g, const struct pdn_game *h)
{
	assert_int_equal(h->error, GAME_OK);
	assert_int_equal(h->count, g->count);
	assert_memory_equal(&h->start, &g->start, sizeof g->start);
	assert_int_equal(h->setup, g->setup);
	for (int i = 0; i < g->count; i++)
		assert_true(game_move_equal(&h->moves[i], &g->moves[i]));
	const char *names[] = {"Event", "Black", "White", "Date"};
	for (int k = 0; k < 4; k++)
		if (pdn_tag(g, names[k]))
			assert_string_equal(pdn_tag(h, names[k]), pdn_tag(g, names[k]));
}

/* Writes game g and reads it back into *back (one game). Returns the text (free it). */
static char *write_and_read(const struct pdn_game *g, struct pdn_file *back)
{
	const size_t n = pdn_write_size(g);
	char *buf = malloc(n);
	assert_non_null(buf);
	const int len = pdn_write(g, buf, n);
	assert_true(len > 0);
	assert_int_equal((size_t)len, strlen(buf));
	/* No line is longer than 80 columns. */
	for (const char *line = buf; *line;) {
		const char *end = strchr(line, '\n');
		assert_non_null(end);
		if (line[0] != '[')
			assert_true(end - line <= 80);
		line = end + 1;
	}
	/* Too small a buffer is refused, never overrun. */
	assert_int_equal(pdn_write(g, buf, (size_t)len), GAME_ERR_SPACE);
	assert_int_equal(pdn_write(g, buf, (size_t)len + 1), len);
	read_text(buf, back, 1);
	return buf;
}

static void test_shared_games(void **state)
{
	(void)state;
	size_t len;
	char *text = read_shared("checkers-games.pdn", &len);
	struct pdn_file file;
	char err[GAME_ERR_MAX];
	assert_int_equal(pdn_read(text, len, &file, err), 20);
	int moves = 0;
	for (int i = 0; i < file.count; i++) {
		const struct pdn_game *g = &file.games[i];
		if (g->error != GAME_OK)
			fail_msg("%s", g->err);
		assert_int_equal(g->number, i + 1);
		assert_true(g->count > 20);
		assert_false(g->setup);
		moves += g->count;
	}
	/* Spot checks: the first game, its last move a double jump written in full. */
	const struct pdn_game *g = &file.games[0];
	assert_string_equal(pdn_tag(g, "Event"), "Ohio State Ty 1946");
	assert_string_equal(pdn_tag(g, "black"), "MF Tinsley");
	assert_string_equal(g->result, "1/2-1/2");
	assert_int_equal(g->count, 56);
	assert_string_equal(move_text(g, 0), "11-15");
	assert_string_equal(move_text(g, 6), "10-14"); /* written "10x14" */
	assert_string_equal(move_text(g, 55), "24x15x6");
	assert_int_equal(g->line, 1);
	assert_int_equal(file.games[1].line, 12);
	/* "10x15" opens game 2: an ordinary move written with x. */
	assert_string_equal(move_text(&file.games[1], 0), "10-15");
	/* The last game: two Event tags, comments, GameType, no result but "*". */
	g = &file.games[19];
	assert_string_equal(pdn_tag(g, "Event"), "Double Corner Dyke");
	assert_string_equal(g->result, "*");
	assert_string_equal(move_text(g, g->count - 1), "22-18");
	print_message("%d games, %d moves\n", file.count, moves);
	pdn_free(&file);
	free(text);
}

static void test_round_trip(void **state)
{
	(void)state;
	size_t len;
	char *text = read_shared("checkers-games.pdn", &len);
	struct pdn_file file;
	assert_int_equal(pdn_read(text, len, &file, NULL), 20);
	/* Each game alone, then all twenty written one after the other and read as one file. */
	size_t total = 0;
	char *all = NULL;
	for (int i = 0; i < file.count; i++) {
		struct pdn_file back;
		char *buf = write_and_read(&file.games[i], &back);
		assert_same_game(&file.games[i], &back.games[0]);
		assert_string_equal(back.games[0].result, file.games[i].result);
		/* A second round gives the same text. */
		struct pdn_file again;
		char *buf2 = write_and_read(&back.games[0], &again);
		assert_string_equal(buf, buf2);
		const size_t n = strlen(buf);
		all = realloc(all, total + n + 1);
		assert_non_null(all);
		memcpy(all + total, buf, n + 1);
		total += n;
		free(buf);
		free(buf2);
		pdn_free(&back);
		pdn_free(&again);
	}
	struct pdn_file back;
	read_text(all, &back, 20);
	for (int i = 0; i < 20; i++)
		assert_same_game(&file.games[i], &back.games[i]);
	/* The second Event tag of the last game is kept, after the standard ones. */
	const struct pdn_game *last = &back.games[19];
	assert_string_equal(last->tags[last->tag_count - 1].value, "This is an 8x8 draughts game");
	pdn_free(&back);
	pdn_free(&file);
	free(all);
	free(text);
}

static void test_what_files_contain(void **state)
{
	(void)state;
	struct pdn_file file;
	/* Move numbers glued or apart, "1...", NAGs, marks, variations (nested, with comments
	 * holding parentheses), ';' comments, CRLF, trailing spaces, a capture by its ends,
	 * a result of 2-0, and a game with no tags at all. */
	read_text(
	    "\xef\xbb\xbf[Event \"A \\\"quoted\\\" name\"]  \r\n"
	    "[Black \"B\"] \r\n"
	    "\r\n"
	    "1.11-15 23-18 $1 2. 8-11! (2. 9-14 (2. 10-14 {a (note)}) 18x9) 27-23?! ; rest\r\n"
	    "3. 4-8 23-19 4. 10x14 19x10 5. 14-23 26x19 2-0\r\n"
	    "\r\n"
	    "1. 9-14 22-17 2. 11-15 *\n"
	    "[FEN \"W:W18,K30:B14\"]\n"
	    "1... 18x9 *\n",
	    &file, 3);
	const struct pdn_game *g = &file.games[0];
	assert_int_equal(g->error, GAME_OK);
	assert_string_equal(pdn_tag(g, "Event"), "A \"quoted\" name");
	assert_string_equal(pdn_tag(g, "Black"), "B");
	assert_int_equal(g->count, 10);
	assert_string_equal(move_text(g, 3), "27-23");
	assert_string_equal(move_text(g, 8), "14x23"); /* written 14-23 */
	assert_string_equal(g->result, "1-0");
	assert_int_equal(file.games[1].error, GAME_OK);
	assert_int_equal(file.games[1].count, 3);
	assert_int_equal(file.games[1].tag_count, 0);
	g = &file.games[2];
	assert_int_equal(g->error, GAME_OK);
	assert_true(g->setup);
	assert_int_equal(g->start.side, CHECKERS_WHITE);
	assert_int_equal(g->count, 1);
	/* A set-up game with White first writes "1..." and its FEN, and reads back. */
	struct pdn_file back;
	char *buf = write_and_read(g, &back);
	assert_non_null(strstr(buf, "[FEN \"W:W18,K30:B14\"]"));
	assert_non_null(strstr(buf, "\n1... 18x9 *"));
	assert_non_null(strstr(buf, "[GameType \"21\"]"));
	assert_same_game(g, &back.games[0]);
	free(buf);
	pdn_free(&back);
	pdn_free(&file);

	/* A file of comments and spaces holds no game; an empty file neither. */
	read_text("  {just a note}\n\n", &file, 0);
	pdn_free(&file);
	read_text("", &file, 0);
	pdn_free(&file);
}

/* Reads text expecting `games` games, game `which` (1-based) faulty with `code` and a message
 * that contains every one of the `want` strings (NULL-terminated). */
static void expect_fault(const char *text, size_t len, int games, int which, int code,
                         const char *const *want)
{
	struct pdn_file file;
	char err[GAME_ERR_MAX];
	const int n = pdn_read(text, len, &file, err);
	if (n != games)
		fail_msg("%d games, want %d: %.60s", n, games, text);
	const struct pdn_game *g = &file.games[which - 1];
	if (g->error != code)
		fail_msg("game %d of \"%.60s\": error %d, want %d (%s)", which, text, g->error,
		         code, g->err);
	for (int i = 0; want[i]; i++)
		if (!strstr(g->err, want[i]))
			fail_msg("\"%s\" does not say \"%s\"", g->err, want[i]);
	pdn_free(&file);
}

#define FAULT(text, games, which, code, ...)                                                       \
	expect_fault(text, strlen(text), games, which, code,                                       \
	             (const char *const[]){__VA_ARGS__, NULL})

static void test_faults(void **state)
{
	(void)state;
	/* An illegal move in game 2, the games around it fine. */
	const char *two = "1. 11-15 23-18 *\n\n[Event \"b\"]\n1. 11-15 23-18 2. 8-11 27-23\n"
	                  "3. 11-16 24-19 *\n1. 9-13 *\n";
	FAULT(two, 3, 2, GAME_ERR_ILLEGAL, "game 2 (line 5)", "move 3 White", "24-19");
	struct pdn_file file;
	read_text(two, &file, 3);
	assert_int_equal(file.games[0].error, GAME_OK);
	assert_int_equal(file.games[1].line, 3);
	assert_int_equal(file.games[1].count, 5); /* the moves before the fault */
	assert_int_equal(file.games[2].error, GAME_OK);
	pdn_free(&file);
	/* Garbled moves. */
	FAULT("1. 11-15 23-1a *", 1, 1, GAME_ERR_SYNTAX, "game 1", "move 1 White", "23-1a");
	FAULT("1. 11-15 2 23-18 *", 1, 1, GAME_ERR_SYNTAX, "move 1 White", "\"2\"");
	FAULT("1. 11-15 23-18 2. 8--11 *", 1, 1, GAME_ERR_SYNTAX, "move 2 Black");
	FAULT("1. 11-15 23-18 2. 0-4 *", 1, 1, GAME_ERR_SYNTAX, "move 2 Black");
	FAULT("1. 11-15 23-18 2. 11-15x *", 1, 1, GAME_ERR_SYNTAX, "move 2 Black");
	FAULT("1. 11-15 ) *", 1, 1, GAME_ERR_SYNTAX, "unexpected ')'");
	/* Illegal: a quiet move when a capture is due, a capture stopped halfway, the wrong
	 * side's piece, a move after the game is over. */
	FAULT("[FEN \"B:W14:B10,1\"]\n1. 1-5 *", 1, 1, GAME_ERR_ILLEGAL, "move 1 Black",
	      "a capture is mandatory");
	FAULT("[FEN \"B:W18,10:B23\"]\n1. 23-19 *", 1, 1, GAME_ERR_ILLEGAL, "move 1 Black");
	FAULT("[FEN \"W:W22:B18,11\"]\n1... 22x15 *", 1, 1, GAME_ERR_ILLEGAL, "move 1 White");
	FAULT("[FEN \"B:W21:B1,5\"]\n1. 5-9 9-13 *", 1, 1, GAME_ERR_ILLEGAL, "move 1 White");
	FAULT("[FEN \"W:W14:B10\"]\n1... 14x7 2. 7-2 *", 1, 1, GAME_ERR_ILLEGAL, "move 2 Black");
	/* Ambiguous: two capture paths with the same ends. */
	FAULT("[FEN \"B:W14,15,22,23:BK10\"]\n1. 10x10 *", 1, 1, GAME_ERR_AMBIGUOUS,
	      "move 1 Black");
	/* Bad tags and set-ups. */
	FAULT("[FEN \"B:W33:B1\"]\n1. 1-5 *", 1, 1, GAME_ERR_SYNTAX, "bad FEN");
	FAULT("[GameType \"20\"]\n1. 32-28 *", 1, 1, GAME_ERR_OPTIONS, "GameType");
	FAULT("[GameType \"21,W,8,8,A0,0\"]\n[Event \"x\n1. 11-15 *", 1, 1, GAME_ERR_SYNTAX,
	      "line 2", "Event");
	FAULT("[ \"x\"]\n1. 11-15 *", 1, 1, GAME_ERR_SYNTAX, "without a name");
	/* Unclosed comment and variation. */
	FAULT("1. 11-15 {no end\n23-18 *", 1, 1, GAME_ERR_SYNTAX, "line 1", "comment");
	FAULT("1. 11-15 (1. 9-14\n\n23-18 *", 1, 1, GAME_ERR_SYNTAX, "line 1", "variation");
	/* NUL bytes. */
	expect_fault("1. 11-15 2\0003-18 *", 16, 1, 1, GAME_ERR_SYNTAX,
	             (const char *const[]){"move 1 White", NULL});
	expect_fault("[Event \"a\0b\"]\n1. 11-15 *", 24, 1, 1, GAME_ERR_SYNTAX,
	             (const char *const[]){"NUL", NULL});
}

/* Returns a state advanced by a fixed pseudo-random step. */
static uint64_t next_random(uint64_t *s)
{
	return hash_lcg_next(s) >> 33;
}

/* Checks what pdn_read says of `len` bytes at text: games, each faulty one with a message
 * naming it. Nothing may crash (the sanitizer build watches the memory). */
static void read_anything(const char *text, size_t len)
{
	struct pdn_file file;
	char err[GAME_ERR_MAX];
	const int n = pdn_read(text, len, &file, err);
	assert_true(n >= 0);
	for (int i = 0; i < n; i++) {
		const struct pdn_game *g = &file.games[i];
		assert_int_equal(g->number, i + 1);
		if (g->error != GAME_OK) {
			char want[32];
			snprintf(want, sizeof want, "game %d ", g->number);
			assert_non_null(strstr(g->err, want));
		}
	}
	pdn_free(&file);
}

static void test_truncated_and_mangled(void **state)
{
	(void)state;
	size_t len;
	char *text = read_shared("checkers-games.pdn", &len);
	/* Cut at every few bytes: the games before the cut still read without fault. */
	for (size_t cut = 0; cut <= len; cut += 13) {
		read_anything(text, cut);
		struct pdn_file file;
		pdn_read(text, cut, &file, NULL);
		for (int i = 0; i + 1 < file.count; i++)
			assert_int_equal(file.games[i].error, GAME_OK);
		pdn_free(&file);
	}
	/* Random bytes changed, inserted or removed. */
	char *copy = malloc(len + 64);
	assert_non_null(copy);
	uint64_t seed = 7;
	for (int round = 0; round < 300; round++) {
		size_t n = len;
		memcpy(copy, text, len);
		for (int k = 0; k < 8; k++) {
			const size_t at = next_random(&seed) % n;
			static const char alphabet[] = "{}()[]\"\\x-.0123456789$;%*\n \0\xff";
			const char c = alphabet[next_random(&seed) % (sizeof alphabet - 1)];
			switch (next_random(&seed) % 3) {
			case 0:
				copy[at] = c;
				break;
			case 1:
				memmove(copy + at + 1, copy + at, n - at);
				copy[at] = c;
				n++;
				break;
			default:
				memmove(copy + at, copy + at + 1, n - at - 1);
				n--;
			}
		}
		read_anything(copy, n);
	}
	free(copy);
	free(text);
}

static void test_huge(void **state)
{
	(void)state;
	/* 100 000 parentheses deep, a megabyte of comment, a 300-byte tag value, 20 000 games,
	 * a word of 100 000 digits: errors or games, never a crash or a stack overflow. */
	const size_t big = 1 << 20;
	char *text = malloc(3 * big);
	assert_non_null(text);
	memset(text, '(', 100000);
	memset(text + 100000, ')', 100000);
	memcpy(text + 200000, " 1. 11-15 *", 11);
	read_anything(text, 200011);
	expect_fault(text, 100005, 1, 1, GAME_ERR_SYNTAX, (const char *const[]){"variation", NULL});

	text[0] = '{';
	memset(text + 1, 'x', big);
	memcpy(text + big + 1, "} 1. 11-15 *", 13);
	struct pdn_file file;
	read_text(text, &file, 1);
	assert_int_equal(file.games[0].error, GAME_OK);
	assert_int_equal(file.games[0].count, 1);
	pdn_free(&file);

	char tag[400];
	snprintf(tag, sizeof tag, "[Event \"%0300d\"]\n1. 11-15 *", 0);
	FAULT(tag, 1, 1, GAME_ERR_SYNTAX, "longer than");

	size_t n = 0;
	for (int i = 0; i < 20000; i++)
		n += (size_t)sprintf(text + n, "1. 11-15 * ");
	read_text(text, &file, 20000);
	assert_int_equal(file.games[19999].number, 20000);
	assert_int_equal(file.games[19999].count, 1);
	pdn_free(&file);

	memcpy(text, "1. ", 3);
	memset(text + 3, '7', 100000);
	read_anything(text, 100003);
	expect_fault(text, 100003, 1, 1, GAME_ERR_SYNTAX,
	             (const char *const[]){"move 1 Black", NULL});
	free(text);
}

static void test_tags_and_writer(void **state)
{
	(void)state;
	/* A game built by a caller (as the front end saves one): tags set, moves added. */
	struct pdn_game g = {0};
	R->start(&g.start, NULL);
	assert_int_equal(pdn_set_tag(&g, "Event", "Parity"), GAME_OK);
	assert_int_equal(pdn_set_tag(&g, "White", "Parity Expert"), GAME_OK);
	assert_int_equal(pdn_set_tag(&g, "event", "Parity game"), GAME_OK);
	assert_int_equal(g.tag_count, 2);
	assert_string_equal(pdn_tag(&g, "EVENT"), "Parity game");
	assert_null(pdn_tag(&g, "Site"));
	struct checkers_pos pos = g.start;
	const char *moves[] = {"11-15", "23-19", "8-11",  "22-17",
	                       "9-13",  "17-14", "10x17", "21x14"};
	for (int i = 0; i < 8; i++) {
		struct game_move m;
		assert_int_equal(R->move_parse(&pos, moves[i], &m, NULL), GAME_OK);
		assert_int_equal(pdn_add_move(&g, &m), GAME_OK);
		R->play(&pos, &m);
	}
	snprintf(g.result, sizeof g.result, "0-1");
	char buf[2048];
	assert_true(pdn_write(&g, buf, sizeof buf) > 0);
	assert_string_equal(buf,
	                    "[Event \"Parity game\"]\n"
	                    "[Date \"????.??.??\"]\n"
	                    "[Black \"?\"]\n"
	                    "[White \"Parity Expert\"]\n"
	                    "[Result \"0-1\"]\n"
	                    "[GameType \"21\"]\n"
	                    "\n"
	                    "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 0-1\n\n");
	/* Too many tags are refused. */
	for (int i = 0; i < PDN_TAGS_MAX - 2; i++) {
		char name[16];
		snprintf(name, sizeof name, "T%d", i);
		assert_int_equal(pdn_set_tag(&g, name, "v"), GAME_OK);
	}
	assert_int_equal(pdn_set_tag(&g, "One", "too many"), GAME_ERR_SPACE);
	assert_int_equal(pdn_write(&g, buf, 10), GAME_ERR_SPACE);
	pdn_game_clear(&g);
	assert_int_equal(g.count, 0);
	assert_null(g.moves);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_shared_games),          cmocka_unit_test(test_round_trip),
	    cmocka_unit_test(test_what_files_contain),    cmocka_unit_test(test_faults),
	    cmocka_unit_test(test_truncated_and_mangled), cmocka_unit_test(test_huge),
	    cmocka_unit_test(test_tags_and_writer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
