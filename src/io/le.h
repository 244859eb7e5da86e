/*
 * io/le.h — little-endian fields of the project's binary files (the opening books' container,
 * a game's endgame databases).
 */
#ifndef PARITY_IO_LE_H
#define PARITY_IO_LE_H

#include <stdint.h>

/* Writes the low `bytes` bytes (1 to 8) of v at d, least significant first. */
static inline void le_put(unsigned char *d, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		d[i] = (unsigned char)(v >> (8 * i));
}

/* Reads a field of `bytes` bytes (1 to 8) at d, least significant first. */
static inline uint64_t le_get(const unsigned char *d, int bytes)
{
	uint64_t v = 0;
	for (int i = 0; i < bytes; i++)
		v |= (uint64_t)d[i] << (8 * i);
	return v;
}

#endif
