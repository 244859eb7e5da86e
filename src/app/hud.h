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

/* Returns the rectangle of the Esc dialog's "leave" (0) and "stay" (1) buttons. */
SDL_Rect hud_confirm_rect(int which);

/* Draws a yes-or-no question over the darkened screen: the question, a line under it, and the
 * buttons `yes` and `no` at hud_confirm_rect(0) and (1) (Esc's "Leave this game?", the
 * title's "Quit Parity?"). */
void hud_confirm(struct app *a, const char *question, const char *line, const char *yes,
                 const char *no);

#endif
