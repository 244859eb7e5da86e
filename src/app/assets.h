/*
 * app/assets.h — finding and loading the sprites, sounds and fonts, and drawing text.
 *
 * Assets are looked for in --data DIR, $PARITY_DATA, beside the program (the build tree's
 * assets/) and in the installed data directory (PARITY_DATADIR). A missing asset is a clear
 * error message, never a crash; a missing sound only makes that sound silent.
 */
#ifndef PARITY_APP_ASSETS_H
#define PARITY_APP_ASSETS_H

#include <stdbool.h>
#include <stddef.h>

struct app;

/* Loads everything. Returns false with a message in err when something required is missing. */
bool assets_load(struct app *a, char *err, size_t errlen);

/* Frees everything (safe on a partly loaded set). */
void assets_free(struct app *a);

/* Re-creates the textures after the renderer lost them (device or target reset). */
void assets_reload_textures(struct app *a);

/* Re-opens the fonts when the window's pixel density changed. */
void assets_update_scale(struct app *a);

/* Re-opens the fonts for the language now chosen (app/i18n.h): DejaVu, or a system font with
 * Chinese glyphs for Chinese. Without one it switches back to English and returns false. */
bool assets_reload_fonts(struct app *a);

#endif
