/*
 * app/play.c — the game being played in the window: turns, the engine running in slices
 * inside the frame, undo/redo, passes, the autosave and the shared input of the playing
 * and game-over scenes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/app.h"
#include "app/i18n.h"
#include "io/records.h"
#include "io/recordsdir.h"
#include "io/save.h"

/* The engine gets what a frame leaves after drawing, less a safety margin, within bounds. */
#define SLICE_MARGIN      0.0015 /* seconds */
#define SLICE_MIN         0.004
#define SLICE_MAX         0.012
#define SLICE_MARGIN_IDLE 0.0008 /* when no frame is drawn: the whole tick but this */

/* Returns the mode named in the settings. */
static enum play_mode mode_named(const char *name)
{
	return strcmp(name, "two-players") == 0 ? MODE_TWO_PLAYERS
	       : strcmp(name, "demo") == 0      ? MODE_DEMO
	                                        : MODE_VS_COMPUTER;
}

static const char *mode_name(enum play_mode m)
{
	return m == MODE_TWO_PLAYERS ? "two-players" : m == MODE_DEMO ? "demo" : "vs-computer";
}

bool play_move_by_code(const struct play *p, int index, struct game_move *out)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = match_legal(&p->match, moves);
	for (int i = 0; i < n; i++)
		if ((int)moves[i].code == index) {
			*out = moves[i];
			return true;
		}
	return false;
}

bool play_computer_to_move(const struct play *p)
{
	if (!p->rules || match_over(&p->match))
		return false;
	return p->mode == MODE_DEMO ||
	       (p->mode == MODE_VS_COMPUTER && match_to_move(&p->match) != p->human);
}

/* Writes the autosave (errors become a status line). */
static void autosave(struct app *a)
{
	struct play *p = &a->play;
	if (p->board_only)
		return; /* the analysis board's positions are not the player's game */
	struct save_info info;
	memset(&info, 0, sizeof info);
	snprintf(info.mode, sizeof info.mode, "%s", mode_name(p->mode));
	snprintf(info.level, sizeof info.level, "%s", p->level->name);
	info.human = p->human;
	for (int side = 0; side < 2; side++) /* the clocks come back with Continue */
		info.clock[side] = (unsigned)p->think_total[side];
	char err[GAME_ERR_MAX];
	const char *path = app_autosave_path(a, p->game);
	if (!path)
		return; /* another instance keeps the autosave (said once, at the start) */
	if (save_write(path, &p->match, &info, err) != 0) {
		SDL_Log("parity: autosave failed: %s", err);
		snprintf(p->status, sizeof p->status, _("Autosave failed: %s"), err);
		p->status_end = a->now + 6;
	}
	a->has_save[p->game] = !match_over(&p->match);
}

/* Finishes setting up a game whose match, rules, mode, level and human are in place:
 * the view, the engines, hints, the autosave. Returns success (false: out of memory). */
static bool play_setup(struct app *a)
{
	struct play *p = &a->play;
	if (!p->level)
		p->level = level_at(p->rules, 0);
	p->module = game_module_of(p->rules);
	p->game = game_module_index(p->module);
	p->view = view_at(p->game);
	p->seed = a->opt.seed_given ? a->opt.seed : (uint32_t)SDL_GetPerformanceCounter();
	/* The engine's table as the headless commands size it (parity bench, analyse, match),
	 * so that a level plays the same moves in the window as in their figures; calloc'd,
	 * its pages are touched only as a search fills them. */
	p->search = search_new(p->rules, 20);
	p->advisor = search_new(p->rules, 16);
	p->ui = p->view->new_ui ? p->view->new_ui() : NULL;
	int width;
	p->eval_count = p->view->targets(p, &width);
	p->eval_score = calloc((size_t)p->eval_count + 1, sizeof *p->eval_score);
	p->eval_known = calloc((size_t)p->eval_count + 1, sizeof *p->eval_known);
	if (!p->search || !p->advisor || (p->view->new_ui && !p->ui) || !p->eval_score ||
	    !p->eval_known) {
		play_end(a);
		snprintf(a->notice, sizeof a->notice, "%s", _("Out of memory"));
		return false;
	}
	p->hints = a->settings.hints || strcmp(p->level->name, "beginner") == 0;
	p->hover = p->cursor = p->advice = -1;
	p->show_eval = a->settings.show_eval;
	p->ns_per_node = 1000;
	p->turn_start = a->now;
	autosave(a);
	return true;
}

/* Starts a game as play_begin does; a board_only one is never autosaved. */
static bool begin(struct app *a, bool resume, bool board_only)
{
	struct play *p = &a->play;
	play_end(a);
	memset(p, 0, sizeof *p);
	p->board_only = board_only;
	char err[GAME_ERR_MAX] = "";
	struct save_info info;
	memset(&info, 0, sizeof info);
	if (resume) {
		if (save_read(a->save_path[app_game(a)], &p->match, &info, err) != 0) {
			snprintf(a->notice, sizeof a->notice, _("Cannot continue: %s"), err);
			return false;
		}
		p->rules = p->match.rules;
		p->mode = mode_named(info.mode);
		p->level = level_find(p->rules, info.level);
		p->human = info.human;
		p->think_total[0] = info.clock[0];
		p->think_total[1] = info.clock[1];
	} else {
		const struct settings *s = &a->settings;
		int g = game_module_index(game_module_find(s->game));
		if (g < 0)
			g = 0;
		p->rules = game_module_at(g)->rules;
		/* The game's options from the settings; the display options are the view's. */
		struct game_options opt = settings_game_options(s, g);
		for (int k = 0; k < game_module_at(g)->option_count; k++) {
			const struct game_option *o = &game_module_at(g)->options[k];
			if (o->display)
				opt.value[o->slot] = 0;
		}
		opt.seed = a->opt.seed_given ? a->opt.seed : (uint32_t)SDL_GetPerformanceCounter();
		if (match_init(&p->match, p->rules, &opt) != GAME_OK) {
			snprintf(a->notice, sizeof a->notice, "%s", _("Cannot start that game"));
			p->rules = NULL;
			return false;
		}
		p->mode = mode_named(s->mode);
		p->level = level_find(p->rules, s->level);
		p->human = s->colour ? 1 : 0;
	}
	return play_setup(a);
}

bool play_begin(struct app *a, bool resume)
{
	return begin(a, resume, false);
}

bool play_begin_board(struct app *a)
{
	return begin(a, false, true);
}

void play_keep(struct app *a)
{
	a->play.board_only = false;
	autosave(a);
}

struct open_entry *play_list_open(const char *path, int game, int *count, char *err, size_t errlen)
{
	struct record_game *games = NULL;
	const int n = record_file_games(path, game, &games, err, errlen);
	struct open_entry *list = NULL;
	if (n > 0 && !(list = calloc((size_t)n, sizeof *list)))
		snprintf(err, errlen, "out of memory reading %s", path);
	for (int i = 0; list && i < n; i++) {
		const struct record_game *g = &games[i];
		struct open_entry *e = &list[i];
		e->playable = g->error == GAME_OK;
		snprintf(e->why, sizeof e->why, "%s", g->err);
		snprintf(
		    e->line, sizeof e->line,
		    ngettext(
		        "%d. %.40s \xc2\xb7 %.24s \xe2\x80\x93 %.24s \xc2\xb7 %s \xc2\xb7 %d move",
		        "%d. %.40s \xc2\xb7 %.24s \xe2\x80\x93 %.24s \xc2\xb7 %s \xc2\xb7 %d moves",
		        (unsigned long)g->count),
		    i + 1, *g->event ? g->event : "?", *g->player[0] ? g->player[0] : "?",
		    *g->player[1] ? g->player[1] : "?", *g->result ? g->result : "*", g->count);
	}
	record_games_free(games, n < 0 ? 0 : n);
	*count = list ? n : 0;
	return list;
}

bool play_check_open(const char *path, int game, int number, char *err, size_t errlen)
{
	struct match m;
	int games;
	if (!record_file_match(path, game, number, &m, &games, err, errlen))
		return false;
	match_free(&m);
	return true;
}

bool play_open(struct app *a, const char *path, int number, char *err, size_t errlen)
{
	struct play *p = &a->play;
	play_end(a);
	memset(p, 0, sizeof *p);
	int games = 0;
	if (!record_file_match(path, a->open_game, number, &p->match, &games, err, errlen)) {
		memset(p, 0, sizeof *p);
		return false;
	}
	const struct settings *s = &a->settings;
	p->rules = p->match.rules;
	p->mode = mode_named(s->mode);
	p->level = level_find(p->rules, s->level);
	/* Against the computer the human takes the side to move, unless a colour was given. */
	p->human = a->opt.color ? (strcmp(a->opt.color, "white") == 0) : match_to_move(&p->match);
	if (!play_setup(a))
		return false;
	if (match_over(&p->match))
		p->over_handled = false;
	const char *base = strrchr(path, '/');
	if (games > 1)
		snprintf(p->status, sizeof p->status, _("Game %d of %d in %.40s"), number, games,
		         base ? base + 1 : path);
	else
		snprintf(p->status, sizeof p->status, _("Opened %.60s"), base ? base + 1 : path);
	p->status_end = a->now + 5;
	return true;
}

void play_end(struct app *a)
{
	struct play *p = &a->play;
	if (!p->rules)
		return;
	if (p->search && !match_over(&p->match))
		autosave(a); /* with the clocks as they stand */
	search_free(p->search);
	search_free(p->advisor);
	if (p->ui && p->view->free_ui)
		p->view->free_ui(p->ui);
	else
		free(p->ui);
	free(p->eval_score);
	free(p->eval_known);
	match_free(&p->match);
	memset(p, 0, sizeof *p);
}

/* Forgets the advisor's work: the position it was about has changed. */
static void advice_reset(struct play *p)
{
	search_cancel(p->advisor);
	p->advice = -1;
	p->advice_wanted = false;
	p->eval_next = 0;
	p->eval_busy = false;
	memset(p->eval_known, 0, (size_t)p->eval_count * sizeof *p->eval_known);
}

/* Forgets animations and the engine's work after the history changed under them. */
void play_history_changed(struct app *a)
{
	struct play *p = &a->play;
	search_cancel(p->search);
	advice_reset(p);
	p->thinking = false;
	if (p->view->changed)
		p->view->changed(a, p);
	p->anim_end = 0;
	p->banner_end = 0;
	p->over_handled = false;
	p->turn_start = a->now;
	autosave(a);
}

/* Plays a legal move with its animation and sounds. */
static void play_move(struct app *a, const struct game_move *move)
{
	struct play *p = &a->play;
	unsigned char before[GAME_POS_MAX_BYTES];
	memcpy(before, match_pos(&p->match), p->rules->pos_size);
	if (match_play(&p->match, move) != GAME_OK) {
		snprintf(p->status, sizeof p->status, "%s", _("Out of memory"));
		return;
	}
	p->view->played(a, p, before, move);
	/* A legal move answers any message about the last attempt ("not a legal move"). */
	p->status[0] = '\0';
	p->status_end = 0;
	p->turn_start = a->now;
	advice_reset(p);
	autosave(a);
}

/* Returns whether the only legal move now is a pass, storing it. */
static bool forced_pass(const struct play *p, struct game_move *pass)
{
	struct game_move moves[GAME_MOVES_MAX];
	if (match_legal(&p->match, moves) != 1)
		return false;
	char text[16];
	p->rules->move_to_text(match_pos(&p->match), &moves[0], text, sizeof text);
	if (strcmp(text, "pass") != 0)
		return false;
	*pass = moves[0];
	return true;
}

bool play_idle(const struct app *a)
{
	const struct play *p = &a->play;
	struct game_move pass;
	if (a->fading_out || a->fade > 0)
		return false;
	if (!p->rules)
		return true;
	return !p->thinking && !p->advice_wanted && a->now >= p->anim_end &&
	       a->now >= p->banner_end && !play_computer_to_move(p) &&
	       !(a->scene == &scene_play && !match_over(&p->match) && forced_pass(p, &pass)) &&
	       !(match_over(&p->match) && !p->over_handled);
}

bool play_working(const struct app *a)
{
	const struct play *p = &a->play;
	if (!play_idle(a))
		return true;
	if (!p->rules || !p->show_eval || match_over(&p->match) || a->scene != &scene_play)
		return false;
	struct game_move moves[GAME_MOVES_MAX];
	return p->eval_next < match_legal(&p->match, moves);
}

/* Says so on the status line: undo or redo found nothing to do. */
static void nothing_to(struct app *a, const char *what)
{
	struct play *p = &a->play;
	app_sound(a, SOUND_ILLEGAL);
	snprintf(p->status, sizeof p->status, "%s", what);
	p->status_end = a->now + 2.5;
}

bool play_can_undo(const struct play *p)
{
	return p->rules && p->match.cursor > 0;
}

bool play_can_redo(const struct play *p)
{
	return p->rules && p->match.cursor < p->match.count;
}

void play_undo(struct app *a)
{
	struct play *p = &a->play;
	if (!play_can_undo(p)) {
		nothing_to(a, _("Nothing to undo: this is the start of the game"));
		return;
	}
	p->status[0] = '\0';
	p->status_end = 0;
	match_undo(&p->match);
	if (p->mode == MODE_VS_COMPUTER) /* back to the human's previous turn */
		while (p->match.cursor > 0 && match_to_move(&p->match) != p->human)
			match_undo(&p->match);
	play_history_changed(a);
}

void play_redo(struct app *a)
{
	struct play *p = &a->play;
	if (!match_redo(&p->match)) {
		nothing_to(a, _("Nothing to redo"));
		return;
	}
	p->status[0] = '\0';
	p->status_end = 0;
	if (p->mode == MODE_VS_COMPUTER)
		while (match_to_move(&p->match) != p->human && match_redo(&p->match))
			;
	play_history_changed(a);
}

/* Returns the seconds of one engine slice: the whole tick when no frame is drawn after it,
 * else what the frame leaves after drawing, less a safety margin, within bounds. */
static double slice_seconds(const struct app *a)
{
	if (!a->drawing)
		return 1.0 / APP_TICK_HZ - SLICE_MARGIN_IDLE;
	double slice = a->frame_period - a->draw_seconds - SLICE_MARGIN;
	return slice < SLICE_MIN ? SLICE_MIN : slice > SLICE_MAX ? SLICE_MAX : slice;
}

/* The least a node is taken to cost, in ns: no engine here searches 100 M nodes a second. A
 * cost measured below it (a coarse or stalled clock) would size a step far past its slice
 * and freeze the window; sized from this, a step is short and the slice loop takes another. */
#define NS_PER_NODE_MIN 10.0

/* Returns the node budget of `seconds` of search at the measured cost of a node. */
static uint64_t nodes_for(const struct play *p, double seconds)
{
	const double ns = p->ns_per_node < NS_PER_NODE_MIN ? NS_PER_NODE_MIN : p->ns_per_node;
	double budget = seconds * 1e9 / ns;
	budget = budget < 64 ? 64 : budget > 5e7 ? 5e7 : budget;
	return (uint64_t)budget;
}

void play_learn_node_cost(struct play *p, double ns, uint64_t done)
{
	if (done > 32) /* smoothly: one stretch of cheap or dear nodes moves it a fifth */
		p->ns_per_node = 0.8 * p->ns_per_node + 0.2 * (ns / (double)done);
}

bool play_records_folder(const struct app *a, char *dir, size_t n, char *err)
{
	char prefs[RECORDS_PATH_MAX];
	snprintf(prefs, sizeof prefs, "%s", a->pref_prefix);
	const size_t len = strlen(prefs);
	if (len > 1 && prefs[len - 1] == '/')
		prefs[len - 1] = '\0'; /* the preference directory itself */
	return records_dir(dir, n, prefs, err) == 0;
}

uint64_t play_slice_budget(const struct app *a)
{
	return nodes_for(&a->play, slice_seconds(a));
}

/* Runs one slice of the advisor for the human to move: first a suggestion that was asked
 * for, then the overlay's scores, one legal move after another. */
static void advise(struct app *a)
{
	struct play *p = &a->play;
	/* The advisor searches as Hard does where the game has it (Medium otherwise), without
	 * noise, with a quarter of its nodes so that the answer comes within a second or so inside
	 * the frame loop; the overlay gives each move a sixteenth. */
	const struct level *lv = level_find(p->rules, "hard");
	if (!lv)
		lv = level_find(p->rules, "medium");
	struct search_limits limits;
	level_limits(lv ? lv : p->level, p->seed, &limits);
	limits.noise = 0;
	limits.nodes = limits.nodes / 4 + 1;
	struct game_move moves[GAME_MOVES_MAX];
	const int n = match_legal(&p->match, moves);
	if (p->advice_wanted) {
		if (!search_running(p->advisor) && !p->eval_busy) {
			search_start(p->advisor, match_pos(&p->match), &limits);
		}
		if (!p->eval_busy) {
			search_step(p->advisor, play_slice_budget(a));
			if (!search_running(p->advisor)) {
				const struct search_result *r = search_result(p->advisor);
				p->advice_wanted = false;
				if (r->has_move) {
					char text[GAME_TEXT_MAX];
					p->rules->move_to_text(match_pos(&p->match), &r->move, text,
					                       sizeof text);
					p->advice = p->view->index_of(p, text);
					snprintf(p->status, sizeof p->status,
					         _("The engine would play %.40s"), text);
					p->status_end = a->now + 4;
				}
			}
			return;
		}
	}
	if (!p->show_eval || p->eval_next >= n)
		return;
	const struct game_move *m = &moves[p->eval_next];
	unsigned char child[GAME_POS_MAX_BYTES];
	if (!p->eval_busy) {
		memcpy(child, match_pos(&p->match), p->rules->pos_size);
		p->rules->play(child, m);
		limits.depth = limits.depth > 1 ? limits.depth - 1 : 1;
		limits.nodes = limits.nodes / 4 + 1;
		search_start(p->advisor, child, &limits);
		p->eval_busy = true;
	}
	search_step(p->advisor, play_slice_budget(a));
	if (search_running(p->advisor))
		return;
	memcpy(child, match_pos(&p->match), p->rules->pos_size);
	p->rules->play(child, m);
	const int score = search_result(p->advisor)->score;
	const bool same = p->rules->to_move(child) == match_to_move(&p->match);
	char text[GAME_TEXT_MAX];
	p->rules->move_to_text(match_pos(&p->match), m, text, sizeof text);
	const int index = p->view->index_of(p, text);
	if (index >= 0 && index < p->eval_count) {
		p->eval_score[index] = same ? score : -score;
		p->eval_known[index] = true;
	}
	p->eval_busy = false;
	p->eval_next++;
}

/* Returns the CPU seconds the process has used, all its threads (the renderer's too). */
static double process_cpu(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs the engine for one slice; plays its move once found and shown long enough. */
static void think(struct app *a)
{
	struct play *p = &a->play;
	if (!p->thinking) {
		struct search_limits limits;
		level_limits(p->level, p->seed ^ (uint32_t)p->match.cursor * 2654435761u, &limits);
		if (p->module->repeatable) {
			/* Only positions since the last irreversible move can come again. */
			const int quiet = p->module->repeatable(match_pos(&p->match));
			const int back = quiet < p->match.cursor ? quiet : p->match.cursor;
			limits.history = &p->match.hashes[p->match.cursor - back];
			limits.history_count = back;
		}
		search_start(p->search, match_pos(&p->match), &limits);
		p->think_wall0 = SDL_GetPerformanceCounter();
		p->think_cpu0 = process_cpu();
		p->thinking = true;
		p->think_start = a->now;
	}
	if (search_running(p->search)) {
		/* Steps until the slice's time is used (a step's nodes are sized from the measured
		 * cost of a node; a cheaper stretch of the search gets another step). */
		const double slice = slice_seconds(a), freq = (double)SDL_GetPerformanceFrequency();
		const uint64_t before = search_result(p->search)->nodes;
		const Uint64 t0 = SDL_GetPerformanceCounter();
		double used = 0;
		do {
			const uint64_t n0 = search_result(p->search)->nodes;
			const Uint64 s0 = SDL_GetPerformanceCounter();
			search_step(p->search, nodes_for(p, slice - used));
			const double ns = (double)(SDL_GetPerformanceCounter() - s0) * 1e9 / freq;
			const uint64_t done = search_result(p->search)->nodes - n0;
			play_learn_node_cost(p, ns, done);
			used = (double)(SDL_GetPerformanceCounter() - t0) / freq;
		} while (search_running(p->search) && used < slice - 0.0005);
		a->engine_nodes += search_result(p->search)->nodes - before;
		a->engine_seconds += used;
		if (!search_running(p->search)) { /* the reply's search is over */
			a->replies++;
			a->reply_nodes += search_result(p->search)->nodes;
			a->reply_wall +=
			    (double)(SDL_GetPerformanceCounter() - p->think_wall0) / freq;
			a->reply_cpu += process_cpu() - p->think_cpu0;
		}
		if (search_running(p->search)) { /* the search needed more than this tick's slice */
			a->slice_seconds += used;
			a->slices++;
		}
	}
	/* The figures the panel shows with S: the search as it stands. */
	const struct search_result *now = search_result(p->search);
	p->last_search = *now;
	memcpy(p->search_root, match_pos(&p->match), p->rules->pos_size);
	if (search_running(p->search)) /* its own time, not the wait to show the move */
		p->search_seconds = a->now - p->think_start + 1.0 / APP_TICK_HZ;
	p->have_search = now->depth > 0 || now->has_move;
	if (search_running(p->search) ||
	    a->now - p->think_start < p->level->min_think_ms / 1000.0 || a->now < p->anim_end)
		return;
	const struct search_result *r = search_result(p->search);
	p->thinking = false;
	p->nodes_done = r->nodes;
	if (r->has_move)
		play_move(a, &r->move);
}

/* Returns a digest of what the screen shows of the play and may change without input: the
 * moves, the engine's state, messages, animations and hints. */
static uint64_t shown_digest(const struct play *p)
{
	const double times[] = {p->anim_end, p->banner_end, p->status_end, p->think_start};
	const int64_t values[] = {p->match.cursor,  p->match.count,   p->thinking,   p->advice,
	                          p->advice_wanted, p->eval_next,     p->hints,      p->show_eval,
	                          p->over_handled,  p->confirm_leave, p->have_search};
	uint64_t h = 1469598103934665603u;
	for (size_t i = 0; i < sizeof times / sizeof times[0]; i++)
		h = (h ^ (uint64_t)(int64_t)(times[i] * 1000.0)) * 1099511628211u;
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
		h = (h ^ (uint64_t)values[i]) * 1099511628211u;
	for (const char *c = p->status; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211u;
	return h;
}

static void update(struct app *a, double dt);

void play_update(struct app *a, double dt)
{
	struct play *p = &a->play;
	if (!p->rules)
		return;
	update(a, dt);
	/* Anything shown that changed without input (a move, a message, the engine's state)
	 * asks for a frame. */
	const uint64_t now = shown_digest(p);
	if (now != p->shown) {
		p->shown = now;
		app_redraw(a);
	}
}

/* play_update's work. */
static void update(struct app *a, double dt)
{
	struct play *p = &a->play;
	if (p->view->update)
		p->view->update(a, p);
	if (p->flip_sound_at > 0 && a->now >= p->flip_sound_at) {
		app_sound(a, SOUND_FLIP);
		p->flip_sound_at = 0;
	}
	if (match_over(&p->match)) {
		if (!p->over_handled && a->now >= p->anim_end) {
			p->over_handled = true;
			const int result = match_result(&p->match);
			const int winner = result > 0 ? 0 : result < 0 ? 1 : -1;
			const bool human_lost =
			    p->mode == MODE_VS_COMPUTER && winner == 1 - p->human;
			app_sound(a, human_lost ? SOUND_LOSE : SOUND_WIN);
			if (a->scene == &scene_play)
				app_change_scene(a, &scene_over);
		}
		return;
	}
	p->think_total[match_to_move(&p->match)] += dt;
	if (p->confirm_leave)
		return;
	struct game_move pass;
	if (forced_pass(p, &pass)) {
		/* Announce the pass, leave it on screen a moment, then play it. */
		if (p->banner_end == 0 && a->now >= p->anim_end) {
			const int side = match_to_move(&p->match);
			snprintf(p->banner, sizeof p->banner,
			         _("%s has no move \xe2\x80\x94 %s plays again"),
			         _(p->rules->side_name[side]), _(p->rules->side_name[1 - side]));
			p->banner_end = a->now + 1.6;
			app_sound(a, SOUND_PASS);
		} else if (p->banner_end > 0 && a->now >= p->banner_end - 0.4) {
			p->banner_end = a->now + 0.4;
			match_play(&p->match, &pass);
			p->turn_start = a->now;
			autosave(a);
		}
		return;
	}
	if (play_computer_to_move(p))
		think(a);
	else if (a->now >= p->anim_end)
		advise(a);
}

bool play_human_may_move(const struct app *a)
{
	const struct play *p = &a->play;
	return p->rules && a->scene == &scene_play && !play_computer_to_move(p) &&
	       !match_over(&p->match) && a->now >= p->anim_end;
}

void play_refuse(struct app *a, const char *why)
{
	struct play *p = &a->play;
	app_sound(a, SOUND_ILLEGAL);
	snprintf(p->status, sizeof p->status, "%s", why);
	p->status_end = a->now + 2.5;
}

bool play_human(struct app *a, const struct game_move *move)
{
	if (!play_human_may_move(a))
		return false;
	play_move(a, move);
	return true;
}

/* Plays the human's move on target `index` if it is legal there. */
static void human_move(struct app *a, int index)
{
	struct play *p = &a->play;
	if (index < 0 || !play_human_may_move(a))
		return;
	struct game_move move;
	if (p->view->move_at(p, index, &move))
		play_move(a, &move);
	else
		play_refuse(a, p->hints ? _("That is not a legal move")
		                        : _("That is not a legal move (H shows the legal ones)"));
}

/* Moves the keyboard cursor over the targets. */
static void move_cursor(struct play *p, int dx, int dy)
{
	int width;
	const int n = p->view->targets(p, &width);
	if (p->cursor < 0) {
		p->cursor = (n / width / 2) * width + width / 2 - 1; /* start near the centre */
		return;
	}
	int x = p->cursor % width + dx, y = p->cursor / width + dy;
	const int rows = (n + width - 1) / width;
	x = (x + width) % width;
	y = (y + rows) % rows;
	p->cursor = y * width + x;
	if (p->cursor >= n)
		p->cursor = n - 1;
}

void play_event(struct app *a, const SDL_Event *ev)
{
	struct play *p = &a->play;
	if (!p->rules)
		return;
	if (p->view->event && a->scene == &scene_play && p->view->event(a, p, ev))
		return;
	if (ev->type == SDL_MOUSEMOTION) {
		p->hover = p->view->hit(p, ev->motion.x, ev->motion.y);
		return;
	}
	if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
		if (a->scene == &scene_play)
			human_move(a, p->view->hit(p, ev->button.x, ev->button.y));
		return;
	}
	if (ev->type != SDL_KEYDOWN)
		return;
	const SDL_Keycode k = ev->key.keysym.sym;
	const bool ctrl = ev->key.keysym.mod & KMOD_CTRL, shift = ev->key.keysym.mod & KMOD_SHIFT;
	if ((k == SDLK_u && !shift) || k == SDLK_BACKSPACE || (k == SDLK_z && ctrl)) {
		play_undo(a);
		if (a->scene == &scene_over)
			app_change_scene(a, &scene_play);
	} else if ((k == SDLK_y && ctrl) || (k == SDLK_u && shift)) {
		play_redo(a);
	} else if (k == SDLK_h && shift && !ev->key.repeat) {
		if (!play_computer_to_move(p) &&
		    !match_over(&p->match)) { /* what would the engine play? */
			p->advice_wanted = true;
			p->advice = -1;
			snprintf(p->status, sizeof p->status, "%s",
			         _("The engine is looking for a move..."));
			p->status_end = a->now + 1.5;
		}
	} else if (k == SDLK_n && !ev->key.repeat && !ctrl) {
		/* Move now: the engine plays the best move it has found so far. */
		if (p->thinking && search_running(p->search)) {
			search_stop(p->search);
			p->think_start = a->now - p->level->min_think_ms / 1000.0;
		}
	} else if (k == SDLK_s && !ev->key.repeat && !ctrl && a->scene == &scene_play) {
		p->show_search = !p->show_search;
	} else if (k == SDLK_a && !ev->key.repeat && !ctrl && a->scene == &scene_play) {
		app_change_scene(a, &scene_analysis); /* this position on the analysis board */
	} else if (k == SDLK_r && !ev->key.repeat && !ctrl && a->scene == &scene_play &&
	           p->match.count > 0) {
		app_change_scene(a, &scene_review); /* the game so far, judged move by move */
	} else if (k == SDLK_e && !ev->key.repeat) {
		p->show_eval = !p->show_eval;
		a->settings.show_eval = p->show_eval;
		app_save_settings(a);
	} else if (k == SDLK_h && !ev->key.repeat) {
		p->hints = !p->hints;
		a->settings.hints = p->hints;
		app_save_settings(a);
	} else if (a->scene == &scene_play) {
		switch (k) {
		case SDLK_LEFT:
			move_cursor(p, -1, 0);
			break;
		case SDLK_RIGHT:
			move_cursor(p, 1, 0);
			break;
		case SDLK_UP:
			move_cursor(p, 0, -1);
			break;
		case SDLK_DOWN:
			move_cursor(p, 0, 1);
			break;
		case SDLK_RETURN:
		case SDLK_KP_ENTER:
		case SDLK_SPACE:
			if (p->cursor >= 0)
				human_move(a, p->cursor);
			else
				move_cursor(p, 0, 0);
			break;
		default:
			break;
		}
	}
}
