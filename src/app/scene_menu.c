/*
 * app/scene_menu.c — the title menu: the game, the opponent, the level, your colour and the
 * game's options, then Continue / Start / Help / Quit. Mouse, keyboard (arrows + Enter)
 * and gamepad (mapped to keys by the app) all drive it; choices are remembered.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/hud.h"
#include "app/i18n.h"
#include "app/hud.h"

/* The menu's context (struct scene). */
struct menu_ctx {
	int row;           /* the selected row */
	bool confirm_new;  /* "Start a new game?" is open: the chosen game has an unfinished one */
	bool pointer_seen; /* the pointer has been seen once since the menu opened: only a later
			     motion is the player's (not the pointer resting there) */
	bool confirm_quit; /* Esc asked "Quit Parity?" */
};

static struct menu_ctx *ctx_of(struct app *a)
{
	return (struct menu_ctx *)(void *)a->scene_ctx;
}

/* The rows: the game, how it is played, then the chosen game's options (its module's, up to
 * MENU_OPTIONS of them; rows of options it lacks are not drawn), then volume and language. */
enum { MENU_OPTIONS = 3 };
enum row {
	ROW_GAME,
	ROW_MODE,
	ROW_LEVEL,
	ROW_COLOUR,
	ROW_OPTION,
	ROW_VOLUME = ROW_OPTION + MENU_OPTIONS,
	ROW_LANGUAGE,
	ROWS,
	ROW_CONTINUE = ROWS,
	ROW_START,
	ROW_HELP,
	ROW_QUIT,
	ROW_OPTIONS,
	ROW_ANALYSIS,
	ROW_COUNT
};

static const char *const row_label[ROWS] = {
    N_("Game"), N_("Opponent"), N_("Level"),   N_("You play"), "", "",
    "",         N_("Volume"),   N_("Language")};
static const char *const modes[] = {"vs-computer", "two-players", "demo"};
static const char *const mode_titles[] = {N_("Computer"), N_("Two players"),
                                          N_("Demo (computer vs computer)")};

/* Returns the registry index of the chosen game. */
static int game_of(const struct app *a)
{
	return app_game(a);
}

/* Returns the option that settings row `row` shows, or NULL (not an option row, or the game
 * has fewer options). */
static const struct game_option *option_of(const struct app *a, int row)
{
	const struct game_module *m = game_module_at(game_of(a));
	const int k = row - ROW_OPTION;
	return k >= 0 && k < MENU_OPTIONS && k < m->option_count ? &m->options[k] : NULL;
}

/* The buttons' labels, in the order of their rows (ROW_CONTINUE on). */
static const char *const buttons[] = {N_("Continue"), N_("Start"),   N_("Help"),
                                      N_("Quit"),     N_("Options"), N_("Analysis board")};

#define COUNT(x) ((int)(sizeof(x) / sizeof((x)[0])))

/* Returns the logical rectangle of a row (settings rows, then the buttons): the rows after
 * the options close up under the chosen game's last option. */
static SDL_Rect row_rect(const struct app *a, int row)
{
	if (row < ROWS) {
		const int options = game_module_at(game_of(a))->option_count;
		const int missing =
		    row >= ROW_VOLUME && options < MENU_OPTIONS ? MENU_OPTIONS - options : 0;
		return (SDL_Rect){APP_W / 2 - 330, 204 + (row - missing) * 48, 660, 42};
	}
	if (row == ROW_OPTIONS) /* the theme, colours and animations: top right */
		return (SDL_Rect){APP_W - 196, 24, 172, 52};
	if (row == ROW_ANALYSIS) /* the analysis board of the chosen game: top left */
		return (SDL_Rect){24, 24, 196, 52};
	/* The buttons close up too, under the last settings row. */
	const SDL_Rect last = row_rect(a, ROWS - 1);
	const int b = row - ROWS, w = 150, gap = 14;
	return (SDL_Rect){APP_W / 2 - (4 * w + 3 * gap) / 2 + b * (w + gap), last.y + last.h + 10,
	                  w, 52};
}

/* Returns the index of `value` in `list`, or 0. */
static int index_in(const char *const *list, int n, const char *value)
{
	for (int i = 0; i < n; i++)
		if (strcmp(list[i], value) == 0)
			return i;
	return 0;
}

/* Returns the label of a settings row: the option rows belong to the chosen game. */
static const char *label_of(const struct app *a, int row)
{
	if (row >= ROW_OPTION && row < ROW_OPTION + MENU_OPTIONS) {
		const struct game_option *o = option_of(a, row);
		return o ? _(o->label) : ""; /* no such option: the row is not drawn */
	}
	return _(row_label[row]);
}

/* Returns whether a row can be chosen now. */
static bool row_enabled(const struct app *a, int row)
{
	const bool computer = strcmp(a->settings.mode, "two-players") != 0;
	switch (row) {
	case ROW_LEVEL:
		return computer;
	case ROW_COLOUR:
		return strcmp(a->settings.mode, "vs-computer") == 0;
	case ROW_OPTION:
	case ROW_OPTION + 1:
	case ROW_OPTION + 2:
		return option_of(a, row) != NULL;
	case ROW_CONTINUE:
		return a->has_save[game_of(a)];
	default:
		return true;
	}
}

/* Writes the value shown on a settings row. */
static void row_value(const struct app *a, int row, char *buf, size_t n)
{
	const struct settings *s = &a->settings;
	const struct game_rules *rules = game_find(s->game);
	const struct level *lv = rules ? level_find(rules, s->level) : NULL;
	switch (row) {
	case ROW_GAME:
		snprintf(buf, n, "%s", rules ? _(rules->title) : s->game);
		break;
	case ROW_MODE:
		snprintf(buf, n, "%s", _(mode_titles[index_in(modes, COUNT(modes), s->mode)]));
		break;
	case ROW_LEVEL:
		snprintf(buf, n, "%s", _(lv ? lv->title : "Beginner"));
		break;
	case ROW_COLOUR:
		/* TRANSLATORS: a side ("Black", "A") and whether it moves first or second. */
		snprintf(buf, n, _("%s (%s)"), rules ? _(rules->side_name[s->colour ? 1 : 0]) : "",
		         s->colour ? _("second") : _("first"));
		break;
	case ROW_OPTION:
	case ROW_OPTION + 1:
	case ROW_OPTION + 2: {
		const struct game_option *o = option_of(a, row);
		const int *v = &s->option[game_of(a)][o ? o->slot : 0];
		if (!o)
			buf[0] = '\0';
		else if (o->kind == GAME_OPTION_BOOL)
			snprintf(buf, n, "%s", v[0] ? _(o->on) : _(o->off));
		else if (o->kind == GAME_OPTION_GRID)
			snprintf(buf, n,
			         ngettext(o->format_n[0], o->format_n[1], (unsigned long)v[1]),
			         v[0], v[1]);
		else
			snprintf(buf, n, o->format ? o->format : "%d", v[0], v[0]);
		break;
	}
	case ROW_VOLUME:
		if (s->muted)
			snprintf(buf, n, "%s", _("Muted (M)"));
		else
			snprintf(buf, n, "%d%%", s->volume);
		break;
	case ROW_LANGUAGE: {
		const int i = settings_find_word(settings_languages, s->language);
		if (i <= 0) /* auto: the language it gives, in itself */
			snprintf(buf, n, _("Auto (%s)"), i18n_native_name(i18n_current()));
		else
			snprintf(buf, n, "%s", i18n_native_name(i18n_resolve(s->language)));
		break;
	}
	default:
		buf[0] = '\0';
	}
}

/* Steps a settings row's value by `dir` (-1 or +1). */
static void row_change(struct app *a, int row, int dir)
{
	struct settings *s = &a->settings;
	const struct game_rules *rules = game_find(s->game);
	int i;
	switch (row) {
	case ROW_GAME:
		i = (game_of(a) + dir + game_module_count()) % game_module_count();
		snprintf(s->game, sizeof s->game, "%s", game_module_at(i)->rules->name);
		break;
	case ROW_MODE:
		i = (index_in(modes, COUNT(modes), s->mode) + dir + COUNT(modes)) % COUNT(modes);
		snprintf(s->mode, sizeof s->mode, "%s", modes[i]);
		break;
	case ROW_LEVEL: {
		const int n = level_count(rules);
		const struct level *lv = level_find(rules, s->level);
		i = 0;
		for (int k = 0; k < n; k++)
			if (level_at(rules, k) == lv)
				i = k;
		i = (i + dir + n) % n;
		snprintf(s->level, sizeof s->level, "%s", level_at(rules, i)->name);
		break;
	}
	case ROW_COLOUR:
		s->colour = !s->colour;
		break;
	case ROW_OPTION:
	case ROW_OPTION + 1:
	case ROW_OPTION + 2: {
		const struct game_option *o = option_of(a, row);
		if (!o)
			return;
		struct game_options opt = settings_game_options(s, game_of(a));
		game_option_step(o, &opt, dir);
		memcpy(s->option[game_of(a)], opt.value, sizeof opt.value);
		break;
	}
	case ROW_LANGUAGE: {
		int count = 0;
		while (settings_languages[count])
			count++;
		i = settings_find_word(settings_languages, s->language);
		i = ((i < 0 ? 0 : i) + dir + count) % count;
		snprintf(s->language, sizeof s->language, "%s", settings_languages[i]);
		app_apply_language(a);
		break;
	}
	case ROW_VOLUME:
		s->muted = false;
		s->volume = s->volume + dir * 10 < 0     ? 0
		            : s->volume + dir * 10 > 100 ? 100
		                                         : s->volume + dir * 10;
		if (a->audio)
			Mix_Volume(-1, s->volume * MIX_MAX_VOLUME / 100);
		break;
	default:
		return;
	}
	app_sound(a, SOUND_MENU);
	app_save_settings(a);
}

/* Does what a row or button does when chosen. */
static void activate(struct app *a, int row)
{
	if (!row_enabled(a, row))
		return;
	app_sound(a, SOUND_MENU);
	switch (row) {
	case ROW_CONTINUE:
		if (play_begin(a, true))
			app_change_scene(a, &scene_play);
		else
			a->has_save[game_of(a)] = false;
		break;
	case ROW_OPTIONS:
		app_change_scene(a, &scene_options);
		break;
	case ROW_ANALYSIS:
		app_save_settings(a);
		app_change_scene(a, &scene_analysis);
		break;
	case ROW_HELP:
		a->help_return = &scene_menu;
		app_change_scene(a, &scene_help);
		break;
	case ROW_QUIT:
		a->quit = true;
		break;
	default: /* Enter on a settings row, or Start */
		app_save_settings(a);
		if (a->has_save[game_of(a)] && !ctx_of(a)->confirm_new) {
			ctx_of(a)->confirm_new = true; /* its autosave would be replaced: ask */
			break;
		}
		ctx_of(a)->confirm_new = false;
		if (play_begin(a, false))
			app_change_scene(a, &scene_play);
		break;
	}
}

/* Moves the selection to the next enabled row in direction dir. */
static void select_step(struct app *a, int dir)
{
	int row = ctx_of(a)->row;
	do
		row = (row + dir + ROW_COUNT) % ROW_COUNT;
	while (!row_enabled(a, row));
	ctx_of(a)->row = row;
	app_sound(a, SOUND_MENU);
}

static void menu_enter(struct app *a)
{
	play_end(a);
	/* Back from Options or Help, the selection is on the button that opened it; else on
	 * what starts a game. */
	ctx_of(a)->row = a->last_scene == &scene_options ? ROW_OPTIONS
	                 : a->last_scene == &scene_help  ? ROW_HELP
	                 : a->has_save[game_of(a)]       ? ROW_CONTINUE
	                                                 : ROW_START;
	ctx_of(a)->pointer_seen = false;
	if (a->ask_start) /* --game or --open would replace an unfinished game: ask first */
		ctx_of(a)->confirm_new = true;
}

bool menu_button(const struct app *a, const char *name, SDL_Point *centre)
{
	const size_t n = strlen(name);
	for (int b = 0; b < ROW_COUNT - ROWS; b++) /* the label, or its first word */
		if (n > 0 && SDL_strncasecmp(name, buttons[b], n) == 0 &&
		    (buttons[b][n] == '\0' || buttons[b][n] == ' ')) {
			const SDL_Rect r = row_rect(a, ROWS + b);
			*centre = (SDL_Point){r.x + r.w / 2, r.y + r.h / 2};
			return true;
		}
	return false;
}

bool menu_confirming(struct app *a)
{
	return a->scene == &scene_menu && ctx_of(a)->confirm_new;
}

/* The "Quit Parity?" question that Esc asks: Y, Enter or its button quit; N, Esc or its
 * button stay. */
static void confirm_event(struct app *a, const SDL_Event *ev)
{
	const int answer = hud_confirm_answer(ev);
	if (answer == 1)
		a->quit = true;
	if (answer >= 0)
		ctx_of(a)->confirm_quit = false;
}

static void menu_event(struct app *a, const SDL_Event *ev)
{
	if (ctx_of(a)->confirm_new) {
		const int answer = hud_confirm_answer(ev);
		if (answer == 1 && a->ask_start) { /* what --game or --open asked for */
			ctx_of(a)->confirm_new = a->ask_start = false;
			app_start_command_line(a, a->notice,
			                       sizeof a->notice); /* why, if it failed */
		} else if (answer == 1) {
			activate(a, ROW_START); /* confirm_new is still set: it starts */
		} else if (answer == 0) {
			if (a->ask_start)
				ctx_of(a)->row = ROW_CONTINUE;
			ctx_of(a)->confirm_new = a->ask_start = false;
		}
		return;
	}
	if (ctx_of(a)->confirm_quit) {
		confirm_event(a, ev);
		return;
	}
	if (ev->type == SDL_KEYDOWN) {
		switch (ev->key.keysym.sym) {
		case SDLK_UP:
			select_step(a, -1);
			break;
		case SDLK_DOWN:
		case SDLK_TAB:
			select_step(a, 1);
			break;
		case SDLK_LEFT:
			if (ctx_of(a)->row < ROWS)
				row_change(a, ctx_of(a)->row, -1);
			else
				select_step(a, -1);
			break;
		case SDLK_RIGHT:
			if (ctx_of(a)->row < ROWS)
				row_change(a, ctx_of(a)->row, 1);
			else
				select_step(a, 1);
			break;
		case SDLK_RETURN:
		case SDLK_KP_ENTER:
		case SDLK_SPACE:
			activate(a, ctx_of(a)->row);
			break;
		case SDLK_ESCAPE:
			if (!ev->key.repeat)
				ctx_of(a)->confirm_quit = true;
			break;
		case SDLK_o:
			activate(a, ROW_OPTIONS);
			break;
		case SDLK_a:
			activate(a, ROW_ANALYSIS);
			break;
		default:
			break;
		}
		return;
	}
	if (ev->type == SDL_MOUSEMOTION) {
		/* The first motion after the menu opens may only say where the pointer rests
		 * (the window appearing under it): it must not take the selection off Start,
		 * or Enter would no longer start. */
		if (!ctx_of(a)->pointer_seen) {
			ctx_of(a)->pointer_seen = true;
			return;
		}
		for (int row = 0; row < ROW_COUNT; row++)
			if (row_enabled(a, row) &&
			    app_inside(row_rect(a, row), ev->motion.x, ev->motion.y))
				ctx_of(a)->row = row;
		return;
	}
	if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
		for (int row = 0; row < ROW_COUNT; row++) {
			const SDL_Rect r = row_rect(a, row);
			if (!row_enabled(a, row) || !app_inside(r, ev->button.x, ev->button.y))
				continue;
			ctx_of(a)->row = row;
			if (row < ROWS) /* left of the value steps back, right of it forward */
				row_change(a, row, ev->button.x < r.x + 420 ? -1 : 1);
			else
				activate(a, row);
		}
	}
}

static void menu_draw(struct app *a)
{
	const SDL_Color ink = {236, 232, 220, 255}, dim = {130, 140, 132, 255},
	                gold = {244, 200, 84, 255};
	/* A band of pieces behind the title, drawn by the first game whose view has one. */
	const struct view *band = NULL;
	for (int g = 0; g < game_module_count() && !band; g++)
		if (view_at(g)->banner)
			band = view_at(g);
	const double clock = app_motion(a); /* still without animations, or when untouched */
	for (int i = 0; band && i < 9; i++)
		band->banner(a, i, clock, (SDL_Rect){APP_W / 2 - 4 * 70 - 30 + i * 70, 28, 60, 60});
	app_text(a, FONT_TITLE, "Parity", APP_W / 2, 80, gold, 1);
	char games_line[200] = "";
	for (int g = 0; g < game_module_count(); g++)
		snprintf(games_line + strlen(games_line), sizeof games_line - strlen(games_line),
		         "%s%s", g ? " \xc2\xb7 " : "", _(game_module_at(g)->rules->title));
	app_text(a, FONT_SMALL, games_line, APP_W / 2, 178, dim, 1);
	for (int row = 0; row < ROWS; row++) {
		if (!*label_of(a, row))
			continue;
		const SDL_Rect r = row_rect(a, row);
		const bool on = row_enabled(a, row), sel = row == ctx_of(a)->row;
		app_panel(a, r, sel ? (SDL_Color){70, 92, 80, 255} : (SDL_Color){36, 46, 43, 255});
		app_text_fit(a, FONT_BODY, label_of(a, row), r.x + 20, r.y + 6, on ? ink : dim, 0,
		             200);
		char value[96];
		row_value(a, row, value, sizeof value);
		const int vx = r.x + 420;
		const SDL_Color vc = on ? (sel ? gold : ink) : dim;
		/* A language's name in itself may need a font with Chinese glyphs; without one,
		 * the name in the language of the menu. */
		if (row == ROW_LANGUAGE && strcmp(a->settings.language, "zh") == 0 &&
		    i18n_current() != I18N_ZH)
			app_text(a, a->assets.font[FONT_NATIVE] ? FONT_NATIVE : FONT_BODY,
			         a->assets.font[FONT_NATIVE] ? value : _("Chinese"), vx, r.y + 6,
			         vc, 1);
		else /* between the arrows */
			app_text_fit(a, FONT_BODY, value, vx, r.y + 6, vc, 1, 350);
		if (on) {
			app_text(a, FONT_BODY, "\xe2\x80\xb9", vx - 190, r.y + 4, sel ? gold : dim,
			         1);
			app_text(a, FONT_BODY, "\xe2\x80\xba", vx + 190, r.y + 4, sel ? gold : dim,
			         1);
		}
	}
	for (int b = 0; b < ROW_COUNT - ROWS; b++) {
		const int row = ROWS + b;
		if (!row_enabled(a, row)) {
			app_button_off(a, row_rect(a, row), _(buttons[b]));
			continue;
		}
		app_button(a, row_rect(a, row), _(buttons[b]), row == ctx_of(a)->row);
	}
	app_text(a, FONT_SMALL,
	         _("Arrows choose \xc2\xb7 Enter starts \xc2\xb7 F1 help \xc2\xb7 F11 fullscreen "
	           "\xc2\xb7 M mute \xc2\xb7 Esc quits"),
	         APP_W / 2, row_rect(a, ROW_START).y + 72, dim, 1); /* under the buttons */
	if (*a->notice)
		app_text(a, FONT_SMALL, a->notice, APP_W / 2, row_rect(a, ROW_START).y + 108, gold,
		         1);
	if (ctx_of(a)->confirm_new)
		hud_confirm(a, _("Start a new game?"),
		            _("The unfinished game of this kind is lost (Continue plays it)."),
		            _("New game (Y)"), _("Keep it (N)"));
	if (ctx_of(a)->confirm_quit)
		hud_confirm(a, _("Quit Parity?"),
		            _("A game under way is saved: Continue picks it up."), _("Quit (Y)"),
		            _("Stay (N)"));
}

const struct scene scene_menu = {
    .name = "menu",
    .context = sizeof(struct menu_ctx),
    .enter = menu_enter,
    .event = menu_event,
    .draw = menu_draw,
};
