/*
 * bench/cake/cake_room.c — room for Cake's deepest line. Our own code, compiled by
 * bench/cake-match against Cake's headers in the scratch directory of CAKE_LIB (Cake's code is
 * never in this repository).
 *
 * Cake allocates its repetition array (si.repcheck, in cakedll.c, and our shim
 * ../shared/tools/cake-match/chk_cakeapi.c does the same) with MAXDEPTH + HISTORYOFFSET
 * entries, but its search (cakepp.c, negamax) writes entry realdepth + HISTORYOFFSET for every
 * realdepth up to MAXDEPTH: one entry past the end when a line reaches MAXDEPTH plies. In the
 * long king endings of the twentieth session's games at maxtime 11 it did, overwrote the size
 * of the next heap block, and killed three games (glibc's "corrupted size vs. prev_size" and
 * "mremap_chunk(): invalid pointer", and a segmentation fault). chk_cake_room gives the array
 * ROOM entries more, filled with a mark; chk_cake_past_end tells the driver, after each Cake
 * move, whether Cake wrote past its own end.
 */
#include <stdlib.h>
#include <string.h>

#include <windows.h>

#include "switches.h"
#include "structs.h"

extern SEARCHINFO si; /* cakedll.c */

enum { ROOM = 16, MARK = 0x5a5a5a5a };

static REPETITION *ours;

/* Puts the mark in the ROOM entries past Cake's own n. */
static void mark(REPETITION *r, int n)
{
	for (int i = n; i < n + ROOM; i++)
		r[i].hash = MARK, r[i].irreversible = MARK;
}

/* Replaces Cake's repetition array, once it has one (chk_cake_history makes it), by a copy
 * with ROOM more entries, marked; afterwards does nothing. */
void chk_cake_room(void)
{
	const int n = MAXDEPTH + HISTORYOFFSET;
	if (!si.repcheck || si.repcheck == ours)
		return;
	REPETITION *r = malloc((size_t)(n + ROOM) * sizeof *r);
	if (!r)
		return;
	memcpy(r, si.repcheck, (size_t)n * sizeof *r);
	mark(r, n);
	free(si.repcheck);
	si.repcheck = ours = r;
}

/* Returns 1 if Cake wrote past the end of its own array since the last call (the mark is then
 * put back), else 0 (also before chk_cake_room has replaced it). */
int chk_cake_past_end(void)
{
	const int n = MAXDEPTH + HISTORYOFFSET;
	if (!ours || si.repcheck != ours)
		return 0;
	int past = 0;
	for (int i = n; i < n + ROOM; i++)
		past |= ours[i].hash != MARK || ours[i].irreversible != MARK;
	mark(ours, n);
	return past;
}
