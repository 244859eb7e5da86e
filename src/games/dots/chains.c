/*
 * games/dots/chains.c — safe, capturing and offering edges, and the count of chains and
 * loops with the side the long-chain rule favours (see chains.h).
 *
 * A box with exactly two undrawn sides passes a chain on through them; groups of such boxes
 * joined by undrawn edges are the chains. A group is a loop when every undrawn side of every
 * box in it leads to another box of the group (no side on the border, none towards a box
 * with three or four undrawn sides).
 */
#include "games/dots/chains.h"

/* Returns how many sides of unclaimed box b are undrawn. */
static int undrawn_sides(const struct dots_pos *pos, int b)
{
	return 4 - dots_box_drawn_sides(pos, b);
}

enum dots_edge_kind dots_edge_kind(const struct dots_pos *pos, int e)
{
	if (dots_edge_drawn(pos, e))
		return DOTS_EDGE_DRAWN;
	int boxes[2];
	const int n = dots_edge_boxes(pos->rows, pos->cols, e, boxes);
	bool offers = false;
	for (int i = 0; i < n; i++) {
		const int drawn = dots_box_drawn_sides(pos, boxes[i]);
		if (drawn == 3)
			return DOTS_EDGE_CAPTURE;
		offers |= drawn == 2;
	}
	return offers ? DOTS_EDGE_OFFER : DOTS_EDGE_SAFE;
}

/* Returns the box on the other side of edge e from box b, or -1 for the border. */
static int across(const struct dots_pos *pos, int e, int b)
{
	int boxes[2];
	const int n = dots_edge_boxes(pos->rows, pos->cols, e, boxes);
	if (n < 2)
		return -1;
	return boxes[0] == b ? boxes[1] : boxes[0];
}

void dots_chains_count(const struct dots_pos *pos, struct dots_chains *out)
{
	const int nbox = pos->rows * pos->cols;
	bool seen[DOTS_MAX_BOXES] = {false};
	int stack[DOTS_MAX_BOXES];
	out->long_chains = out->short_chains = out->loops = 0;
	out->dots = (pos->rows + 1) * (pos->cols + 1);
	for (int start = 0; start < nbox; start++) {
		if (seen[start] || dots_box_owner(pos, start) >= 0 ||
		    undrawn_sides(pos, start) != 2)
			continue;
		/* Walk the group of two-sided boxes joined to `start`. */
		int size = 0, top = 0;
		bool closed = true, offered = false;
		seen[start] = true;
		stack[top++] = start;
		while (top > 0) {
			const int b = stack[--top];
			size++;
			int side[4];
			dots_box_sides(pos->rows, pos->cols, b, side);
			for (int k = 0; k < 4; k++) {
				if (dots_edge_drawn(pos, side[k]))
					continue;
				const int next = across(pos, side[k], b);
				if (next < 0) {
					closed = false;
					continue;
				}
				const int sides = undrawn_sides(pos, next);
				if (sides == 1)
					offered = true;
				if (sides != 2) {
					closed = false;
					continue;
				}
				if (!seen[next]) {
					seen[next] = true;
					stack[top++] = next;
				}
			}
		}
		if (offered)
			continue;
		if (closed)
			out->loops++;
		else if (size >= 3)
			out->long_chains++;
		else
			out->short_chains++;
	}
	out->favoured = (out->dots + out->long_chains) % 2 == 0 ? DOTS_A : DOTS_B;
}
