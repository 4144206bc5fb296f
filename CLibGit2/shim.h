#ifndef ALOG_CLIBGIT2_SHIM_H
#define ALOG_CLIBGIT2_SHIM_H

// Hide names libgit2 marks as deprecated, so only the current API is reachable.
#define GIT_DEPRECATE_HARD 1
#include <git2.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>

// git_libgit2_opts is variadic and therefore not callable from Swift; these wrappers are.
static inline int alog_git_set_strict_object_creation(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, enabled);
}

static inline int alog_git_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int alog_git_set_fsync(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled);
}

static inline int alog_git_set_config_search_path(git_config_level_t level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

#endif
