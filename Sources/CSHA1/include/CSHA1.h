#ifndef ALOG_CSHA1_H
#define ALOG_CSHA1_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this CPU has the SHA extensions (x86-64 SHA-NI with SSE4.1), else 0.
int alog_sha1_hardware_available(void);

/// Runs SHA-1's compression over `length` bytes (a multiple of 64) of `data`, updating the
/// five words of `state`, with the SHA-NI instructions. Only when
/// `alog_sha1_hardware_available()` says 1.
void alog_sha1_hardware_blocks(uint32_t state[5], const uint8_t *data, size_t length);

#endif
