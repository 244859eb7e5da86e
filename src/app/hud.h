/*
 * app/hud.h — where the playing screen's buttons are, for drawing and for clicks.
 */
#ifndef PARITY_APP_HUD_H
#define PARITY_APP_HUD_H

#include <SDL.h>

struct app;

enum hud_button { HUD_UNDO, HUD_REDO, HUD_HINTS, HUD_MENU, HUD_BUTTONS };

/* Returns the rectangle of a HUD button. */
SDL_Rect hud_button_rect(enum hud_button b);

/* Returns the rectangle of a yes/no dialog's "yes" (0) and "no" (1) buttons. */
SDL_Rect hud_confirm_rect(int which);

struct app;

/* Draws a yes/no dialog over the whole screen: a title, a line under it, two buttons. */
void hud_confirm(struct app *a, const char *title, const char *line, const char *yes,
                 const char *no);

/* Returns the answer an event gives a yes/no dialog: 1 yes (Y, Enter, the first button), 0 no
 * (N, Esc, the second), -1 none. */
int hud_confirm_answer(const SDL_Event *ev);

#endif
