/*
 * core/hash.h — 64-bit mixing for position hashes and seeded choices.
 */
#ifndef PARITY_CORE_HASH_H
#define PARITY_CORE_HASH_H

#include <stdint.h>

/* Returns a well-mixed 64-bit value of x (the splitmix64 finaliser): every input bit
 * affects every output bit, so XOR-ing words in between calls makes a good hash. */
static inline uint64_t hash_mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* Advances *state one step of Knuth's MMIX linear congruential generator and returns the new
 * state, for seeded draws that repeat: take its high bits (the low ones cycle quickly). */
static inline uint64_t hash_lcg_next(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state;
}

#endif
