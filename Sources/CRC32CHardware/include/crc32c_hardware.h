#ifndef NAVIGATION_CRC32C_HARDWARE_H
#define NAVIGATION_CRC32C_HARDWARE_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has CRC-32C instructions: SSE 4.2 on x86-64
/// (0 on any other architecture, which uses the tables). Asked of the processor once, when
/// the program loads: 1 or 0 from then on (a load, where a Swift global
/// would be a call to its lazy initialiser on every read).
extern int navigation_crc32c_hardware_available;

/// navigation_crc32c_hardware_available, read (inlined into Swift, which
/// cannot read a mutable C global from concurrent code).
static inline int navigation_crc32c_has_hardware(void) {
    return navigation_crc32c_hardware_available;
}

/// Advances the CRC-32C register `crc` (not inverted: the caller inverts
/// before and after) over `length` bytes at `bytes`, with the processor's
/// instructions. Only call when navigation_crc32c_hardware_available().
uint32_t navigation_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t length);

#endif
