/*
 * app/script_parse.c — the script reader: text into steps, every check made at load
 * (app/script_parse.h). The steps are played by app/script.c.
 */
#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/script_parse.h"
#include "core/game.h"

static const struct {
	const char *name;
	enum script_command cmd;
	int args; /* 0 none, 1 a word, 2 two numbers, 3 two words */
} commands[] = {
    {"key", CMD_KEY, 1},
    {"click", CMD_CLICK, 2},
    {"button", CMD_BUTTON, 1},
    {"move", CMD_MOVE, 2},
    {"down", CMD_DOWN, 2},
    {"up", CMD_UP, 2},
    {"drag", CMD_DRAG, 3},
    {"square", CMD_SQUARE, 1},
    {"hint", CMD_HINT, 0},
    {"hint-drag", CMD_HINT_DRAG, 0},
    {"wait", CMD_WAIT, 0},
    {"wait-scene", CMD_WAIT_SCENE, 1},
    {"expect-scene", CMD_EXPECT_SCENE, 1},
    {"screenshot", CMD_SCREENSHOT, 1},
    {"quit", CMD_QUIT, 0},
    {"pad", CMD_PAD, 1},
    {"dump", CMD_DUMP, 1},
    {"expect-moves", CMD_EXPECT_MOVES, 1},
    {"monkey", CMD_MONKEY, 2},
    {"clipboard", CMD_CLIPBOARD, 1},
};

/* Reads "ctrl+shift+z" into a key and modifiers; returns success. */
static bool parse_key(const char *text, SDL_Keycode *key, Uint16 *mod)
{
	*mod = 0;
	for (;;) {
		if (strncmp(text, "ctrl+", 5) == 0) {
			*mod |= KMOD_LCTRL;
			text += 5;
		} else if (strncmp(text, "shift+", 6) == 0) {
			*mod |= KMOD_LSHIFT;
			text += 6;
		} else if (strncmp(text, "alt+", 4) == 0) {
			*mod |= KMOD_LALT;
			text += 4;
		} else {
			break;
		}
	}
	*key = SDL_GetKeyFromName(text);
	return *key != SDLK_UNKNOWN;
}

/* Returns whether `text` is a whole decimal number from lo to hi (core/game.h's reader: no
 * sign but '-', no junk, no overflow), storing it in *v. */
static bool number_in(const char *text, long lo, long hi, int *v)
{
	long x;
	if (!game_parse_long(text, lo, hi, &x))
		return false;
	*v = (int)x;
	return true;
}

/* Parses one line into a step; returns 1 for a step, 0 for a blank or comment, -1 on error. */
static int parse_line(char *line, struct script_step *st, char *err, size_t errlen, int number)
{
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	/* The line's words, whole: a word is never cut to fit (the rest would be read as the
	 * next word), a fifth word is refused. */
	char *words[5];
	int n = 0;
	for (char *p = line;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (n == 5)
			goto bad;
		words[n++] = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
	if (n == 0)
		return 0;
	const char *first = words[0], *word = n > 1 ? words[1] : "";
	const char *arg1 = n > 2 ? words[2] : "", *arg2 = n > 3 ? words[3] : "";
	int delay;
	if (n < 2 || n > 4 || !number_in(first, 0, SCRIPT_DELAY_MAX, &delay))
		goto bad;
	if (strlen(arg1) >= sizeof st->text || strlen(arg2) >= sizeof st->text2) {
		snprintf(err, errlen, "script line %d: an argument longer than %zu bytes", number,
		         (strlen(arg1) >= sizeof st->text ? sizeof st->text : sizeof st->text2) -
		             1);
		return -1;
	}
	memset(st, 0, sizeof *st);
	st->delay = delay;
	st->line = number;
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(word, commands[i].name) != 0)
			continue;
		st->cmd = commands[i].cmd;
		const int have = n - 2;
		if ((commands[i].args == 0 && have != 0) || (commands[i].args == 1 && have != 1) ||
		    (commands[i].args >= 2 && have != 2))
			goto bad;
		if (st->cmd == CMD_KEY && !parse_key(arg1, &st->key, &st->mod)) {
			snprintf(err, errlen, "script line %d: unknown key \"%s\"", number, arg1);
			return -1;
		}
		if (st->cmd == CMD_PAD && (st->x = SDL_GameControllerGetButtonFromString(arg1)) ==
		                              SDL_CONTROLLER_BUTTON_INVALID) {
			snprintf(err, errlen,
			         "script line %d: unknown gamepad button \"%s\" (a, b, x, y, "
			         "start, back, dpup, dpdown, dpleft, dpright...)",
			         number, arg1);
			return -1;
		}
		if (st->cmd == CMD_EXPECT_MOVES && !number_in(arg1, 0, 1000000, &st->x))
			goto bad;
		if (st->cmd == CMD_MONKEY && (!number_in(arg1, 0, 100000000, &st->x) ||
		                              !number_in(arg2, 0, INT_MAX, &st->y)))
			goto bad;
		if (commands[i].args == 2 && st->cmd != CMD_MONKEY &&
		    (!number_in(arg1, -100000, 100000, &st->x) ||
		     !number_in(arg2, -100000, 100000, &st->y)))
			goto bad;
		snprintf(st->text, sizeof st->text, "%s", arg1);
		snprintf(st->text2, sizeof st->text2, "%s", arg2);
		return 1;
	}
bad:
	snprintf(err, errlen,
	         "script line %d: expected \"DELAY COMMAND [ARGS]\" (see docs/SCRIPTS.md)", number);
	return -1;
}

const char *script_command_name(enum script_command cmd)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (commands[i].cmd == cmd)
			return commands[i].name;
	return NULL;
}

/* Returns whether `name` is one of `scenes` (NULL-terminated). */
static bool scene_known(const char *const *scenes, const char *name)
{
	for (; *scenes; scenes++)
		if (strcmp(*scenes, name) == 0)
			return true;
	return false;
}

/* Writes "script line N: unknown scene "NAME" (a, b, ...)" into err. */
static void unknown_scene(const char *const *scenes, const char *name, int number, char *err,
                          size_t errlen)
{
	int at = snprintf(err, errlen, "script line %d: unknown scene \"%.40s\" (", number, name);
	for (const char *const *s = scenes; *s && at >= 0 && (size_t)at < errlen; s++)
		at += snprintf(err + at, errlen - (size_t)at, "%s%s", s == scenes ? "" : ", ", *s);
	if (at >= 0 && (size_t)at < errlen)
		snprintf(err + at, errlen - (size_t)at, ")");
}

int script_parse(const char *text, size_t len, const char *const *scenes,
                 struct script_step **steps, int *count, char *err, size_t errlen)
{
	struct script_step *all = NULL;
	int n = 0, number = 0, cap = 0;
	*steps = NULL;
	*count = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		const size_t end = nl ? (size_t)(nl - text) : len;
		char line[SCRIPT_LINE_MAX];
		number++;
		struct script_step st;
		int rc;
		/* A line is taken whole or refused whole: never cut in two, never ended early by
		 * a NUL byte (what follows it would be lost). */
		if (end - at >= sizeof line) {
			snprintf(err, errlen, "script line %d: longer than %d bytes", number,
			         SCRIPT_LINE_MAX - 1);
			rc = -1;
		} else if (memchr(text + at, '\0', end - at)) {
			snprintf(err, errlen, "script line %d: a NUL byte", number);
			rc = -1;
		} else {
			memcpy(line, text + at, end - at);
			line[end - at] = '\0';
			rc = parse_line(line, &st, err, errlen, number);
		}
		at = end + 1;
		if (rc == 1 && (st.cmd == CMD_WAIT_SCENE || st.cmd == CMD_EXPECT_SCENE) &&
		    !scene_known(scenes, st.text)) {
			unknown_scene(scenes, st.text, number, err, errlen);
			rc = -1;
		}
		if (rc < 0) {
			free(all);
			return -1;
		}
		if (rc == 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			struct script_step *grown = realloc(all, (size_t)cap * sizeof *grown);
			if (!grown) {
				free(all);
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			all = grown;
		}
		all[n++] = st;
	}
	*steps = all;
	*count = n;
	return 0;
}
