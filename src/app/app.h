/*
 * app/app.h — the SDL2 front end: the one place with global, mutable state. What the scenes
 * share is split by job: app/play.h (the game being played and the views), app/theme.h,
 * app/widgets.h (text, panels, buttons), app/script.h, app/monkey.h.
 *
 * `struct app` holds the window, the loaded assets, the settings, the scene machine and
 * the game being played. Scenes (menu, playing, game over, help) each have
 * enter / event / update / draw / leave, and change only through app_change_scene, which
 * runs the short fade between them (the raylib game template's ChangeToScreen).
 */
#ifndef PARITY_APP_APP_H
#define PARITY_APP_APP_H

#include <SDL.h>
#include <SDL_mixer.h>
#include <SDL_ttf.h>
#include <stdbool.h>
#include <stddef.h>

#include "app/play.h"
#include "app/theme.h"
#include "app/widgets.h"
#include "core/game.h"
#include "io/settings.h"

enum {
	APP_W = 1280, /* the logical canvas; the window letterboxes it */
	APP_H = 800,
	APP_TICK_HZ = 60, /* fixed update rate */
};

/* Sounds, by what they mean. */
enum sound_id {
	SOUND_PLACE,
	SOUND_FLIP,
	SOUND_CAPTURE,
	SOUND_ILLEGAL,
	SOUND_PASS,
	SOUND_WIN,
	SOUND_LOSE,
	SOUND_MENU,
	SOUND_BOX,
	SOUND_CROWN,
	SOUND_COUNT
};

enum { ASSETS_SPRITES_MAX = 16 };

/* A sprite sheet of assets/sprites/, as a view names it in its `sprites`. */
struct sprite {
	const char *name;     /* "reversi_discs.png" */
	SDL_Texture *texture; /* NULL when no view names it */
	int w, h;             /* its size in pixels */
};

struct assets {
	char dir[1024];       /* where they were found */
	SDL_Texture *markers; /* hint, last move, cursor: 64×64 cells */
	/* The sprite sheets the views draw with (struct view's sprites), by file name. */
	struct sprite sprite[ASSETS_SPRITES_MAX];
	int sprite_count;
	Mix_Chunk *sound[SOUND_COUNT];
	TTF_Font *font[FONT_COUNT];
	float font_scale;        /* fonts are opened at this multiple for sharp high-DPI text */
	char cjk_font[1024];     /* a system font with Chinese glyphs, "" when there is none */
	bool cjk_searched;       /* cjk_font has been looked for */
	char text_font[2][1200]; /* the regular and bold text fonts: ours, or the system's
					 DejaVu when ours cannot be opened ("": not found yet) */
};

struct app;

/* A scene's own state (its selected row, a list it shows) lives in its context: `context`
 * bytes of a->scene_ctx (at most its size), zeroed as the scene is entered and again once its
 * leave has freed what they hold. No scene keeps state elsewhere. */
struct scene {
	const char *name;
	size_t context;
	void (*enter)(struct app *a);
	void (*event)(struct app *a, const SDL_Event *ev);
	void (*update)(struct app *a, double dt);
	void (*draw)(struct app *a);
	void (*leave)(struct app *a);
};

extern const struct scene scene_menu, scene_play, scene_over, scene_help, scene_games,
    scene_options, scene_review, scene_analysis;

enum { APP_GAME_ARGS_MAX = 8 }; /* a game's options on the command line, at most */

/* Command-line choices. */
struct app_options {
	bool fullscreen, windowed;
	int frames;             /* run this many frames, then exit (0: no limit) */
	const char *screenshot; /* save the last frame here */
	const char *script;     /* replay timed input events from this file */
	const char *game, *level, *mode, *color;
	bool seed_given;
	uint32_t seed;
	const char *data_dir; /* --data DIR: where the assets are */
	const char *pref_dir; /* --prefs DIR: settings and autosave (default: SDL's) */
	const char *open;     /* --open FILE: continue a game from a record file */
	int game_number;      /* --game-number N: which game of that file (0: none given) */
	bool open_list;       /* the file holds several games and none was chosen */
	char **argv;          /* the command line */
	int game_arg[APP_GAME_ARGS_MAX],
	    game_arg_count;               /* where the game's own options are in argv (--size) */
	struct game_options game_options; /* their values, read for --game's game */
};

struct script;

struct app {
	SDL_Window *window;
	SDL_Renderer *renderer;
	struct assets assets;
	struct app_options opt;
	struct settings settings;
	struct settings settings_base; /* as the file said, or as last saved: a save writes
	                                * only what differs (io/settings.h) */
	struct theme theme;            /* the colours the settings choose (app_apply_theme) */
	char *settings_path;           /* the settings file (malloc'ed: no length limit) */
	char *pref_prefix;             /* what the names of the files there start with ("DIR/") */
	/* One autosave per game, autosave-GAME.ini, so that starting one game never throws away
	 * another's unfinished one (an older Parity's single autosave.ini is taken as its
	 * game's); whether it holds an unfinished game. */
	char *save_path[SETTINGS_GAMES_MAX];
	bool has_save[SETTINGS_GAMES_MAX];
	int lock_fd;      /* autosave.lock, locked (fcntl) while this instance writes autosaves */
	bool no_autosave; /* another instance holds that lock: this one plays without autosave */
	char notice[200]; /* a message shown once in the menu (e.g. a corrupt file) */
	/* The game --game or --open starts would replace that game's unfinished autosave: the
	 * menu asks "Start a new game?" first (app_start_command_line on yes). */
	bool ask_start;
	const struct scene *scene, *next_scene;
	const struct scene *last_scene; /* the scene left by the latest change (NULL at start) */
	double fade;                    /* 0..1: how dark the screen is during a scene change */
	bool fading_out;
	double now; /* the game clock in seconds; stops while paused */
	uint64_t ticks, frames;
	bool paused; /* the window lost focus */
	bool quit;
	bool audio;           /* a device is open */
	int mouse_x, mouse_y; /* logical */
	SDL_GameController *pad;
	struct play play;
	const struct scene *help_return; /* the scene that opened help */
	int open_game; /* the registry index of the --open file's game (-1: none) */
	struct script *script_state;
	double frame_ms[16384]; /* frame times for --stats */
	int frame_count_ms;
	_Alignas(max_align_t) unsigned char scene_ctx[256]; /* the scene's context (struct scene) */
	int open_selected;     /* the game of the --open file chosen last (its list) */
	uint64_t engine_nodes; /* search nodes run inside the loop (--stats) */
	double engine_seconds; /* and the time they took */
	double think_wall;     /* wall time of the frames during which the engine thought */
	double frame_period;   /* seconds per frame at the display's rate */
	double draw_seconds;   /* smoothed cost of drawing and presenting a frame */
	double slice_seconds;  /* engine time in ticks that used their whole slice */
	uint64_t slices;       /* how many such ticks */
	bool stats;            /* --stats: print frame and engine figures at exit */
	int exit_code;         /* a script's failed expectation sets it */
	char shot_path[1024];  /* a screenshot to take after this frame is drawn */
	/* Drawing only what changed (app_redraw, app_redraw_at, app_motion): */
	bool dirty;           /* input arrived or something changed: draw the next frame */
	SDL_Rect placed;      /* where Parity put the window (remember_window keeps only a place
				 the player chose) */
	bool working;         /* a scene computes outside the game being played: the loop does not
				 sleep, and draws its progress four times a second */
	bool drawing;         /* this loop turn ends with a drawn frame (the engine's slice) */
	double redraw_at;     /* game clock when what is drawn changes next (0: nothing asks) */
	double motion_until;  /* endless decorations move until then (input moves them on) */
	double part_at;       /* game clock when a part of the screen changes next (0: none) */
	SDL_Rect part;        /* that part, in the canvas's coordinates (app_redraw_part_at) */
	bool keeps_frame;     /* the renderer keeps what it drew between frames (software): a
				 frame may redraw only a part */
	double motion_clock;  /* their clock: it runs only while they move */
	uint64_t loops;       /* turns of the loop; a->frames counts those that drew */
	uint64_t part_frames; /* the frames that redrew only a part */
	double draw_total;    /* seconds spent drawing and presenting (--stats) */
	double idle_wait;     /* seconds spent blocked in the event queue (--stats) */
	double first_frame;   /* seconds from the start of app_main to the first frame shown */
	int replies;          /* the engine's searches finished inside the loop (--stats) ... */
	uint64_t reply_nodes; /* ... their nodes ... */
	double reply_wall;    /* ... the wall time from each one's start to its end ... */
	double reply_cpu;     /* ... and the CPU time the process used meanwhile (all threads) */
};

/* Asks for the next frame to be drawn: something on screen changed other than through an
 * input event (which asks by itself). */
void app_redraw(struct app *a);

/* Says, while drawing, that what was drawn changes again at game-clock time `when` (a clock's
 * next second, a message's end, the next step of an animation): the loop draws then, and
 * when nothing else moves, sleeps until then. */
void app_redraw_at(struct app *a, double when);

/* Like app_redraw_at, for a change confined to the rectangle r (a clock's next second): when
 * nothing else is due then and the renderer keeps its frame, the loop redraws only r. */
void app_redraw_part_at(struct app *a, double when, SDL_Rect r);

/* Returns whether the window is better drawn by SDL's software renderer: PARITY_RENDERER
 * says so ("software"; "gpu" says not), or OpenGL would be a software rasteriser anyway
 * (no GPU device, an X server without direct rendering, LIBGL_ALWAYS_SOFTWARE)
 * (app/renderer.c). */
bool app_software_renderer(SDL_Window *window);

/* The clock of an endless decoration (a glow that breathes, the title's band of pieces),
 * to use in place of a->now while drawing: it runs, and asks for the next frame, for a few
 * seconds after the last input or move, then stands still so that an untouched screen costs
 * nothing. It stands still too when animations are off. */
double app_motion(struct app *a);

/* Returns the sprite sheet called `name` that a view listed in its `sprites` (one with no
 * texture when there is none, so that drawing with it draws nothing). */
const struct sprite *app_sprite(const struct app *a, const char *name);

/* Switches to `scene` with a fade (or at once when none is running). */
void app_change_scene(struct app *a, const struct scene *scene);

/* Plays a sound unless muted or silent. */
void app_sound(struct app *a, enum sound_id id);

/* Returns the seconds an animation of `seconds` lasts at the animation-speed setting (0 when
 * animations are off). */
double app_anim(const struct app *a, double seconds);

/* Saves the settings now (errors become a status line). */
void app_save_settings(struct app *a);

/* Stores the centre of the title menu's button labelled `name` in English ("Start",
 * "Continue", "Help", "Quit", "Options", "Analysis": the label or its first word, any case),
 * where the chosen game's rows put it; returns false for no such button (scene_menu.c). */
bool menu_button(const struct app *a, const char *name, SDL_Point *centre);
/* Starts what the command line asked for: the list of --open's games, one of them, or a new
 * game of --game. Returns whether it did; else err says why (empty when a new game could not
 * start: the menu then shows). */
bool app_start_command_line(struct app *a, char *err, size_t errlen);

/* Returns whether the menu is asking "Start a new game?" (scene_menu.c). */
bool menu_confirming(struct app *a);

/* Returns the registry index of the game the settings choose (0 for an unknown name). */
int app_game(const struct app *a);

/* Returns the autosave of game g (of the registry) that this instance writes, or NULL when it
 * plays without autosave (another instance holds the lock). */
const char *app_autosave_path(const struct app *a, int g);

/* Switches the text to the language of the settings (app/i18n.h) and re-opens the fonts for
 * it; Chinese without a Chinese font falls back to English with a notice. */
void app_apply_language(struct app *a);

/* Runs the front end with the command line; returns the exit status. */
int app_main(int argc, char **argv);

/* Handles one input event (from SDL or a script). */
void app_event(struct app *a, const SDL_Event *ev);

/* Saves what is on screen as a PNG; returns success. */
bool app_screenshot(struct app *a, const char *path);

#endif
