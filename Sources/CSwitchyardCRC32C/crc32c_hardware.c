#include "crc32c_hardware.h"

#include <string.h>

#if defined(__x86_64__)

int switchyard_crc32c_hardware_available(void) {
  return __builtin_cpu_supports("sse4.2");
}

// Compiled for SSE 4.2 on its own, so that the rest of the binary keeps the baseline target.
__attribute__((target("sse4.2")))
uint32_t switchyard_crc32c_hardware_extend(uint32_t state, const void *bytes, size_t count) {
  const unsigned char *next = bytes;
  uint64_t crc = state;
  while (count >= 8) {
    uint64_t word;
    memcpy(&word, next, 8);
    crc = __builtin_ia32_crc32di(crc, word);
    next += 8;
    count -= 8;
  }
  uint32_t tail = (uint32_t)crc;
  while (count > 0) {
    tail = __builtin_ia32_crc32qi(tail, *next);
    next += 1;
    count -= 1;
  }
  return tail;
}

#else

int switchyard_crc32c_hardware_available(void) { return 0; }

uint32_t switchyard_crc32c_hardware_extend(uint32_t state, const void *bytes, size_t count) {
  (void)bytes;
  (void)count;
  return state;
}

#endif
