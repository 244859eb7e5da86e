/*
 * app/widgets.h — what every scene draws with: text in the fonts of the language, panels,
 * buttons, colours (implemented in app/app.c and app/assets.c).
 */
#ifndef PARITY_APP_WIDGETS_H
#define PARITY_APP_WIDGETS_H

#include <SDL.h>
#include <stdbool.h>

struct app;

/* Text sizes. FONT_NATIVE is the body size in a font with Chinese glyphs whatever the
 * language (NULL when the system has none): the menu writes "简体中文" with it. */
enum font_id { FONT_SMALL, FONT_BODY, FONT_LARGE, FONT_TITLE, FONT_NATIVE, FONT_COUNT };

/* Draws text with its top-left (align 0), centre (1) or top-right (2) at (x, y); returns
 * the width drawn. */
int app_text(struct app *a, enum font_id font, const char *text, int x, int y, SDL_Color colour,
             int align);

/* Draws text as app_text does, shrunk to max_w logical pixels when it is wider (a long
 * translation); returns the width drawn. */
int app_text_fit(struct app *a, enum font_id font, const char *text, int x, int y, SDL_Color colour,
                 int align, int max_w);

/* Draws a paragraph from (x, y) in lines of at most `width` pixels, `line_h` apart, broken at
 * spaces or between Chinese characters; returns the y below its last line. */
int app_text_wrap(struct app *a, enum font_id font, const char *text, int x, int y, int width,
                  int line_h, SDL_Color colour);

/* Returns the width of text in logical pixels. */
int app_text_width(struct app *a, enum font_id font, const char *text);

/* Sets the draw colour to c, opaque. */
void app_draw_colour(struct app *a, SDL_Color c);

/* Sets the draw colour to `base` as the theme's colour mod `mod` tints a texture of that
 * colour (the boards are textures tinted by the theme; figures drawn by hand match them). */
void app_draw_tinted(struct app *a, SDL_Color base, SDL_Color mod);

/* Fills a rounded-looking panel. */
void app_panel(struct app *a, SDL_Rect r, SDL_Color fill);

/* Draws a button and returns whether the mouse is over it. */
bool app_button(struct app *a, SDL_Rect r, const char *label, bool selected);

/* Draws a button that does nothing now, greyed out (the menu's disabled rows look the same). */
void app_button_off(struct app *a, SDL_Rect r, const char *label);

/* Returns whether the logical point lies in r. */
bool app_inside(SDL_Rect r, int x, int y);

#endif
