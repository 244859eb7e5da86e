/*
 * tests/fuzz/fuzz_settings.c — fuzzes the settings reader (io/settings.h, settings_parse):
 * any text gives settings that write and read back unchanged.
 */
#include "fuzz.h"

#include "core/game.h"
#include "io/settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	struct settings s, back;
	char err[GAME_ERR_MAX];
	const int rc = settings_parse(&s, text, err);
	FUZZ_CHECK(rc == 0 || rc == IO_ERR_PARTLY_BAD);
	FUZZ_CHECK(rc == 0 || strlen(err) < GAME_ERR_MAX);
	char buf[4096];
	const int len = settings_format(&s, buf, sizeof buf);
	FUZZ_CHECK(len > 0 && (size_t)len < sizeof buf);
	FUZZ_CHECK(settings_parse(&back, buf, NULL) == 0);
	FUZZ_CHECK(memcmp(&s, &back, sizeof s) == 0);
	free(text);
	return 0;
}
