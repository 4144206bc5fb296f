#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>

#include "CFileSystem.h"

int alog_reserve_blocks(int fd, long long length) {
#if defined(__linux__) && defined(FALLOC_FL_KEEP_SIZE)
    return fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)length);
#else
    (void)fd;
    (void)length;
    errno = ENOSYS;
    return -1;
#endif
}
