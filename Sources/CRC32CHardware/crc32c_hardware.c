// CRC-32C with the processor's own instructions (SSE 4.2 on x86-64; other
// processors use the tables, since only x86-64 builds and tests here): eight bytes an
// instruction, where the table-driven code in Platform (CRC32C.swift) takes
// about thirty. Compiled for the instructions only in the two functions
// below, so the rest of the binary still runs on any processor of its
// architecture; callers read navigation_crc32c_hardware_available first.
#include "crc32c_hardware.h"

#include <string.h>

int navigation_crc32c_hardware_available = 0;

static int processor_has_crc32c(void);

__attribute__((constructor)) static void navigation_crc32c_detect(void) {
    navigation_crc32c_hardware_available = processor_has_crc32c();
}

#if defined(__x86_64__)
#include <cpuid.h>

static int processor_has_crc32c(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & bit_SSE4_2) != 0;
}

__attribute__((target("sse4.2")))
uint32_t navigation_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t length) {
    const unsigned char *next = bytes;
    uint64_t wide = crc;
    // Eight words a turn, so the loop's own instructions are a small share;
    // then one word a turn; the ends compared, not counted down.
    const unsigned char *blocksEnd = next + (length & ~(size_t)63);
    while (next != blocksEnd) {
        uint64_t words[8];
        memcpy(words, next, sizeof words);
        wide = __builtin_ia32_crc32di(wide, words[0]);
        wide = __builtin_ia32_crc32di(wide, words[1]);
        wide = __builtin_ia32_crc32di(wide, words[2]);
        wide = __builtin_ia32_crc32di(wide, words[3]);
        wide = __builtin_ia32_crc32di(wide, words[4]);
        wide = __builtin_ia32_crc32di(wide, words[5]);
        wide = __builtin_ia32_crc32di(wide, words[6]);
        wide = __builtin_ia32_crc32di(wide, words[7]);
        next += 64;
    }
    const unsigned char *wordsEnd = next + (length & 56);
    while (next != wordsEnd) {
        uint64_t word;
        memcpy(&word, next, sizeof word);
        wide = __builtin_ia32_crc32di(wide, word);
        next += 8;
    }
    // At most seven bytes left: four, two, then one at a time.
    uint32_t narrow = (uint32_t)wide;
    if (length & 4) {
        uint32_t word;
        memcpy(&word, next, sizeof word);
        narrow = __builtin_ia32_crc32si(narrow, word);
        next += 4;
    }
    if (length & 2) {
        uint16_t half;
        memcpy(&half, next, sizeof half);
        narrow = __builtin_ia32_crc32hi(narrow, half);
        next += 2;
    }
    if (length & 1) narrow = __builtin_ia32_crc32qi(narrow, *next);
    return narrow;
}

#else
static int processor_has_crc32c(void) { return 0; }

uint32_t navigation_crc32c_hardware_update(uint32_t crc, const void *bytes, size_t length) {
    (void)bytes;
    (void)length;
    return crc;
}
#endif
