/*
 * app/script.c — `--script FILE`: timed input events replayed into the real program, for
 * the window tests and for demonstrations. The format is in docs/SCRIPTS.md: one command a
 * line, each `DELAY COMMAND [ARGS]`, DELAY counted in ticks (1/60 s) after the previous
 * command. Events go through the same handler as real ones, in logical coordinates.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app/app.h"
#include "app/monkey.h"
#include "app/script.h"
#include "app/script_parse.h"
#include "io/atomic.h"

struct script {
	struct script_step *steps;
	int count, next;
	int countdown;         /* ticks left before the next step */
	bool waiting;          /* a wait step holds the script */
	int waited;            /* ticks spent in it */
	struct monkey *monkey; /* a monkey test under way (monkey N SEED), or NULL */
};

struct script *script_load(const char *path, char *err, size_t errlen)
{
	char *text = NULL, why[GAME_ERR_MAX];
	size_t len = 0;
	if (atomic_read(path, &text, &len, SCRIPT_FILE_MAX, why) != 0) {
		snprintf(err, errlen, "cannot open the script: %s", why);
		return NULL;
	}
	/* The scenes wait-scene and expect-scene may name. */
	const struct scene *const scenes[] = {&scene_menu,   &scene_play,    &scene_over,
	                                      &scene_help,   &scene_options, &scene_games,
	                                      &scene_review, &scene_analysis};
	const char *names[sizeof scenes / sizeof scenes[0] + 1];
	for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++)
		names[i] = scenes[i]->name;
	names[sizeof scenes / sizeof scenes[0]] = NULL;
	struct script *s = calloc(1, sizeof *s);
	if (!s)
		snprintf(err, errlen, "out of memory");
	else if (script_parse(text, len, names, &s->steps, &s->count, err, errlen) != 0) {
		free(s);
		s = NULL;
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
static void fail(struct app *a, const struct script_step *st, const char *why)
{
	fprintf(stderr, "parity: script line %d: %s\n", st->line, why);
	a->exit_code = 3;
	a->quit = true;
}

/* Runs one step; returns false if it must wait. */
static void run(struct app *a, struct script *s, const struct script_step *st)
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
		const struct script_step *st = &s->steps[s->next - 1];
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
		const struct script_step *st = &s->steps[s->next++];
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
