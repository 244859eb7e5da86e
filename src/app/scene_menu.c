/*
 * app/scene_menu.c — the title menu: the game, the opponent, the level, your colour and the
 * game's options, then Continue / Start / Help / Quit. Mouse, keyboard (arrows + Enter)
 * and gamepad (mapped to keys by the app) all drive it; choices are remembered.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"

enum row {
	ROW_GAME, ROW_MODE, ROW_LEVEL, ROW_COLOUR, ROW_SIZE, ROW_ANTI, ROW_HOLE, ROW_VOLUME,
	ROW_LANGUAGE, ROWS,
	ROW_CONTINUE = ROWS, ROW_START, ROW_HELP, ROW_QUIT, ROW_OPTIONS, ROW_COUNT
};

static const char *const row_label[ROWS] = {N_("Game"),       N_("Opponent"),     N_("Level"),
					    N_("You play"),   N_("Board"),        N_("Anti-reversi"),
					    N_("Black hole"), N_("Volume"),       N_("Language")};
static const char *const games[] = {
    "reversi",
    "checkers",
    "dots",
};
static const char *const modes[] = {"vs-computer", "two-players", "demo"};
static const char *const mode_titles[] = {N_("Computer"), N_("Two players"),
					  N_("Demo (computer vs computer)")};
static const int sizes[] = {6, 8, 10};
/* Dots and Boxes boards, boxes down × across: 5×5 is the experts' standard, 3×3 the default. */
static const int dots_sizes[][2] = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {3, 5}, {4, 4}, {4, 5},
				    {5, 5}, {6, 6}, {7, 7}, {8, 8}, {9, 9}};

/* Returns whether the chosen game is `name`. */
static bool game_is(const struct app *a, const char *name)
{
	return strcmp(a->settings.game, name) == 0;
}

#define COUNT(x) ((int)(sizeof(x) / sizeof((x)[0])))

/* Returns the logical rectangle of a row (settings rows, then the buttons). */
static SDL_Rect row_rect(int row)
{
	if (row < ROWS)
		return (SDL_Rect){APP_W / 2 - 330, 204 + row * 48, 660, 42};
	if (row == ROW_OPTIONS) /* the theme, colours and animations: top right */
		return (SDL_Rect){APP_W - 196, 24, 172, 52};
	const int b = row - ROWS, w = 150, gap = 14;
	return (SDL_Rect){APP_W / 2 - (4 * w + 3 * gap) / 2 + b * (w + gap), 640, w, 52};
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
	if (game_is(a, "checkers") && row == ROW_ANTI)
		return _("Board");
	if (game_is(a, "checkers") && row == ROW_HOLE)
		return _("Numbers");
	if (game_is(a, "checkers") && row == ROW_SIZE)
		return _("Size");
	if (game_is(a, "dots") && (row == ROW_ANTI || row == ROW_HOLE))
		return ""; /* no such options: the row is not drawn */
	return _(row_label[row]);
}

/* Returns whether a row can be chosen now. */
static bool row_enabled(const struct app *a, int row)
{
	const bool computer = strcmp(a->settings.mode, "two-players") != 0;
	switch (row) {
	case ROW_LEVEL: return computer;
	case ROW_COLOUR: return strcmp(a->settings.mode, "vs-computer") == 0;
	case ROW_SIZE: return !game_is(a, "checkers");
	case ROW_ANTI:
	case ROW_HOLE: return game_is(a, "reversi") || game_is(a, "checkers");
	case ROW_CONTINUE: return a->has_autosave;
	default: return true;
	}
}

/* Writes the value shown on a settings row. */
static void row_value(const struct app *a, int row, char *buf, size_t n)
{
	const struct settings *s = &a->settings;
	const struct game_rules *rules = game_find(s->game);
	const struct level *lv = rules ? level_find(rules, s->level) : NULL;
	switch (row) {
	case ROW_GAME: snprintf(buf, n, "%s", rules ? _(rules->title) : s->game); break;
	case ROW_MODE: snprintf(buf, n, "%s", _(mode_titles[index_in(modes, COUNT(modes), s->mode)])); break;
	case ROW_LEVEL: snprintf(buf, n, "%s", _(lv ? lv->title : "Beginner")); break;
	case ROW_COLOUR:
		/* TRANSLATORS: a side ("Black", "A") and whether it moves first or second. */
		snprintf(buf, n, _("%s (%s)"), rules ? _(rules->side_name[s->colour ? 1 : 0]) : "",
			 s->colour ? _("second") : _("first"));
		break;
	case ROW_SIZE:
		if (game_is(a, "dots"))
			/* TRANSLATORS: the Dots and Boxes board, boxes down × across. */
			snprintf(buf, n,
				 ngettext("%d \xc3\x97 %d box", "%d \xc3\x97 %d boxes", (unsigned long)s->dots_cols),
				 s->dots_rows, s->dots_cols);
		else if (game_is(a, "checkers"))
			snprintf(buf, n, "8 \xc3\x97 8");
		else
			snprintf(buf, n, "%d \xc3\x97 %d", s->reversi_size, s->reversi_size);
		break;
	case ROW_ANTI:
		if (game_is(a, "checkers")) {
			snprintf(buf, n, "%s", s->checkers_flip ? _("Turned round") : _("Your side at the bottom"));
			break;
		}
		snprintf(buf, n, "%s", !game_is(a, "reversi") ? "\xe2\x80\x94"
				       : s->reversi_anti     ? _("On: fewest discs wins")
							     : _("Off"));
		break;
	case ROW_HOLE:
		if (game_is(a, "checkers")) {
			snprintf(buf, n, "%s", s->checkers_numbers ? _("Shown (1\xe2\x80\x93" "32)") : _("Hidden"));
			break;
		}
		snprintf(buf, n, "%s", !game_is(a, "reversi")  ? "\xe2\x80\x94"
				       : s->reversi_black_hole ? _("On: one square is lost")
							       : _("Off"));
		break;
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
	default: buf[0] = '\0';
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
		i = (index_in(games, COUNT(games), s->game) + dir + COUNT(games)) % COUNT(games);
		snprintf(s->game, sizeof s->game, "%s", games[i]);
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
	case ROW_COLOUR: s->colour = !s->colour; break;
	case ROW_SIZE:
		i = 0;
		if (game_is(a, "dots")) {
			for (int k = 0; k < COUNT(dots_sizes); k++)
				if (dots_sizes[k][0] == s->dots_rows && dots_sizes[k][1] == s->dots_cols)
					i = k;
			i = (i + dir + COUNT(dots_sizes)) % COUNT(dots_sizes);
			s->dots_rows = dots_sizes[i][0];
			s->dots_cols = dots_sizes[i][1];
			break;
		}
		for (int k = 0; k < COUNT(sizes); k++)
			if (sizes[k] == s->reversi_size)
				i = k;
		s->reversi_size = sizes[(i + dir + COUNT(sizes)) % COUNT(sizes)];
		break;
	case ROW_ANTI:
		if (game_is(a, "checkers"))
			s->checkers_flip = !s->checkers_flip;
		else
			s->reversi_anti = !s->reversi_anti;
		break;
	case ROW_HOLE:
		if (game_is(a, "checkers"))
			s->checkers_numbers = !s->checkers_numbers;
		else
			s->reversi_black_hole = !s->reversi_black_hole;
		break;
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
		s->volume = s->volume + dir * 10 < 0 ? 0 : s->volume + dir * 10 > 100 ? 100 : s->volume + dir * 10;
		if (a->audio)
			Mix_Volume(-1, s->volume * MIX_MAX_VOLUME / 100);
		break;
	default: return;
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
			a->has_autosave = false;
		break;
	case ROW_OPTIONS: app_change_scene(a, &scene_options); break;
	case ROW_HELP:
		a->help_return = &scene_menu;
		app_change_scene(a, &scene_help);
		break;
	case ROW_QUIT: a->quit = true; break;
	default: /* Enter on a settings row, or Start */
		app_save_settings(a);
		if (play_begin(a, false))
			app_change_scene(a, &scene_play);
		break;
	}
}

/* Moves the selection to the next enabled row in direction dir. */
static void select_step(struct app *a, int dir)
{
	int row = a->menu_row;
	do
		row = (row + dir + ROW_COUNT) % ROW_COUNT;
	while (!row_enabled(a, row));
	a->menu_row = row;
	app_sound(a, SOUND_MENU);
}

static void menu_enter(struct app *a)
{
	play_end(a);
	/* Back from Options or Help, the selection is on the button that opened it; else on
	 * what starts a game. */
	a->menu_row = a->last_scene == &scene_options ? ROW_OPTIONS
	              : a->last_scene == &scene_help  ? ROW_HELP
	              : a->has_autosave               ? ROW_CONTINUE
	                                              : ROW_START;
	a->menu_pointer_seen = false;
}

static void menu_event(struct app *a, const SDL_Event *ev)
{
	if (ev->type == SDL_KEYDOWN) {
		switch (ev->key.keysym.sym) {
		case SDLK_UP: select_step(a, -1); break;
		case SDLK_DOWN:
		case SDLK_TAB: select_step(a, 1); break;
		case SDLK_LEFT:
			if (a->menu_row < ROWS)
				row_change(a, a->menu_row, -1);
			else
				select_step(a, -1);
			break;
		case SDLK_RIGHT:
			if (a->menu_row < ROWS)
				row_change(a, a->menu_row, 1);
			else
				select_step(a, 1);
			break;
		case SDLK_RETURN:
		case SDLK_KP_ENTER:
		case SDLK_SPACE: activate(a, a->menu_row); break;
		case SDLK_ESCAPE: a->quit = true; break;
		case SDLK_o: activate(a, ROW_OPTIONS); break;
		default: break;
		}
		return;
	}
	if (ev->type == SDL_MOUSEMOTION) {
		/* The first motion after the menu opens may only say where the pointer rests
		 * (the window appearing under it): it must not take the selection off Start,
		 * or Enter would no longer start. */
		if (!a->menu_pointer_seen) {
			a->menu_pointer_seen = true;
			return;
		}
		for (int row = 0; row < ROW_COUNT; row++)
			if (row_enabled(a, row) && app_inside(row_rect(row), ev->motion.x, ev->motion.y))
				a->menu_row = row;
		return;
	}
	if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
		for (int row = 0; row < ROW_COUNT; row++) {
			const SDL_Rect r = row_rect(row);
			if (!row_enabled(a, row) || !app_inside(r, ev->button.x, ev->button.y))
				continue;
			a->menu_row = row;
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
	/* A band of discs behind the title. */
	const struct assets *s = &a->assets;
	for (int i = 0; i < 9; i++) {
		const double clock = app_anim(a, 1.0) > 0 ? a->now : 0; /* still without animations */
		const int frame = (int)(clock * 6 + i * 2) % (2 * s->disc_frames);
		const int f = frame < s->disc_frames ? frame : 2 * s->disc_frames - 1 - frame;
		SDL_Rect src = {f * s->disc_cell, 0, s->disc_cell, s->disc_cell};
		SDL_Rect dst = {APP_W / 2 - 4 * 70 - 30 + i * 70, 28, 60, 60};
		SDL_RenderCopy(a->renderer, s->discs, &src, &dst);
	}
	app_text(a, FONT_TITLE, "Parity", APP_W / 2, 80, gold, 1);
	char games_line[200];
	snprintf(games_line, sizeof games_line, "%s \xc2\xb7 %s \xc2\xb7 %s", _("Reversi"),
		 _("Checkers"), _("Dots and Boxes"));
	app_text(a, FONT_SMALL, games_line, APP_W / 2, 178, dim, 1);
	for (int row = 0; row < ROWS; row++) {
		if (!*label_of(a, row))
			continue;
		const SDL_Rect r = row_rect(row);
		const bool on = row_enabled(a, row), sel = row == a->menu_row;
		app_panel(a, r, sel ? (SDL_Color){70, 92, 80, 255} : (SDL_Color){36, 46, 43, 255});
		app_text_fit(a, FONT_BODY, label_of(a, row), r.x + 20, r.y + 6, on ? ink : dim, 0, 200);
		char value[96];
		row_value(a, row, value, sizeof value);
		const int vx = r.x + 420;
		const SDL_Color vc = on ? (sel ? gold : ink) : dim;
		/* A language's name in itself may need a font with Chinese glyphs; without one,
		 * the name in the language of the menu. */
		if (row == ROW_LANGUAGE && strcmp(a->settings.language, "zh") == 0 &&
		    i18n_current() != I18N_ZH)
			app_text(a, a->assets.font[FONT_NATIVE] ? FONT_NATIVE : FONT_BODY,
				 a->assets.font[FONT_NATIVE] ? value : _("Chinese"), vx, r.y + 6, vc, 1);
		else /* between the arrows */
			app_text_fit(a, FONT_BODY, value, vx, r.y + 6, vc, 1, 350);
		if (on) {
			app_text(a, FONT_BODY, "\xe2\x80\xb9", vx - 190, r.y + 4, sel ? gold : dim, 1);
			app_text(a, FONT_BODY, "\xe2\x80\xba", vx + 190, r.y + 4, sel ? gold : dim, 1);
		}
	}
	static const char *const buttons[] = {N_("Continue"), N_("Start"), N_("Help"), N_("Quit"),
					      N_("Options")};
	for (int b = 0; b < ROW_COUNT - ROWS; b++) {
		const int row = ROWS + b;
		if (!row_enabled(a, row)) {
			app_panel(a, row_rect(row), (SDL_Color){30, 36, 34, 255});
			app_text_fit(a, FONT_BODY, _(buttons[b]), row_rect(row).x + row_rect(row).w / 2,
				     row_rect(row).y + 13, dim, 1, row_rect(row).w - 12);
			continue;
		}
		app_button(a, row_rect(row), _(buttons[b]), row == a->menu_row);
	}
	app_text(a, FONT_SMALL,
		 _("Arrows choose \xc2\xb7 Enter starts \xc2\xb7 F1 help \xc2\xb7 F11 fullscreen \xc2\xb7 M mute \xc2\xb7 Esc quits"),
		 APP_W / 2, 712, dim, 1);
	if (*a->notice)
		app_text(a, FONT_SMALL, a->notice, APP_W / 2, 748, gold, 1);
}

const struct scene scene_menu = {
	.name = "menu",
	.enter = menu_enter,
	.event = menu_event,
	.draw = menu_draw,
};
