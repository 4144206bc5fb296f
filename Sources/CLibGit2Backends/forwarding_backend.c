// A read-only odb backend that forwards to another object database without refreshing it.
//
// git_odb_write "freshens" an object before writing it: it asks every backend whether the
// object exists, and when none has it, refreshes every backend that can be refreshed and asks
// again. For the pack backend a refresh is a rescan of objects/pack (a getdents). A batch of
// thousands of new objects therefore rescanned the directory once per object.
//
// An ObjectBatch's repository gets an object database of its own: the mempack backend, which
// takes the writes, and this backend, which answers reads and existence checks from the
// repository's real object database with GIT_ODB_LOOKUP_NO_REFRESH for existence. It has no
// refresh and no freshen callback, so a miss costs one lookup in memory, in the loose store and
// in the pack indexes, and no rescan. Nothing written during the batch lands on disk before
// the batch writes its pack through the real database.

#include <stdlib.h>
#include <string.h>

#define GIT_DEPRECATE_HARD 1
#include <git2.h>
#include <git2/sys/odb_backend.h>

#include "CLibGit2Backends.h"

typedef struct {
    git_odb_backend parent;
    git_odb *target;
} forwarding_backend;

static git_odb *target_of(git_odb_backend *backend) { return ((forwarding_backend *)backend)->target; }

// Copies an object into memory libgit2 will own and free.
static int hand_over(void **data, size_t *len, git_object_t *type, git_odb_backend *backend, git_odb_object *object) {
    *len = git_odb_object_size(object);
    *type = git_odb_object_type(object);
    *data = git_odb_backend_data_alloc(backend, *len + 1);
    if (*data == NULL) {
        git_odb_object_free(object);
        return -1;
    }
    memcpy(*data, git_odb_object_data(object), *len);
    ((char *)*data)[*len] = 0;
    git_odb_object_free(object);
    return 0;
}

static int forward_read(void **data, size_t *len, git_object_t *type, git_odb_backend *backend, const git_oid *id) {
    git_odb_object *object;
    int rc = git_odb_read(&object, target_of(backend), id);
    if (rc < 0) return rc;
    return hand_over(data, len, type, backend, object);
}

static int forward_read_prefix(git_oid *out, void **data, size_t *len, git_object_t *type, git_odb_backend *backend,
                               const git_oid *short_id, size_t length) {
    git_odb_object *object;
    int rc = git_odb_read_prefix(&object, target_of(backend), short_id, length);
    if (rc < 0) return rc;
    git_oid_cpy(out, git_odb_object_id(object));
    return hand_over(data, len, type, backend, object);
}

static int forward_read_header(size_t *len, git_object_t *type, git_odb_backend *backend, const git_oid *id) {
    return git_odb_read_header(len, type, target_of(backend), id);
}

static int forward_exists(git_odb_backend *backend, const git_oid *id) {
    return git_odb_exists_ext(target_of(backend), id, GIT_ODB_LOOKUP_NO_REFRESH);
}

static int forward_exists_prefix(git_oid *out, git_odb_backend *backend, const git_oid *short_id, size_t length) {
    return git_odb_exists_prefix(out, target_of(backend), short_id, length);
}

static void forward_free(git_odb_backend *backend) {
    git_odb_free(target_of(backend));
    free(backend);
}

int alog_odb_forwarding_backend_new(void **out, void *target) {
    forwarding_backend *backend = calloc(1, sizeof(forwarding_backend));
    if (backend == NULL) return -1;
    if (git_odb_init_backend(&backend->parent, GIT_ODB_BACKEND_VERSION) < 0) {
        free(backend);
        return -1;
    }
    backend->target = target;
    backend->parent.read = forward_read;
    backend->parent.read_prefix = forward_read_prefix;
    backend->parent.read_header = forward_read_header;
    backend->parent.exists = forward_exists;
    backend->parent.exists_prefix = forward_exists_prefix;
    backend->parent.free = forward_free;
    *out = &backend->parent;  // the first member: the same address
    return 0;
}
