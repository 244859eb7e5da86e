/*
 * app/app.c — the front end's start, main loop and scene machine.
 *
 * The loop follows "Fix Your Timestep!": real time feeds an accumulator that advances the
 * game clock in fixed ticks of 1/60 s; drawing happens once per frame with vsync (or a
 * frame cap when vsync does not hold the rate), and the loop sleeps on the event queue when
 * nothing moves. Focus loss stops the clock, so animations and thinking times pause too.
 */
#include "app/app.h"
#include "app/script.h"

#include <SDL_image.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/assets.h"
#include "app/i18n.h"
#include "io/atomic.h"
#include "io/records.h"
#include "io/save.h"

#ifndef PARITY_VERSION
#define PARITY_VERSION "0.1.0"
#endif

/* ---- scenes ----------------------------------------------------------------------------- */

/* Enters the scene now showing with a fresh (zeroed) context. */
static void enter_scene(struct app *a)
{
	SDL_assert_release(a->scene->context <= sizeof a->scene_ctx);
	memset(a->scene_ctx, 0, sizeof a->scene_ctx);
	a->scene->enter(a);
}

/* Leaves the scene now showing: it frees what its context holds. */
static void leave_scene(struct app *a)
{
	if (a->scene->leave)
		a->scene->leave(a);
	memset(a->scene_ctx, 0, sizeof a->scene_ctx);
}

void app_change_scene(struct app *a, const struct scene *scene)
{
	if (!a->scene) {
		a->scene = scene;
		enter_scene(a);
		return;
	}
	a->next_scene = scene;
	a->fading_out = true;
}

/* Advances the fade: out to black, switch, back in. */
static void fade_update(struct app *a, double dt)
{
	const double each_way = app_anim(a, 0.15); /* 150 ms each way; none without animations */
	const double speed = each_way > 0 ? 1.0 / each_way : 1e9;
	if (a->fading_out) {
		a->fade += dt * speed;
		if (a->fade >= 1.0) {
			a->fade = 1.0;
			a->fading_out = false;
			leave_scene(a);
			a->last_scene = a->scene;
			a->scene = a->next_scene;
			a->next_scene = NULL;
			enter_scene(a);
			if (each_way <= 0)
				a->fade = 0; /* no fade at all */
		}
	} else if (a->fade > 0) {
		a->fade -= dt * speed;
		if (a->fade < 0)
			a->fade = 0;
	}
}

/* ---- drawing helpers -------------------------------------------------------------------- */

bool app_inside(SDL_Rect r, int x, int y)
{
	return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

void app_draw_colour(struct app *a, SDL_Color c)
{
	SDL_SetRenderDrawColor(a->renderer, c.r, c.g, c.b, 255);
}

void app_draw_tinted(struct app *a, SDL_Color base, SDL_Color mod)
{
	SDL_SetRenderDrawColor(a->renderer, (Uint8)(base.r * mod.r / 255),
	                       (Uint8)(base.g * mod.g / 255), (Uint8)(base.b * mod.b / 255), 255);
}

void app_panel(struct app *a, SDL_Rect r, SDL_Color fill)
{
	SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND);
	const int luma = (2126 * fill.r + 7152 * fill.g + 722 * fill.b) / 10000;
	if (a->theme.high_contrast && luma < 110) {
		/* High contrast: black panels, outlined; a highlighted one in yellow. */
		const bool lit = luma >= 70;
		const int t = lit ? 3 : 1;
		const Uint8 edge = 150;
		if (lit)
			SDL_SetRenderDrawColor(a->renderer, 255, 255, 0, 255);
		else
			SDL_SetRenderDrawColor(a->renderer, edge, edge, edge, 255);
		SDL_RenderFillRect(a->renderer, &r);
		SDL_SetRenderDrawColor(a->renderer, 0, 0, 0, 255);
		SDL_Rect in = {r.x + t, r.y + t, r.w - 2 * t, r.h - 2 * t};
		SDL_RenderFillRect(a->renderer, &in);
		return;
	}
	SDL_SetRenderDrawColor(a->renderer, fill.r, fill.g, fill.b, fill.a);
	/* Corners cut by two pixels read as rounded at this size. */
	SDL_Rect body = {r.x + 2, r.y, r.w - 4, r.h};
	SDL_RenderFillRect(a->renderer, &body);
	SDL_Rect left = {r.x, r.y + 2, 2, r.h - 4}, right = {r.x + r.w - 2, r.y + 2, 2, r.h - 4};
	SDL_RenderFillRect(a->renderer, &left);
	SDL_RenderFillRect(a->renderer, &right);
}

bool app_button(struct app *a, SDL_Rect r, const char *label, bool selected)
{
	const bool over = app_inside(r, a->mouse_x, a->mouse_y);
	SDL_Color fill = selected ? (SDL_Color){232, 186, 72, 255}
	                 : over   ? (SDL_Color){92, 110, 104, 255}
	                          : (SDL_Color){58, 72, 68, 255};
	if (a->theme.high_contrast && selected)
		fill = (SDL_Color){255, 255, 0, 255};
	app_panel(a, r, fill);
	SDL_Color ink = selected ? (SDL_Color){30, 30, 30, 255} : (SDL_Color){240, 240, 232, 255};
	const int h = TTF_FontHeight(a->assets.font[FONT_BODY]) / (int)a->assets.font_scale;
	app_text_fit(a, FONT_BODY, label, r.x + r.w / 2, r.y + (r.h - h) / 2, ink, 1, r.w - 12);
	return over;
}

void app_button_off(struct app *a, SDL_Rect r, const char *label)
{
	app_panel(a, r, (SDL_Color){30, 36, 34, 255});
	const int h = TTF_FontHeight(a->assets.font[FONT_BODY]) / (int)a->assets.font_scale;
	app_text_fit(a, FONT_BODY, label, r.x + r.w / 2, r.y + (r.h - h) / 2,
	             (SDL_Color){110, 118, 112, 255}, 1, r.w - 12);
}

void app_sound(struct app *a, enum sound_id id)
{
	if (!a->audio || a->settings.muted || !a->assets.sound[id])
		return;
	Mix_PlayChannel(-1, a->assets.sound[id], 0);
}

void app_save_settings(struct app *a)
{
	char err[GAME_ERR_MAX];
	if (settings_save_changes(&a->settings, &a->settings_base, a->settings_path, err) != 0) {
		SDL_Log("parity: %s", err);
		snprintf(a->notice, sizeof a->notice, _("Settings not saved: %s"), err);
	} else {
		a->settings_base = a->settings;
	}
}

void app_apply_language(struct app *a)
{
	const enum i18n_lang lang = i18n_resolve(a->settings.language);
	if (!i18n_select(lang))
		snprintf(a->notice, sizeof a->notice,
		         _("No %s catalogue in %.120s: text stays in English"), i18n_code(lang),
		         i18n_locale_dir());
	else
		a->notice[0] = '\0';
	if (a->renderer)
		assets_reload_fonts(a);
}

bool app_screenshot(struct app *a, const char *path)
{
	int w, h;
	SDL_GetRendererOutputSize(a->renderer, &w, &h);
	SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
	if (!shot)
		return false;
	/* The whole output, letterbox bands included: with a logical size, SDL reads only the
	 * viewport (and into the top of the picture). */
	SDL_RenderSetLogicalSize(a->renderer, 0, 0);
	SDL_RenderSetViewport(a->renderer, NULL);
	bool ok = SDL_RenderReadPixels(a->renderer, NULL, SDL_PIXELFORMAT_RGBA32, shot->pixels,
	                               shot->pitch) == 0 &&
	          IMG_SavePNG(shot, path) == 0;
	SDL_RenderSetLogicalSize(a->renderer, APP_W, APP_H);
	if (!ok)
		fprintf(stderr, "parity: cannot save the screenshot %s: %s\n", path,
		        SDL_GetError());
	SDL_FreeSurface(shot);
	return ok;
}

/* ---- events ----------------------------------------------------------------------------- */

static void window_place(const struct app *a, int *x, int *y, int *w, int *h);

/* Notes the window's size and place in the settings (saved at exit) while it is not
 * fullscreen: the next start opens it there. */
static void remember_window(struct app *a)
{
	if (!a->window || (SDL_GetWindowFlags(a->window) & SDL_WINDOW_FULLSCREEN_DESKTOP))
		return;
	SDL_Rect now;
	SDL_GetWindowSize(a->window, &now.w, &now.h);
	SDL_GetWindowPosition(a->window, &now.x, &now.y);
	/* Where Parity put the window is nothing to remember: only a place the player gave it
	 * (a settings file that changes nothing stays as it is). */
	if (SDL_RectEquals(&now, &a->placed))
		return;
	a->settings.window_w = now.w;
	a->settings.window_h = now.h;
	a->settings.window_x = now.x;
	a->settings.window_y = now.y;
}

/* Makes the window fill its display with SDL's desktop fullscreen (no change of video mode),
 * or a normal window again. SDL asks the window manager for it; with none (a bare X server)
 * nobody would resize the window while SDL draws as if it filled the screen, so the window is
 * first made borderless, moved and sized to the display by hand: the X server does that
 * itself. The canvas is letterboxed into the size the renderer reports
 * (SDL_RenderSetLogicalSize). */
static void set_fullscreen(struct app *a, bool full)
{
	if (full) {
		remember_window(a);
		const int display = SDL_GetWindowDisplayIndex(a->window);
		SDL_Rect bounds;
		if (SDL_GetDisplayBounds(display < 0 ? 0 : display, &bounds) == 0) {
			SDL_SetWindowBordered(a->window, SDL_FALSE);
			SDL_SetWindowPosition(a->window, bounds.x, bounds.y);
			SDL_SetWindowSize(a->window, bounds.w, bounds.h);
		}
		SDL_SetWindowFullscreen(a->window, SDL_WINDOW_FULLSCREEN_DESKTOP);
	} else {
		SDL_SetWindowFullscreen(a->window, 0);
		SDL_SetWindowBordered(a->window, SDL_TRUE);
		int w = a->settings.window_w, h = a->settings.window_h, x = SDL_WINDOWPOS_CENTERED,
		    y = SDL_WINDOWPOS_CENTERED;
		if (w >= APP_W / 4 && h >= APP_H / 4) {
			x = a->settings.window_x;
			y = a->settings.window_y;
		} else {
			window_place(a, &x, &y, &w, &h);
		}
		SDL_SetWindowSize(a->window, w, h);
		SDL_SetWindowPosition(a->window, x, y);
		SDL_GetWindowPosition(a->window, &a->placed.x, &a->placed.y);
		SDL_GetWindowSize(a->window, &a->placed.w, &a->placed.h);
	}
	if (*a->assets.dir) /* not before the assets are loaded at start */
		assets_update_scale(a);
	app_redraw(a);
}

/* Switches between a desktop-sized fullscreen window and a normal one. */
static void toggle_fullscreen(struct app *a)
{
	const bool full = !(SDL_GetWindowFlags(a->window) & SDL_WINDOW_FULLSCREEN_DESKTOP);
	set_fullscreen(a, full);
	a->settings.fullscreen = full;
	app_save_settings(a);
}

/* Opens the first game controller plugged in, if none is open. */
static void open_pad(struct app *a)
{
	if (a->pad)
		return;
	for (int i = 0; i < SDL_NumJoysticks(); i++)
		if (SDL_IsGameController(i) && (a->pad = SDL_GameControllerOpen(i)) != NULL)
			return;
}

/* Sends a key press made by the gamepad through the keyboard's handling. */
static void send_key(struct app *a, SDL_Keycode k, Uint16 mod)
{
	SDL_Event key;
	memset(&key, 0, sizeof key);
	key.type = SDL_KEYDOWN;
	key.key.state = SDL_PRESSED;
	key.key.keysym.sym = k;
	key.key.keysym.mod = mod;
	app_event(a, &key);
}

void app_event(struct app *a, const SDL_Event *ev)
{
	app_redraw(a); /* whatever arrived may change what is shown */
	switch (ev->type) {
	case SDL_QUIT:
		a->quit = true;
		return;
	case SDL_WINDOWEVENT:
		if (ev->window.event == SDL_WINDOWEVENT_FOCUS_LOST)
			a->paused = !a->script_state; /* a script's timing goes on regardless */
		else if (ev->window.event == SDL_WINDOWEVENT_FOCUS_GAINED)
			a->paused = false;
		else if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
			assets_update_scale(a);
		if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
		    ev->window.event == SDL_WINDOWEVENT_MOVED)
			remember_window(a);
		return;
	case SDL_RENDER_TARGETS_RESET:
	case SDL_RENDER_DEVICE_RESET:
		assets_reload_textures(a);
		return;
	case SDL_CONTROLLERDEVICEADDED:
		open_pad(a);
		return;
	case SDL_CONTROLLERDEVICEREMOVED:
		if (a->pad && !SDL_GameControllerGetAttached(a->pad)) {
			SDL_GameControllerClose(a->pad);
			a->pad = NULL;
			open_pad(a);
		}
		return;
	case SDL_CONTROLLERBUTTONDOWN: {
		/* The gamepad plays through the keyboard's bindings. */
		static const struct {
			Uint8 button;
			SDL_Keycode key;
			Uint16 mod;
		} map[] = {
		    {SDL_CONTROLLER_BUTTON_DPAD_UP, SDLK_UP, 0},
		    {SDL_CONTROLLER_BUTTON_DPAD_DOWN, SDLK_DOWN, 0},
		    {SDL_CONTROLLER_BUTTON_DPAD_LEFT, SDLK_LEFT, 0},
		    {SDL_CONTROLLER_BUTTON_DPAD_RIGHT, SDLK_RIGHT, 0},
		    {SDL_CONTROLLER_BUTTON_A, SDLK_RETURN, 0},
		    {SDL_CONTROLLER_BUTTON_START, SDLK_RETURN, 0},
		    {SDL_CONTROLLER_BUTTON_B, SDLK_ESCAPE, 0},
		    {SDL_CONTROLLER_BUTTON_X, SDLK_u, 0},
		    {SDL_CONTROLLER_BUTTON_Y, SDLK_h, 0},
		    {SDL_CONTROLLER_BUTTON_BACK, SDLK_F1, 0},
		    {SDL_CONTROLLER_BUTTON_LEFTSHOULDER, SDLK_h,
		     KMOD_LSHIFT}, /* the engine's suggestion */
		    {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, SDLK_u, KMOD_LSHIFT}, /* redo */
		};
		for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
			if (map[i].button == ev->cbutton.button)
				send_key(a, map[i].key, map[i].mod);
		return;
	}
	case SDL_CONTROLLERAXISMOTION: {
		/* The left stick moves like the D-pad: one step each time it is pushed past
		 * half-way, again only after it came back near the middle. */
		static int pushed[2]; /* per axis: -1, 0 or +1 */
		const int axis = ev->caxis.axis;
		if (axis != SDL_CONTROLLER_AXIS_LEFTX && axis != SDL_CONTROLLER_AXIS_LEFTY)
			return;
		const int v = ev->caxis.value, dir = v > 16000 ? 1 : v < -16000 ? -1 : 0;
		if (dir == 0 && v > -8000 && v < 8000)
			pushed[axis] = 0;
		if (dir != 0 && pushed[axis] != dir) {
			pushed[axis] = dir;
			send_key(a,
			         axis == SDL_CONTROLLER_AXIS_LEFTX
			             ? (dir > 0 ? SDLK_RIGHT : SDLK_LEFT)
			             : (dir > 0 ? SDLK_DOWN : SDLK_UP),
			         0);
		}
		return;
	}
	case SDL_MOUSEMOTION:
		a->mouse_x = ev->motion.x;
		a->mouse_y = ev->motion.y;
		break;
	case SDL_MOUSEBUTTONDOWN:
	case SDL_MOUSEBUTTONUP:
		a->mouse_x = ev->button.x;
		a->mouse_y = ev->button.y;
		break;
	case SDL_KEYDOWN: {
		const SDL_Keycode k = ev->key.keysym.sym;
		const bool alt = ev->key.keysym.mod & KMOD_ALT;
		if (!ev->key.repeat && (k == SDLK_F11 || (alt && k == SDLK_RETURN))) {
			toggle_fullscreen(a);
			return;
		}
		if (!ev->key.repeat && k == SDLK_m && !(ev->key.keysym.mod & KMOD_CTRL)) {
			a->settings.muted = !a->settings.muted;
			app_save_settings(a);
			if (a->audio)
				Mix_Volume(-1, a->settings.muted
				                   ? 0
				                   : a->settings.volume * MIX_MAX_VOLUME / 100);
			return;
		}
		if (!ev->key.repeat && (k == SDLK_F1 || k == SDLK_QUESTION ||
		                        (k == SDLK_SLASH && (ev->key.keysym.mod & KMOD_SHIFT)))) {
			if (a->next_scene)
				return;
			if (a->scene != &scene_help) {
				a->help_return = a->scene;
				app_change_scene(a, &scene_help);
			} else {
				app_change_scene(a, a->help_return ? a->help_return : &scene_menu);
			}
			return;
		}
		break;
	}
	default:
		break;
	}
	if (a->fading_out)
		return; /* no input reaches a scene that is leaving */
	if (a->scene && a->scene->event)
		a->scene->event(a, ev);
}

/* ---- start-up --------------------------------------------------------------------------- */

static void print_usage(FILE *out)
{
	char games[200], options[400], extensions[100] = "";
	game_module_names(games, sizeof games, "|");
	for (int g = 0; g < game_module_count(); g++) {
		const struct game_module *m = game_module_at(g);
		char dotted[24];
		snprintf(dotted, sizeof dotted, ".%s", m->record ? m->record->extension : "");
		if (m->record && m->record->read && !strstr(extensions, dotted))
			snprintf(extensions + strlen(extensions),
			         sizeof extensions - strlen(extensions), "%s.%s",
			         extensions[0] ? ", " : "", m->record->extension);
	}
	game_options_usage(options, sizeof options);
	fprintf(
	    out,
	    "usage: parity [options]            play (the title menu, or straight into a game)\n"
	    "       parity perft GAME DEPTH [POSITION] %s\n"
	    "       parity review FILE [--game N] [--level L] [--json]   judge every move of a "
	    "game\n"
	    "\n"
	    "  --game %s  start a game at once (skipping the menu, which asks first\n"
	    "                         over an unfinished game of that kind; --open too)\n",
	    options, games);
	for (int g = 0; g < game_module_count(); g++) {
		const struct game_module *m = game_module_at(g);
		for (int k = 0; k < m->option_count; k++) {
			const struct game_option *o = &m->options[k];
			if (o->display)
				continue;
			char flag[40];
			snprintf(flag, sizeof flag, "--%s%s", o->key,
			         o->kind == GAME_OPTION_BOOL   ? ""
			         : o->kind == GAME_OPTION_GRID ? " RxC"
			                                       : " N");
			fprintf(out, "  %-22s %s: %s\n", flag, m->rules->name,
			        o->usage ? o->usage : "");
		}
	}
	fprintf(
	    out,
	    "  --open FILE            continue a game from a record file (%s; undo steps back)\n"
	    "  --game-number N        which game of that file (default: a list when it has "
	    "several)\n"
	    "  --level beginner|medium|hard|expert\n"
	    "  --mode vs-computer|two-players|demo\n"
	    "  --color black|white    the side you play against the computer\n"
	    "  --seed N               the engine's random seed (Beginner's imperfection, a black "
	    "hole)\n"
	    "  --fullscreen, --windowed\n"
	    "  --frames N             run N frames, then exit\n"
	    "  --screenshot FILE.png  save the last frame (with --frames or a script's end)\n"
	    "  --script FILE          replay timed input events (see docs/SCRIPTS.md)\n"
	    "  --data DIR             the only directory the data (assets, weights) is read\n"
	    "                         from (default: found beside the program)\n"
	    "  --prefs DIR            where settings and the autosave go, made if missing\n"
	    "                         (default: SDL's pref path)\n"
	    "  --stats                print frame-time percentiles and engine speed at exit\n"
	    "  --help, --version\n"
	    "\n"
	    "Keys: mouse or arrows + Enter to play; H hints; U, Backspace or Ctrl+Z undo;\n"
	    "Ctrl+Y or Shift+U redo; N the computer moves now; M mute; F11 or Alt+Enter\n"
	    "fullscreen; S the engine's search; F1 or ? help (each game's own keys are there);\n"
	    "Esc back.\n",
	    extensions);
}

/* Reads the command line into a->opt. Returns -1 to go on, else the exit status. */
static int parse_options(struct app *a, int argc, char **argv)
{
	static const char *const with_value[] = {
	    "--frames", "--screenshot", "--script", "--game",  "--level", "--mode",       "--color",
	    "--colour", "--seed",       "--data",   "--prefs", "--open",  "--game-number"};
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
			if (!val && strcmp(arg, with_value[k]) == 0) {
				fprintf(stderr, "parity: %s needs a value\n", arg);
				return 2;
			}
#define TAKES_VALUE(name) (strcmp(arg, name) == 0 && ++i)
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			print_usage(stdout);
			return 0;
		} else if (strcmp(arg, "--version") == 0) {
			puts("parity " PARITY_VERSION);
			return 0;
		} else if (strcmp(arg, "--fullscreen") == 0) {
			a->opt.fullscreen = true;
		} else if (strcmp(arg, "--windowed") == 0) {
			a->opt.windowed = true;
		} else if (strcmp(arg, "--stats") == 0) {
			a->stats = true;
		} else if (TAKES_VALUE("--frames")) {
			long n;
			if (!game_parse_long(val, 1, 100000000, &n)) {
				fprintf(stderr,
				        "parity: --frames needs a positive number, not \"%s\"\n",
				        val);
				return 2;
			}
			a->opt.frames = (int)n;
		} else if (TAKES_VALUE("--screenshot")) {
			a->opt.screenshot = val;
		} else if (TAKES_VALUE("--script")) {
			a->opt.script = val;
		} else if (TAKES_VALUE("--open")) {
			a->opt.open = val;
		} else if (TAKES_VALUE("--game-number")) {
			long n;
			if (!game_parse_long(val, 1, 1000000, &n)) {
				fprintf(stderr,
				        "parity: --game-number needs a number from 1, not \"%s\"\n",
				        val);
				return 2;
			}
			a->opt.game_number = (int)n;
		} else if (TAKES_VALUE("--game")) {
			if (!game_find(val)) {
				char names[200];
				game_module_names(names, sizeof names, ", ");
				fprintf(stderr, "parity: unknown game \"%s\" (%s)\n", val, names);
				return 2;
			}
			a->opt.game = val;
		} else if (TAKES_VALUE("--level")) {
			a->opt.level = val;
		} else if (TAKES_VALUE("--mode")) {
			if (strcmp(val, "vs-computer") && strcmp(val, "two-players") &&
			    strcmp(val, "demo")) {
				fprintf(stderr,
				        "parity: unknown mode \"%s\" (vs-computer, two-players, "
				        "demo)\n",
				        val);
				return 2;
			}
			a->opt.mode = val;
		} else if (TAKES_VALUE("--color") || TAKES_VALUE("--colour")) {
			if (strcmp(val, "black") && strcmp(val, "white")) {
				fprintf(stderr, "parity: --color is black or white, not \"%s\"\n",
				        val);
				return 2;
			}
			a->opt.color = val;
		} else if (TAKES_VALUE("--seed")) {
			long n;
			if (!game_parse_long(val, 0, 4294967295L, &n)) { /* "-1" no longer wraps */
				fprintf(stderr,
				        "parity: --seed needs a number from 0 to 4294967295, not "
				        "\"%s\"\n",
				        val);
				return 2;
			}
			a->opt.seed = (uint32_t)n;
			a->opt.seed_given = true;
		} else if (TAKES_VALUE("--data")) {
			a->opt.data_dir = val;
		} else if (TAKES_VALUE("--prefs")) {
			if (!*val) { /* "" would put the files at the root of the file system */
				fprintf(stderr,
				        "parity: --prefs needs a directory name, not \"\"\n");
				return 2;
			}
			a->opt.pref_dir = val;
		} else if (strncmp(arg, "--", 2) == 0 &&
		           a->opt.game_arg_count < APP_GAME_ARGS_MAX &&
		           game_option_known(arg + 2)) {
			/* A game's option (--size 6): read once the game is known, below. */
			a->opt.game_arg[a->opt.game_arg_count++] = i;
			if (game_option_known(arg + 2)->kind != GAME_OPTION_BOOL)
				i++; /* its value (or its absence) is checked below */
		} else {
			fprintf(stderr, "parity: unknown option \"%s\" (see parity --help)\n", arg);
			return 2;
		}
#undef TAKES_VALUE
	}
	if (a->opt.game_arg_count && !a->opt.game) {
		fprintf(stderr, "parity: %s goes with --game\n", argv[a->opt.game_arg[0]]);
		return 2;
	}
	for (int k = 0; k < a->opt.game_arg_count; k++) {
		int i = a->opt.game_arg[k];
		char err[GAME_ERR_MAX];
		if (game_options_arg(game_module_find(a->opt.game), argc, argv, &i,
		                     &a->opt.game_options, err) != 1) {
			fprintf(stderr, "parity: %s\n", err);
			return 2;
		}
	}
	if (a->opt.game_number && !a->opt.open) {
		fprintf(stderr, "parity: --game-number goes with --open FILE.pdn\n");
		return 2;
	}
	a->open_game = a->opt.open ? record_file_game(a->opt.open) : -1;
	if (a->opt.open && a->open_game < 0) {
		fprintf(stderr,
		        "parity: --open: Parity cannot open %s (records it reads:", a->opt.open);
		for (int g = 0; g < game_module_count(); g++)
			if (game_module_at(g)->record && game_module_at(g)->record->read)
				fprintf(stderr, " .%s", game_module_at(g)->record->extension);
		fprintf(stderr, ")\n");
		return 2;
	}
	if (a->opt.open && a->opt.game &&
	    game_module_find(a->opt.game) != game_module_at(a->open_game)) {
		fprintf(stderr, "parity: --open %s holds %s games, not %s\n", a->opt.open,
		        game_module_at(a->open_game)->rules->name, a->opt.game);
		return 2;
	}
	if (a->opt.open)
		a->opt.game = game_module_at(a->open_game)->rules->name;
	if (a->opt.level && a->opt.game && !level_find(game_find(a->opt.game), a->opt.level)) {
		fprintf(stderr, "parity: unknown level \"%s\"\n", a->opt.level);
		return 2;
	}
	return -1;
}

/* Returns a new string, a followed by b (free it); exits when out of memory (at start-up). */
static char *joined(const char *a, const char *b)
{
	const size_t n = strlen(a), m = strlen(b);
	char *s = malloc(n + m + 1);
	if (!s) {
		fprintf(stderr, "parity: out of memory\n");
		exit(1);
	}
	memcpy(s, a, n);
	memcpy(s + n, b, m + 1);
	return s;
}

int app_game(const struct app *a)
{
	const int g = game_module_index(game_module_find(a->settings.game));
	return g < 0 || g >= SETTINGS_GAMES_MAX ? 0 : g;
}

const char *app_autosave_path(const struct app *a, int g)
{
	return a->no_autosave || g < 0 || g >= SETTINGS_GAMES_MAX ? NULL : a->save_path[g];
}

/* Takes the autosave lock, autosave.lock in the preferences: an advisory fcntl lock that the
 * system drops when this process ends, however it ends. When another instance holds it, this
 * one plays without autosave and says so; when the lock file cannot be made (a directory
 * that cannot be written), the autosave is tried anyway and its failures are reported. */
static void lock_autosave(struct app *a)
{
	a->lock_fd = -1;
	char *path = joined(a->pref_prefix, "autosave.lock");
	const int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0600);
	struct stat st;
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		struct flock lk;
		memset(&lk, 0, sizeof lk);
		lk.l_type = F_WRLCK;
		lk.l_whence = SEEK_SET;
		if (fcntl(fd, F_SETLK, &lk) == 0) {
			a->lock_fd = fd;
			/* The writer of these files: what a killed one left half-written goes. */
			atomic_remove_stale(a->settings_path);
			for (int g = 0; g < SETTINGS_GAMES_MAX; g++)
				if (a->save_path[g])
					atomic_remove_stale(a->save_path[g]);
		} else if (errno == EACCES || errno == EAGAIN) {
			a->no_autosave = true;
			fprintf(stderr,
			        "parity: another Parity is using %s: this one plays without "
			        "autosave\n",
			        path);
			snprintf(a->notice, sizeof a->notice, "%s",
			         _("Another Parity uses these settings: this one plays without "
			           "autosave"));
		}
	}
	if (fd >= 0 && a->lock_fd != fd)
		close(fd);
	free(path);
}

/* Says that an autosave could not be read (err says why), on stderr and in the menu. */
static void autosave_unread(struct app *a, const char *err)
{
	fprintf(stderr, "parity: the autosave could not be read: %s\n", err);
	snprintf(a->notice, sizeof a->notice, _("The autosave could not be read: %s"), err);
}

/* Reads each game's autosave to know whether it holds an unfinished game. An older Parity's
 * single autosave.ini becomes its game's autosave (renamed) when that game has none. */
static void find_autosaves(struct app *a)
{
	char err[GAME_ERR_MAX] = "";
	struct match probe;
	struct save_info info;
	char *legacy = joined(a->pref_prefix, "autosave.ini");
	const int lrc = save_read(legacy, &probe, &info, err);
	if (lrc != 0 && lrc != IO_ERR_NO_FILE) {
		autosave_unread(a, err);
	} else if (lrc == 0 && a->no_autosave) {
		match_free(&probe);
	} else if (lrc == 0) {
		const int g = game_module_index(game_module_of(probe.rules));
		struct stat st;
		if (g >= 0 && g < SETTINGS_GAMES_MAX && a->save_path[g] &&
		    stat(a->save_path[g], &st) < 0 && errno == ENOENT &&
		    rename(legacy, a->save_path[g]) < 0)
			fprintf(stderr, "parity: cannot rename %s to %s: %s\n", legacy,
			        a->save_path[g], strerror(errno));
		match_free(&probe);
	}
	free(legacy);
	for (int g = 0; g < game_module_count() && g < SETTINGS_GAMES_MAX; g++) {
		err[0] = '\0';
		const int src = save_read(a->save_path[g], &probe, &info, err);
		if (src == 0) {
			a->has_save[g] = !match_over(&probe);
			match_free(&probe);
		} else if (src != IO_ERR_NO_FILE) {
			autosave_unread(a, err);
		}
	}
}

/* Finds the settings and autosave paths, loads the settings and looks at the autosaves. */
static void load_settings(struct app *a)
{
	char *pref = NULL;
	char err[GAME_ERR_MAX] = "";
	if (a->opt.pref_dir) {
		if (atomic_make_dirs(a->opt.pref_dir, err) != 0) {
			/* Played on all the same; each save then says why it failed. */
			fprintf(stderr, "parity: --prefs: %s\n", err);
			snprintf(a->notice, sizeof a->notice, _("Settings not saved: %s"), err);
		}
		a->pref_prefix = joined(a->opt.pref_dir, "/");
	} else if ((pref = SDL_GetPrefPath("parity", "parity")) != NULL) {
		a->pref_prefix = joined(pref, "");
	} else {
		a->pref_prefix = joined("parity-", "");
	}
	SDL_free(pref);
	a->settings_path = joined(a->pref_prefix, "settings.ini");
	for (int g = 0; g < game_module_count() && g < SETTINGS_GAMES_MAX; g++) {
		char name[64];
		snprintf(name, sizeof name, "autosave-%.40s.ini", game_module_at(g)->rules->name);
		a->save_path[g] = joined(a->pref_prefix, name);
	}
	err[0] = '\0';
	const int rc = settings_load(&a->settings, a->settings_path, err);
	a->settings_base = a->settings; /* what the file says: a save writes what differs */
	/* The language first, so that the notices below are in it; assets_load then opens the
	 * fonts that draw it. */
	app_apply_language(a);
	if (rc == IO_ERR_PARTLY_BAD) /* the file is not written over: say so */
		fprintf(stderr, "parity: %s (the file keeps it; the default stands in)\n", err);
	else if (rc != 0 && rc != IO_ERR_NO_FILE)
		fprintf(stderr, "parity: %s (the file is left as it is)\n", err);
	if (rc != 0 && rc != IO_ERR_NO_FILE)
		snprintf(a->notice, sizeof a->notice, _("Settings: %s (defaults used)"), err);
	lock_autosave(a);
	find_autosaves(a);
}

/* Gives back what load_settings took. */
static void free_settings(struct app *a)
{
	if (a->lock_fd >= 0)
		close(a->lock_fd);
	a->lock_fd = -1;
	free(a->settings_path);
	free(a->pref_prefix);
	for (int g = 0; g < SETTINGS_GAMES_MAX; g++)
		free(a->save_path[g]);
}

/* Opens the audio device; without one the game runs silently. */
static void open_audio(struct app *a)
{
	if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 ||
	    Mix_OpenAudio(44100, AUDIO_S16SYS, 2, 1024) != 0) {
		SDL_Log("parity: no audio device (%s); playing silently", SDL_GetError());
		return;
	}
	a->audio = true;
	Mix_AllocateChannels(16);
	Mix_Volume(-1, a->settings.muted ? 0 : a->settings.volume * MIX_MAX_VOLUME / 100);
}

/* Chooses where the window opens: where the player left it (the settings' [window]), when that
 * still fits a display; else, centred, the canvas at the largest of 3, 2, 1.5 or 1 times its
 * size that fills at most 90% of the usable part of the screen (a whole or half scale keeps
 * the picture crisp), or shrunk to 90% of a smaller screen. */
static void window_place(const struct app *a, int *x, int *y, int *w, int *h)
{
	const struct settings *s = &a->settings;
	SDL_Rect usable = {0, 0, APP_W, APP_H};
	if (SDL_GetDisplayUsableBounds(0, &usable) != 0 || usable.w <= 0 || usable.h <= 0)
		usable = (SDL_Rect){0, 0, APP_W, APP_H};
	if (s->window_w >= APP_W / 4 && s->window_h >= APP_H / 4) {
		*w = SDL_min(s->window_w, usable.w);
		*h = SDL_min(s->window_h, usable.h);
		/* The saved place, when its middle is still on one of the displays. */
		const SDL_Point middle = {s->window_x + *w / 2, s->window_y + *h / 2};
		for (int d = 0; d < SDL_GetNumVideoDisplays(); d++) {
			SDL_Rect bounds;
			if (SDL_GetDisplayBounds(d, &bounds) == 0 &&
			    SDL_PointInRect(&middle, &bounds)) {
				*x = s->window_x;
				*y = s->window_y;
				break;
			}
		}
		return;
	}
	const double room = SDL_min((double)usable.w / APP_W, (double)usable.h / APP_H) * 0.9;
	static const double scales[] = {3, 2, 1.5, 1};
	double k = room;
	for (int i = 0; i < 4 && k == room; i++)
		if (scales[i] <= room)
			k = scales[i];
	*w = (int)(APP_W * k);
	*h = (int)(APP_H * k);
}

/* Creates the window and renderer. Returns success. */
static bool open_window(struct app *a)
{
	SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
	bool full = a->settings.fullscreen;
	if (a->opt.fullscreen)
		full = true;
	if (a->opt.windowed)
		full = false;
	Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
	int x = SDL_WINDOWPOS_CENTERED, y = SDL_WINDOWPOS_CENTERED, w, h;
	window_place(a, &x, &y, &w, &h);
	a->window = SDL_CreateWindow("Parity", x, y, w, h, flags);
	if (!a->window) {
		fprintf(stderr, "parity: cannot open a window: %s\n", SDL_GetError());
		return false;
	}
	SDL_SetWindowMinimumSize(a->window, APP_W / 4, APP_H / 4);
	SDL_GetWindowPosition(a->window, &a->placed.x, &a->placed.y);
	SDL_GetWindowSize(a->window, &a->placed.w, &a->placed.h);
	/* Where OpenGL would be a software rasteriser, SDL's software renderer blits straight
	 * into the window's image (SDL_FRAMEBUFFER_ACCELERATION in the environment wins):
	 * app/renderer.c. */
	if (!app_software_renderer(a->window))
		a->renderer = SDL_CreateRenderer(
		    a->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
	if (!a->renderer) {
		SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
		a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
	}
	if (!a->renderer) {
		fprintf(stderr, "parity: cannot draw in the window: %s\n", SDL_GetError());
		return false;
	}
	SDL_RendererInfo info;
	a->keeps_frame =
	    SDL_GetRendererInfo(a->renderer, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE);
	SDL_RenderSetLogicalSize(a->renderer, APP_W, APP_H);
	if (full)
		set_fullscreen(a, true);
	return true;
}

/* Picks the first scene: straight into a game when --game or --open was given, unless that
 * would replace the game's unfinished autosave (then the menu asks first). Returns false when
 * the file given to --open cannot be played (the message is on stderr). */
static bool first_scene(struct app *a)
{
	if (a->opt.game) {
		snprintf(a->settings.game, sizeof a->settings.game, "%s", a->opt.game);
		if (a->opt.level)
			snprintf(a->settings.level, sizeof a->settings.level, "%s", a->opt.level);
		if (a->opt.mode)
			snprintf(a->settings.mode, sizeof a->settings.mode, "%s", a->opt.mode);
		if (a->opt.color)
			a->settings.colour = strcmp(a->opt.color, "white") == 0;
		/* The game's options given on the command line (--size 6). */
		const int g = game_module_index(game_module_find(a->opt.game));
		for (int k = 0; g >= 0 && g < SETTINGS_GAMES_MAX && k < a->opt.game_arg_count;
		     k++) {
			const struct game_option *o = game_option_find(
			    game_module_at(g), a->opt.argv[a->opt.game_arg[k]] + 2, NULL);
			const int width = o->kind == GAME_OPTION_GRID ? 2 : 1;
			for (int j = 0; j < width; j++)
				a->settings.option[g][o->slot + j] =
				    a->opt.game_options.value[o->slot + j];
		}
	}
	if (!a->opt.open && !a->opt.game) {
		app_change_scene(a, &scene_menu);
		return true;
	}
	/* That game's unfinished autosave would be replaced: the menu asks first, as its Start
	 * does (yes starts what the command line asked, no keeps the game for Continue). An
	 * instance playing without autosave replaces nothing. */
	const int g = game_module_index(game_module_find(a->opt.game));
	if (g >= 0 && g < SETTINGS_GAMES_MAX && a->has_save[g] && !a->no_autosave) {
		a->ask_start = true;
		app_change_scene(a, &scene_menu);
		return true;
	}
	char err[600];
	if (app_start_command_line(a, err, sizeof err))
		return true;
	if (a->opt.open) {
		fprintf(stderr, "parity: %s\n", err);
		return false;
	}
	app_change_scene(a, &scene_menu);
	return true;
}

bool app_start_command_line(struct app *a, char *err, size_t errlen)
{
	*err = '\0';
	if (a->opt.open && a->opt.open_list) {
		app_change_scene(a, &scene_games);
		return true;
	}
	if (a->opt.open) {
		const int number = a->opt.game_number ? a->opt.game_number : 1;
		if (!play_open(a, a->opt.open, number, err, errlen))
			return false;
		app_change_scene(a, &scene_play);
		return true;
	}
	if (a->opt.game && play_begin(a, false)) {
		app_change_scene(a, &scene_play);
		return true;
	}
	return false;
}

/* ---- the loop --------------------------------------------------------------------------- */

enum { MOTION_SECONDS = 6 }; /* how long decorations move after the last input or change */

void app_redraw(struct app *a)
{
	a->dirty = true;
	a->motion_until = a->now + MOTION_SECONDS;
}

void app_redraw_at(struct app *a, double when)
{
	if (a->redraw_at <= 0 || when < a->redraw_at)
		a->redraw_at = when;
}

void app_redraw_part_at(struct app *a, double when, SDL_Rect r)
{
	if (a->part_at <= 0 || when < a->part_at)
		a->part_at = when;
	if (SDL_RectEmpty(&a->part))
		a->part = r;
	else
		SDL_UnionRect(&a->part, &r, &a->part);
}

double app_motion(struct app *a)
{
	if (app_anim(a, 1.0) > 0 && a->now < a->motion_until)
		app_redraw_at(a, a->now); /* the next frame shows the next step */
	return a->motion_clock;
}

/* Returns whether something moves on screen by itself this frame: a fade or a move's
 * animation. Other changes ask for their frame (app_redraw, app_redraw_at). */
static bool animating(const struct app *a)
{
	return a->fade > 0 || a->fading_out ||
	       (a->play.rules && a->now < a->play.anim_end + 2.0 / APP_TICK_HZ);
}

/* Returns whether the loop has work without input: an animation, the engine (its move or
 * the advisor's), a script, a fixed number of frames, a frame asked for. When not, the loop
 * sleeps in the event queue until input or the next redraw asked for. */
static bool busy(const struct app *a)
{
	return animating(a) || a->dirty || a->script_state || a->opt.frames || *a->shot_path ||
	       a->working || (a->play.rules && play_working(a));
}

/* Returns whether this turn of the loop draws: input or a change asked for it, something
 * animates, a redraw asked for is due, or frames are counted or shot. */
static bool due(const struct app *a)
{
	return a->dirty || animating(a) || a->opt.frames || *a->shot_path ||
	       (a->redraw_at > 0 && a->now + 1.0 / APP_TICK_HZ >= a->redraw_at) ||
	       (a->part_at > 0 && a->now + 1.0 / APP_TICK_HZ >= a->part_at) ||
	       (a->quit && a->opt.screenshot);
}

/* Returns whether the frame due redraws only a->part: nothing but a part asked for it, and
 * the renderer still holds the last frame around it. */
static bool part_only(const struct app *a)
{
	return a->keeps_frame && !a->dirty && !animating(a) && !a->opt.frames && !*a->shot_path &&
	       !a->paused && !a->working &&
	       !(a->redraw_at > 0 && a->now + 1.0 / APP_TICK_HZ >= a->redraw_at) &&
	       !(a->quit && a->opt.screenshot);
}

/* Draws the scene and presents it; returns the seconds it took. */
static double draw_frame(struct app *a, double freq)
{
	const Uint64 draw_start = SDL_GetPerformanceCounter();
	const bool part = part_only(a);
	if (part) /* everything drawn outside it is clipped away (the clear too) */
		SDL_RenderSetClipRect(a->renderer, &a->part);
	a->redraw_at = 0; /* what is drawn now says when it changes next */
	a->part_at = 0;
	a->part = (SDL_Rect){0, 0, 0, 0};
	a->dirty = false;
	const SDL_Color bg = a->theme.background;
	SDL_SetRenderDrawColor(a->renderer, bg.r, bg.g, bg.b, 255);
	if (part)
		SDL_RenderFillRect(a->renderer, NULL); /* SDL_RenderClear ignores the clip */
	else
		SDL_RenderClear(a->renderer);
	a->scene->draw(a);
	if (part) {
		SDL_RenderSetClipRect(a->renderer, NULL);
		a->part_frames++;
	}
	if (a->working) /* its progress, four times a second */
		app_redraw_at(a, a->now + 0.25);
	if (a->paused && a->scene == &scene_play) { /* focus lost: the clocks are stopped */
		SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND);
		SDL_SetRenderDrawColor(a->renderer, 0, 0, 0, 120);
		SDL_RenderFillRect(a->renderer, NULL);
		app_text(a, FONT_LARGE, _("Paused"), APP_W / 2, APP_H / 2 - 24,
		         (SDL_Color){244, 200, 84, 255}, 1);
	}
	if (a->fade > 0) {
		SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND);
		SDL_SetRenderDrawColor(a->renderer, 0, 0, 0, (Uint8)(a->fade * 255));
		SDL_RenderFillRect(a->renderer, NULL);
	}
	a->frames++;
	if (a->opt.frames && a->frames >= (uint64_t)a->opt.frames)
		a->quit = true;
	if (a->quit && a->opt.screenshot)
		app_screenshot(a, a->opt.screenshot);
	if (*a->shot_path) {
		app_screenshot(a, a->shot_path);
		a->shot_path[0] = '\0';
	}
	SDL_RenderPresent(a->renderer);
	const double drew = (double)(SDL_GetPerformanceCounter() - draw_start) / freq;
	a->draw_seconds = a->draw_seconds > 0 ? 0.9 * a->draw_seconds + 0.1 * drew : drew;
	a->draw_total += drew;
	return drew;
}

/* The loop follows "Fix Your Timestep!": every tick of 1/60 s runs (the clock, the engine's
 * slice, the script), but a frame is drawn only when something changed: input, an animation,
 * or a redraw that what was drawn asked for (app_redraw_at). A turn that draws nothing gives
 * the engine the whole tick (play.c's slice); with nothing to do at all the loop sleeps in
 * the event queue until input or the next redraw due, so a screen nobody touches costs
 * nothing. */
static void run_loop(struct app *a, Uint64 started)
{
	const double dt = 1.0 / APP_TICK_HZ;
	const double freq = (double)SDL_GetPerformanceFrequency();
	Uint64 prev = SDL_GetPerformanceCounter();
	double acc = 0;
	SDL_DisplayMode mode;
	double refresh = 60;
	if (SDL_GetCurrentDisplayMode(0, &mode) == 0 && mode.refresh_rate > 0)
		refresh = mode.refresh_rate;
	a->frame_period = 1.0 / refresh;
	app_redraw(a); /* the first frame, and the title's band moves a while */
	while (!a->quit) {
		SDL_Event ev;
		double slept = 0;
		if (!busy(a)) {
			/* Idle: sleep until input, or until the next redraw asked for (at most a
			 * second, so that the clock never falls far behind). */
			double wait = a->redraw_at > 0 ? a->redraw_at - a->now : 1.0;
			wait = wait < 0 ? 0 : wait > 1.0 ? 1.0 : wait;
			const Uint64 w0 = SDL_GetPerformanceCounter();
			if (SDL_WaitEventTimeout(&ev, (int)(wait * 1000.0) + 1))
				app_event(a, &ev);
			slept = (double)(SDL_GetPerformanceCounter() - w0) / freq;
			a->idle_wait += slept;
		}
		while (SDL_PollEvent(&ev))
			app_event(a, &ev);
		const Uint64 t = SDL_GetPerformanceCounter();
		double frame = (double)(t - prev) / freq;
		prev = t;
		/* After a stall, don't try to catch up seconds at once; after a sleep, the clock
		 * catches up what it slept (a cheap tick each 1/60 s, nothing drawn). */
		const double most = 0.25 + slept;
		if (frame > most)
			frame = most;
		a->loops++;
		if (a->frame_count_ms < (int)(sizeof a->frame_ms / sizeof a->frame_ms[0]) &&
		    slept == 0)
			a->frame_ms[a->frame_count_ms++] = frame * 1000.0;
		if (!a->paused)
			acc += frame;
		if (a->play.thinking)
			a->think_wall += frame;
		while (acc >= dt && !a->quit && !*a->shot_path) {
			/* The engine's slice is sized to what this turn leaves: the whole tick
			 * when no frame follows, what the frame leaves otherwise. */
			a->drawing = due(a);
			if (a->script_state && !script_tick(a, a->script_state)) {
				script_free(a->script_state);
				a->script_state = NULL;
				a->quit = true;
			}
			fade_update(a, dt);
			if (a->scene->update)
				a->scene->update(a, dt);
			a->now += dt;
			a->ticks++;
			if (a->now < a->motion_until)
				a->motion_clock += dt;
			acc -= dt;
		}
		const bool drew = due(a);
		if (drew) {
			draw_frame(a, freq);
			if (a->frames == 1)
				a->first_frame =
				    (double)(SDL_GetPerformanceCounter() - started) / freq;
		}
		/* Cap the loop at the display's rate (vsync may not hold it, and a turn that drew
		 * nothing has no vsync wait): sleep most of what is left; after a drawn frame, wait
		 * out the last fraction of a millisecond exactly for even frame times. */
		const double target = 1.0 / refresh;
		double spent = (double)(SDL_GetPerformanceCounter() - t) / freq;
		if (spent < target - 0.002)
			SDL_Delay((Uint32)((target - spent - 0.0015) * 1000.0));
		while (drew &&
		       (spent = (double)(SDL_GetPerformanceCounter() - t) / freq) < target - 0.0002)
			;
	}
}

/* Orders doubles for qsort. */
static int compare_doubles(const void *x, const void *y)
{
	const double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/* Prints frame-time percentiles and the engine's speed inside the loop (--stats). */
static void print_stats(struct app *a)
{
	SDL_RendererInfo info = {.name = "none"};
	SDL_GetRendererInfo(a->renderer, &info);
	printf("loop %llu turns, %llu frames drawn (%llu of them a part), %.3f s drawing, %s "
	       "renderer, %.3f s asleep waiting for input; first frame %.0f ms after start\n",
	       (unsigned long long)a->loops, (unsigned long long)a->frames,
	       (unsigned long long)a->part_frames, a->draw_total, info.name, a->idle_wait,
	       a->first_frame * 1000.0);
	printf("replies %d: %llu nodes, %.3f s wall (%.0f nodes/s), %.3f s CPU of the process "
	       "(%.0f nodes per CPU second); the engine's slices %.3f s\n",
	       a->replies, (unsigned long long)a->reply_nodes, a->reply_wall,
	       a->reply_wall > 0 ? (double)a->reply_nodes / a->reply_wall : 0.0, a->reply_cpu,
	       a->reply_cpu > 0 ? (double)a->reply_nodes / a->reply_cpu : 0.0, a->engine_seconds);
	const int skip = a->frame_count_ms > 60 ? 30 : 0; /* start-up frames */
	const int n = a->frame_count_ms - skip;
	if (n <= 0)
		return;
	double *t = a->frame_ms + skip;
	qsort(t, (size_t)n, sizeof *t, compare_doubles);
	printf("frames %d p50 %.2f ms p95 %.2f ms p99 %.2f ms max %.2f ms\n", n, t[n / 2],
	       t[n * 95 / 100], t[n * 99 / 100], t[n - 1]);
	printf("engine %llu nodes in %.3f s inside the loop: %.0f nodes/s\n",
	       (unsigned long long)a->engine_nodes, a->engine_seconds,
	       a->engine_seconds > 0 ? (double)a->engine_nodes / a->engine_seconds : 0.0);
	printf("engine: %.1f%% of the wall time while a computer move was due (searches end early, "
	       "then the move waits for its minimum display time)\n",
	       a->think_wall > 0 ? 100.0 * a->engine_seconds / a->think_wall : 0.0);
	printf("drawing: %.2f ms a frame (smoothed, at the end)\n", a->draw_seconds * 1000.0);
	printf("engine: %llu ticks used their whole slice, %.2f ms each on average (%.0f%% of a "
	       "%.1f ms tick)\n",
	       (unsigned long long)a->slices,
	       a->slices ? 1000.0 * a->slice_seconds / (double)a->slices : 0.0,
	       a->slices ? 100.0 * a->slice_seconds / (double)a->slices * APP_TICK_HZ : 0.0,
	       1000.0 / APP_TICK_HZ);
}

int app_main(int argc, char **argv)
{
	static struct app app; /* the front end's state: the one global of the program */
	struct app *a = &app;
	const Uint64 started = SDL_GetPerformanceCounter();
	a->opt.argv = argv;
	const int status = parse_options(a, argc, argv);
	if (status >= 0)
		return status;
	if (a->opt.open) { /* a bad file is reported before any window opens */
		char err[600];
		int count = 0;
		if (!a->opt.game_number) { /* several games: the window lists them */
			struct open_entry *list =
			    play_list_open(a->opt.open, a->open_game, &count, err, sizeof err);
			free(list);
			if (!list) {
				fprintf(stderr, "parity: %s\n", err);
				return 2;
			}
			a->opt.open_list = count > 1;
		}
		if (!a->opt.open_list &&
		    !play_check_open(a->opt.open, a->open_game,
		                     a->opt.game_number ? a->opt.game_number : 1, err,
		                     sizeof err)) {
			fprintf(stderr, "parity: %s\n", err);
			return 2;
		}
	}
	if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER) != 0) {
		fprintf(stderr, "parity: cannot start SDL: %s\n", SDL_GetError());
		return 1;
	}
	a->lock_fd = -1;
	load_settings(a);
	app_apply_theme(a);
	int rc = 1;
	if (!open_window(a))
		goto out;
	open_audio(a);
	char err[512];
	if (!assets_load(a, err, sizeof err)) {
		fprintf(stderr, "parity: %s\n", err);
		SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, "Parity", err, a->window);
		goto out;
	}
	if (a->opt.script) {
		char why[256];
		a->script_state = script_load(a->opt.script, why, sizeof why);
		if (!a->script_state) {
			fprintf(stderr, "parity: %s\n", why);
			rc = 2;
			goto out;
		}
	}
	open_pad(a);
	if (!first_scene(a)) {
		rc = 2;
		goto out;
	}
	run_loop(a, started);
	if (a->stats)
		print_stats(a);
	if (a->scene)
		leave_scene(a);
	play_end(a);
	remember_window(a);
	app_save_settings(a);
	rc = a->exit_code;
out:
	script_free(a->script_state);
	assets_free(a);
	if (a->audio)
		Mix_CloseAudio();
	if (a->renderer)
		SDL_DestroyRenderer(a->renderer);
	if (a->window)
		SDL_DestroyWindow(a->window);
	SDL_Quit();
	free_settings(a);
	return rc;
}
