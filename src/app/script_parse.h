/*
 * app/script_parse.h — the script reader (`--script FILE`, docs/SCRIPTS.md): a script's text
 * into its steps, with every check made at load (the line's form, numbers in range, key,
 * gamepad button and scene names), before any event is sent. It needs SDL only for the key
 * and button names, which work without SDL_Init, so that the fuzz harness
 * (tests/fuzz/fuzz_script.c) links it alone; app/script.c plays the steps.
 */
#ifndef PARITY_APP_SCRIPT_PARSE_H
#define PARITY_APP_SCRIPT_PARSE_H

#include <SDL.h>
#include <stddef.h>

enum script_command {
	CMD_KEY,
	CMD_CLICK,
	CMD_BUTTON,
	CMD_MOVE,
	CMD_DOWN,
	CMD_UP,
	CMD_SQUARE,
	CMD_DRAG,
	CMD_HINT,
	CMD_HINT_DRAG,
	CMD_WAIT,
	CMD_WAIT_SCENE,
	CMD_EXPECT_SCENE,
	CMD_SCREENSHOT,
	CMD_QUIT,
	CMD_PAD,
	CMD_DUMP,
	CMD_EXPECT_MOVES,
	CMD_MONKEY,
	CMD_CLIPBOARD
};

enum {
	SCRIPT_LINE_MAX = 512,              /* a longer line is refused, not cut */
	SCRIPT_FILE_MAX = 16 * 1024 * 1024, /* a larger script is refused */
	SCRIPT_DELAY_MAX = 1000000,         /* ticks before a step */
};

/* One line of a script. */
struct script_step {
	int delay; /* ticks after the previous step, 0 to SCRIPT_DELAY_MAX */
	enum script_command cmd;
	int x, y; /* a point; expect-moves: x the count; monkey: x events, y seed; pad: x button */
	SDL_Keycode key; /* key: the key (never SDLK_UNKNOWN) and its modifiers */
	Uint16 mod;
	char text[256]; /* the first word: a square, a scene, a file name */
	char text2[32]; /* drag: the square dropped on */
	int line;       /* its line in the file, from 1 */
};

/* Reads the script `text` (len bytes, NUL bytes included) into *steps (malloc'ed, *count of
 * them; NULL when there is none). `scenes` is the NULL-terminated list of the scene names
 * wait-scene and expect-scene accept. Returns 0, or -1 with a message naming the line in err
 * (then nothing is left to free): a line that is not `DELAY COMMAND [ARGS]`, a number out of
 * range or followed by junk, an unknown key, button or scene, a line longer than
 * SCRIPT_LINE_MAX - 1 bytes or holding a NUL byte. */
int script_parse(const char *text, size_t len, const char *const *scenes,
                 struct script_step **steps, int *count, char *err, size_t errlen);
/* Returns the command's name as a script writes it ("key", "wait-scene"), or NULL. */
const char *script_command_name(enum script_command cmd);

#endif
