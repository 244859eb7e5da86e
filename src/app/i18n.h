/*
 * app/i18n.h — the language of the window's text: gettext catalogues (po/LANG.po, compiled to
 * LOCALEDIR/<lang>/LC_MESSAGES/parity.mo) and the font that can draw them.
 *
 * Every string a player reads in the window goes through _() (or N_() in a static table,
 * translated where it is drawn, and ngettext for plurals). The headless subcommands never
 * call i18n_select, so their output stays in English whatever the locale.
 */
#ifndef PARITY_APP_I18N_H
#define PARITY_APP_I18N_H

#include <libintl.h>
#include <stdbool.h>
#include <stddef.h>

#define _(text)  gettext(text)
#define N_(text) (text)

/* The languages with a catalogue; English is the source text. */
enum i18n_lang { I18N_EN, I18N_RU, I18N_ZH, I18N_COUNT };

/* Returns the language a setting word ("auto", "en", "ru", "zh") stands for; "auto" reads
 * LANGUAGE, LC_ALL, LC_MESSAGES and LANG as gettext does (English when none of them names
 * Russian or Chinese). */
enum i18n_lang i18n_resolve(const char *setting);

/* Makes `lang` the language of _() from now on (at start-up or when the menu changes it),
 * even where the system has no locale generated for it. Returns false (and English stays)
 * when no catalogue directory holds parity.mo for it. */
bool i18n_select(enum i18n_lang lang);

/* Returns the language _() translates into now. */
enum i18n_lang i18n_current(void);

/* Returns the language's code ("en", "ru", "zh_CN") and its name in itself ("Русский"). */
const char *i18n_code(enum i18n_lang lang);
const char *i18n_native_name(enum i18n_lang lang);

/* Returns the directory the catalogues are read from: $PARITY_LOCALE when set, `locale/`
 * beside the program in the build tree when it holds them, else LOCALEDIR. */
const char *i18n_locale_dir(void);

/* Stores in path the file of a system font that covers Simplified Chinese (found with
 * fontconfig's fc-match); returns false when there is none. */
bool i18n_find_cjk_font(char *path, size_t n);

/* Stores in path the file of the system font fontconfig picks for `pattern` (a fontconfig
 * pattern such as "DejaVu Sans:bold", written by the program); returns false when fontconfig
 * is missing or names no readable file. */
bool i18n_find_font(const char *pattern, char *path, size_t n);

#endif
