/*
 * app/monkey.c — the monkey test (`monkey N SEED` in a script, docs/SCRIPTS.md): N random
 * events — mouse moves, clicks and drags (often on the board's targets), keys with and
 * without modifiers, gamepad buttons, a virtual gamepad plugged in and out, window resizes,
 * focus changes, quit requests, render resets — sent through app_event, the handler real
 * input takes. Every few hundred events the monkey asks to go back to the title menu (Esc,
 * and Y when asked "Leave this game?") and fails if the menu cannot be reached within twenty
 * seconds: no scene may trap the player. From the menu it starts the next of the three
 * games, so that all of them are played. A quit request (Esc in the menu, Quit, the window's
 * close button) is refused and counted, so that the run goes on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/monkey.h"
#include "app/script.h"

enum {
	MONKEY_EVENTS_PER_TICK = 8,
	MONKEY_HOME_EVERY = 4000,             /* events between trips back to the menu (8 s), */
	MONKEY_HOME_MIN = 200,                /* or an eighth of a short run, at least this */
	MONKEY_HOME_TICKS = 20 * APP_TICK_HZ, /* the longest a trip may take */
};

struct monkey {
	long left, done;
	uint64_t rng;
	int until_home; /* events before the next trip back to the menu */
	int home_every; /* events between trips */
	int homing;     /* ticks spent on the way back to the menu, -1 when not going */
	int homes, longest_home, quits, resizes, pads;
	unsigned games;  /* bit per game played, by registry index */
	unsigned scenes; /* bit per scene seen */
	int virtual_pad; /* device index of the virtual gamepad, -1 when none */
	char why[200];
};

static const char *const scene_names[] = {"menu", "play", "over", "help", "games", "options"};

/* Returns the next number of a xorshift64 generator. */
static uint64_t next(struct monkey *m)
{
	m->rng ^= m->rng << 13;
	m->rng ^= m->rng >> 7;
	m->rng ^= m->rng << 17;
	return m->rng;
}

/* Returns a number from 0 to n - 1. */
static int below(struct monkey *m, int n)
{
	return (int)(next(m) % (uint64_t)n);
}

struct monkey *monkey_new(struct app *a, long events, uint32_t seed)
{
	(void)a;
	struct monkey *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->left = events;
	m->rng = 0x9e3779b97f4a7c15ull ^ ((uint64_t)seed << 1 | 1);
	m->home_every = events / 8 < MONKEY_HOME_MIN     ? MONKEY_HOME_MIN
	                : events / 8 > MONKEY_HOME_EVERY ? MONKEY_HOME_EVERY
	                                                 : (int)(events / 8);
	m->until_home = m->home_every;
	m->homing = -1;
	m->virtual_pad = -1;
	return m;
}

void monkey_free(struct monkey *m)
{
	if (!m)
		return;
	if (m->virtual_pad >= 0)
		SDL_JoystickDetachVirtual(m->virtual_pad);
	free(m);
}

const char *monkey_why(const struct monkey *m)
{
	return m->why;
}

/* Sends a window event. */
static void window_event(struct app *a, Uint8 what, int w, int h)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof ev);
	ev.type = SDL_WINDOWEVENT;
	ev.window.event = what;
	ev.window.data1 = w;
	ev.window.data2 = h;
	app_event(a, &ev);
}

/* Picks a logical point: anywhere (a little outside the canvas too), or on a board target. */
static void point(struct app *a, struct monkey *m, int *x, int *y)
{
	const struct play *p = &a->play;
	if (p->rules && below(m, 2) == 0) {
		int width;
		const int n = p->view->targets(p, &width);
		if (n > 0) {
			p->view->centre(p, below(m, n), x, y);
			*x += below(m, 21) - 10;
			*y += below(m, 21) - 10;
			return;
		}
	}
	*x = below(m, APP_W + 40) - 20;
	*y = below(m, APP_H + 40) - 20;
}

/* Sends one random event. */
static void random_event(struct app *a, struct monkey *m)
{
	static const SDL_Keycode keys[] = {
	    SDLK_UP,     SDLK_DOWN, SDLK_LEFT,      SDLK_RIGHT,    SDLK_RETURN,   SDLK_SPACE,
	    SDLK_ESCAPE, SDLK_TAB,  SDLK_BACKSPACE, SDLK_u,        SDLK_h,        SDLK_e,
	    SDLK_n,      SDLK_s,    SDLK_f,         SDLK_c,        SDLK_y,        SDLK_z,
	    SDLK_o,      SDLK_m,    SDLK_F1,        SDLK_F11,      SDLK_PAGEUP,   SDLK_PAGEDOWN,
	    SDLK_HOME,   SDLK_END,  SDLK_SLASH,     SDLK_QUESTION, SDLK_KP_ENTER, SDLK_a,
	    SDLK_1,      SDLK_UP,   SDLK_DOWN,      SDLK_LEFT,     SDLK_RIGHT,    SDLK_RETURN,
	};
	const int r = below(m, 1000);
	int x, y;
	if (r < 200) { /* the pointer moves */
		point(a, m, &x, &y);
		script_mouse(a, SDL_MOUSEMOTION, x, y, 0);
	} else if (r < 340) { /* a click */
		point(a, m, &x, &y);
		const Uint8 button = below(m, 8) == 0 ? SDL_BUTTON_RIGHT : SDL_BUTTON_LEFT;
		script_mouse(a, SDL_MOUSEMOTION, x, y, 0);
		script_mouse(a, SDL_MOUSEBUTTONDOWN, x, y, button);
		script_mouse(a, SDL_MOUSEBUTTONUP, x, y, button);
	} else if (r < 560) { /* a legal move, clicked as a player would (so that games end) */
		struct game_move moves[GAME_MOVES_MAX];
		const struct play *p = &a->play;
		const int n =
		    p->rules && !match_over(&p->match) ? match_legal(&p->match, moves) : 0;
		int step[GAME_TEXT_MAX];
		const int steps =
		    n ? script_move_targets(p, &moves[below(m, n)], step, GAME_TEXT_MAX) : 0;
		for (int i = 0; i < steps; i++) {
			p->view->centre(p, step[i], &x, &y);
			script_mouse(a, SDL_MOUSEMOTION, x, y, 0);
			script_mouse(a, SDL_MOUSEBUTTONDOWN, x, y, SDL_BUTTON_LEFT);
			script_mouse(a, SDL_MOUSEBUTTONUP, x, y, SDL_BUTTON_LEFT);
		}
	} else if (r < 580) { /* a drag, from one point to another */
		int x2, y2;
		point(a, m, &x, &y);
		point(a, m, &x2, &y2);
		script_mouse(a, SDL_MOUSEMOTION, x, y, 0);
		script_mouse(a, SDL_MOUSEBUTTONDOWN, x, y, SDL_BUTTON_LEFT);
		for (int i = 1; i <= 3; i++)
			script_mouse(a, SDL_MOUSEMOTION, x + (x2 - x) * i / 3, y + (y2 - y) * i / 3,
			             SDL_BUTTON_LEFT);
		if (below(m, 4)) /* sometimes the button is never let go */
			script_mouse(a, SDL_MOUSEBUTTONUP, x2, y2, SDL_BUTTON_LEFT);
	} else if (r < 595) { /* the wheel */
		SDL_Event ev;
		memset(&ev, 0, sizeof ev);
		ev.type = SDL_MOUSEWHEEL;
		ev.wheel.y = below(m, 7) - 3;
		app_event(a, &ev);
	} else if (r < 800) { /* a key */
		const int mods = below(m, 20);
		const Uint16 mod = mods == 0   ? KMOD_LCTRL
		                   : mods == 1 ? KMOD_LSHIFT
		                   : mods == 2 ? KMOD_LALT
		                   : mods == 3 ? (KMOD_LCTRL | KMOD_LSHIFT)
		                               : KMOD_NONE;
		SDL_Keycode k = keys[below(m, (int)(sizeof keys / sizeof keys[0]))];
		if (k == SDLK_F11 && below(m, 4)) /* fullscreen, but not too often */
			k = SDLK_RIGHT;
		script_key(a, k, mod, below(m, 10) == 0);
	} else if (r < 900) { /* a gamepad button */
		script_pad(a, (SDL_GameControllerButton)below(m, SDL_CONTROLLER_BUTTON_MAX));
		m->pads++;
	} else if (r < 940) { /* a gamepad stick */
		SDL_Event ev;
		memset(&ev, 0, sizeof ev);
		ev.type = SDL_CONTROLLERAXISMOTION;
		ev.caxis.axis = (Uint8)below(m, SDL_CONTROLLER_AXIS_MAX);
		ev.caxis.value = (Sint16)(below(m, 65536) - 32768);
		app_event(a, &ev);
		m->pads++;
	} else if (r < 955) { /* the window changes size (for real: SDL sends the events) */
		if (below(m, 2))
			SDL_SetWindowSize(a->window, 200 + below(m, 1400), 150 + below(m, 900));
		else
			window_event(a, SDL_WINDOWEVENT_SIZE_CHANGED, 200 + below(m, 1400),
			             150 + below(m, 900));
		m->resizes++;
	} else if (r < 975) { /* focus, minimise, expose */
		static const Uint8 what[] = {
		    SDL_WINDOWEVENT_FOCUS_LOST, SDL_WINDOWEVENT_FOCUS_GAINED,
		    SDL_WINDOWEVENT_MINIMIZED,  SDL_WINDOWEVENT_RESTORED,
		    SDL_WINDOWEVENT_EXPOSED,    SDL_WINDOWEVENT_LEAVE};
		window_event(a, what[below(m, (int)sizeof what)], 0, 0);
	} else if (r < 985) { /* a gamepad plugged in or out */
		if (m->virtual_pad < 0) {
			m->virtual_pad = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER,
			                                           6, SDL_CONTROLLER_BUTTON_MAX, 0);
		} else {
			SDL_JoystickDetachVirtual(m->virtual_pad);
			m->virtual_pad = -1;
		}
		SDL_Event ev;
		memset(&ev, 0, sizeof ev);
		ev.type = below(m, 2) ? SDL_CONTROLLERDEVICEADDED : SDL_CONTROLLERDEVICEREMOVED;
		app_event(a, &ev);
	} else if (r < 995) { /* the window's close button */
		SDL_Event ev;
		memset(&ev, 0, sizeof ev);
		ev.type = SDL_QUIT;
		app_event(a, &ev);
	} else { /* the renderer lost its textures */
		SDL_Event ev;
		memset(&ev, 0, sizeof ev);
		ev.type = SDL_RENDER_TARGETS_RESET;
		app_event(a, &ev);
	}
}

/* Notes which scene and game are showing. */
static void observe(const struct app *a, struct monkey *m)
{
	for (int i = 0; i < (int)(sizeof scene_names / sizeof scene_names[0]); i++)
		if (a->scene && strcmp(a->scene->name, scene_names[i]) == 0)
			m->scenes |= 1u << i;
	if (a->play.module && a->scene != &scene_menu)
		m->games |= 1u << a->play.game;
}

/* One tick of the way back to the menu. Returns 1 once there, 0 on the way, -1 when stuck. */
static int go_home(struct app *a, struct monkey *m)
{
	m->homing++;
	if (m->homing > MONKEY_HOME_TICKS) {
		snprintf(m->why, sizeof m->why,
		         "monkey: stuck in the %s scene: the menu was not reached in %d s (after "
		         "%ld events)",
		         a->scene ? a->scene->name : "no", MONKEY_HOME_TICKS / APP_TICK_HZ,
		         m->done);
		return -1;
	}
	if (a->fading_out || a->fade > 0 || m->homing % 4)
		return 0;
	if (a->scene == &scene_menu) {
		if (m->homing > m->longest_home)
			m->longest_home = m->homing;
		m->homes++;
		return 1;
	}
	if (a->scene == &scene_play && a->play.confirm_leave)
		script_key(a, SDLK_y, KMOD_NONE, false);
	else
		script_key(a, SDLK_ESCAPE, KMOD_NONE, false);
	return 0;
}

/* From the menu, starts the next game of the registry with the mouse (the Game row's right
 * arrow, then Start), against the computer or, every other round of all the games, between
 * two players (whose games the monkey finishes quickly, reaching the game-over scene). */
static void start_next_game(struct app *a, struct monkey *m)
{
	const int games = game_module_count();
	const char *want = game_module_at(m->homes % games)->rules->name;
	script_key(a, SDLK_n, KMOD_NONE, false); /* "Stay" if Esc asked "Quit Parity?" */
	for (int i = 0; i < games && strcmp(a->settings.game, want) != 0; i++) {
		script_mouse(a, SDL_MOUSEBUTTONDOWN, 900, 226, SDL_BUTTON_LEFT);
		script_mouse(a, SDL_MOUSEBUTTONUP, 900, 226, SDL_BUTTON_LEFT);
	}
	const char *mode = (m->homes / games) % 2 ? "two-players" : "vs-computer";
	for (int i = 0; i < 3 && strcmp(a->settings.mode, mode) != 0; i++) {
		script_mouse(a, SDL_MOUSEBUTTONDOWN, 900, 276, SDL_BUTTON_LEFT);
		script_mouse(a, SDL_MOUSEBUTTONUP, 900, 276, SDL_BUTTON_LEFT);
	}
	SDL_Point start;
	menu_button(a, "Start", &start); /* it closes up under the game's rows */
	script_mouse(a, SDL_MOUSEMOTION, start.x, start.y, 0);
	script_mouse(a, SDL_MOUSEBUTTONDOWN, start.x, start.y, SDL_BUTTON_LEFT);
	script_mouse(a, SDL_MOUSEBUTTONUP, start.x, start.y, SDL_BUTTON_LEFT);
	if (menu_confirming(a)) /* that game has an unfinished autosave: start anew */
		script_key(a, SDLK_y, KMOD_NONE, false);
}

int monkey_tick(struct app *a, struct monkey *m)
{
	observe(a, m);
	if (m->homing >= 0) {
		const int rc = go_home(a, m);
		if (rc < 0)
			return -1;
		if (rc == 0)
			return 0;
		m->homing = -1;
		m->until_home = m->home_every;
		if (m->left <= 0) {
			fprintf(stderr,
			        "parity: monkey: %ld events, %d trips back to the menu (longest "
			        "%.1f s), "
			        "%d quit requests refused, %d gamepad buttons, %d resizes; "
			        "games:",
			        m->done, m->homes, (double)m->longest_home / APP_TICK_HZ, m->quits,
			        m->pads, m->resizes);
			for (int g = 0; g < game_module_count(); g++)
				if (m->games & (1u << g))
					fprintf(stderr, " %s", game_module_at(g)->rules->name);
			fprintf(stderr, "; scenes:");
			for (int i = 0; i < (int)(sizeof scene_names / sizeof scene_names[0]); i++)
				if (m->scenes & (1u << i))
					fprintf(stderr, " %s", scene_names[i]);
			fprintf(stderr, "\n");
			return 1;
		}
		start_next_game(a, m);
		return 0;
	}
	for (int i = 0; i < MONKEY_EVENTS_PER_TICK && m->left > 0; i++) {
		random_event(a, m);
		m->left--;
		m->done++;
		if (a->quit && a->exit_code == 0) { /* a quit request: refused, counted */
			a->quit = false;
			m->quits++;
		}
		if (a->quit)
			return 0; /* a failed expectation ends the program */
		if (--m->until_home <= 0)
			break;
	}
	if (m->until_home <= 0 || m->left <= 0)
		m->homing = 0;
	return 0;
}
