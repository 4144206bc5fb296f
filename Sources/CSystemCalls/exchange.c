// The one system call the Swift Glibc module does not bring in: glibc declares `renameat2`
// and `RENAME_EXCHANGE` only under _GNU_SOURCE.
#define _GNU_SOURCE
#include "CSystemCalls.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int alog_exchange_names(const char *from, const char *to) {
#if defined(SYS_renameat2)
    // The system call itself: `renameat2` in glibc is only there from 2.28 on.
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}
#elif defined(__APPLE__)
int alog_exchange_names(const char *from, const char *to) { return renamex_np(from, to, RENAME_SWAP); }
#else
int alog_exchange_names(const char *from, const char *to) {
    (void)from;
    (void)to;
    errno = ENOSYS;
    return -1;
}
#endif
