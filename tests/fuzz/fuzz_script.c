/*
 * tests/fuzz/fuzz_script.c — fuzzes the script reader (app/script_parse.c, what `--script
 * FILE` loads): any bytes are either refused with a message naming a line, or read into
 * steps that hold what docs/SCRIPTS.md allows (delays 0 to 1 000 000, coordinates ±100 000,
 * known keys, gamepad buttons and scenes, line numbers in order) and that, written back as a
 * script, read back to the same steps. SDL's key and button names need no SDL_Init.
 */
#include "fuzz.h"

#include <limits.h>

#include "app/script_parse.h"

/* The scenes of the program (app/script.c gives the scenes' own names). */
static const char *const scenes[] = {"menu",  "play",   "over",     "help", "options",
                                     "games", "review", "analysis", NULL};

/* How a command's arguments are written: 0 none, 1 a word, 2 two numbers, 3 two words. */
static int args_of(enum script_command cmd)
{
	switch (cmd) {
	case CMD_CLICK:
	case CMD_MOVE:
	case CMD_DOWN:
	case CMD_UP:
	case CMD_MONKEY:
		return 2;
	case CMD_DRAG:
		return 3;
	case CMD_HINT:
	case CMD_HINT_DRAG:
	case CMD_WAIT:
	case CMD_QUIT:
		return 0;
	default:
		return 1;
	}
}

/* Checks that line `text` (len bytes, no newline) is the step's whole line: its words, up to
 * a '#', are the delay, the command's name and its arguments, none cut or dropped. */
static void check_words(const struct script_step *st, const char *text, size_t len)
{
	char *line = fuzz_text((const uint8_t *)text, len);
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	char *word[8];
	int n = 0;
	for (char *p = line; n < 8;) {
		while (*p && strchr(" \t\n\v\f\r", *p))
			p++;
		if (!*p)
			break;
		word[n++] = p;
		while (*p && !strchr(" \t\n\v\f\r", *p))
			p++;
		if (*p)
			*p++ = '\0';
	}
	const int args = args_of(st->cmd);
	FUZZ_CHECK(n == 2 + (args == 0 ? 0 : args == 1 ? 1 : 2));
	FUZZ_CHECK(strtol(word[0], NULL, 10) == st->delay);
	FUZZ_CHECK(strcmp(word[1], script_command_name(st->cmd)) == 0);
	if (args == 1 || args == 3)
		FUZZ_CHECK(strcmp(word[2], st->text) == 0);
	if (args == 3)
		FUZZ_CHECK(strcmp(word[3], st->text2) == 0);
	if (args == 2)
		FUZZ_CHECK(strtol(word[2], NULL, 10) == st->x &&
		           strtol(word[3], NULL, 10) == st->y);
	free(line);
}

/* Checks one step against what the reader promises. */
static void check_step(const struct script_step *st, int previous_line)
{
	FUZZ_CHECK(st->line > previous_line);
	FUZZ_CHECK(st->delay >= 0 && st->delay <= SCRIPT_DELAY_MAX);
	FUZZ_CHECK(script_command_name(st->cmd) != NULL);
	FUZZ_CHECK(memchr(st->text, '\0', sizeof st->text) &&
	           memchr(st->text2, '\0', sizeof st->text2));
	switch (st->cmd) {
	case CMD_KEY:
		FUZZ_CHECK(st->key != SDLK_UNKNOWN);
		break;
	case CMD_PAD:
		FUZZ_CHECK(st->x >= 0 && st->x < SDL_CONTROLLER_BUTTON_MAX);
		break;
	case CMD_WAIT_SCENE:
	case CMD_EXPECT_SCENE: {
		int known = 0;
		for (const char *const *s = scenes; *s; s++)
			known |= strcmp(*s, st->text) == 0;
		FUZZ_CHECK(known);
		break;
	}
	case CMD_EXPECT_MOVES:
		FUZZ_CHECK(st->x >= 0 && st->x <= 1000000);
		break;
	case CMD_MONKEY:
		FUZZ_CHECK(st->x >= 0 && st->x <= 100000000 && st->y >= 0);
		break;
	case CMD_CLICK:
	case CMD_MOVE:
	case CMD_DOWN:
	case CMD_UP:
		FUZZ_CHECK(st->x >= -100000 && st->x <= 100000 && st->y >= -100000 &&
		           st->y <= 100000);
		break;
	default:
		break;
	}
	if (args_of(st->cmd) == 1 || args_of(st->cmd) == 3)
		FUZZ_CHECK(st->text[0] && !strpbrk(st->text, " \t\n\v\f\r#"));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct script_step *steps = (struct script_step *)&steps; /* must become NULL or steps */
	int count = -1;
	char err[256] = "";
	if (script_parse((const char *)data, size, scenes, &steps, &count, err, sizeof err) != 0) {
		FUZZ_CHECK(steps == NULL && count == 0);
		FUZZ_CHECK(strncmp(err, "script line ", 12) == 0 ||
		           strcmp(err, "out of memory") == 0);
		return 0;
	}
	FUZZ_CHECK(count >= 0 && (count == 0) == (steps == NULL));
	/* Written back one step a line, the script reads back to the same steps. */
	size_t cap = (size_t)count * (SCRIPT_LINE_MAX + 1) + 1, len = 0;
	char *text = malloc(cap);
	if (!text)
		abort();
	const char *at = (const char *)data, *stop = (const char *)data + size;
	int line = 1;
	for (int i = 0; i < count; i++) {
		const struct script_step *st = &steps[i];
		check_step(st, i ? steps[i - 1].line : 0);
		for (; line < st->line; line++) {
			at = memchr(at, '\n', (size_t)(stop - at));
			FUZZ_CHECK(at != NULL);
			at++;
		}
		const char *end = memchr(at, '\n', (size_t)(stop - at));
		check_words(st, at, (size_t)((end ? end : stop) - at));
		int n;
		switch (args_of(st->cmd)) {
		case 0:
			n = snprintf(text + len, cap - len, "%d %s\n", st->delay,
			             script_command_name(st->cmd));
			break;
		case 2:
			n = snprintf(text + len, cap - len, "%d %s %d %d\n", st->delay,
			             script_command_name(st->cmd), st->x, st->y);
			break;
		case 3:
			n = snprintf(text + len, cap - len, "%d %s %s %s\n", st->delay,
			             script_command_name(st->cmd), st->text, st->text2);
			break;
		default:
			n = snprintf(text + len, cap - len, "%d %s %s\n", st->delay,
			             script_command_name(st->cmd), st->text);
			break;
		}
		FUZZ_CHECK(n > 0 && (size_t)n < cap - len && n < SCRIPT_LINE_MAX);
		len += (size_t)n;
	}
	struct script_step *again = NULL;
	int count_again = 0;
	FUZZ_CHECK(script_parse(text, len, scenes, &again, &count_again, err, sizeof err) == 0);
	FUZZ_CHECK(count_again == count);
	for (int i = 0; i < count; i++) {
		const struct script_step *a = &steps[i], *b = &again[i];
		FUZZ_CHECK(b->line == i + 1 && a->delay == b->delay && a->cmd == b->cmd);
		switch (args_of(a->cmd)) {
		case 2:
			FUZZ_CHECK(a->x == b->x && a->y == b->y);
			break;
		case 3:
			FUZZ_CHECK(strcmp(a->text2, b->text2) == 0);
			/* fall through */
		case 1:
			FUZZ_CHECK(strcmp(a->text, b->text) == 0 && a->x == b->x &&
			           a->key == b->key && a->mod == b->mod);
			break;
		default:
			break;
		}
	}
	free(again);
	free(text);
	free(steps);
	return 0;
}
