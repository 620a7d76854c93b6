#ifndef SWITCHYARD_CRC32C_HARDWARE_H
#define SWITCHYARD_CRC32C_HARDWARE_H

#include <stddef.h>
#include <stdint.h>

/// Whether this CPU has the CRC-32C instruction (x86-64 SSE 4.2); asked once at run time, so
/// one binary runs on every x86-64 machine and uses the instruction where it exists.
int switchyard_crc32c_hardware_available(void);

/// Extends the running (bit-inverted) CRC-32C `state` over `count` bytes with the CPU's
/// instruction. Call only where `switchyard_crc32c_hardware_available()` returned non-zero.
uint32_t switchyard_crc32c_hardware_extend(uint32_t state, const void *bytes, size_t count);

#endif
