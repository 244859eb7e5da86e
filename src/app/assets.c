/*
 * app/assets.c — loading assets and drawing text through a small texture cache.
 */
#include "app/assets.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/i18n.h"
#include "io/datadir.h"

static const char *const sound_file[SOUND_COUNT] = {
    [SOUND_PLACE] = "place.wav",     [SOUND_FLIP] = "flip.wav", [SOUND_CAPTURE] = "capture.wav",
    [SOUND_ILLEGAL] = "illegal.wav", [SOUND_PASS] = "pass.wav", [SOUND_WIN] = "win.wav",
    [SOUND_LOSE] = "lose.wav",       [SOUND_MENU] = "menu.wav", [SOUND_BOX] = "box.wav",
    [SOUND_CROWN] = "crown.wav",
};

static const int font_size[FONT_COUNT] = {
    [FONT_SMALL] = 18, [FONT_BODY] = 24, [FONT_LARGE] = 36, [FONT_TITLE] = 84, [FONT_NATIVE] = 24};

/* Rendered text kept between frames. */
struct text_entry {
	SDL_Texture *texture;
	int w, h;
	int font;
	Uint32 colour;
	uint64_t used;
	char text[320]; /* room for a long line in Russian or Chinese (2-3 bytes a letter) */
};
static struct text_entry text_cache[192];

/* Finds the asset directory through the one resolver (io/datadir.h): --data DIR or
 * $PARITY_DATA alone when given, else the first place that holds the disc sheet. Returns
 * success. */
static bool find_dir(struct app *a)
{
	static const char *const probe[] = {"sprites/markers.png", NULL};
	struct datadir d;
	const bool found = datadir_find_data(a->opt.data_dir, probe, &d) == 0;
	snprintf(a->assets.dir, sizeof a->assets.dir, "%.1000s", d.dir);
	return found;
}

/* Loads one texture; returns NULL with a message in err. */
static SDL_Texture *load_texture(struct app *a, const char *name, char *err, size_t errlen)
{
	char path[1200];
	snprintf(path, sizeof path, "%s/sprites/%s", a->assets.dir, name);
	SDL_Texture *t = IMG_LoadTexture(a->renderer, path);
	if (!t)
		snprintf(err, errlen, "cannot load %s: %s", path, IMG_GetError());
	return t;
}

/* Loads the sprite textures: the markers, and every sheet a view of the registry lists
 * (each once); returns success. */
static bool load_textures(struct app *a, char *err, size_t errlen)
{
	struct assets *s = &a->assets;
	if (!(s->markers = load_texture(a, "markers.png", err, errlen)))
		return false;
	SDL_SetTextureBlendMode(s->markers, SDL_BLENDMODE_BLEND);
	s->sprite_count = 0;
	for (int g = 0; g < game_module_count(); g++) {
		const struct view *v = view_at(g);
		for (int k = 0; v && v->sprites && v->sprites[k]; k++) {
			if (app_sprite(a, v->sprites[k])->texture)
				continue;
			if (s->sprite_count == ASSETS_SPRITES_MAX) {
				snprintf(err, errlen, "more than %d sprite sheets",
				         ASSETS_SPRITES_MAX);
				return false;
			}
			struct sprite *sp = &s->sprite[s->sprite_count];
			if (!(sp->texture = load_texture(a, v->sprites[k], err, errlen)))
				return false;
			sp->name = v->sprites[k];
			SDL_QueryTexture(sp->texture, NULL, NULL, &sp->w, &sp->h);
			SDL_SetTextureBlendMode(sp->texture, SDL_BLENDMODE_BLEND);
			s->sprite_count++;
		}
	}
	return true;
}

const struct sprite *app_sprite(const struct app *a, const char *name)
{
	static const struct sprite none = {"", NULL, 0, 0};
	for (int i = 0; i < a->assets.sprite_count; i++)
		if (strcmp(a->assets.sprite[i].name, name) == 0)
			return &a->assets.sprite[i];
	return &none;
}

/* Frees the sprite textures and the text cache. */
static void free_textures(struct app *a)
{
	struct assets *s = &a->assets;
	for (int i = 0; i < s->sprite_count; i++)
		SDL_DestroyTexture(s->sprite[i].texture);
	memset(s->sprite, 0, sizeof s->sprite);
	s->sprite_count = 0;
	if (s->markers)
		SDL_DestroyTexture(s->markers);
	s->markers = NULL;
	for (size_t i = 0; i < sizeof text_cache / sizeof text_cache[0]; i++)
		if (text_cache[i].texture)
			SDL_DestroyTexture(text_cache[i].texture);
	memset(text_cache, 0, sizeof text_cache);
}

/* Returns whether the font file at path draws Chinese ("中文"). */
static bool covers_chinese(const char *path)
{
	TTF_Font *f = TTF_OpenFont(path, 12);
	if (!f)
		return false;
	const bool ok = TTF_GlyphIsProvided32(f, 0x4E2D) && TTF_GlyphIsProvided32(f, 0x6587);
	TTF_CloseFont(f);
	return ok;
}

/* Looks for a font with Chinese glyphs once; returns whether there is one. */
static bool find_cjk(struct assets *s)
{
	if (!s->cjk_searched) {
		s->cjk_searched = true;
		if (!i18n_find_cjk_font(s->cjk_font, sizeof s->cjk_font) ||
		    !covers_chinese(s->cjk_font))
			s->cjk_font[0] = '\0';
	}
	return *s->cjk_font != '\0';
}

/* Returns the file of the regular or bold text font, found once: DejaVu from the assets, or,
 * when that file is missing or damaged, the system's (fontconfig's choice for DejaVu Sans),
 * which keeps the game going with the player told; NULL, with the reason in err, when
 * neither opens. */
static const char *text_font(struct app *a, bool bold, char *err, size_t errlen)
{
	char *file = a->assets.text_font[bold];
	if (*file)
		return file;
	snprintf(file, sizeof a->assets.text_font[bold], "%.1000s/fonts/%s", a->assets.dir,
	         bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf");
	TTF_Font *f = TTF_OpenFont(file, 12);
	if (f) {
		TTF_CloseFont(f);
		return file;
	}
	char why[1400], fallback[1024];
	snprintf(why, sizeof why, "cannot open the font %s: %s", file, TTF_GetError());
	if (!i18n_find_font(bold ? "DejaVu Sans:bold" : "DejaVu Sans", fallback, sizeof fallback) ||
	    !(f = TTF_OpenFont(fallback, 12))) {
		snprintf(err, errlen, "%s (and no system font could stand in)", why);
		*file = '\0';
		return NULL;
	}
	TTF_CloseFont(f);
	SDL_Log("parity: %s; using the system font %s", why, fallback);
	snprintf(a->notice, sizeof a->notice, _("A font is missing or damaged: using %s"),
	         fallback);
	snprintf(file, sizeof a->assets.text_font[bold], "%s", fallback);
	return file;
}

/* Opens the fonts at the current scale for the language now chosen; returns success. */
static bool open_fonts(struct app *a, char *err, size_t errlen)
{
	/* fontconfig is asked for a Chinese font only when Chinese is chosen (it costs a third of
	 * a second at start): the text in Chinese, or the menu's language row naming it. */
	const bool want_cjk = i18n_current() == I18N_ZH || strcmp(a->settings.language, "zh") == 0;
	const bool cjk = want_cjk && find_cjk(&a->assets);
	if (i18n_current() == I18N_ZH && !cjk) {
		i18n_select(I18N_EN);
		SDL_Log("parity: no font with Chinese glyphs (install fonts-wqy-microhei or "
		        "fonts-noto-cjk); the text stays in English");
		snprintf(
		    a->notice, sizeof a->notice, "%s",
		    _("Chinese needs a Chinese font (fonts-wqy-microhei): text stays in English"));
	}
	const bool chinese = i18n_current() == I18N_ZH;
	for (int i = 0; i < FONT_COUNT; i++) {
		const bool bold = i == FONT_TITLE || i == FONT_LARGE;
		if (i == FONT_NATIVE && !cjk)
			continue; /* the menu writes the language's name in English instead */
		/* FONT_TITLE writes only the name "Parity", which keeps its DejaVu look. */
		const char *path = (chinese && i != FONT_TITLE) || i == FONT_NATIVE
		                       ? a->assets.cjk_font
		                       : text_font(a, bold, err, errlen);
		if (!path)
			return false;
		a->assets.font[i] =
		    TTF_OpenFont(path, (int)lroundf(font_size[i] * a->assets.font_scale));
		if (!a->assets.font[i]) {
			snprintf(err, errlen, "cannot open the font %s: %s", path, TTF_GetError());
			return false;
		}
		if (chinese && i == FONT_LARGE) /* the Chinese fonts come in one weight */
			TTF_SetFontStyle(a->assets.font[i], TTF_STYLE_BOLD);
	}
	return true;
}

static void close_fonts(struct app *a)
{
	for (int i = 0; i < FONT_COUNT; i++)
		if (a->assets.font[i]) {
			TTF_CloseFont(a->assets.font[i]);
			a->assets.font[i] = NULL;
		}
}

/* Returns the number of output pixels per logical pixel, rounded up to a whole number. */
static float output_scale(const struct app *a)
{
	int w, h;
	if (SDL_GetRendererOutputSize(a->renderer, &w, &h) != 0)
		return 1;
	const float s = fminf((float)w / APP_W, (float)h / APP_H);
	return s <= 1 ? 1.0f : ceilf(s);
}

bool assets_load(struct app *a, char *err, size_t errlen)
{
	const bool found = find_dir(a);
	if (!found && *a->assets.dir) {
		snprintf(err, errlen,
		         "cannot find the assets in %s (sprites/markers.png is missing)",
		         a->assets.dir);
		return false;
	}
	if (!found) {
		snprintf(err, errlen,
		         "cannot find the assets (sprites/markers.png) beside the program or "
		         "in %s; use --data DIR",
		         datadir_installed_data());
		return false;
	}
	/* The games' data files (Reversi's evaluation weights) live with the other assets, in
	 * that directory only; each module loads its own here, once (the searches never read a
	 * file). Without one, the engine keeps its simpler evaluation, said once on stderr. */
	for (int g = 0; g < game_module_count(); g++)
		game_module_load(game_module_at(g), a->assets.dir);
	if (TTF_Init() != 0) {
		snprintf(err, errlen, "cannot start SDL_ttf: %s", TTF_GetError());
		return false;
	}
	a->assets.font_scale = output_scale(a);
	if (!load_textures(a, err, errlen) || !open_fonts(a, err, errlen))
		return false;
	for (int i = 0; i < SOUND_COUNT && a->audio; i++) {
		char path[1200];
		snprintf(path, sizeof path, "%s/sounds/%s", a->assets.dir, sound_file[i]);
		a->assets.sound[i] = Mix_LoadWAV(path);
		if (!a->assets.sound[i])
			SDL_Log("parity: sound %s missing (%s); it stays silent", path,
			        Mix_GetError());
	}
	return true;
}

void assets_free(struct app *a)
{
	free_textures(a);
	close_fonts(a);
	for (int i = 0; i < SOUND_COUNT; i++)
		if (a->assets.sound[i]) {
			Mix_FreeChunk(a->assets.sound[i]);
			a->assets.sound[i] = NULL;
		}
	if (TTF_WasInit())
		TTF_Quit();
	for (int g = 0; g < game_module_count(); g++)
		if (game_module_at(g)->unload)
			game_module_at(g)->unload();
}

void assets_reload_textures(struct app *a)
{
	char err[512];
	free_textures(a);
	if (!load_textures(a, err, sizeof err)) {
		fprintf(stderr, "parity: %s\n", err);
		a->quit = true;
	}
}

void assets_update_scale(struct app *a)
{
	const float s = output_scale(a);
	if (s == a->assets.font_scale)
		return;
	char err[512];
	close_fonts(a);
	free_textures(a);
	a->assets.font_scale = s;
	if (!open_fonts(a, err, sizeof err) || !load_textures(a, err, sizeof err)) {
		fprintf(stderr, "parity: %s\n", err);
		a->quit = true;
	}
}

bool assets_reload_fonts(struct app *a)
{
	const enum i18n_lang wanted = i18n_current();
	char err[512];
	close_fonts(a);
	free_textures(a);
	if (!open_fonts(a, err, sizeof err) || !load_textures(a, err, sizeof err)) {
		fprintf(stderr, "parity: %s\n", err);
		a->quit = true;
	}
	return i18n_current() == wanted;
}

/* ---- text ------------------------------------------------------------------------------- */

/* Returns the cached texture of `text`, rendering it if needed (NULL if it can't). */
static struct text_entry *text_get(struct app *a, enum font_id font, const char *text, SDL_Color c)
{
	const Uint32 colour = (Uint32)c.r << 24 | (Uint32)c.g << 16 | (Uint32)c.b << 8 | c.a;
	struct text_entry *oldest = &text_cache[0];
	for (size_t i = 0; i < sizeof text_cache / sizeof text_cache[0]; i++) {
		struct text_entry *e = &text_cache[i];
		if (e->texture && e->font == (int)font && e->colour == colour &&
		    strcmp(e->text, text) == 0) {
			e->used = a->frames + 1;
			return e;
		}
		if (e->used < oldest->used)
			oldest = e;
	}
	if (!*text || !a->assets.font[font] || strlen(text) >= sizeof oldest->text)
		return NULL;
	SDL_Surface *surface = TTF_RenderUTF8_Blended(a->assets.font[font], text, c);
	if (!surface)
		return NULL;
	if (oldest->texture)
		SDL_DestroyTexture(oldest->texture);
	oldest->texture = SDL_CreateTextureFromSurface(a->renderer, surface);
	oldest->w = (int)lroundf(surface->w / a->assets.font_scale);
	oldest->h = (int)lroundf(surface->h / a->assets.font_scale);
	SDL_FreeSurface(surface);
	oldest->font = (int)font;
	oldest->colour = colour;
	oldest->used = a->frames + 1;
	snprintf(oldest->text, sizeof oldest->text, "%s", text);
	return oldest->texture ? oldest : NULL;
}

int app_text(struct app *a, enum font_id font, const char *text, int x, int y, SDL_Color colour,
             int align)
{
	const struct text_entry *e = text_get(a, font, text, app_theme_ink(a, colour));
	if (!e)
		return 0;
	SDL_Rect r = {align == 1 ? x - e->w / 2 : align == 2 ? x - e->w : x, y, e->w, e->h};
	SDL_RenderCopy(a->renderer, e->texture, NULL, &r);
	return e->w;
}

int app_text_fit(struct app *a, enum font_id font, const char *text, int x, int y, SDL_Color colour,
                 int align, int max_w)
{
	const struct text_entry *e = text_get(a, font, text, colour);
	if (!e)
		return 0;
	int w = e->w, h = e->h;
	if (max_w > 0 && w > max_w) { /* shrink the whole line, keeping its proportions */
		h = h * max_w / w;
		y += (e->h - h) / 2;
		w = max_w;
	}
	SDL_Rect r = {align == 1 ? x - w / 2 : align == 2 ? x - w : x, y, w, h};
	SDL_RenderCopy(a->renderer, e->texture, NULL, &r);
	return w;
}

/* Returns the length of the first UTF-8 character of s (1 for a stray byte) and its code
 * point in *cp. */
static int utf8_next(const char *s, unsigned *cp)
{
	const unsigned char c = (unsigned char)s[0];
	const int n = c < 0x80             ? 1
	              : (c & 0xe0) == 0xc0 ? 2
	              : (c & 0xf0) == 0xe0 ? 3
	              : (c & 0xf8) == 0xf0 ? 4
	                                   : 1;
	unsigned v = n == 1 ? c : n == 2 ? c & 0x1fu : n == 3 ? c & 0x0fu : c & 0x07u;
	for (int i = 1; i < n; i++) {
		if (((unsigned char)s[i] & 0xc0) != 0x80) {
			*cp = c;
			return 1;
		}
		v = v << 6 | ((unsigned char)s[i] & 0x3fu);
	}
	*cp = v;
	return n;
}

/* Returns whether a line may break before a character: CJK text has no spaces, and breaks
 * between any two characters except before closing punctuation. */
static bool breaks_before(unsigned cp)
{
	static const unsigned no_start[] = {0x3001, 0x3002, 0xff0c, 0xff1a, 0xff1b, 0xff09,
	                                    0xff01, 0xff1f, 0x300d, 0x300f, 0x00b7};
	for (size_t i = 0; i < sizeof no_start / sizeof no_start[0]; i++)
		if (cp == no_start[i])
			return false;
	return cp >= 0x2e80;
}

int app_text_wrap(struct app *a, enum font_id font, const char *text, int x, int y, int width,
                  int line_h, SDL_Color colour)
{
	char line[320];
	const char *at = text;
	while (*at) {
		/* The longest start of `at` that fits, ending at a space or before a CJK letter. */
		size_t best = 0, n = 0;
		for (;;) {
			unsigned cp;
			const int len = utf8_next(at + n, &cp);
			if (!at[n] || (n > 0 && (cp == ' ' || breaks_before(cp)))) {
				if (n >= sizeof line)
					break;
				memcpy(line, at, n);
				line[n] = '\0';
				if (best > 0 && app_text_width(a, font, line) > width)
					break;
				best = n;
				if (!at[n])
					break;
			}
			n += (size_t)len;
		}
		if (best == 0) /* one word wider than the line: it goes alone */
			best = strcspn(at + 1, " ") + 1;
		if (best >= sizeof line)
			best = sizeof line - 1;
		memcpy(line, at, best);
		line[best] = '\0';
		app_text_fit(a, font, line, x, y, colour, 0, width);
		y += line_h;
		at += best;
		while (*at == ' ')
			at++;
	}
	return y;
}

int app_text_width(struct app *a, enum font_id font, const char *text)
{
	int w = 0, h = 0;
	if (a->assets.font[font])
		TTF_SizeUTF8(a->assets.font[font], text, &w, &h);
	return (int)lroundf(w / a->assets.font_scale);
}
