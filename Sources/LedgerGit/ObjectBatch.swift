import CLibGit2
import CLibGit2Backends

/// Objects written in memory, then stored as one packfile.
///
/// Writing a loose object costs a file creation and a rename; a batch of thousands of commits
/// (an import, a bulk log) instead keeps every blob, tree and commit in memory and writes one
/// `.pack` with its index at the end. While the batch is open every object written through
/// `repository` goes to memory and stays readable through it. Nothing is visible to other
/// processes before `finish()`, and nothing at all if the batch is dropped unfinished.
///
/// The batch's repository handle is its own, opened for it and freed with it, with an object
/// database of its own (both backends in `CLibGit2Backends`):
/// - an in-memory backend (libgit2's mempack, recording the ids it is given), which takes every
///   write; `finish()` packs exactly those objects;
/// - below it, a read-only backend that answers from the repository's real database. libgit2
///   checks that a new object does not exist yet before writing it; with the real database that
///   check rescans `objects/pack` after each miss, once per new object. This backend looks
///   without rescanning.
package final class ObjectBatch {
    package let repository: Repository
    /// The batch's database owns the in-memory backend; this is a borrowed view of it.
    private let backend: UnsafeMutablePointer<git_odb_backend>
    /// The repository's real object database (a reference of our own): the pack goes there.
    private let target: OpaquePointer
    private var finished = false

    package init(repositoryAt path: String) throws {
        repository = try Repository.open(at: path)
        var target: OpaquePointer?
        try check(git_repository_odb(&target, repository.pointer), "git_repository_odb")
        do {
            var memory: UnsafeMutableRawPointer?
            if alog_odb_recording_backend_new(&memory) < 0 {
                throw GitError(code: .other(-1), message: "out of memory", function: "alog_odb_recording_backend_new")
            }
            backend = memory!.assumingMemoryBound(to: git_odb_backend.self)
            try repository.replaceObjectDatabase(writer: backend)
        } catch {
            git_odb_free(target)
            throw error
        }
        self.target = target!
    }

    deinit {
        git_odb_free(target)
    }

    /// Writes every object of the batch as one packfile (with its index) into the repository.
    /// The batch cannot be used afterwards.
    package func finish() throws {
        precondition(!finished, "ObjectBatch.finish called twice")
        finished = true
        // Exactly the objects the batch wrote: libgit2 1.5's own mempack dump would add each
        // commit's whole tree, history included.
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, repository.pointer), "git_packbuilder_new")
        defer { git_packbuilder_free(builder) }
        git_packbuilder_set_threads(builder, 0)  // one delta-search thread per CPU
        let recorded = UnsafeRawPointer(backend)
        for index in 0..<alog_odb_recorded_count(recorded) {
            let id = alog_odb_recorded_id(recorded, index)!.assumingMemoryBound(to: git_oid.self)
            let name = alog_odb_recorded_name(recorded, index)
            try check(git_packbuilder_insert(builder, id, name), "git_packbuilder_insert")
        }
        var pack = git_buf()
        defer { git_buf_dispose(&pack) }
        try check(git_packbuilder_write_buf(&pack, builder), "git_packbuilder_write_buf")
        var writer: UnsafeMutablePointer<git_odb_writepack>?
        try check(git_odb_write_pack(&writer, target, nil, nil), "git_odb_write_pack")
        defer { writer!.pointee.free(writer) }
        var stats = git_indexer_progress()
        try check(writer!.pointee.append(writer, pack.ptr, pack.size, &stats), "git_odb_writepack.append")
        try check(writer!.pointee.commit(writer, &stats), "git_odb_writepack.commit")
    }
}
