/*
 * app/scene_options.c — the Options page opened from the title menu: the theme (standard or
 * high contrast), the colours (standard or colour-blind safe) and the animation speed (off,
 * slow, normal, fast). Each change shows at once and is saved with the settings. Mouse,
 * keyboard (arrows, Enter, Esc) and gamepad (through the keyboard's bindings) all drive it.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"

/* The Options screen's context (struct scene). */
struct options_ctx {
	int row; /* the selected row */
};

static struct options_ctx *ctx_of(struct app *a)
{
	return (struct options_ctx *)(void *)a->scene_ctx;
}

enum { OPT_THEME, OPT_PALETTE, OPT_SPEED, OPT_BACK, OPT_COUNT };

static const char *const speed_titles[] = {N_("Off"), N_("Slow"), N_("Normal"), N_("Fast")};

/* Returns the logical rectangle of row `row`. */
static SDL_Rect option_rect(int row)
{
	if (row == OPT_BACK)
		return (SDL_Rect){APP_W / 2 - 90, 240 + 3 * 64 + 40, 180, 56};
	return (SDL_Rect){APP_W / 2 - 330, 240 + row * 64, 660, 52};
}

/* Writes the value shown on a row. */
static void option_value(const struct app *a, int row, char *buf, size_t n)
{
	const struct settings *s = &a->settings;
	const int speed = s->animation_speed < 0 || s->animation_speed > 3 ? 2 : s->animation_speed;
	switch (row) {
	case OPT_THEME:
		snprintf(buf, n, "%s",
		         strcmp(s->theme, "high-contrast") == 0 ? _("High contrast")
		                                                : _("Standard"));
		break;
	case OPT_PALETTE:
		snprintf(buf, n, "%s",
		         strcmp(s->palette, "colour-blind") == 0 ? _("Colour-blind safe")
		                                                 : _("Standard"));
		break;
	case OPT_SPEED:
		snprintf(buf, n, "%s", _(speed_titles[speed]));
		break;
	default:
		buf[0] = '\0';
	}
}

/* Steps row `row`'s value by dir (-1 or +1), shows it and saves it. */
static void option_change(struct app *a, int row, int dir)
{
	struct settings *s = &a->settings;
	switch (row) {
	case OPT_THEME: {
		const int i = settings_find_word(settings_themes, s->theme) == 1 ? 0 : 1;
		snprintf(s->theme, sizeof s->theme, "%s", settings_themes[i]);
		break;
	}
	case OPT_PALETTE: {
		const int i = settings_find_word(settings_palettes, s->palette) == 1 ? 0 : 1;
		snprintf(s->palette, sizeof s->palette, "%s", settings_palettes[i]);
		break;
	}
	case OPT_SPEED:
		s->animation_speed = (s->animation_speed + dir + 4) % 4;
		break;
	default:
		return;
	}
	app_apply_theme(a);
	app_sound(a, SOUND_MENU);
	app_save_settings(a);
}

static void options_enter(struct app *a)
{
	ctx_of(a)->row = OPT_THEME;
}

static void options_event(struct app *a, const SDL_Event *ev)
{
	if (ev->type == SDL_KEYDOWN) {
		switch (ev->key.keysym.sym) {
		case SDLK_UP:
			ctx_of(a)->row = (ctx_of(a)->row + OPT_COUNT - 1) % OPT_COUNT;
			break;
		case SDLK_DOWN:
		case SDLK_TAB:
			ctx_of(a)->row = (ctx_of(a)->row + 1) % OPT_COUNT;
			break;
		case SDLK_LEFT:
			option_change(a, ctx_of(a)->row, -1);
			break;
		case SDLK_RIGHT:
			option_change(a, ctx_of(a)->row, 1);
			break;
		case SDLK_RETURN:
		case SDLK_KP_ENTER:
		case SDLK_SPACE:
			if (ctx_of(a)->row == OPT_BACK)
				app_change_scene(a, &scene_menu);
			else
				option_change(a, ctx_of(a)->row, 1);
			break;
		case SDLK_ESCAPE:
			app_change_scene(a, &scene_menu);
			break;
		default:
			break;
		}
		return;
	}
	if (ev->type == SDL_MOUSEMOTION) {
		for (int row = 0; row < OPT_COUNT; row++)
			if (app_inside(option_rect(row), ev->motion.x, ev->motion.y))
				ctx_of(a)->row = row;
		return;
	}
	if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
		for (int row = 0; row < OPT_COUNT; row++) {
			const SDL_Rect r = option_rect(row);
			if (!app_inside(r, ev->button.x, ev->button.y))
				continue;
			ctx_of(a)->row = row;
			if (row == OPT_BACK)
				app_change_scene(a, &scene_menu);
			else
				option_change(a, row, ev->button.x < r.x + 420 ? -1 : 1);
		}
	}
}

static void options_draw(struct app *a)
{
	static const char *const labels[] = {N_("Theme"), N_("Colours"), N_("Animations")};
	const SDL_Color ink = {236, 232, 220, 255}, dim = {150, 160, 150, 255},
	                gold = {244, 200, 84, 255};
	app_text(a, FONT_LARGE, _("Options"), APP_W / 2, 120, gold, 1);
	for (int row = 0; row < OPT_BACK; row++) {
		const SDL_Rect r = option_rect(row);
		const bool sel = row == ctx_of(a)->row;
		app_panel(a, r, sel ? (SDL_Color){70, 92, 80, 255} : (SDL_Color){36, 46, 43, 255});
		app_text(a, FONT_BODY, _(labels[row]), r.x + 20, r.y + 12, ink, 0);
		char value[64];
		option_value(a, row, value, sizeof value);
		const int vx = r.x + 420;
		app_text(a, FONT_BODY, value, vx, r.y + 12, sel ? gold : ink, 1);
		app_text(a, FONT_BODY, "\xe2\x80\xb9", vx - 190, r.y + 10, sel ? gold : dim, 1);
		app_text(a, FONT_BODY, "\xe2\x80\xba", vx + 190, r.y + 10, sel ? gold : dim, 1);
	}
	app_button(a, option_rect(OPT_BACK), _("Back"), ctx_of(a)->row == OPT_BACK);
	/* A sample of the two players' colours, as the boxes of Dots and Boxes show them, named. */
	app_text(a, FONT_SMALL, _("The players' colours"), APP_W / 2, 540, dim, 1);
	static const char *const sides[] = {N_("First player"), N_("Second player")};
	for (int side = 0; side < 2; side++) /* beside its swatch, outside */
		app_text_fit(a, FONT_SMALL, _(sides[side]), side ? APP_W / 2 + 82 : APP_W / 2 - 82,
		             584, ink, side ? 0 : 2, 260);
	for (int side = 0; side < 2; side++) {
		const SDL_Color c = a->theme.side[side];
		SDL_Rect box = {APP_W / 2 - 70 + side * 80, 566, 60, 60};
		SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_NONE);
		SDL_SetRenderDrawColor(a->renderer, c.r, c.g, c.b, 255);
		SDL_RenderFillRect(a->renderer, &box);
		if (side == 1 && a->theme.hatch) {
			SDL_SetRenderDrawColor(a->renderer, 0, 0, 0, 255);
			for (int k = 10; k < 120; k += 10)
				for (int d = 0; d < 3; d++) {
					const int x1 = k + d < 60 ? box.x : box.x + k + d - 59;
					const int y1 = k + d < 60 ? box.y + k + d : box.y + 59;
					const int x2 = k + d < 60 ? box.x + k + d : box.x + 59;
					const int y2 = k + d < 60 ? box.y : box.y + k + d - 59;
					SDL_RenderDrawLine(a->renderer, x1, y1, x2, y2);
				}
		}
	}
	app_text(a, FONT_SMALL, _("Arrows change \xc2\xb7 Esc goes back"), APP_W / 2, 700, dim, 1);
}

const struct scene scene_options = {
    .name = "options",
    .context = sizeof(struct options_ctx),
    .enter = options_enter,
    .event = options_event,
    .draw = options_draw,
};
