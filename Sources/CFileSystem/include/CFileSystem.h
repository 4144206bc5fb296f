#ifndef ALOG_CFILESYSTEM_H
#define ALOG_CFILESYSTEM_H

// System calls Swift's Glibc module does not expose (they need _GNU_SOURCE).

// Allocates the blocks for the first `length` bytes of `fd` without changing its size
// (fallocate with FALLOC_FL_KEEP_SIZE). Returns 0, or -1 with errno set; where the call or
// the file system does not support it, nothing happens (EOPNOTSUPP / ENOSYS).
int alog_reserve_blocks(int fd, long long length);

#endif
