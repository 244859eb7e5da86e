/*
 * app/script.h — the script of timed input events (`--script FILE`, docs/SCRIPTS.md) and
 * the input it makes up, as the monkey test sends it too.
 */
#ifndef PARITY_APP_SCRIPT_H
#define PARITY_APP_SCRIPT_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"

struct app;
struct play;

struct script *script_load(const char *path, char *err, size_t errlen);
void script_free(struct script *s);
/* Runs the script's events that are due at this tick; returns false once it has ended. */
bool script_tick(struct app *a, struct script *s);
/* Input made up through app_event, as scripts and the monkey test send it: a key pressed and
 * released; a mouse event at logical (x, y), `button` being the one pressed or released, or
 * the one held during a motion (0: none); a gamepad button pressed and released. */
void script_key(struct app *a, SDL_Keycode k, Uint16 mod, bool repeat);
void script_mouse(struct app *a, Uint32 type, int x, int y, Uint8 button);
void script_pad(struct app *a, SDL_GameControllerButton button);
/* Stores in out (room for max) the targets a player clicks in turn to play `move`; returns
 * how many (0: none). */
int script_move_targets(const struct play *p, const struct game_move *move, int *out, int max);

#endif
