/*
 * tests/fuzz/fuzz_save.c — fuzzes the saved game and autosave reader (io/save.h, save_parse):
 * a save that reads writes back to text that reads to the same match.
 */
#include "fuzz.h"

#include "core/match.h"
#include "io/save.h"

static char written[SAVE_FILE_MAX], rewritten[SAVE_FILE_MAX];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	struct match m;
	struct save_info info;
	char err[GAME_ERR_MAX];
	const int rc = save_parse(text, &m, &info, err);
	FUZZ_CHECK(rc == 0 || rc == IO_ERR_CORRUPT || rc == IO_ERR_SYSTEM);
	if (rc == 0) {
		FUZZ_CHECK(m.cursor >= 0 && m.cursor <= m.count);
		const int len = save_format(&m, &info, written, sizeof written);
		FUZZ_CHECK(len > 0);
		struct match back;
		struct save_info back_info;
		FUZZ_CHECK(save_parse(written, &back, &back_info, err) == 0);
		FUZZ_CHECK(back.count == m.count && back.cursor == m.cursor);
		FUZZ_CHECK(strcmp(info.mode, back_info.mode) == 0);
		FUZZ_CHECK(strcmp(info.level, back_info.level) == 0);
		FUZZ_CHECK(info.human == back_info.human);
		FUZZ_CHECK(save_format(&back, &back_info, rewritten, sizeof rewritten) == len);
		FUZZ_CHECK(memcmp(written, rewritten, (size_t)len) == 0);
		match_free(&back);
		match_free(&m);
	}
	free(text);
	return 0;
}
