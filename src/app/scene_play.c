/*
 * app/scene_play.c — the playing scene and the game-over scene. Both show the board; the
 * game-over scene adds the result banner with "Play again", "Menu" and saving the record.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/app.h"
#include "app/i18n.h"
#include "app/hud.h"
#include "app/layout.h"
#include "io/atomic.h"
#include "io/pdn.h"
#include "io/recordsdir.h"
#include "io/transcript.h"

/* ---- playing ---------------------------------------------------------------------------- */

static void play_enter(struct app *a)
{
	a->play.confirm_leave = false;
}

/* Leaves for the menu (the game stays in the autosave). */
static void to_menu(struct app *a)
{
	search_cancel(a->play.search);
	a->play.thinking = false;
	app_change_scene(a, &scene_menu);
}

static void play_scene_event(struct app *a, const SDL_Event *ev)
{
	struct play *p = &a->play;
	if (p->confirm_leave) {
		const int answer = hud_confirm_answer(ev);
		if (answer == 1)
			to_menu(a);
		if (answer >= 0)
			p->confirm_leave = false;
		return;
	}
	if (ev->type == SDL_KEYDOWN && ev->key.keysym.sym == SDLK_ESCAPE && !ev->key.repeat) {
		if (p->view->event && p->view->event(a, p, ev))
			return; /* Esc put down a piece picked up */
		if (p->match.cursor > 0 && !match_over(&p->match))
			p->confirm_leave = true;
		else
			to_menu(a);
		return;
	}
	if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
		const int x = ev->button.x, y = ev->button.y;
		if (app_inside(hud_button_rect(HUD_UNDO), x, y)) {
			play_undo(a);
			return;
		}
		if (app_inside(hud_button_rect(HUD_REDO), x, y)) {
			play_redo(a);
			return;
		}
		if (app_inside(hud_button_rect(HUD_HINTS), x, y)) {
			p->hints = !p->hints;
			a->settings.hints = p->hints;
			app_save_settings(a);
			return;
		}
		if (app_inside(hud_button_rect(HUD_MENU), x, y)) {
			if (p->match.cursor > 0 && !match_over(&p->match))
				p->confirm_leave = true;
			else
				to_menu(a);
			return;
		}
	}
	play_event(a, ev);
}

static void play_scene_update(struct app *a, double dt)
{
	play_update(a, dt);
}

static void play_scene_draw(struct app *a)
{
	play_draw(a);
}

const struct scene scene_play = {
    .name = "play",
    .enter = play_enter,
    .event = play_scene_event,
    .update = play_scene_update,
    .draw = play_scene_draw,
};

/* ---- game over -------------------------------------------------------------------------- */

enum { OVER_AGAIN, OVER_MENU, OVER_SAVE, OVER_COPY, OVER_REVIEW, OVER_BUTTONS };

/* The game-over scene's context (struct scene). */
struct over_ctx {
	int row; /* the selected button */
};

static struct over_ctx *over_ctx(struct app *a)
{
	return (struct over_ctx *)(void *)a->scene_ctx;
}

/* Returns the rectangle of a game-over button: where the playing buttons were, so that
 * the whole final board stays in view. */
static SDL_Rect over_button(int b)
{
	return hud_button_rect((enum hud_button)b);
}

/* Returns the name PDN gives `side`'s player: "You", "Parity (Medium)" or the side. */
static void player_name(const struct play *p, int side, char *buf, size_t n)
{
	if (p->mode == MODE_TWO_PLAYERS)
		snprintf(buf, n, "%s", p->rules->side_name[side]);
	else if (p->mode == MODE_VS_COMPUTER && side == p->human)
		snprintf(buf, n, "You");
	else
		snprintf(buf, n, "Parity (%s)", p->level->title);
}

/* Returns the game's record in its module's format in a new buffer (free it), or NULL when
 * it cannot be written. */
static char *play_record_text(const struct play *p)
{
	const time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	char date[32], players[2][64];
	strftime(date, sizeof date, "%Y.%m.%d", &tm);
	player_name(p, 0, players[0], sizeof players[0]);
	player_name(p, 1, players[1], sizeof players[1]);
	const struct record_info info = {
	    .event = "Parity game", .date = date, .player = {players[0], players[1]}};
	return p->module->record->write(&p->match, &info);
}

/* Returns path with the home directory written "~" (a pointer into a static buffer). */
static const char *home_short(const char *path)
{
	static char out[RECORDS_PATH_MAX];
	const char *home = getenv("HOME");
	const size_t n = home ? strlen(home) : 0;
	if (n > 1 && strncmp(path, home, n) == 0 && (path[n] == '/' || !path[n]))
		snprintf(out, sizeof out, "~%s", path + n);
	else
		snprintf(out, sizeof out, "%s", path);
	return out;
}

/* Appends name to buf (n bytes, holding a NUL-terminated string) as a file name may hold
 * it: letters and digits kept, runs of anything else one '-'. */
static void name_part(char *buf, size_t n, const char *name)
{
	size_t len = strlen(buf);
	bool dash = len > 0 && buf[len - 1] == '-';
	for (const char *c = name; *c && len + 1 < n; c++) {
		const bool keep = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		                  (*c >= '0' && *c <= '9');
		if (keep) {
			buf[len++] = *c;
			dash = false;
		} else if (!dash) {
			buf[len++] = '-';
			dash = true;
		}
	}
	while (len > 0 && buf[len - 1] == '-')
		len--;
	buf[len] = '\0';
}

/* Saves the record in the records folder, named after the game, the date and the players
 * ("reversi-2026-11-24-1305-You-vs-Parity-Hard.txt"), and says where (P copies the folder's
 * path). */
static void save_record(struct app *a)
{
	struct play *p = &a->play;
	char dir[RECORDS_PATH_MAX], path[RECORDS_PATH_MAX + 200], err[GAME_ERR_MAX];
	char *text = play_record_text(p);
	if (!text) {
		snprintf(p->status, sizeof p->status, "%s", _("Not saved: out of memory"));
		p->status_end = a->now + 8;
		return;
	}
	const time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	char stamp[32], players[2][64], name[160];
	strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
	player_name(p, 0, players[0], sizeof players[0]);
	player_name(p, 1, players[1], sizeof players[1]);
	snprintf(name, sizeof name, "%s-%s-", p->rules->name, stamp);
	name_part(name, sizeof name, players[0]);
	snprintf(name + strlen(name), sizeof name - strlen(name), "-vs-");
	name_part(name, sizeof name, players[1]);
	if (!play_records_folder(a, dir, sizeof dir, err)) {
		snprintf(p->status, sizeof p->status, _("Not saved: %s"), err);
	} else {
		snprintf(path, sizeof path, "%s/%s.%s", dir, name, p->module->record->extension);
		if (atomic_write(path, text, strlen(text), err) == 0)
			snprintf(p->status, sizeof p->status,
			         _("Saved in %.120s \xc2\xb7 P copies its path"), home_short(dir));
		else
			snprintf(p->status, sizeof p->status, _("Not saved: %s"), err);
	}
	p->status_end = a->now + 8;
	free(text);
}

/* Copies the path of the records folder to the clipboard and says so. */
static void copy_folder(struct app *a)
{
	struct play *p = &a->play;
	char dir[RECORDS_PATH_MAX], err[GAME_ERR_MAX];
	if (!play_records_folder(a, dir, sizeof dir, err)) {
		snprintf(p->status, sizeof p->status, _("No folder for records: %s"), err);
	} else {
		SDL_SetClipboardText(dir);
		snprintf(p->status, sizeof p->status, _("Copied the path %.160s"), home_short(dir));
	}
	p->status_end = a->now + 8;
}

/* Copies the record to the clipboard. */
static void copy_record(struct app *a)
{
	struct play *p = &a->play;
	char *text = play_record_text(p);
	if (!text)
		return;
	SDL_SetClipboardText(text);
	free(text);
	snprintf(p->status, sizeof p->status, "%s", _("The game record is on the clipboard"));
	p->status_end = a->now + 5;
}

static void over_enter(struct app *a)
{
	over_ctx(a)->row = OVER_AGAIN;
}

static void over_activate(struct app *a, int b)
{
	switch (b) {
	case OVER_AGAIN:
		if (play_begin(a, false))
			app_change_scene(a, &scene_play);
		break;
	case OVER_MENU:
		app_change_scene(a, &scene_menu);
		break;
	case OVER_SAVE:
		save_record(a);
		break;
	case OVER_COPY:
		copy_record(a);
		break;
	case OVER_REVIEW:
		app_change_scene(a, &scene_review);
		break;
	default:
		break;
	}
}

static void over_event(struct app *a, const SDL_Event *ev)
{
	if (ev->type == SDL_KEYDOWN) {
		switch (ev->key.keysym.sym) {
		case SDLK_UP: /* the D-pad's up and down choose too */
		case SDLK_LEFT:
			over_ctx(a)->row = (over_ctx(a)->row + OVER_BUTTONS - 1) % OVER_BUTTONS;
			return;
		case SDLK_DOWN:
		case SDLK_RIGHT:
			over_ctx(a)->row = (over_ctx(a)->row + 1) % OVER_BUTTONS;
			return;
		case SDLK_RETURN:
		case SDLK_KP_ENTER:
		case SDLK_SPACE:
			over_activate(a, over_ctx(a)->row);
			return;
		case SDLK_ESCAPE:
			over_activate(a, OVER_MENU);
			return;
		case SDLK_r:
			over_activate(a, OVER_REVIEW);
			return;
		case SDLK_s:
			if (ev->key.keysym.mod & KMOD_CTRL) {
				save_record(a);
				return;
			}
			break;
		case SDLK_c:
			if (ev->key.keysym.mod & KMOD_CTRL) {
				copy_record(a);
				return;
			}
			break;
		case SDLK_p:
			if (!ev->key.repeat) {
				copy_folder(a);
				return;
			}
			break;
		default:
			break;
		}
	}
	if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
		for (int b = 0; b < OVER_BUTTONS; b++)
			if (app_inside(over_button(b), ev->button.x, ev->button.y)) {
				over_activate(a, b);
				return;
			}
	}
	play_event(a, ev);
}

static void over_draw(struct app *a)
{
	const struct play *p = &a->play;
	play_draw(a);
	if (!p->rules)
		return;
	SDL_Rect banner = {LAYOUT_PANEL_X, 318, LAYOUT_PANEL_W, 150};
	app_panel(a, banner, (SDL_Color){70, 52, 24, 255});
	const int result = match_result(&p->match);
	const int winner = result > 0 ? 0 : result < 0 ? 1 : -1;
	char title[160], score[200];
	if (winner < 0)
		snprintf(title, sizeof title, "%s", _("A draw"));
	else if (p->mode == MODE_VS_COMPUTER)
		snprintf(title, sizeof title, "%s",
		         winner == p->human ? _("You win!") : _("The computer wins"));
	else
		snprintf(title, sizeof title, _("%s wins"), _(p->rules->side_name[winner]));
	if (p->view->outcome)
		p->view->outcome(p, score, sizeof score);
	else
		snprintf(score, sizeof score, "%s %d \xe2\x80\x93 %d %s", _(p->rules->side_name[0]),
		         p->view->count(p, 0), p->view->count(p, 1), _(p->rules->side_name[1]));
	const SDL_Color gold = {244, 200, 84, 255}, ink = {236, 232, 220, 255};
	app_text_fit(a, FONT_LARGE, title, banner.x + banner.w / 2, banner.y + 22, gold, 1,
	             banner.w - 20);
	app_text_fit(a, FONT_SMALL, score, banner.x + banner.w / 2, banner.y + 90, ink, 1,
	             banner.w - 20);
	static const char *const labels[OVER_BUTTONS] = {
	    N_("Play again"), N_("Menu"), N_("Save record"), N_("Copy"), N_("Review (R)")};
	for (int b = 0; b < OVER_BUTTONS; b++)
		app_button(a, over_button(b), _(labels[b]), b == over_ctx(a)->row);
}

const struct scene scene_over = {
    .name = "over",
    .context = sizeof(struct over_ctx),
    .enter = over_enter,
    .event = over_event,
    .update = play_scene_update,
    .draw = over_draw,
};
