/*
 * app/i18n.c — choosing the language of the window's text and finding its catalogues and
 * a font for Chinese (see i18n.h).
 *
 * glibc's gettext ignores LANGUAGE while the messages locale is "C", and a system often has
 * no ru_RU or zh_CN locale generated. So the messages locale is the user's when it exists,
 * else C.UTF-8 (built into glibc 2.35 and later); the language itself is always set through
 * LANGUAGE, which gettext reads first. Only LC_CTYPE and LC_MESSAGES change: numbers are
 * still written and read the C way.
 */
#include "app/i18n.h"

#include <SDL.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/datadir.h"

#define DOMAIN "parity"

static enum i18n_lang current = I18N_EN;
static char locale_dir[1024];
static bool user_language_kept; /* the user's LANGUAGE, before i18n_select set its own */
static char user_language[256];

/* Keeps the user's LANGUAGE the first time, so that "auto" still means it afterwards. */
static void keep_user_language(void)
{
	if (user_language_kept)
		return;
	const char *v = getenv("LANGUAGE");
	snprintf(user_language, sizeof user_language, "%s", v ? v : "");
	user_language_kept = true;
}

static const char *const codes[I18N_COUNT] = {"en", "ru", "zh_CN"};
static const char *const native[I18N_COUNT] = {
    "English", "\xd0\xa0\xd1\x83\xd1\x81\xd1\x81\xd0\xba\xd0\xb8\xd0\xb9",
    "\xe7\xae\x80\xe4\xbd\x93\xe4\xb8\xad\xe6\x96\x87"};

const char *i18n_code(enum i18n_lang lang)
{
	return codes[lang < I18N_COUNT ? lang : I18N_EN];
}

const char *i18n_native_name(enum i18n_lang lang)
{
	return native[lang < I18N_COUNT ? lang : I18N_EN];
}

enum i18n_lang i18n_current(void)
{
	return current;
}

/* Returns the language a locale name ("ru_RU.UTF-8", "zh_CN", "C") names, or -1 for one
 * without a catalogue. */
static int lang_of_locale(const char *name, size_t len)
{
	if ((len == 1 && name[0] == 'C') || (len >= 2 && strncmp(name, "C.", 2) == 0) ||
	    (len == 5 && strncmp(name, "POSIX", 5) == 0) ||
	    (len >= 2 && strncmp(name, "en", 2) == 0))
		return I18N_EN;
	if (len >= 2 && strncmp(name, "ru", 2) == 0)
		return I18N_RU;
	/* zh_TW and zh_HK read traditional characters: the simplified catalogue is better than
	 * none, as gettext itself would not choose it, but a reader of either can follow it. */
	if (len >= 2 && strncmp(name, "zh", 2) == 0)
		return I18N_ZH;
	return -1;
}

enum i18n_lang i18n_resolve(const char *setting)
{
	if (setting && strcmp(setting, "en") == 0)
		return I18N_EN;
	if (setting && strcmp(setting, "ru") == 0)
		return I18N_RU;
	if (setting && strcmp(setting, "zh") == 0)
		return I18N_ZH;
	/* gettext's order: LANGUAGE, a list of languages by preference, then the first of
	 * LC_ALL, LC_MESSAGES, LANG that is set. (gettext itself ignores LANGUAGE under the C
	 * locale; Parity does not, since i18n_select never leaves the messages locale at C.) */
	const char *loc = NULL;
	static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	for (int i = 0; i < 3 && !loc; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v)
			loc = v;
	}
	const int from_locale = loc ? lang_of_locale(loc, strlen(loc)) : I18N_EN;
	keep_user_language();
	const char *list = user_language;
	if (list && *list) {
		for (const char *s = list; *s;) {
			const size_t len = strcspn(s, ":");
			const int l = lang_of_locale(s, len);
			if (l >= 0)
				return (enum i18n_lang)l;
			s += len + (s[len] == ':');
		}
	}
	return from_locale >= 0 ? (enum i18n_lang)from_locale : I18N_EN;
}

/* Returns whether `dir` holds the catalogue of `lang`. */
static bool has_catalogue(const char *dir, enum i18n_lang lang)
{
	char path[1200];
	struct stat st;
	snprintf(path, sizeof path, "%.1000s/%s/LC_MESSAGES/" DOMAIN ".mo", dir, codes[lang]);
	return stat(path, &st) == 0;
}

const char *i18n_locale_dir(void)
{
	if (*locale_dir)
		return locale_dir;
	/* The one resolver (io/datadir.h): $PARITY_LOCALE alone when set; else beside the
	 * program, the first place that holds a catalogue (build/locale in the build tree,
	 * LOCALEDIR seen from an installed program, so a staged or moved installation too);
	 * else LOCALEDIR itself. */
	static const char *const probe[] = {"ru/LC_MESSAGES/" DOMAIN ".mo",
	                                    "zh_CN/LC_MESSAGES/" DOMAIN ".mo", NULL};
	struct datadir d;
	datadir_find_locale(probe, &d);
	snprintf(locale_dir, sizeof locale_dir, "%.1000s",
	         *d.dir ? d.dir : datadir_installed_locale());
	return locale_dir;
}

/* Sets the locale categories gettext reads from the environment, falling back to C.UTF-8
 * when the user's locale does not exist here (or is plain C, under which gettext ignores
 * LANGUAGE). */
static void set_messages_locale(void)
{
	const char *ctype = setlocale(LC_CTYPE, "");
	const char *messages = setlocale(LC_MESSAGES, "");
	if (!messages || strcmp(messages, "C") == 0 || strcmp(messages, "POSIX") == 0)
		messages = setlocale(LC_MESSAGES, "C.UTF-8");
	if (!ctype || strcmp(ctype, "C") == 0 || strcmp(ctype, "POSIX") == 0)
		setlocale(LC_CTYPE, "C.UTF-8");
	if (!messages)
		SDL_Log(
		    "parity: neither the user's locale nor C.UTF-8 exists; text stays in English");
}

bool i18n_select(enum i18n_lang lang)
{
	if (lang >= I18N_COUNT)
		lang = I18N_EN;
	const char *dir = i18n_locale_dir();
	bool ok = true;
	if (lang != I18N_EN && !has_catalogue(dir, lang)) {
		SDL_Log("parity: no %s catalogue in %s; text stays in English", codes[lang], dir);
		lang = I18N_EN;
		ok = false;
	}
	keep_user_language();
	set_messages_locale();
	/* LANGUAGE decides; "en" has no catalogue, so every string stays the source text. */
	setenv("LANGUAGE", codes[lang], 1);
	bindtextdomain(DOMAIN, dir);
	bind_textdomain_codeset(DOMAIN, "UTF-8"); /* SDL_ttf draws UTF-8 whatever the locale */
	textdomain(DOMAIN); /* also tells gettext to forget the translations it has looked up */
	current = lang;
	return ok;
}

bool i18n_find_font(const char *pattern, char *path, size_t n)
{
	/* fc-match always answers with some font; the caller checks what it draws. The pattern
	 * is one of the program's own (no quote in it), never the user's. */
	if (strchr(pattern, '\''))
		return false;
	char command[256];
	snprintf(command, sizeof command, "fc-match -f '%%{file}' '%s' 2>/dev/null", pattern);
	FILE *f = popen(command, "r");
	if (!f)
		return false;
	char line[1024] = "";
	const bool got = fgets(line, sizeof line, f) != NULL;
	pclose(f);
	line[strcspn(line, "\n")] = '\0';
	struct stat st;
	if (!got || !*line || stat(line, &st) != 0)
		return false;
	snprintf(path, n, "%s", line);
	return true;
}

bool i18n_find_cjk_font(char *path, size_t n)
{
	return i18n_find_font(":lang=zh-cn", path, n);
}
