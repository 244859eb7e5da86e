/*
 * app/theme.c — the colours of the high-contrast theme and of the colour-blind-safe palette,
 * and the animation speed. The palette takes the colours of Okabe and Ito ("Color Universal
 * Design", 2008): blue and orange tell the players apart for every common kind of colour
 * blindness, and the second player's Dots and Boxes boxes are striped as well, so that even
 * a grey-scale view separates them. The high-contrast theme puts white and yellow on black
 * and drops the textures' soft tints.
 */
#include <string.h>

#include "app/app.h"

/* Okabe-Ito. */
static const SDL_Color oi_orange = {230, 159, 0, 255}, oi_sky = {86, 180, 233, 255},
                       oi_green = {0, 158, 115, 255}, oi_yellow = {240, 228, 66, 255},
                       oi_blue = {0, 114, 178, 255}, oi_vermillion = {213, 94, 0, 255},
                       oi_purple = {204, 121, 167, 255};

void app_apply_theme(struct app *a)
{
	struct theme *t = &a->theme;
	t->high_contrast = strcmp(a->settings.theme, "high-contrast") == 0;
	t->colour_blind = strcmp(a->settings.palette, "colour-blind") == 0;
	/* The standard look. */
	t->background = (SDL_Color){16, 22, 20, 255};
	t->side[0] = (SDL_Color){58, 110, 206, 255};
	t->side[1] = (SDL_Color){212, 76, 58, 255};
	t->last = (SDL_Color){255, 200, 60, 255};
	t->last_line = (SDL_Color){242, 150, 22, 255};
	t->safe = (SDL_Color){40, 150, 80, 170};
	t->risky = (SDL_Color){226, 160, 10, 220};
	t->offer = (SDL_Color){200, 40, 30, 230};
	t->must = (SDL_Color){255, 196, 40, 255};
	t->good = (SDL_Color){230, 255, 230, 255};
	t->bad = (SDL_Color){255, 200, 190, 255};
	t->grid = (SDL_Color){10, 40, 22, 200};
	t->felt = (SDL_Color){255, 255, 255, 255};
	t->light_square = (SDL_Color){226, 206, 164, 255};
	t->paper = (SDL_Color){255, 255, 255, 255};
	t->ink = (SDL_Color){44, 50, 68, 255};
	t->frame = (SDL_Color){52, 36, 24, 255};
	t->hatch = false;
	if (t->colour_blind) {
		t->side[0] = oi_blue;
		t->side[1] = oi_orange;
		t->last = oi_sky;
		t->last_line = oi_purple;
		t->safe = (SDL_Color){oi_green.r, oi_green.g, oi_green.b, 200};
		t->risky = (SDL_Color){oi_vermillion.r, oi_vermillion.g, oi_vermillion.b, 220};
		t->offer = (SDL_Color){204, 121, 167, 235}; /* Okabe-Ito reddish purple */
		t->must = oi_vermillion;
		t->good = oi_sky;
		t->bad = oi_orange;
		t->hatch = true;
	}
	if (t->high_contrast) {
		t->background = (SDL_Color){0, 0, 0, 255};
		t->grid = (SDL_Color){0, 0, 0, 255};
		t->felt = (SDL_Color){120, 170, 120, 255}; /* a darker, flatter green */
		t->light_square = (SDL_Color){255, 255, 255, 255};
		t->paper = (SDL_Color){255, 255, 255, 255};
		t->ink = (SDL_Color){0, 0, 0, 255};
		t->frame = (SDL_Color){255, 255, 255, 255};
		t->hatch = true;
		t->good = (SDL_Color){255, 255, 255, 255};
		t->bad = t->colour_blind ? oi_yellow : (SDL_Color){255, 255, 0, 255};
		if (!t->colour_blind)
			t->last = t->last_line = (SDL_Color){255, 255, 0, 255};
	}
}

SDL_Color app_theme_ink(const struct app *a, SDL_Color c)
{
	if (!a->theme.high_contrast)
		return c;
	const int luma = (2126 * c.r + 7152 * c.g + 722 * c.b) / 10000;
	if (luma < 110)
		return (SDL_Color){0, 0, 0, c.a};
	if (c.r > 180 && c.g > 120 && c.b < 140 && c.r - c.b > 80) /* gold, amber: yellow */
		return (SDL_Color){255, 255, 0, c.a};
	return (SDL_Color){255, 255, 255, c.a};
}

double app_anim(const struct app *a, double seconds)
{
	static const double factor[] = {0, 1.6, 1.0, 0.55};
	const int s = a->settings.animation_speed;
	return seconds * factor[s < 0 || s > 3 ? 2 : s];
}
