#ifndef ALOG_CSYSTEMCALLS_H
#define ALOG_CSYSTEMCALLS_H

/// Swaps the names of two existing files atomically (Linux `renameat2` with
/// `RENAME_EXCHANGE`, Darwin `renamex_np` with `RENAME_SWAP`): afterwards `from` names what
/// `to` named and the other way round. 0 on success; -1 with `errno` set otherwise (`EINVAL`
/// or `ENOSYS` where the file system or kernel cannot swap, `ENOENT` when one is missing).
int alog_exchange_names(const char *from, const char *to);

#endif
