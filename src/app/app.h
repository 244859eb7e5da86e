/*
 * app/app.h — the SDL2 front end: the one place with global, mutable state.
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

#include "core/game.h"
#include "core/level.h"
#include "core/match.h"
#include "core/module.h"
#include "core/search.h"
#include "io/settings.h"

enum {
	APP_W = 1280, /* the logical canvas; the window letterboxes it */
	APP_H = 800,
	APP_TICK_HZ = 60, /* fixed update rate */
};

/* Sounds, by what they mean. */
enum sound_id {
	SOUND_PLACE, SOUND_FLIP, SOUND_CAPTURE, SOUND_ILLEGAL, SOUND_PASS, SOUND_WIN, SOUND_LOSE,
	SOUND_MENU, SOUND_BOX, SOUND_CROWN, SOUND_COUNT
};

/* Text sizes. FONT_NATIVE is the body size in a font with Chinese glyphs whatever the
 * language (NULL when the system has none): the menu writes "简体中文" with it. */
enum font_id { FONT_SMALL, FONT_BODY, FONT_LARGE, FONT_TITLE, FONT_NATIVE, FONT_COUNT };

struct assets {
	char dir[1024];               /* where they were found */
	SDL_Texture *discs;           /* the Reversi flip sheet: disc_frames cells in a row */
	int disc_frames, disc_cell;
	SDL_Texture *board;           /* the felt */
	SDL_Texture *markers;         /* hint, last move, cursor: 64×64 cells */
	SDL_Texture *pieces;          /* checkers: Black man, king, White man, king, glow */
	int piece_cell;
	SDL_Texture *dot;             /* Dots and Boxes: the dot, a glow to tint: square cells */
	SDL_Texture *paper;           /* Dots and Boxes: the paper tile */
	Mix_Chunk *sound[SOUND_COUNT];
	TTF_Font *font[FONT_COUNT];
	float font_scale;             /* fonts are opened at this multiple for sharp high-DPI text */
	char cjk_font[1024];          /* a system font with Chinese glyphs, "" when there is none */
	bool cjk_searched;            /* cjk_font has been looked for */
	char text_font[2][1200];      /* the regular and bold text fonts: ours, or the system's
					 DejaVu when ours cannot be opened ("": not found yet) */
};

/* The colours that the theme (standard, high contrast) and the palette (standard, colour-blind
 * safe: Okabe-Ito) choose; app/theme.c fills it from the settings. */
struct theme {
	bool high_contrast, colour_blind;
	SDL_Color background;   /* behind everything */
	SDL_Color side[2];      /* the two players' colours (Dots and Boxes: boxes, previews) */
	SDL_Color last;         /* the last move's glow (Reversi, checkers) */
	SDL_Color last_line;    /* the last Dots and Boxes line */
	SDL_Color safe, risky;  /* Dots hints: lines that give nothing away, lines that take a box */
	SDL_Color must;         /* checkers: the glow of the pieces that must capture */
	SDL_Color good, bad;    /* the evaluation overlay: scores for and against */
	SDL_Color grid;         /* Reversi grid lines */
	SDL_Color felt;         /* colour mod of the board texture */
	SDL_Color light_square; /* checkers: the light squares */
	SDL_Color paper;        /* Dots and Boxes: colour mod of the paper */
	SDL_Color ink;          /* Dots and Boxes: drawn lines */
	SDL_Color frame;        /* the board's frame */
	bool hatch;             /* Dots and Boxes: the second player's boxes are striped too */
};

/* Who plays which side. */
enum play_mode { MODE_VS_COMPUTER, MODE_TWO_PLAYERS, MODE_DEMO };

struct app;

struct scene {
	const char *name;
	void (*enter)(struct app *a);
	void (*event)(struct app *a, const SDL_Event *ev);
	void (*update)(struct app *a, double dt);
	void (*draw)(struct app *a);
	void (*leave)(struct app *a);
};

extern const struct scene scene_menu, scene_play, scene_over, scene_help, scene_games,
    scene_options;

/* A game view draws one game and turns pointer input into its moves (app/view_*.c). */
struct play;
struct view {
	const char *game;
	/* Optional: returns the view's own state for a new game (free_ui frees it), NULL when out
	 * of memory; the play keeps it in p->ui. A view keeps no state of its own elsewhere. */
	void *(*new_ui)(void);
	void (*free_ui)(void *ui);
	/* Optional: the position shown changed other than by a move played here (undo, redo, a
	 * new game, a jump in the history): the view drops its animations and half-made moves. */
	void (*changed)(struct app *a, struct play *p);
	/* Optional: draws the help page's figure (a move of the game before and after) from y,
	 * returning the height it took; a figure `beside` the rules is drawn at the right. */
	int (*help_figure)(struct app *a, int y);
	bool help_beside;
	/* Draws the board and pieces as they look at time `now` (seconds of game clock). */
	void (*draw)(struct app *a, const struct play *p);
	/* Returns the square/edge index under the logical point (x, y), or -1. */
	int (*hit)(const struct play *p, int x, int y);
	/* Finds the legal move whose target is `index` (from hit); returns whether there is one. */
	bool (*move_at)(const struct play *p, int index, struct game_move *out);
	/* Stores the logical centre of target `index` in *x, *y. */
	void (*centre)(const struct play *p, int index, int *x, int *y);
	/* Starts the animation and sounds of `move`, just played from `before`. */
	void (*played)(struct app *a, struct play *p, const void *before, const struct game_move *move);
	/* Returns the number of targets (squares, edges) the cursor moves over and their grid width. */
	int (*targets)(const struct play *p, int *width);
	/* Returns the target that `name` names ("d3"), or -1. */
	int (*index_of)(const struct play *p, const char *name);
	/* Returns the number the HUD shows beside `side`: discs, pieces, boxes. */
	int (*count)(const struct play *p, int side);
	/* Draws `side`'s emblem (a disc, a man, a box colour) into dst. */
	void (*emblem)(struct app *a, const struct play *p, int side, SDL_Rect dst);
	/* Writes the one-line description of the game (variant, size) without the level. */
	void (*describe)(const struct play *p, char *buf, size_t n);
	/* Optional: handles a pointer event itself (a drag, a two-click move); returns whether
	 * it did. Called before the shared input handling, only in the playing scene. */
	bool (*event)(struct app *a, struct play *p, const SDL_Event *ev);
	/* Optional: draws the game's own panel (the Dots chain counter) in the HUD's free band, r,
	 * and returns true; false leaves the band to the generic one: the moves so far in the
	 * game's notation, or with S the engine's last search (app/hud.c). */
	bool (*panel)(struct app *a, const struct play *p, SDL_Rect r);
	/* Optional: writes the generic panel's heading (checkers: the kings), ending with
	 * `suffix` (a reminder of the S key, or ""). */
	void (*panel_head)(const struct play *p, const char *suffix, char *buf, size_t n);
	/* Optional: advances the view's own timed effects once a tick (the sounds of a move
	 * landing hop by hop), even once the game is over. */
	void (*update)(struct app *a, struct play *p);
	/* Optional: stores in out (room for max) the targets a player clicks in turn to play
	 * `move` (a checkers piece, then each landing square); returns how many. Without it a
	 * move is one click on index_of(its text). */
	int (*steps)(const struct play *p, const struct game_move *move, int *out, int max);
	/* Optional: writes the game-over line under the banner (how the game ended). */
	void (*outcome)(const struct play *p, char *buf, size_t n);
};

/* Returns the view of game i of the registry (app/view_registry.c), or NULL. */
const struct view *view_at(int i);

/* A flip or placement being animated on one square. */
struct square_anim {
	double start;     /* game-clock time it begins */
	int from, to;     /* colours: 0 black, 1 white, -1 empty (a new disc) */
};

/* The game being played: the position history, who is who, the engine, and the UI state
 * (hover, cursor, animations) that undo never touches. */
struct play {
	const struct game_rules *rules;
	const struct game_module *module; /* the game's module, and its index in the registry */
	int game;
	const struct view *view;
	void *ui;                       /* the view's own state (view->new_ui) */
	struct match match;
	enum play_mode mode;
	const struct level *level;
	int human;                      /* the side a human plays in MODE_VS_COMPUTER */
	uint32_t seed;
	struct search *search;
	bool thinking;                  /* a search is under way for the side to move */
	double think_start;             /* game clock when it began */
	double think_total[2];          /* each side's thinking time so far */
	double turn_start;              /* game clock when the side to move began its turn */
	double ns_per_node;             /* measured cost of a search node, to size budgets */
	uint64_t nodes_done;            /* nodes of the finished search (HUD) */
	int hover;                      /* target under the mouse, or -1 */
	int cursor;                     /* keyboard cursor target, or -1 when hidden */
	bool hints;
	double anim_end;                /* game clock when the last animation ends */
	double flip_sound_at;           /* game clock when the flip sound is due (0: none) */
	char banner[160];               /* an announcement (a pass), shown until banner_end */
	double banner_end;
	bool confirm_leave;             /* "Leave this game?" is open */
	bool over_handled;              /* the game-over sound and scene change happened */
	struct search *advisor;         /* the engine working for the human: suggestion, overlay */
	int advice;                     /* the suggested target (Shift+H), or -1 */
	bool advice_wanted;             /* a suggestion was asked for and is being searched */
	bool show_eval;                 /* the overlay: the engine's score on every legal square */
	int eval_next;                  /* the next legal move the overlay evaluates */
	bool eval_busy;                 /* the advisor is searching the overlay's move */
	int eval_count;                 /* targets of the game (view->targets) */
	int *eval_score;                /* per target: the score for the side to move */
	bool *eval_known;
	bool show_search;               /* S: the panel shows the engine's last search */
	bool have_search;               /* last_search holds the figures of a search */
	struct search_result last_search; /* the engine's latest figures */
	unsigned char search_root[GAME_POS_MAX_BYTES]; /* the position it searched */
	double search_seconds;          /* how long it has searched */
	char status[200];               /* a one-line message at the bottom (errors, saves) */
	double status_end;
};

/* Command-line choices. */
struct app_options {
	bool fullscreen, windowed;
	int frames;                    /* run this many frames, then exit (0: no limit) */
	const char *screenshot;        /* save the last frame here */
	const char *script;            /* replay timed input events from this file */
	const char *game, *level, *mode, *color;
	bool seed_given;
	uint32_t seed;
	const char *data_dir;          /* --data DIR: where the assets are */
	const char *pref_dir;          /* --prefs DIR: settings and autosave (default: SDL's) */
	const char *open;              /* --open FILE: continue a game from a record file */
	int game_number;               /* --game-number N: which game of that file (0: none given) */
	bool open_list;                /* the file holds several games and none was chosen */
	char **argv;                   /* the command line */
	int game_arg[8], game_arg_count; /* where the game's own options are in argv (--size) */
	struct game_options game_options; /* their values, read for --game's game */
};

enum { APP_GAME_ARGS_MAX = 8 };

struct script;

struct app {
	SDL_Window *window;
	SDL_Renderer *renderer;
	struct assets assets;
	struct app_options opt;
	struct settings settings;
	struct theme theme;            /* the colours the settings choose (app_apply_theme) */
	char settings_path[1024];
	char save_path[1024];
	bool has_autosave;
	char notice[200];              /* a message shown once in the menu (e.g. a corrupt file) */
	const struct scene *scene, *next_scene;
	const struct scene *last_scene; /* the scene left by the latest change (NULL at start) */
	double fade;                   /* 0..1: how dark the screen is during a scene change */
	bool fading_out;
	double now;                    /* the game clock in seconds; stops while paused */
	uint64_t ticks, frames;
	bool paused;                   /* the window lost focus */
	bool quit;
	bool audio;                    /* a device is open */
	int mouse_x, mouse_y;          /* logical */
	SDL_GameController *pad;
	struct play play;
	const struct scene *help_return; /* the scene that opened help */
	int open_game;                 /* the registry index of the --open file's game (-1: none) */
	struct script *script_state;
	double frame_ms[16384];        /* frame times for --stats */
	int frame_count_ms;
	int menu_row;                  /* the selected menu row */
	bool menu_pointer_seen; /* the menu has seen the pointer once since it opened: only a
				   later motion is the player's (not the pointer resting there) */
	uint64_t engine_nodes;         /* search nodes run inside the loop (--stats) */
	double engine_seconds;         /* and the time they took */
	double think_wall;             /* wall time of the frames during which the engine thought */
	double frame_period;           /* seconds per frame at the display's rate */
	double draw_seconds;           /* smoothed cost of drawing and presenting a frame */
	double slice_seconds;          /* engine time in ticks that used their whole slice */
	uint64_t slices;               /* how many such ticks */
	bool stats;                    /* --stats: print frame and engine figures at exit */
	int exit_code;                 /* a script's failed expectation sets it */
	char shot_path[1024];          /* a screenshot to take after this frame is drawn */
};

/* Switches to `scene` with a fade (or at once when none is running). */
void app_change_scene(struct app *a, const struct scene *scene);

/* Plays a sound unless muted or silent. */
void app_sound(struct app *a, enum sound_id id);

/* Draws text with its top-left (align 0), centre (1) or top-right (2) at (x, y); returns
 * the width drawn. */
int app_text(struct app *a, enum font_id font, const char *text, int x, int y, SDL_Color colour,
	     int align);

/* Draws text as app_text does, shrunk to max_w logical pixels when it is wider (a long
 * translation); returns the width drawn. */
int app_text_fit(struct app *a, enum font_id font, const char *text, int x, int y, SDL_Color colour,
		 int align, int max_w);

/* Draws a paragraph from (x, y) in lines of at most `width` pixels, `line_h` apart, broken at
 * spaces or between Chinese characters; returns the y below its last line. */
int app_text_wrap(struct app *a, enum font_id font, const char *text, int x, int y, int width,
		  int line_h, SDL_Color colour);

/* Returns the width of text in logical pixels. */
int app_text_width(struct app *a, enum font_id font, const char *text);

/* Sets the draw colour to c, opaque. */
void app_draw_colour(struct app *a, SDL_Color c);

/* Sets the draw colour to `base` as the theme's colour mod `mod` tints a texture of that
 * colour (the boards are textures tinted by the theme; figures drawn by hand match them). */
void app_draw_tinted(struct app *a, SDL_Color base, SDL_Color mod);

/* Fills a rounded-looking panel. */
void app_panel(struct app *a, SDL_Rect r, SDL_Color fill);

/* Draws a button and returns whether the mouse is over it. */
bool app_button(struct app *a, SDL_Rect r, const char *label, bool selected);

/* Returns whether the logical point lies in r. */
bool app_inside(SDL_Rect r, int x, int y);

/* Fills a->theme from the theme and palette settings (app/theme.c). */
void app_apply_theme(struct app *a);

/* Returns the colour text drawn in `c` takes under the theme (high contrast: black, white
 * or yellow). */
SDL_Color app_theme_ink(const struct app *a, SDL_Color c);

/* Returns the seconds an animation of `seconds` lasts at the animation-speed setting (0 when
 * animations are off). */
double app_anim(const struct app *a, double seconds);

/* Saves the settings now (errors become a status line). */
void app_save_settings(struct app *a);

/* Switches the text to the language of the settings (app/i18n.h) and re-opens the fonts for
 * it; Chinese without a Chinese font falls back to English with a notice. */
void app_apply_language(struct app *a);

/* --- the game being played (app/play.c) --- */

/* Starts a new game from the settings (or the autosave when `resume`); returns success. */
bool play_begin(struct app *a, bool resume);

/* Starts a game from a PDN file: game `number` (1-based) of `path`, at its last position
 * (undo steps back through it). Returns success, or false with a message in err. */
bool play_open(struct app *a, const char *path, int number, char *err, size_t errlen);

/* Returns the registry index of the game whose records the file at path holds, by its
 * extension (the first game with a record reader for it), or -1. */
int play_record_game(const char *path);

/* Checks what play_open would read, without a window: returns whether game `number` of the
 * PDN file at path can be played, or false with a message in err. */
bool play_check_open(const char *path, int number, char *err, size_t errlen);

/* One game of a PDN file as the list of games shows it (app/scene_games.c). */
struct open_entry {
	char line[160];  /* "3. London 1992 · Chinook – Tinsley · 1/2-1/2 · 40 moves" */
	bool playable;   /* read without a fault */
	char why[GAME_ERR_MAX]; /* the fault, when not playable */
};

/* Reads the games of the PDN file at path for the list: returns a new array (free it) of
 * *count entries (at least one), or NULL with a message in err. */
struct open_entry *play_list_open(const char *path, int *count, char *err, size_t errlen);

/* Frees the game. */
void play_end(struct app *a);

/* Advances the engine and the turn logic by one tick. */
void play_update(struct app *a, double dt);

/* Handles an event that the playing and game-over scenes share. */
void play_event(struct app *a, const SDL_Event *ev);

/* Draws the board and the HUD. */
void play_draw(struct app *a);

/* Undoes (back to the human's previous turn against the computer) or redoes. */
void play_undo(struct app *a);
void play_redo(struct app *a);

/* Returns whether the game waits for a human: no fade, animation, engine move, asked-for
 * suggestion or pass pending. */
bool play_idle(const struct app *a);

/* Returns whether the side to move is played by the computer. */
bool play_computer_to_move(const struct play *p);

/* Returns whether a human may move now (the playing scene, a human's turn, nothing being
 * animated, the game not over). */
bool play_human_may_move(const struct app *a);

/* Plays `move`, a legal move of the side to move, for the human (views with their own
 * pointer handling call it) when play_human_may_move; returns whether it was played. */
bool play_human(struct app *a, const struct game_move *move);

/* Reports a refused move: the "illegal" sound and `why` on the status line. */
void play_refuse(struct app *a, const char *why);

/* --- the script of timed input events (app/script.c) --- */
struct script *script_load(const char *path, char *err, size_t errlen);
void script_free(struct script *s);
/* Runs the script's events that are due at this tick; returns false once it has ended. */
bool script_tick(struct app *a, struct script *s);
/* Input made up through app_event, as scripts and the monkey test send it: a key pressed and
 * released; a mouse event at logical (x, y), `button` being the one pressed or released, or
 * the one held during a motion (0: none); a gamepad button pressed and released. */
void script_key(struct app *a, SDL_Keycode k, Uint16 mod, bool repeat);
void script_mouse(struct app *a, Uint32 type, int x, int y, Uint8 button);
void script_pad(struct app *a, SDL_GameControllerButton button);
/* Stores in out (room for max) the targets a player clicks in turn to play `move`; returns
 * how many (0: none). */
int script_move_targets(const struct play *p, const struct game_move *move, int *out, int max);

/* --- the monkey test: random input through the real handlers (app/monkey.c) --- */
struct monkey;
/* Starts a monkey test of `events` random events drawn from `seed`; NULL when out of memory. */
struct monkey *monkey_new(struct app *a, long events, uint32_t seed);
/* Sends one tick's events; returns 0 while running, 1 once done (a summary is on stderr), -1
 * when the program got stuck (monkey_why says how). */
int monkey_tick(struct app *a, struct monkey *m);
const char *monkey_why(const struct monkey *m);
void monkey_free(struct monkey *m);

/* Runs the front end with the command line; returns the exit status. */
int app_main(int argc, char **argv);

/* Handles one input event (from SDL or a script). */
void app_event(struct app *a, const SDL_Event *ev);

/* Saves what is on screen as a PNG; returns success. */
bool app_screenshot(struct app *a, const char *path);

#endif
