// libgit2's loose-object backend on its own, for an object database we assemble ourselves
// (see LedgerGit/DirectObjectWrites.swift). Its constructor changed in libgit2 1.7 (an options
// struct instead of four arguments); this keeps both spellings in one place.

#define GIT_DEPRECATE_HARD 1
#include <git2.h>
#include <git2/sys/odb_backend.h>

#include "CLibGit2Backends.h"

int alog_odb_loose_backend_new(void **out, const char *objects_dir, int fsync_objects) {
    git_odb_backend *backend = NULL;
#if LIBGIT2_VER_MAJOR > 1 || (LIBGIT2_VER_MAJOR == 1 && LIBGIT2_VER_MINOR >= 7)
    git_odb_backend_loose_options options = GIT_ODB_BACKEND_LOOSE_OPTIONS_INIT;
    if (fsync_objects) options.flags |= GIT_ODB_BACKEND_LOOSE_FSYNC;
    int rc = git_odb_backend_loose(&backend, objects_dir, &options);
#else
    int rc = git_odb_backend_loose(&backend, objects_dir, -1, fsync_objects, 0, 0);
#endif
    *out = backend;
    return rc;
}
