/*
 * app/script.c — `--script FILE`: timed input events replayed into the real program, for
 * the window tests and for demonstrations. The format is in docs/SCRIPTS.md: one command a
 * line, each `DELAY COMMAND [ARGS]`, DELAY counted in ticks (1/60 s) after the previous
 * command. Events go through the same handler as real ones, in logical coordinates.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/app.h"
#include "app/monkey.h"
#include "app/script.h"
#include "io/atomic.h"

enum command {
	CMD_KEY,
	CMD_CLICK,
	CMD_BUTTON,
	CMD_MOVE,
	CMD_DOWN,
	CMD_UP,
	CMD_SQUARE,
	CMD_DRAG,
	CMD_HINT,
	CMD_HINT_DRAG,
	CMD_WAIT,
	CMD_WAIT_SCENE,
	CMD_EXPECT_SCENE,
	CMD_SCREENSHOT,
	CMD_QUIT,
	CMD_PAD,
	CMD_DUMP,
	CMD_EXPECT_MOVES,
	CMD_MONKEY,
	CMD_CLIPBOARD
};

enum {
	SCRIPT_LINE_MAX = 512,              /* a longer line is refused, not cut */
	SCRIPT_FILE_MAX = 16 * 1024 * 1024, /* a larger script is refused */
};

struct step {
	int delay;
	enum command cmd;
	int x, y;
	SDL_Keycode key;
	Uint16 mod;
	char text[256];
	char text2[32]; /* drag: the square dropped on */
	int line;
};

struct script {
	struct step *steps;
	int count, next;
	int countdown;         /* ticks left before the next step */
	bool waiting;          /* a wait step holds the script */
	int waited;            /* ticks spent in it */
	struct monkey *monkey; /* a monkey test under way (monkey N SEED), or NULL */
};

static const struct {
	const char *name;
	enum command cmd;
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

/* Returns whether `text` is a whole decimal number from lo to hi (no junk, no overflow),
 * storing it in *v. */
static bool number_in(const char *text, long lo, long hi, int *v)
{
	char *end;
	errno = 0;
	const long x = strtol(text, &end, 10);
	if (end == text || *end || errno == ERANGE || x < lo || x > hi)
		return false;
	*v = (int)x;
	return true;
}

/* Parses one line into a step; returns 1 for a step, 0 for a blank or comment, -1 on error. */
static int parse_line(char *line, struct step *st, char *err, size_t errlen, int number)
{
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	char first[32] = "", word[32] = "", arg1[256] = "", arg2[32] = "", more[2] = "";
	int delay;
	const int n = sscanf(line, "%31s %31s %255s %31s %1s", first, word, arg1, arg2, more);
	if (n <= 0) {
		for (char *c = line; *c; c++)
			if (!isspace((unsigned char)*c))
				goto bad;
		return 0;
	}
	if (n < 2 || n > 4 || !number_in(first, 0, 1000000, &delay))
		goto bad;
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

/* Returns whether `name` names a scene (wait-scene and expect-scene take these). */
static bool scene_known(const char *name)
{
	const struct scene *const scenes[] = {&scene_menu,   &scene_play,    &scene_over,
	                                      &scene_help,   &scene_options, &scene_games,
	                                      &scene_review, &scene_analysis};
	for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++)
		if (strcmp(scenes[i]->name, name) == 0)
			return true;
	return false;
}

struct script *script_load(const char *path, char *err, size_t errlen)
{
	char *text = NULL, why[GAME_ERR_MAX];
	size_t len = 0;
	if (atomic_read(path, &text, &len, SCRIPT_FILE_MAX, why) != 0) {
		snprintf(err, errlen, "cannot open the script: %s", why);
		return NULL;
	}
	struct script *s = calloc(1, sizeof *s);
	if (!s)
		snprintf(err, errlen, "out of memory");
	int number = 0, cap = 0;
	for (size_t at = 0; s && at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		const size_t end = nl ? (size_t)(nl - text) : len;
		char line[SCRIPT_LINE_MAX];
		number++;
		struct step st;
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
		    !scene_known(st.text)) {
			snprintf(err, errlen,
			         "script line %d: unknown scene \"%.40s\" (menu, play, over, help, "
			         "options, games, review, analysis)",
			         number, st.text);
			rc = -1;
		}
		if (rc < 0) {
			script_free(s);
			s = NULL;
			break;
		}
		if (rc == 0)
			continue;
		if (s->count == cap) {
			cap = cap ? cap * 2 : 64;
			struct step *grown = realloc(s->steps, (size_t)cap * sizeof *grown);
			if (!grown) {
				script_free(s);
				s = NULL;
				snprintf(err, errlen, "out of memory");
				break;
			}
			s->steps = grown;
		}
		s->steps[s->count++] = st;
	}
	free(text);
	if (s && s->count)
		s->countdown = s->steps[0].delay;
	return s;
}

void script_free(struct script *s)
{
	if (!s)
		return;
	monkey_free(s->monkey);
	free(s->steps);
	free(s);
}

void script_key(struct app *a, SDL_Keycode k, Uint16 mod, bool repeat)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof ev);
	ev.type = SDL_KEYDOWN;
	ev.key.state = SDL_PRESSED;
	ev.key.repeat = repeat;
	ev.key.keysym.sym = k;
	ev.key.keysym.scancode = SDL_GetScancodeFromKey(k);
	ev.key.keysym.mod = mod;
	app_event(a, &ev);
	ev.type = SDL_KEYUP;
	ev.key.state = SDL_RELEASED;
	app_event(a, &ev);
}

void script_mouse(struct app *a, Uint32 type, int x, int y, Uint8 button)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof ev);
	ev.type = type;
	if (type == SDL_MOUSEMOTION) {
		ev.motion.x = x;
		ev.motion.y = y;
		ev.motion.state = button ? SDL_BUTTON(button) : 0;
	} else {
		ev.button.button = button;
		ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
		ev.button.clicks = 1;
		ev.button.x = x;
		ev.button.y = y;
	}
	app_event(a, &ev);
}

void script_pad(struct app *a, SDL_GameControllerButton button)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof ev);
	ev.type = SDL_CONTROLLERBUTTONDOWN;
	ev.cbutton.button = (Uint8)button;
	ev.cbutton.state = SDL_PRESSED;
	app_event(a, &ev);
	ev.type = SDL_CONTROLLERBUTTONUP;
	ev.cbutton.state = SDL_RELEASED;
	app_event(a, &ev);
}

/* A script's mouse event at logical (x, y): the left button, none held while moving. */
static void mouse(struct app *a, Uint32 type, int x, int y)
{
	script_mouse(a, type, x, y, type == SDL_MOUSEMOTION ? 0 : SDL_BUTTON_LEFT);
}

/* Moves to (x, y) and clicks there. */
static void click(struct app *a, int x, int y)
{
	mouse(a, SDL_MOUSEMOTION, x, y);
	mouse(a, SDL_MOUSEBUTTONDOWN, x, y);
	mouse(a, SDL_MOUSEBUTTONUP, x, y);
}

/* Presses at (x, y), moves to (x2, y2) in a few steps and releases there: a drag. */
static void drag(struct app *a, int x, int y, int x2, int y2)
{
	mouse(a, SDL_MOUSEMOTION, x, y);
	mouse(a, SDL_MOUSEBUTTONDOWN, x, y);
	for (int i = 1; i <= 4; i++)
		mouse(a, SDL_MOUSEMOTION, x + (x2 - x) * i / 4, y + (y2 - y) * i / 4);
	mouse(a, SDL_MOUSEBUTTONUP, x2, y2);
}

/* Returns the first legal move now, storing it in *move, or false when there is none. */
static bool first_move(const struct play *p, struct game_move *move)
{
	struct game_move moves[GAME_MOVES_MAX];
	if (match_legal(&p->match, moves) == 0)
		return false;
	*move = moves[0];
	return true;
}

int script_move_targets(const struct play *p, const struct game_move *move, int *out, int max)
{
	if (p->view->steps)
		return p->view->steps(p, move, out, max);
	char text[GAME_TEXT_MAX];
	p->rules->move_to_text(match_pos(&p->match), move, text, sizeof text);
	out[0] = p->view->index_of(p, text);
	return out[0] >= 0 ? 1 : 0;
}

/* Writes the scene, the game and the moves played (the `dump FILE` command) to path, atomically
 * (a kill leaves the old dump or the new one); returns success. */
static bool dump(const struct app *a, const char *path)
{
	const struct play *p = &a->play;
	static char record[1 << 16], text[(1 << 16) + 256];
	record[0] = '\0';
	if (p->rules && match_record(&p->match, record, sizeof record) < 0)
		record[0] = '\0';
	const int n = snprintf(
	    text, sizeof text,
	    "scene %s\ngame %s\nmoves %d\nrecord %s\nclocks %d %d\ncounts %d %d\nstatus %s\n",
	    a->scene ? a->scene->name : "none", p->rules ? p->rules->name : "none",
	    p->rules ? p->match.cursor : 0, record, (int)p->think_total[0], (int)p->think_total[1],
	    p->rules ? p->view->count(p, 0) : 0, p->rules ? p->view->count(p, 1) : 0,
	    p->rules && a->now < p->status_end ? p->status : "");
	char err[GAME_ERR_MAX];
	if (n < 0 || (size_t)n >= sizeof text || atomic_write(path, text, (size_t)n, err) != 0)
		return false;
	return true;
}

/* Returns whether the scene named `name` is showing and settled. */
static bool scene_is(const struct app *a, const char *name)
{
	return a->scene && strcmp(a->scene->name, name) == 0 && !a->fading_out && a->fade == 0;
}

/* Stops the program with a failed expectation. */
static void fail(struct app *a, const struct step *st, const char *why)
{
	fprintf(stderr, "parity: script line %d: %s\n", st->line, why);
	a->exit_code = 3;
	a->quit = true;
}

/* Runs one step; returns false if it must wait. */
static void run(struct app *a, struct script *s, const struct step *st)
{
	struct play *p = &a->play;
	switch (st->cmd) {
	case CMD_KEY:
		script_key(a, st->key, st->mod, false);
		break;
	case CMD_CLICK:
		click(a, st->x, st->y);
		break;
	case CMD_BUTTON: {
		SDL_Point c;
		if (!scene_is(a, "menu") || !menu_button(a, st->text, &c)) {
			fail(a, st, "no such button on the title menu");
			return;
		}
		click(a, c.x, c.y);
		break;
	}
	case CMD_MOVE:
		mouse(a, SDL_MOUSEMOTION, st->x, st->y);
		break;
	case CMD_DOWN:
		mouse(a, SDL_MOUSEMOTION, st->x, st->y);
		mouse(a, SDL_MOUSEBUTTONDOWN, st->x, st->y);
		break;
	case CMD_UP:
		mouse(a, SDL_MOUSEMOTION, st->x, st->y);
		mouse(a, SDL_MOUSEBUTTONUP, st->x, st->y);
		break;
	case CMD_SQUARE:
	case CMD_DRAG: {
		if (!p->rules) {
			fail(a, st, "no game is being played");
			return;
		}
		const int index = p->view->index_of(p, st->text);
		const int to = st->cmd == CMD_DRAG ? p->view->index_of(p, st->text2) : index;
		if (index < 0 || to < 0) {
			fail(a, st, "no such target on the board");
			return;
		}
		int x, y, x2, y2;
		p->view->centre(p, index, &x, &y);
		p->view->centre(p, to, &x2, &y2);
		if (st->cmd == CMD_DRAG)
			drag(a, x, y, x2, y2);
		else
			click(a, x, y);
		break;
	}
	case CMD_HINT:
	case CMD_HINT_DRAG: {
		if (!p->rules) {
			fail(a, st, "no game is being played");
			return;
		}
		struct game_move move;
		if (match_over(&p->match) || play_computer_to_move(p) || !first_move(p, &move))
			break; /* nothing to play: scripts may ask for more moves than a game has */
		int step[GAME_TEXT_MAX], x, y, x2, y2;
		const int n = script_move_targets(p, &move, step, GAME_TEXT_MAX);
		if (n == 0) {
			fail(a, st, "no such target on the board");
			return;
		}
		if (st->cmd == CMD_HINT || n < 2) { /* click each target in turn */
			for (int i = 0; i < n; i++) {
				p->view->centre(p, step[i], &x, &y);
				click(a, x, y);
			}
			break;
		}
		/* Drag the piece hop by hop: a multi-jump goes one landing square at a time,
		 * whatever other paths there are. */
		for (int i = 1; i < n; i++) {
			p->view->centre(p, step[i - 1], &x, &y);
			p->view->centre(p, step[i], &x2, &y2);
			drag(a, x, y, x2, y2);
		}
		break;
	}
	case CMD_WAIT:
	case CMD_WAIT_SCENE:
		s->waiting = true;
		s->waited = 0;
		break;
	case CMD_EXPECT_SCENE:
		if (!scene_is(a, st->text)) {
			char why[300];
			snprintf(why, sizeof why, "expected the %s scene, found %s", st->text,
			         a->scene ? a->scene->name : "none");
			fail(a, st, why);
		}
		break;
	case CMD_SCREENSHOT:
		snprintf(a->shot_path, sizeof a->shot_path, "%s", st->text);
		break;
	case CMD_QUIT:
		a->quit = true;
		break;
	case CMD_PAD:
		script_pad(a, (SDL_GameControllerButton)st->x);
		break;
	case CMD_DUMP:
		if (!dump(a, st->text))
			fail(a, st, "cannot write the dump file");
		break;
	case CMD_CLIPBOARD: { /* the clipboard takes the file's text, as if copied elsewhere */
		FILE *f = fopen(st->text, "rb");
		char text[4096];
		const size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
		if (f)
			fclose(f);
		text[n] = '\0';
		if (!f || SDL_SetClipboardText(text) != 0)
			fail(a, st, "cannot put the file on the clipboard");
		break;
	}
	case CMD_EXPECT_MOVES:
		if (!p->rules || p->match.cursor != st->x) {
			char why[300];
			snprintf(why, sizeof why, "expected %d moves played, found %d", st->x,
			         p->rules ? p->match.cursor : -1);
			fail(a, st, why);
		}
		break;
	case CMD_MONKEY:
		s->monkey = monkey_new(a, st->x, (uint32_t)st->y);
		if (!s->monkey)
			fail(a, st, "out of memory");
		break;
	}
}

bool script_tick(struct app *a, struct script *s)
{
	if (*a->shot_path)
		return true; /* a screenshot is due: let the frame be drawn first */
	if (s->monkey) {
		const int rc = monkey_tick(a, s->monkey);
		if (rc < 0) {
			fail(a, &s->steps[s->next - 1], monkey_why(s->monkey));
			return true;
		}
		if (rc == 0)
			return true; /* still running */
		monkey_free(s->monkey);
		s->monkey = NULL;
		if (s->next < s->count)
			s->countdown = s->steps[s->next].delay;
	}
	if (s->waiting) {
		const struct step *st = &s->steps[s->next - 1];
		const bool done = st->cmd == CMD_WAIT ? play_idle(a) : scene_is(a, st->text);
		if (!done) {
			if (++s->waited > 120 * APP_TICK_HZ)
				fail(a, st, "waited two minutes in vain");
			return true;
		}
		s->waiting = false;
		if (s->next < s->count)
			s->countdown = s->steps[s->next].delay;
	}
	while (s->next < s->count && s->countdown <= 0 && !a->quit) {
		const struct step *st = &s->steps[s->next++];
		run(a, s, st);
		if (s->waiting || s->monkey)
			return true; /* the next step's delay starts when the wait ends */
		if (s->next < s->count)
			s->countdown = s->steps[s->next].delay;
		if (*a->shot_path)
			return true;
	}
	s->countdown--;
	return s->next < s->count || s->waiting;
}
