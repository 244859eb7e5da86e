/*
 * app/theme.h — the colours of the theme (standard, high contrast) and the palette
 * (standard, colour-blind safe), filled from the settings by app/theme.c.
 */
#ifndef PARITY_APP_THEME_H
#define PARITY_APP_THEME_H

#include <SDL.h>
#include <stdbool.h>

struct app;

/* The colours that the theme (standard, high contrast) and the palette (standard, colour-blind
 * safe: Okabe-Ito) choose; app/theme.c fills it from the settings. */
struct theme {
	bool high_contrast, colour_blind;
	SDL_Color background;  /* behind everything */
	SDL_Color side[2];     /* the two players' colours (Dots and Boxes: boxes, previews) */
	SDL_Color last;        /* the last move's glow (Reversi, checkers) */
	SDL_Color last_line;   /* the last Dots and Boxes line */
	SDL_Color safe, risky; /* Dots hints: lines that give nothing away, lines that take a box */
	SDL_Color offer;       /* Dots hints: lines that give a box away */
	SDL_Color must;        /* checkers: the glow of the pieces that must capture */
	SDL_Color good, bad;   /* the evaluation overlay: scores for and against */
	SDL_Color grid;        /* Reversi grid lines */
	SDL_Color felt;        /* colour mod of the board texture */
	SDL_Color light_square; /* checkers: the light squares */
	SDL_Color paper;        /* Dots and Boxes: colour mod of the paper */
	SDL_Color ink;          /* Dots and Boxes: drawn lines */
	SDL_Color frame;        /* the board's frame */
	bool hatch;             /* Dots and Boxes: the second player's boxes are striped too */
};

/* Fills a->theme from the theme and palette settings (app/theme.c). */
void app_apply_theme(struct app *a);

/* Returns the colour text drawn in `c` takes under the theme (high contrast: black, white
 * or yellow). */
SDL_Color app_theme_ink(const struct app *a, SDL_Color c);

#endif
