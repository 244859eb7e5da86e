/*
 * app/monkey.h — the monkey test: random input through the real handlers (app/monkey.c).
 */
#ifndef PARITY_APP_MONKEY_H
#define PARITY_APP_MONKEY_H

#include <stdint.h>

struct app;

struct monkey;
/* Starts a monkey test of `events` random events drawn from `seed`; NULL when out of memory. */
struct monkey *monkey_new(struct app *a, long events, uint32_t seed);
/* Sends one tick's events; returns 0 while running, 1 once done (a summary is on stderr), -1
 * when the program got stuck (monkey_why says how). */
int monkey_tick(struct app *a, struct monkey *m);
const char *monkey_why(const struct monkey *m);
void monkey_free(struct monkey *m);

#endif
