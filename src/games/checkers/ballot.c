/*
 * games/checkers/ballot.c — three-move openings of the ACF (American Checker Federation)
 * ballot, the way tournament games and engine matches start: the first three moves are drawn
 * by lot, then each pairing plays the opening twice with colours swapped.
 *
 * The list is written from the project's knowledge of the ballot, not copied from a
 * publication: 44 well-known ballots, every one checked legal by replaying it
 * (tests/test_checkers_engine.c). It is ordered so that the first moves alternate, so that
 * the first N openings of a short match are already varied.
 */
#include "games/checkers/checkers.h"

const char *const checkers_ballot[] = {
    "11-15 21-17 9-13",  "9-14 22-17 5-9",    "11-16 21-17 16-19", "10-15 21-17 11-16",
    "12-16 21-17 16-19", "9-13 21-17 5-9",    "10-14 22-17 7-10",  "11-15 22-17 8-11",
    "9-14 22-18 5-9",    "11-16 22-18 16-20", "10-15 22-17 6-10",  "12-16 22-18 16-20",
    "9-13 22-18 10-15",  "10-14 23-19 11-16", "11-15 22-17 9-13",  "9-14 23-19 5-9",
    "11-16 23-19 16x23", "10-15 23-19 6-10",  "12-16 23-19 16x23", "9-13 23-18 11-16",
    "10-14 24-20 6-10",  "11-15 22-17 15-19", "9-14 24-19 11-15",  "11-16 24-19 8-11",
    "10-15 24-19 15x24", "12-16 24-19 8-12",  "9-13 24-19 11-15",  "10-14 22-18 11-16",
    "11-15 22-18 15x22", "9-14 24-20 5-9",    "11-16 24-20 16-19", "10-15 24-20 7-10",
    "12-16 24-20 8-12",  "9-13 24-20 11-15",  "11-15 23-18 8-11",  "11-16 22-17 16-19",
    "9-13 22-17 13x22",  "11-15 23-18 9-14",  "11-15 23-18 10-14", "11-15 23-19 8-11",
    "11-15 23-19 9-14",  "11-15 23-19 10-14", "11-15 24-19 15x24", "11-15 24-20 8-11",
};

const int checkers_ballot_count = (int)(sizeof checkers_ballot / sizeof checkers_ballot[0]);
