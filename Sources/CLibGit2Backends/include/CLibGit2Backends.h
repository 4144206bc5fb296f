#ifndef ALOG_CLIBGIT2_BACKENDS_H
#define ALOG_CLIBGIT2_BACKENDS_H

#include <stddef.h>

// The types are libgit2's (git_odb_backend **, git_odb *), spelled as void pointers so that this
// header does not include git2.h a second time beside the CLibGit2 module.

/// A read-only object-database backend (a `git_odb_backend *` in `*out`) that answers from the
/// object database `target` (a `git_odb *`) without ever rescanning it (see
/// forwarding_backend.c). Takes over the caller's reference to `target`: the backend frees it
/// when libgit2 frees the backend. Returns 0, or -1 when out of memory.
int alog_odb_forwarding_backend_new(void **out, void *target);

/// An object-database backend (a `git_odb_backend *` in `*out`) that keeps every object written
/// to it in memory (libgit2's mempack) and records their ids in the order written (see
/// recording_backend.c). Returns 0, or -1 when out of memory.
int alog_odb_recording_backend_new(void **out);

/// How many objects a recording backend holds, and the id (a `const git_oid *`) of the one at
/// `index`, in the order they were written.
size_t alog_odb_recorded_count(const void *backend);
const void *alog_odb_recorded_id(const void *backend, size_t index);

/// A name for the object at `index` that all versions of one ledger file (or tree) share, for
/// the pack builder's pairing of delta candidates; NULL for none (see recording_backend.c).
const char *alog_odb_recorded_name(const void *backend, size_t index);

/// libgit2's loose-object backend for `objects_dir` (a `git_odb_backend *` in `*out`), with the
/// default compression and modes; `fsync_objects` non-zero to fsync each object written.
/// Returns 0 or libgit2's error code.
int alog_odb_loose_backend_new(void **out, const char *objects_dir, int fsync_objects);

#endif
