/*
 * app/scene_games->c — the list of games of a PDN file opened with `--open FILE` when it holds
 * more than one (and no --game-number chose): each game's number, event, players, result and
 * length; arrows, the mouse or the wheel choose, Enter or a click opens the game at its last
 * position, Esc goes to the title menu. A game that cannot be played says why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"

enum { ROWS_SHOWN = 11, ROW_H = 44, LIST_Y = 150 };

/* The scene's context (struct scene): the games of the file, read as it is entered. */
struct games_ctx {
	struct open_entry *list;
	int count, selected, top;
	char message[200];
};

static struct games_ctx *ctx_of(struct app *a)
{
	return (struct games_ctx *)(void *)a->scene_ctx;
}

/* Returns the rectangle of the k-th row shown. */
static SDL_Rect row_rect(int k)
{
	return (SDL_Rect){120, LIST_Y + k * ROW_H, APP_W - 240, ROW_H - 6};
}

/* Selects game i (clamped) and scrolls it into view. */
static void select_game(struct games_ctx *games, int i)
{
	games->selected = i < 0 ? 0 : i >= games->count ? games->count - 1 : i;
	if (games->selected < games->top)
		games->top = games->selected;
	if (games->selected >= games->top + ROWS_SHOWN)
		games->top = games->selected - ROWS_SHOWN + 1;
}

/* Opens the selected game, or says why it cannot be played. */
static void open_selected(struct app *a)
{
	struct games_ctx *games = ctx_of(a);
	const struct open_entry *e = &games->list[games->selected];
	if (!e->playable) {
		snprintf(games->message, sizeof games->message, "%.190s", e->why);
		app_sound(a, SOUND_ILLEGAL);
		return;
	}
	char err[600];
	if (play_open(a, a->opt.open, games->selected + 1, err, sizeof err)) {
		app_sound(a, SOUND_MENU);
		app_change_scene(a, &scene_play);
	} else {
		snprintf(games->message, sizeof games->message, "%.190s", err);
	}
}

static void games_enter(struct app *a)
{
	struct games_ctx *games = ctx_of(a);
	char err[600];
	games->list = play_list_open(a->opt.open, a->open_game, &games->count, err, sizeof err);
	if (!games->list) {
		snprintf(a->notice, sizeof a->notice, "%.190s", err);
		app_change_scene(a, &scene_menu);
		return;
	}
	/* Back from help, the game chosen before is chosen again. */
	select_game(games, a->open_selected);
}

static void games_leave(struct app *a)
{
	struct games_ctx *games = ctx_of(a);
	a->open_selected = games->selected;
	free(games->list);
}

static void games_event(struct app *a, const SDL_Event *ev)
{
	struct games_ctx *games = ctx_of(a);
	if (!games->list)
		return;
	if (ev->type == SDL_KEYDOWN) {
		switch (ev->key.keysym.sym) {
		case SDLK_UP:
			select_game(games, games->selected - 1);
			break;
		case SDLK_DOWN:
			select_game(games, games->selected + 1);
			break;
		case SDLK_PAGEUP:
			select_game(games, games->selected - ROWS_SHOWN);
			break;
		case SDLK_PAGEDOWN:
			select_game(games, games->selected + ROWS_SHOWN);
			break;
		case SDLK_HOME:
			select_game(games, 0);
			break;
		case SDLK_END:
			select_game(games, games->count - 1);
			break;
		case SDLK_RETURN:
		case SDLK_KP_ENTER:
		case SDLK_SPACE:
			open_selected(a);
			break;
		case SDLK_ESCAPE:
			app_change_scene(a, &scene_menu);
			break;
		default:
			break;
		}
		return;
	}
	if (ev->type == SDL_MOUSEWHEEL) {
		const int top = games->top - ev->wheel.y;
		const int last = games->count > ROWS_SHOWN ? games->count - ROWS_SHOWN : 0;
		games->top = top < 0 ? 0 : top > last ? last : top;
		return;
	}
	const bool click = ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT;
	if (ev->type != SDL_MOUSEMOTION && !click)
		return;
	const int x = click ? ev->button.x : ev->motion.x, y = click ? ev->button.y : ev->motion.y;
	for (int k = 0; k < ROWS_SHOWN && games->top + k < games->count; k++)
		if (app_inside(row_rect(k), x, y)) {
			games->selected = games->top + k;
			if (click)
				open_selected(a);
		}
}

static void games_draw(struct app *a)
{
	struct games_ctx *games = ctx_of(a);
	const SDL_Color ink = {236, 232, 220, 255}, dim = {150, 160, 150, 255},
	                gold = {244, 200, 84, 255}, bad = {230, 150, 130, 255};
	if (!games->list)
		return;
	const char *name = strrchr(a->opt.open, '/');
	char title[200];
	snprintf(title, sizeof title,
	         ngettext("%.120s: %d game", "%.120s: %d games", (unsigned long)games->count),
	         name ? name + 1 : a->opt.open, games->count);
	app_text_fit(a, FONT_LARGE, title, APP_W / 2, 50, gold, 1, APP_W - 80);
	app_text_fit(
	    a, FONT_SMALL,
	    _("Choose a game: it opens at its last position, and undo steps back through it"),
	    APP_W / 2, 104, dim, 1, APP_W - 80);
	for (int k = 0; k < ROWS_SHOWN && games->top + k < games->count; k++) {
		const int i = games->top + k;
		const SDL_Rect r = row_rect(k);
		const bool sel = i == games->selected;
		app_panel(a, r, sel ? (SDL_Color){70, 92, 80, 255} : (SDL_Color){36, 46, 43, 255});
		const struct open_entry *e = &games->list[i];
		app_text(a, FONT_SMALL, e->line, r.x + 16, r.y + 9,
		         !e->playable ? bad
		         : sel        ? gold
		                      : ink,
		         0);
	}
	if (games->count > ROWS_SHOWN) {
		char more[64];
		snprintf(more, sizeof more, _("%d\xe2\x80\x93%d of %d"), games->top + 1,
		         games->top + ROWS_SHOWN, games->count);
		app_text(a, FONT_SMALL, more, APP_W - 120, LIST_Y + ROWS_SHOWN * ROW_H + 4, dim, 2);
	}
	if (*games->message)
		app_text_fit(a, FONT_SMALL, games->message, APP_W / 2, APP_H - 90, bad, 1,
		             APP_W - 80);
	app_text_fit(a, FONT_SMALL,
	             _("Arrows, wheel or mouse choose \xc2\xb7 Enter or a click opens \xc2\xb7 "
	               "Esc: the menu"),
	             APP_W / 2, APP_H - 50, dim, 1, APP_W - 80);
}

const struct scene scene_games = {
    .name = "games",
    .context = sizeof(struct games_ctx),
    .enter = games_enter,
    .event = games_event,
    .draw = games_draw,
    .leave = games_leave,
};
