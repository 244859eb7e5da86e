/*
 * games/dots/chains.h — what a Dots and Boxes player counts while playing: which edges are
 * safe, which capture and which give a box away, and the chains and loops on the board with
 * the side Berlekamp's long-chain rule favours. The arcade shows them (hints, the chain
 * counter); nothing here searches.
 */
#ifndef PARITY_GAMES_DOTS_CHAINS_H
#define PARITY_GAMES_DOTS_CHAINS_H

#include "games/dots/dots.h"

/* What drawing an edge does. */
enum dots_edge_kind {
	DOTS_EDGE_DRAWN,   /* already drawn */
	DOTS_EDGE_SAFE,    /* completes no box and gives no box a third side */
	DOTS_EDGE_CAPTURE, /* completes one or two boxes (the mover plays again) */
	DOTS_EDGE_OFFER,   /* completes nothing and gives a box its third side: a box given away */
};

/* The chains and loops of a position, counted among the unclaimed boxes with exactly two
 * undrawn sides (joined through those sides); a group that holds a box already offered (one
 * undrawn side) is being taken and is not counted. */
struct dots_chains {
	int long_chains;  /* chains of three boxes or more */
	int short_chains; /* chains of one or two boxes */
	int loops;        /* closed rings (four boxes or more) */
	int dots;         /* the board's dots, (rows + 1) × (cols + 1) */
	int favoured;     /* DOTS_A or DOTS_B: whom the long-chain rule favours with this count */
};

/* Returns what drawing edge e of pos does. */
enum dots_edge_kind dots_edge_kind(const struct dots_pos *pos, int e);

/* Counts the chains and loops of pos into *out. The long-chain rule: the first player (A)
 * wants the number of dots plus the number of long chains to be even, the second player (B)
 * odd; `favoured` is the side this count of long chains would give control. */
void dots_chains_count(const struct dots_pos *pos, struct dots_chains *out);

#endif
