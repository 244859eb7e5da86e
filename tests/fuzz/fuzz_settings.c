/*
 * tests/fuzz/fuzz_settings.c — fuzzes the settings reader (io/settings.h, settings_parse):
 * any text gives settings that write and read back unchanged; and the in-place editor
 * (settings_edit): any text, edited to other settings, reads back as those settings, and
 * edited to the settings it already gives, is left byte for byte.
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

	/* Edit the text to settings that differ in every key it can: they read back. */
	struct settings want;
	settings_defaults(&want);
	want.volume = s.volume == 37 ? 38 : 37;
	want.muted = !s.muted;
	want.hints = !s.hints;
	want.colour = !s.colour;
	want.animation_speed = (s.animation_speed + 1) % 4;
	snprintf(want.level, sizeof want.level, "%s", strcmp(s.level, "hard") ? "hard" : "expert");
	char *edited = NULL;
	size_t edited_len = 0;
	FUZZ_CHECK(settings_edit(text, strlen(text), &s, &want, &edited, &edited_len) == 0);
	struct settings got;
	const int erc = settings_parse(&got, edited, NULL);
	FUZZ_CHECK(erc == 0 || erc == IO_ERR_PARTLY_BAD);
	FUZZ_CHECK(got.volume == want.volume && got.muted == want.muted &&
	           got.hints == want.hints && got.colour == want.colour &&
	           got.animation_speed == want.animation_speed &&
	           strcmp(got.level, want.level) == 0);
	free(edited);
	/* No change: the same bytes. */
	FUZZ_CHECK(settings_edit(text, strlen(text), &s, &s, &edited, &edited_len) == 0);
	FUZZ_CHECK(edited_len == strlen(text) && memcmp(edited, text, edited_len) == 0);
	free(edited);
	free(text);
	return 0;
}
