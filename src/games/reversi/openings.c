/*
 * games/reversi/openings.c — the names of the standard Othello openings (see openings.h).
 *
 * Each line is the published move sequence, written from the usual first move f5; a game that
 * began on d3, c4 or e6 is the same opening seen in a mirror, so lines are matched by the
 * position they lead to under the board's 8 symmetries (which also finds a line reached in
 * another move order). The names are those of the standard English list (Robert Gatliff's
 * list of Othello opening names, as used by the national federations' opening guides).
 */
#include "games/reversi/openings.h"

#include <stddef.h>

#include "games/reversi/board8.h"
#include "games/reversi/book.h"

static const struct reversi_opening table[] = {
    {"Diagonal opening", "f5f6"},
    {"Perpendicular opening", "f5d6"},
    {"Parallel opening", "f5f4"},
    /* perpendicular: f5 d6 c3 */
    {"Tiger", "f5d6c3d3c4"},
    {"Aubrey (Tanaka)", "f5d6c3d3c4b3"},
    {"Brightwell", "f5d6c3d3c4f4e3"},
    {"Leader's Tiger", "f5d6c3d3c4f4e6"},
    {"Stephenson", "f5d6c3d3c4f4f6"},
    {"Kung", "f5d6c3d3c4f4f6b4"},
    {"No-Kung", "f5d6c3d3c4f4f6g5"},
    {"Comp'Oth", "f5d6c3d3c4f4f6f3"},
    {"F.A.T. Draw", "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6"},
    {"Rose-Bill", "f5d6c3d3c4f4c5b3c2"},
    {"Tamenori", "f5d6c3d3c4f4c5b3c2e6"},
    {"Ishii", "f5d6c3d3c4f4c5b4b5c6f3e6e3"},
    {"Mainline Tiger", "f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3"},
    {"Ganglion", "f5d6c3g5"},
    /* perpendicular: f5 d6 c4 */
    {"Cat", "f5d6c4d3c5"},
    {"Italian", "f5d6c4d3e6"},
    {"No-Cat", "f5d6c4g5"},
    {"Swallow", "f5d6c4g5c6"},
    {"Sakaguchi", "f5d6c4d3c5f4e3f3c2c6"},
    {"Berner", "f5d6c4d3c5f4e3f3c2b4b3"},
    /* perpendicular: f5 d6 c5 */
    {"Horse", "f5d6c5f4d3"},
    {"Mimura", "f5d6c5f4e3d3"},
    {"Inoue", "f5d6c5f4e3c6e6"},
    {"Bhagat", "f5d6c5f4e3c6d7"},
    {"Shaman (Danish)", "f5d6c5f4e3c6f3"},
    {"Ralle", "f5d6c5f4e3c6d3f3"},
    {"Rose", "f5d6c5f4e3c6d3f6"},
    {"Greenberg (Dawg)", "f5d6c5f4e3c6d3f6e6d7e7"},
    {"Flat", "f5d6c5f4e3c6d3f6e6d7g4"},
    {"Rotating Flat", "f5d6c5f4e3c6d3f6e6d7g4c4"},
    {"Murakami Variation", "f5d6c5f4e3c6d3f6e6d7g4c4g6"},
    {"Rose-Birdie (Rose-Tamenori)", "f5d6c5f4e3c6d3f6e6d7g3c4b4"},
    {"Rose-Tamenori-Kling", "f5d6c5f4e3c6d3f6e6d7g3c4b4c3"},
    {"Brightstein", "f5d6c5f4e3c6d3f6e6d7g3c4g5c3b4e2"},
    /* diagonal: f5 f6 e6 f4 */
    {"Cow", "f5f6e6f4e3"},
    {"Chimney", "f5f6e6f4e3d6"},
    {"Cow Bat (Cambridge)", "f5f6e6f4e3c5g5"},
    {"Tanida", "f5f6e6f4e3c5c4e7"},
    {"Aircraft (Feldborg)", "f5f6e6f4e3c5c4e7g4"},
    {"Heath (Tobidashi)", "f5f6e6f4g5"},
    {"Heath-Chimney", "f5f6e6f4g5d6"},
    {"Heath-Bat", "f5f6e6f4g5e7e3"},
    {"Iwasaki Variation", "f5f6e6f4g5e7d7"},
    {"Raccoon Dog", "f5f6e6f4g4"},
    {"Buffalo (Kenichi Variation)", "f5f6e6f4c3"},
    {"Hokuriku Buffalo", "f5f6e6f4c3c4"},
    {"Maruoka Buffalo", "f5f6e6f4c3d7f3"},
    {"Tanida Buffalo", "f5f6e6f4c3d6f3c4c5b4"},
    {"Snake (Peasant)", "f5f6e6f4g6"},
    {"Pyramid (Checkerboarding Peasant)", "f5f6e6f4g6c5g4g5f3e3c4"},
    {"X-square opening", "f5f6e6f4g7"},
    /* diagonal: f5 f6 e6 d6 and others */
    {"Rose-v-Toth", "f5f6e6d6c5e3d3"},
    {"Landau", "f5f6e6d6c5e3d3c4c3"},
    {"Maruoka", "f5f6e6d6c5e3d3c4c6b5"},
    {"Sailboat", "f5f6e6d6c5e3d3g5e2b5"},
    {"Hamilton", "f5f6e6d6c7c6d7"},
    {"Lollipop", "f5f6e6d6c7f4"},
    {"Wing Variation", "f5f6d3f4"},
    {"Semi-Wing Variation", "f5f6c4f4"},
};

enum { COUNT = sizeof table / sizeof table[0], MAX_PLIES = 40 };

/* Each line's position, smallest symmetric image, and its length in plies. */
static struct {
	uint64_t p, o;
	int plies;
	bool ok;
} at[COUNT];
static bool ready;

/* Plays `line` from the start position; returns false if a move is not legal. */
static bool play_line(const char *line, uint64_t *P, uint64_t *O, int *plies)
{
	uint64_t p = 0x0000000810000000ULL, o = 0x0000001008000000ULL; /* d5 e4 | d4 e5 */
	int n = 0;
	for (; line[0] && line[1]; line += 2, n++) {
		const int sq = (line[0] - 'a') + 8 * (line[1] - '1');
		if (sq < 0 || sq >= 64 || ((p | o) >> sq & 1))
			return false;
		const uint64_t f = board8_flips(sq, p, o);
		if (!f)
			return false;
		const uint64_t np = o & ~f;
		o = p | f | (1ULL << sq);
		p = np;
	}
	book_canonical(&p, &o);
	*P = p;
	*O = o;
	*plies = n;
	return true;
}

static void prepare(void)
{
	for (size_t i = 0; i < COUNT; i++)
		at[i].ok = play_line(table[i].line, &at[i].p, &at[i].o, &at[i].plies);
	ready = true;
}

const struct reversi_opening *reversi_openings(int *n)
{
	*n = (int)COUNT;
	return table;
}

const char *reversi_opening_at(const struct reversi_pos *pos)
{
	if (pos->size != 8 || pos->anti || pos->hole)
		return NULL;
	if (!ready)
		prepare();
	uint64_t P = (uint64_t)pos->disc[pos->side], O = (uint64_t)pos->disc[!pos->side];
	book_canonical(&P, &O);
	const int plies = board8_count(P | O) - 4;
	for (size_t i = 0; i < COUNT; i++)
		if (at[i].ok && at[i].plies == plies && at[i].p == P && at[i].o == O)
			return table[i].name;
	return NULL;
}

bool reversi_opening_line_ok(int i)
{
	if (!ready)
		prepare();
	return i >= 0 && i < (int)COUNT && at[i].ok;
}
