/*
 * app/scene_analysis.c — the analysis board: set up a position by hand (the module's
 * struct game_setup) or paste one, then let the engine score every legal move, live and
 * deepening, with its depth and line, explore by playing moves on the board, and play the
 * position out against the computer.
 *
 * The board is the play's match (a->play), marked board_only so that nothing of it reaches
 * the autosave until "Play it out" makes it the player's game. The engine runs in the frame
 * loop a slice at a time, one legal move after another, each round one ply deeper.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/layout.h"
#include "core/review.h"
#include "io/records.h"
#include "io/recordsdir.h"

enum { LINE_MAX = 8 };

/* The engine's figures for the position on the board. */
struct analysis {
	struct search *search;
	struct search_limits limits; /* the review level's, without noise */
	int max_depth;               /* the deepest round */
	int n;                       /* legal moves */
	struct game_move moves[GAME_MOVES_MAX];
	int score[GAME_MOVES_MAX]; /* for the side to move, after the move */
	int depth[GAME_MOVES_MAX]; /* the depth of the search below it */
	bool known[GAME_MOVES_MAX], exact[GAME_MOVES_MAX];
	int line_length[GAME_MOVES_MAX];
	struct game_move line[GAME_MOVES_MAX][LINE_MAX];
	int round; /* plies searched below each move in this round */
	int next;  /* the next move of the round */
	bool busy; /* its search is under way */
	uint64_t nodes;
};

enum {
	BTN_SIDE,
	BTN_CLEAR,
	BTN_START,
	BTN_PASTE,
	BTN_MODE, /* Analyse / Set up */
	BTN_PLAY,
	BTN_UNDO,
	BTN_OPEN,
	BTN_MENU,
	BUTTONS
};

enum { FILES_MAX = 12 };

/* The records of the board's game in the records folder, newest first (Open). */
struct file_list {
	char dir[RECORDS_PATH_MAX];
	int count, selected;
	char name[FILES_MAX][256];
	long long mtime[FILES_MAX];
};

/* The scene's context (struct scene). */
struct analysis_ctx {
	struct analysis *an;     /* NULL when out of memory */
	bool setup;              /* setting up (clicks change squares) rather than analysing */
	int selected;            /* analysing checkers: the piece picked up (a target), or -1 */
	struct file_list *files; /* Open's list of records while it shows, else NULL */
};

static struct analysis_ctx *ctx_of(struct app *a)
{
	return (struct analysis_ctx *)(void *)a->scene_ctx;
}

static const SDL_Color ink = {236, 232, 220, 255};
static const SDL_Color dim = {160, 170, 160, 255};
static const SDL_Color gold = {240, 196, 80, 255};

static SDL_Rect button_rect(int b)
{
	const int w = (LAYOUT_PANEL_W - 12) / 2;
	return (SDL_Rect){LAYOUT_PANEL_X + (b % 2) * (w + 12), 446 + (b / 2) * 54, w, 46};
}

/* The row of file i in Open's list. */
static SDL_Rect file_rect(int i)
{
	return (SDL_Rect){LAYOUT_PANEL_X + 6, 88 + 34 + 24 * i, LAYOUT_PANEL_W - 12, 24};
}

/* Forgets the figures: the position changed. */
static void restart(struct app *a)
{
	struct analysis *an = ctx_of(a)->an;
	struct play *p = &a->play;
	for (int i = 0; i < p->eval_count; i++)
		p->eval_known[i] = false;
	ctx_of(a)->selected = -1;
	if (!an)
		return;
	search_cancel(an->search);
	an->n = match_over(&p->match) ? 0 : match_legal(&p->match, an->moves);
	memset(an->known, 0, sizeof an->known);
	memset(an->exact, 0, sizeof an->exact);
	an->round = 1;
	an->next = 0;
	an->busy = false;
	an->nodes = 0;
}

/* The position shown changed other than by a move explored on the board (an edit, a paste,
 * undo, redo): the view drops its animations, the engine starts again. */
static void board_changed(struct app *a)
{
	struct play *p = &a->play;
	if (p->view->changed)
		p->view->changed(a, p);
	p->anim_end = 0;
	restart(a);
}

/* Makes m (its own, same game) the board's match: a game from a record, every move of it on
 * the board. The per-target arrays grow when its board is bigger. Returns success (false: out
 * of memory, m freed). */
static bool adopt(struct app *a, struct match *m)
{
	struct play *p = &a->play;
	struct match old = p->match;
	p->match = *m;
	int width;
	const int targets = p->view->targets(p, &width);
	if (targets > p->eval_count) {
		int *score = realloc(p->eval_score, ((size_t)targets + 1) * sizeof *score);
		if (score)
			p->eval_score = score;
		bool *known =
		    score ? realloc(p->eval_known, ((size_t)targets + 1) * sizeof *known) : NULL;
		if (known)
			p->eval_known = known;
		if (!score || !known) {
			p->match = old;
			match_free(m);
			return false;
		}
		p->eval_count = targets;
	}
	match_free(&old);
	board_changed(a);
	return true;
}

static void say(struct app *a, const char *text)
{
	struct play *p = &a->play;
	snprintf(p->status, sizeof p->status, "%.199s", text);
	p->status_end = a->now + 5;
}

/* Makes pos (edited or pasted) the board's position, its history gone. */
static void set_position(struct app *a, const void *pos)
{
	struct play *p = &a->play;
	struct match m;
	if (match_init_at(&m, p->rules, &p->match.options, pos) != GAME_OK || !adopt(a, &m))
		say(a, _("Out of memory"));
}

static void analysis_enter(struct app *a)
{
	struct play *p = &a->play;
	struct analysis_ctx *c = ctx_of(a);
	if ((a->last_scene == &scene_menu || !p->rules) && !play_begin_board(a)) {
		app_change_scene(a, &scene_menu);
		return;
	}
	search_cancel(p->search);
	search_cancel(p->advisor);
	p->thinking = false;
	p->board_only = true; /* the player's game stays in the autosave as it was */
	p->advice = -1;
	p->advice_wanted = false;
	p->show_eval = true;
	p->mode = MODE_TWO_PLAYERS; /* nobody moves on their own here */
	c->setup = a->last_scene == &scene_menu;
	c->an = calloc(1, sizeof *c->an);
	if (c->an && !(c->an->search = search_new(p->rules, 18))) {
		free(c->an);
		c->an = NULL;
	}
	if (c->an) {
		const struct game_module *m = p->module;
		level_limits(level_find(p->rules, m->review->level), 1, &c->an->limits);
		c->an->limits.noise = 0;
		if (c->an->limits.wld > c->an->limits.exact)
			c->an->limits.exact = c->an->limits.wld;
		c->an->limits.wld = 0;
		const struct level *top = level_at(p->rules, level_count(p->rules) - 1);
		c->an->max_depth =
		    top->depth < SEARCH_MAX_DEPTH ? top->depth : SEARCH_MAX_DEPTH - 1;
	} else {
		say(a, _("Not enough memory for the analysis"));
	}
	restart(a);
}

static void analysis_leave(struct app *a)
{
	struct analysis_ctx *c = ctx_of(a);
	free(c->files);
	c->files = NULL;
	a->working = false;
	if (c->an) {
		search_free(c->an->search);
		free(c->an);
		c->an = NULL;
	}
	a->play.show_eval = a->settings.show_eval;
}

/* Searches one slice: the next legal move of the round, below it `round` - 1 plies. */
static void analysis_update(struct app *a, double dt)
{
	(void)dt;
	struct play *p = &a->play;
	struct analysis_ctx *c = ctx_of(a);
	struct analysis *an = c->an;
	if (p->view->update)
		p->view->update(a, p);
	const bool was = a->working;
	a->working = an && !c->setup && an->n > 0 && an->round <= an->max_depth;
	if (was && !a->working)
		app_redraw(a); /* the finished figures */
	if (!a->working)
		return;
	const struct game_move *mv = &an->moves[an->next];
	unsigned char child[GAME_POS_MAX_BYTES];
	memcpy(child, match_pos(&p->match), p->rules->pos_size);
	p->rules->play(child, mv);
	if (!an->busy) {
		struct search_limits limits = an->limits;
		limits.depth = an->round > 1 ? an->round - 1 : 1;
		limits.nodes = 0;
		search_start(an->search, child, &limits);
		an->busy = true;
	}
	const uint64_t before = search_result(an->search)->nodes;
	search_step(an->search, play_slice_budget(a));
	const struct search_result *r = search_result(an->search);
	a->engine_nodes += r->nodes - before;
	if (search_running(an->search))
		return;
	an->busy = false;
	an->nodes += r->nodes;
	const int i = an->next;
	const bool same = p->rules->to_move(child) == match_to_move(&p->match);
	an->score[i] = same ? r->score : -r->score;
	an->depth[i] = r->depth + 1;
	an->exact[i] = r->exact || search_proven(r->score) || !r->has_move;
	an->known[i] = true;
	an->line[i][0] = *mv;
	an->line_length[i] = 1;
	for (int k = 0; k < r->pv_length && an->line_length[i] < LINE_MAX; k++)
		an->line[i][an->line_length[i]++] = r->pv[k];
	char text[GAME_TEXT_MAX];
	if (p->rules->move_to_text(match_pos(&p->match), mv, text, sizeof text) >= 0) {
		const int index = p->view->index_of(p, text);
		if (index >= 0 && index < p->eval_count) {
			p->eval_score[index] = an->score[i];
			p->eval_known[index] = true;
		}
	}
	/* The next move not known exactly; a new round once every move has had this one. */
	for (int tries = 0; tries < an->n; tries++) {
		if (++an->next >= an->n) {
			an->next = 0;
			an->round++;
		}
		if (!an->exact[an->next])
			return;
	}
	an->round = an->max_depth + 1; /* every move is known exactly */
}

/* Plays a legal move on the board (analysing: exploring a line). */
static void explore(struct app *a, const struct game_move *mv)
{
	struct play *p = &a->play;
	unsigned char before[GAME_POS_MAX_BYTES];
	memcpy(before, match_pos(&p->match), p->rules->pos_size);
	if (match_play(&p->match, mv) != GAME_OK)
		return;
	p->view->played(a, p, before, mv);
	restart(a);
}

/* Analysing: a click on a target plays the move it names; in checkers the first click picks up
 * a piece and the second names where it goes. */
static void click_move(struct app *a, int index)
{
	struct play *p = &a->play;
	struct analysis_ctx *c = ctx_of(a);
	struct game_move moves[GAME_MOVES_MAX];
	const int n = match_legal(&p->match, moves);
	if (!p->view->steps) {
		struct game_move mv;
		if (p->view->move_at(p, index, &mv))
			explore(a, &mv);
		return;
	}
	for (int i = 0; i < n; i++) {
		int steps[64];
		const int k = p->view->steps(p, &moves[i], steps, 64);
		if (k > 0 && c->selected >= 0 && steps[0] == c->selected && steps[k - 1] == index) {
			explore(a, &moves[i]);
			return;
		}
	}
	c->selected = -1;
	for (int i = 0; i < n; i++) {
		int steps[64];
		if (p->view->steps(p, &moves[i], steps, 64) > 0 && steps[0] == index)
			c->selected = index;
	}
}

/* Reads a position, or a game, from the clipboard. */
static void paste(struct app *a)
{
	struct play *p = &a->play;
	char *text = SDL_HasClipboardText() ? SDL_GetClipboardText() : NULL;
	if (!text || !*text) {
		SDL_free(text);
		say(a, _("The clipboard is empty"));
		return;
	}
	char err[GAME_ERR_MAX] = "", why[GAME_ERR_MAX] = "";
	unsigned char pos[GAME_POS_MAX_BYTES];
	size_t len = strlen(text);
	while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r' || text[len - 1] == ' '))
		text[--len] = '\0';
	if (p->rules->pos_parse(pos, text, &p->match.options, err) == GAME_OK) {
		set_position(a, pos);
		say(a, _("Position pasted"));
		SDL_free(text);
		return;
	}
	/* A game record: its last position, every move of it on the board. */
	const struct game_record *rec = p->module->record;
	struct record_game *games = NULL;
	const int n = rec && rec->read ? rec->read(text, len, &games, why) : -1;
	SDL_free(text);
	if (n > 0 && games[0].error == GAME_OK && games[0].count > 0) {
		struct match m;
		if (match_init_moves(&m, p->rules, &games[0].options, games[0].start,
		                     games[0].moves, games[0].count) == GAME_OK &&
		    adopt(a, &m))
			say(a, _("Game pasted: \xe2\x86\x90 steps back through it"));
		else
			say(a, _("Out of memory"));
	} else {
		char msg[GAME_ERR_MAX + 80];
		snprintf(msg, sizeof msg, _("Not a %s position: %s"), _(p->rules->title), err);
		say(a, msg);
	}
	record_games_free(games, n > 0 ? n : 0);
}

/* Checks the position and, when the game can go on, plays it out against the computer. */
static void play_out(struct app *a)
{
	struct play *p = &a->play;
	char err[GAME_ERR_MAX];
	if (p->module->setup && p->module->setup->check(match_pos(&p->match), err) != GAME_OK) {
		say(a, _(err));
		return;
	}
	if (match_over(&p->match)) {
		say(a, _("The game is over in this position"));
		return;
	}
	p->mode = MODE_VS_COMPUTER;
	p->human = match_to_move(&p->match);
	p->show_eval = a->settings.show_eval;
	play_keep(a);
	app_change_scene(a, &scene_play);
}

/* Lists the records of the board's game in the records folder, newest first. */
static void open_list(struct app *a)
{
	struct play *p = &a->play;
	struct analysis_ctx *c = ctx_of(a);
	struct file_list *f = calloc(1, sizeof *f);
	char err[GAME_ERR_MAX];
	if (!f) {
		say(a, _("Out of memory"));
		return;
	}
	if (!play_records_folder(a, f->dir, sizeof f->dir, err)) {
		free(f);
		say(a, err);
		return;
	}
	DIR *d = opendir(f->dir);
	const char *ext = p->module->record ? p->module->record->extension : "";
	for (struct dirent *e; d && (e = readdir(d));) {
		const size_t len = strlen(e->d_name), elen = strlen(ext);
		if (len <= elen + 1 || len >= sizeof f->name[0] ||
		    e->d_name[len - elen - 1] != '.' || strcmp(e->d_name + len - elen, ext) != 0)
			continue;
		char path[RECORDS_PATH_MAX + 260];
		snprintf(path, sizeof path, "%s/%s", f->dir, e->d_name);
		struct stat st;
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		/* Newest first: the oldest drops out once the list is full. */
		int k = f->count < FILES_MAX ? f->count++ : FILES_MAX;
		while (k > 0 && f->mtime[k - 1] < (long long)st.st_mtime) {
			if (k < FILES_MAX) {
				f->mtime[k] = f->mtime[k - 1];
				memcpy(f->name[k], f->name[k - 1], sizeof f->name[k]);
			}
			k--;
		}
		if (k < FILES_MAX) {
			f->mtime[k] = (long long)st.st_mtime;
			snprintf(f->name[k], sizeof f->name[k], "%s", e->d_name);
		}
	}
	if (d)
		closedir(d);
	free(c->files);
	c->files = f;
}

/* Opens file i of the list: its first game, every move on the board. */
static void open_file(struct app *a, int i)
{
	struct play *p = &a->play;
	struct analysis_ctx *c = ctx_of(a);
	char path[RECORDS_PATH_MAX + 260], err[GAME_ERR_MAX + 300];
	snprintf(path, sizeof path, "%s/%s", c->files->dir, c->files->name[i]);
	free(c->files);
	c->files = NULL;
	struct match m;
	int games = 0;
	if (!record_file_match(path, p->game, 1, &m, &games, err, sizeof err)) {
		say(a, err);
		return;
	}
	if (m.rules != p->rules) {
		match_free(&m);
		return;
	}
	if (adopt(a, &m)) {
		const char *base = strrchr(path, '/');
		char msg[200];
		snprintf(msg, sizeof msg, _("Opened %.60s"), base ? base + 1 : path);
		say(a, msg);
		c->setup = false;
	}
}

static void activate(struct app *a, int b)
{
	struct play *p = &a->play;
	struct analysis_ctx *c = ctx_of(a);
	const struct game_setup *setup = p->module->setup;
	unsigned char pos[GAME_POS_MAX_BYTES];
	memcpy(pos, match_pos(&p->match), p->rules->pos_size);
	switch (b) {
	case BTN_SIDE:
		if (setup) {
			setup->set_side(pos, 1 - p->rules->to_move(pos));
			set_position(a, pos);
		}
		break;
	case BTN_CLEAR:
		if (setup) {
			setup->clear(pos);
			set_position(a, pos);
			c->setup = true;
		}
		break;
	case BTN_START:
		if (p->rules->start(pos, &p->match.options) == GAME_OK)
			set_position(a, pos);
		break;
	case BTN_PASTE:
		paste(a);
		break;
	case BTN_MODE: {
		char err[GAME_ERR_MAX];
		if (c->setup && setup && setup->check(pos, err) != GAME_OK) {
			say(a, _(err));
			break;
		}
		c->setup = !c->setup;
		restart(a);
		break;
	}
	case BTN_PLAY:
		play_out(a);
		break;
	case BTN_UNDO:
		if (match_undo(&p->match))
			board_changed(a);
		break;
	case BTN_OPEN:
		open_list(a);
		break;
	case BTN_MENU:
		app_change_scene(a, &scene_menu);
		break;
	default:
		break;
	}
}

/* Open's list: Up and Down choose, Enter or a click opens, Esc closes it. */
static void files_event(struct app *a, const SDL_Event *ev)
{
	struct analysis_ctx *c = ctx_of(a);
	struct file_list *f = c->files;
	if (ev->type == SDL_KEYDOWN) {
		switch (ev->key.keysym.sym) {
		case SDLK_UP:
			f->selected = f->selected > 0 ? f->selected - 1 : 0;
			break;
		case SDLK_DOWN:
			f->selected = f->selected + 1 < f->count ? f->selected + 1 : f->selected;
			break;
		case SDLK_RETURN:
		case SDLK_KP_ENTER:
			if (f->count > 0)
				open_file(a, f->selected);
			break;
		case SDLK_ESCAPE:
			free(c->files);
			c->files = NULL;
			break;
		default:
			break;
		}
		return;
	}
	if (ev->type != SDL_MOUSEBUTTONDOWN)
		return;
	for (int i = 0; i < f->count; i++)
		if (app_inside(file_rect(i), ev->button.x, ev->button.y)) {
			open_file(a, i);
			return;
		}
	free(c->files); /* a click elsewhere closes the list */
	c->files = NULL;
}

static void analysis_event(struct app *a, const SDL_Event *ev)
{
	struct play *p = &a->play;
	struct analysis_ctx *c = ctx_of(a);
	if (c->files) {
		files_event(a, ev);
		return;
	}
	if (ev->type == SDL_KEYDOWN && !ev->key.repeat) {
		const SDL_Keycode k = ev->key.keysym.sym;
		const bool ctrl = ev->key.keysym.mod & KMOD_CTRL;
		if (k == SDLK_v && ctrl)
			activate(a, BTN_PASTE);
		else if (k == SDLK_ESCAPE)
			activate(a, BTN_MENU);
		else if (k == SDLK_t)
			activate(a, BTN_SIDE);
		else if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_a)
			activate(a, BTN_MODE);
		else if (k == SDLK_p)
			activate(a, BTN_PLAY);
		else if (k == SDLK_o)
			activate(a, BTN_OPEN);
		else if (k == SDLK_u || k == SDLK_LEFT || k == SDLK_BACKSPACE)
			activate(a, BTN_UNDO);
		else if (k == SDLK_RIGHT && match_redo(&p->match))
			board_changed(a);
		return;
	}
	if (ev->type != SDL_MOUSEBUTTONDOWN)
		return;
	const int x = ev->button.x, y = ev->button.y;
	for (int b = 0; b < BUTTONS; b++)
		if (app_inside(button_rect(b), x, y)) {
			activate(a, b);
			return;
		}
	const int index = p->view->hit(p, x, y);
	if (index < 0)
		return;
	if (!c->setup) {
		click_move(a, index);
		return;
	}
	const struct game_setup *setup = p->module->setup;
	if (!setup)
		return;
	unsigned char pos[GAME_POS_MAX_BYTES];
	memcpy(pos, match_pos(&p->match), p->rules->pos_size);
	char err[GAME_ERR_MAX];
	if (setup->cycle(pos, index, ev->button.button == SDL_BUTTON_RIGHT ? -1 : 1, err) !=
	    GAME_OK) {
		say(a, _(err));
		return;
	}
	set_position(a, pos);
}

/* Writes a score for the side to move in the game's units ("+2.31", "win +4"). */
static void score_text(const struct play *p, int v, char *buf, size_t n)
{
	const struct game_review_info *info = p->module->review;
	if (search_proven(v) && info->margin)
		snprintf(buf, n, "%s %+d", v > 0 ? _("win") : _("loss"), search_margin(v));
	else if (search_proven(v))
		snprintf(buf, n, "%s", v > 0 ? _("win") : _("loss"));
	else
		snprintf(buf, n, "%+.2f", (double)v / info->unit);
}

static void analysis_draw(struct app *a)
{
	struct play *p = &a->play;
	struct analysis_ctx *c = ctx_of(a);
	if (!p->rules)
		return;
	p->view->draw(a, p);
	char text[320];
	snprintf(text, sizeof text, _("Analysis board \xc2\xb7 %s"), _(p->rules->title));
	app_text_fit(a, FONT_BODY, text, LAYOUT_PANEL_X, 24, ink, 0, LAYOUT_PANEL_W);
	const int side = match_to_move(&p->match);
	if (match_over(&p->match))
		snprintf(text, sizeof text, "%s", _("The game is over in this position"));
	else
		snprintf(text, sizeof text, _("%s to move"), _(p->rules->side_name[side]));
	app_text_fit(a, FONT_SMALL, text, LAYOUT_PANEL_X, 58, gold, 0, LAYOUT_PANEL_W);
	const struct analysis *an = c->an;
	SDL_Rect band = {LAYOUT_PANEL_X, 88, LAYOUT_PANEL_W, 356};
	app_panel(a, band, (SDL_Color){32, 42, 39, 255});
	if (c->files) {
		const struct file_list *f = c->files;
		snprintf(text, sizeof text, _("Records in %.200s"), f->dir);
		app_text_fit(a, FONT_SMALL, text, band.x + 12, band.y + 6, dim, 0, band.w - 24);
		if (f->count == 0)
			app_text_fit(a, FONT_SMALL,
			             _("None yet: Save record on the game-over screen"),
			             band.x + 12, band.y + 34, ink, 0, band.w - 24);
		for (int i = 0; i < f->count; i++) {
			const SDL_Rect r = file_rect(i);
			if (i == f->selected) {
				SDL_SetRenderDrawColor(a->renderer, 80, 100, 88, 255);
				SDL_RenderFillRect(a->renderer, &r);
			}
			app_text_fit(a, FONT_SMALL, f->name[i], r.x + 6, r.y + 1,
			             i == f->selected ? gold : ink, 0, r.w - 12);
		}
	} else if (c->setup) {
		const struct game_setup *setup = p->module->setup;
		int y = app_text_wrap(a, FONT_SMALL,
		                      setup ? _(setup->how) : _("This game has no set-up"),
		                      band.x + 12, band.y + 10, band.w - 24, 22, ink);
		y = app_text_wrap(
		    a, FONT_SMALL,
		    _("T: side to move \xc2\xb7 Ctrl+V: paste a position or a game "
		      "(Reversi OBF or transcript, checkers FEN or PDN, Dots and Boxes "
		      "position text or record) \xc2\xb7 Enter: analyse \xc2\xb7 P: play it "
		      "out"),
		    band.x + 12, y + 10, band.w - 24, 22, dim);
		char pos_text[GAME_TEXT_MAX];
		if (p->rules->pos_to_text(match_pos(&p->match), pos_text, sizeof pos_text) >= 0)
			app_text_wrap(a, FONT_SMALL, pos_text, band.x + 12, y + 10, band.w - 24, 22,
			              dim);
	} else if (an) {
		const int shown_round = an->round > an->max_depth ? an->max_depth : an->round;
		snprintf(text, sizeof text, _("Depth %d \xc2\xb7 %.1f M nodes"), shown_round,
		         (double)an->nodes / 1e6);
		app_text_fit(a, FONT_SMALL, text, band.x + 12, band.y + 6, dim, 0, band.w - 24);
		/* The moves best first: score, depth, line. */
		int order[GAME_MOVES_MAX], count = 0;
		for (int i = 0; i < an->n; i++) {
			if (!an->known[i])
				continue;
			int k = count++;
			while (k > 0 && an->score[order[k - 1]] < an->score[i]) {
				order[k] = order[k - 1];
				k--;
			}
			order[k] = i;
		}
		for (int r = 0; r < count && r < 13; r++) {
			const int i = order[r];
			unsigned char pos[GAME_POS_MAX_BYTES];
			memcpy(pos, match_pos(&p->match), p->rules->pos_size);
			char score[32];
			score_text(p, an->score[i], score, sizeof score);
			int used = snprintf(text, sizeof text, "%s  d%d%s  ", score, an->depth[i],
			                    an->exact[i] ? "=" : "");
			for (int k = 0; k < an->line_length[i] && used < (int)sizeof text - 24;
			     k++) {
				char mv[GAME_TEXT_MAX];
				if (p->rules->move_to_text(pos, &an->line[i][k], mv, sizeof mv) < 0)
					break;
				p->rules->play(pos, &an->line[i][k]);
				used += snprintf(text + used, sizeof text - (size_t)used, "%s%.12s",
				                 k ? " " : "", mv);
			}
			app_text_fit(a, FONT_SMALL, text, band.x + 12, band.y + 32 + 24 * r,
			             r == 0 ? gold : ink, 0, band.w - 24);
		}
		if (an->n == 0)
			app_text_fit(a, FONT_SMALL, _("No legal move"), band.x + 12, band.y + 32,
			             dim, 0, band.w - 24);
	}
	char side_label[96];
	snprintf(side_label, sizeof side_label, _("To move: %s (T)"), _(p->rules->side_name[side]));
	const char *labels[BUTTONS] = {side_label,
	                               _("Clear"),
	                               _("Start position"),
	                               _("Paste (Ctrl+V)"),
	                               c->setup ? _("Analyse (Enter)") : _("Set up (Enter)"),
	                               _("Play it out (P)"),
	                               _("Undo (U)"),
	                               _("Open (O)"),
	                               _("Menu (Esc)")};
	for (int b = 0; b < BUTTONS; b++)
		app_button(a, button_rect(b), labels[b], false);
	if (a->now < p->status_end)
		app_text_fit(a, FONT_SMALL, p->status, LAYOUT_PANEL_X, 700, gold, 0,
		             LAYOUT_PANEL_W);
}

const struct scene scene_analysis = {
    .name = "analysis",
    .context = sizeof(struct analysis_ctx),
    .enter = analysis_enter,
    .event = analysis_event,
    .update = analysis_update,
    .draw = analysis_draw,
    .leave = analysis_leave,
};
