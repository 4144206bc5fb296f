// An odb backend that keeps new objects in memory (libgit2's mempack underneath) and records
// which objects were written, in order, so that they alone can be packed.
//
// libgit2 1.5's git_mempack_dump packs every commit written *with its whole tree*: for a batch on
// a vault with years of history it would write the entire tree of the first commit into the new
// pack again. mempack has no way to list its objects, hence this record.

#include <stdlib.h>
#include <string.h>

#define GIT_DEPRECATE_HARD 1
#include <git2.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>

#include "CLibGit2Backends.h"

// What the pack builder sorts by to pair delta candidates: git passes an object's path, and
// sorts by a hash of its last characters. A ledger file is only ever appended to, so its first
// line is the same in every version (and differs between files); a tree's first entry changes
// rarely. The name is the hex FNV-1a hash of that line or entry, so that its last characters
// differ wherever the sources differ.
#define NAME_SIZE 17

typedef struct {
    git_oid id;
    char name[NAME_SIZE];
} record;

typedef struct {
    git_odb_backend parent;
    git_odb_backend *memory;
    record *records;
    size_t count;
    size_t capacity;
} recording_backend;

static void name_object(char *name, const char *data, size_t len, git_object_t type) {
    size_t start = 0, end = 0;
    if (type == GIT_OBJECT_BLOB) {
        while (end < len && data[end] != '\n') end++;
    } else if (type == GIT_OBJECT_TREE) {
        const char *space = memchr(data, ' ', len < 8 ? len : 8);  // after the entry's mode
        if (space != NULL) {
            start = end = (size_t)(space - data) + 1;
            while (end < len && data[end] != 0) end++;
        }
    }
    if (end == start) {
        name[0] = 0;
        return;
    }
    unsigned long long hash = 0xcbf29ce484222325ULL;
    for (size_t i = start; i < end; i++) hash = (hash ^ (unsigned char)data[i]) * 0x100000001b3ULL;
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++) name[i] = digits[(hash >> (60 - 4 * i)) & 15];
    name[16] = 0;
}

static git_odb_backend *memory_of(git_odb_backend *backend) { return ((recording_backend *)backend)->memory; }

static int record_write(git_odb_backend *backend, const git_oid *id, const void *data, size_t len, git_object_t type) {
    recording_backend *self = (recording_backend *)backend;
    git_odb_backend *memory = self->memory;
    // libgit2 asked every backend first (git_odb_write "freshens"), so this object is new to the
    // database; it may still be new twice to this backend only if written twice in a row.
    if (memory->exists(memory, id)) return 0;
    if (self->count == self->capacity) {
        size_t capacity = self->capacity ? self->capacity * 2 : 256;
        record *grown = realloc(self->records, capacity * sizeof(record));
        if (grown == NULL) return -1;
        self->records = grown;
        self->capacity = capacity;
    }
    int rc = memory->write(memory, id, data, len, type);
    if (rc == 0) {
        record *added = &self->records[self->count++];
        git_oid_cpy(&added->id, id);
        name_object(added->name, data, len, type);
    }
    return rc;
}

static int record_read(void **data, size_t *len, git_object_t *type, git_odb_backend *backend, const git_oid *id) {
    git_odb_backend *memory = memory_of(backend);
    return memory->read(data, len, type, memory, id);
}

static int record_read_header(size_t *len, git_object_t *type, git_odb_backend *backend, const git_oid *id) {
    git_odb_backend *memory = memory_of(backend);
    return memory->read_header(len, type, memory, id);
}

static int record_exists(git_odb_backend *backend, const git_oid *id) {
    git_odb_backend *memory = memory_of(backend);
    return memory->exists(memory, id);
}

static void record_free(git_odb_backend *backend) {
    recording_backend *self = (recording_backend *)backend;
    self->memory->free(self->memory);
    free(self->records);
    free(self);
}

int alog_odb_recording_backend_new(void **out) {
    recording_backend *backend = calloc(1, sizeof(recording_backend));
    if (backend == NULL) return -1;
    if (git_odb_init_backend(&backend->parent, GIT_ODB_BACKEND_VERSION) < 0 ||
        git_mempack_new(&backend->memory) < 0) {
        free(backend);
        return -1;
    }
    backend->parent.read = record_read;
    backend->parent.read_header = record_read_header;
    backend->parent.write = record_write;
    backend->parent.exists = record_exists;
    backend->parent.free = record_free;
    *out = &backend->parent;  // the first member: the same address
    return 0;
}

size_t alog_odb_recorded_count(const void *backend) { return ((const recording_backend *)backend)->count; }

const void *alog_odb_recorded_id(const void *backend, size_t index) {
    return &((const recording_backend *)backend)->records[index].id;
}

const char *alog_odb_recorded_name(const void *backend, size_t index) {
    const char *name = ((const recording_backend *)backend)->records[index].name;
    return name[0] ? name : NULL;
}
