/*
 * app/play.h — the game being played in the window (app/play.c) and the views that draw
 * each game (app/view_*.c, one per game of the registry, app/view_registry.c).
 */
#ifndef PARITY_APP_PLAY_H
#define PARITY_APP_PLAY_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "core/level.h"
#include "core/match.h"
#include "core/module.h"
#include "core/search.h"

struct app;

/* Who plays which side. */
enum play_mode { MODE_VS_COMPUTER, MODE_TWO_PLAYERS, MODE_DEMO };

/* A game view draws one game and turns pointer input into its moves (app/view_*.c). */
struct play;
struct view {
	const char *game;
	/* The sprite sheets (files of assets/sprites/) it draws with, NULL-terminated: loaded
	 * with the other assets, found with app_sprite. */
	const char *const *sprites;
	/* Optional: draws piece i (0..8) of the title menu's band of pieces, at time `clock`
	 * (seconds), in dst; the menu asks the first game of the registry that has one. */
	void (*banner)(struct app *a, int i, double clock, SDL_Rect dst);
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
	void (*played)(struct app *a, struct play *p, const void *before,
	               const struct game_move *move);
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

/* A view's move_at for games whose target index is the move's code (a square): finds the
 * legal move with code `index`; returns whether there is one. */
bool play_move_by_code(const struct play *p, int index, struct game_move *out);

/* Returns the view of game i of the registry (app/view_registry.c), or NULL. */
const struct view *view_at(int i);

/* A flip or placement being animated on one square. */
struct square_anim {
	double start; /* game-clock time it begins */
	int from, to; /* colours: 0 black, 1 white, -1 empty (a new disc) */
};

/* The game being played: the position history, who is who, the engine, and the UI state
 * (hover, cursor, animations) that undo never touches. */
struct play {
	const struct game_rules *rules;
	const struct game_module *module; /* the game's module, and its index in the registry */
	int game;
	const struct view *view;
	void *ui; /* the view's own state (view->new_ui) */
	struct match match;
	enum play_mode mode;
	const struct level *level;
	int human; /* the side a human plays in MODE_VS_COMPUTER */
	uint32_t seed;
	struct search *search;
	bool thinking;         /* a search is under way for the side to move */
	double think_start;    /* game clock when it began */
	uint64_t think_wall0;  /* the performance counter when it began (--stats) */
	double think_cpu0;     /* the process's CPU seconds when it began (--stats) */
	double think_total[2]; /* each side's thinking time so far */
	double turn_start;     /* game clock when the side to move began its turn */
	double ns_per_node;    /* measured cost of a search node, to size budgets */
	uint64_t shown;        /* what the screen last showed of the play (play_update) */
	uint64_t nodes_done;   /* nodes of the finished search (HUD) */
	int hover;             /* target under the mouse, or -1 */
	int cursor;            /* keyboard cursor target, or -1 when hidden */
	bool hints;
	double anim_end;      /* game clock when the last animation ends */
	double flip_sound_at; /* game clock when the flip sound is due (0: none) */
	char banner[160];     /* an announcement (a pass), shown until banner_end */
	double banner_end;
	bool confirm_leave;     /* "Leave this game?" is open */
	bool over_handled;      /* the game-over sound and scene change happened */
	struct search *advisor; /* the engine working for the human: suggestion, overlay */
	int advice;             /* the suggested target (Shift+H), or -1 */
	bool advice_wanted;     /* a suggestion was asked for and is being searched */
	bool show_eval;         /* the overlay: the engine's score on every legal square */
	int eval_next;          /* the next legal move the overlay evaluates */
	bool eval_busy;         /* the advisor is searching the overlay's move */
	int eval_count;         /* targets of the game (view->targets) */
	int *eval_score;        /* per target: the score for the side to move */
	bool *eval_known;
	bool show_search;                 /* S: the panel shows the engine's last search */
	bool have_search;                 /* last_search holds the figures of a search */
	struct search_result last_search; /* the engine's latest figures */
	unsigned char search_root[GAME_POS_MAX_BYTES]; /* the position it searched */
	double search_seconds;                         /* how long it has searched */
	char status[200]; /* a one-line message at the bottom (errors, saves) */
	bool board_only;  /* the analysis board's position: never autosaved (play_keep) */
	double status_end;
};

/* --- the game being played (app/play.c) --- */

/* Finds (and makes) the folder for saved records: the documents directory's Parity/, else
 * the preference directory (io/recordsdir.h). Writes it into dir (n bytes) and returns
 * success; err (GAME_ERR_MAX bytes) says why not. */
bool play_records_folder(const struct app *a, char *dir, size_t n, char *err);

/* Returns the node budget of one engine slice (the advisor's, a review's, the analysis
 * board's): the whole tick when no frame is drawn after it, else what drawing leaves. */
uint64_t play_slice_budget(const struct app *a);

/* Learns the cost of a node from a stretch of search: `done` nodes in `ns` nanoseconds
 * (too short a stretch, 32 nodes or fewer, says nothing). */
void play_learn_node_cost(struct play *p, double ns, uint64_t done);

/* The position shown jumped (undo, redo, a step through a review): stops the engine, drops
 * the view's animations and advice, and autosaves. */
void play_history_changed(struct app *a);

/* Starts a new game from the settings (or the autosave when `resume`); returns success. */
bool play_begin(struct app *a, bool resume);

/* Starts the settings' game for the analysis board: nothing of it is autosaved until
 * play_keep makes it the player's game (Play it out). */
bool play_begin_board(struct app *a);
void play_keep(struct app *a);

/* Starts a game from a record file: game `number` (1-based) of `path`, a file of the
 * --open game's records (a->open_game, record_file_game), at its last position (undo steps
 * back through it). Returns success, or false with a message in err. */
bool play_open(struct app *a, const char *path, int number, char *err, size_t errlen);

/* Checks what play_open would read, without a window: returns whether game `number` of the
 * file at path, of game `game`'s records, can be played, or false with a message in err. */
bool play_check_open(const char *path, int game, int number, char *err, size_t errlen);

/* One game of a PDN file as the list of games shows it (app/scene_games.c). */
struct open_entry {
	char line[160];         /* "3. London 1992 · Chinook – Tinsley · 1/2-1/2 · 40 moves" */
	bool playable;          /* read without a fault */
	char why[GAME_ERR_MAX]; /* the fault, when not playable */
};

/* Reads the games of the file at path, of game `game`'s records, for the list: returns a new
 * array (free it) of *count entries (at least one), or NULL with a message in err. */
struct open_entry *play_list_open(const char *path, int game, int *count, char *err, size_t errlen);

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

/* Returns whether there is a move to undo, or to redo (the HUD greys its buttons out). */
bool play_can_undo(const struct play *p);
bool play_can_redo(const struct play *p);

/* Returns whether the game has work to do without input: what play_idle waits for, or the
 * evaluation overlay (E) still scoring moves. The loop sleeps only when it has none. */
bool play_working(const struct app *a);

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

#endif
