import CLibGit2

/// Objects written in memory, then stored as one packfile: libgit2's mempack backend.
///
/// Writing a loose object costs a file creation and a rename; a batch of thousands of commits
/// (an import, a bulk log) instead keeps every blob, tree and commit in memory and writes one
/// `.pack` with its index at the end. While the batch is open every object written through
/// `repository` goes to memory and stays readable through it. Nothing is visible to other
/// processes before `finish()`, and nothing at all if the batch is dropped unfinished.
///
/// The mempack backend cannot be detached from a repository's object database once added, so
/// the batch owns a repository handle of its own, opened for it and freed with it.
public final class ObjectBatch {
    public let repository: Repository
    /// Owned by the repository's object database once added.
    private let backend: UnsafeMutablePointer<git_odb_backend>
    private var finished = false

    public init(repositoryAt path: String) throws {
        repository = try Repository.open(at: path)
        var backend: UnsafeMutablePointer<git_odb_backend>?
        try check(git_mempack_new(&backend), "git_mempack_new")
        var odb: OpaquePointer?
        do {
            try check(git_repository_odb(&odb, repository.pointer), "git_repository_odb")
        } catch {
            backend!.pointee.free(backend)
            throw error
        }
        defer { git_odb_free(odb) }
        // Above every other backend, so writes land here; reads still fall through to disk.
        if git_odb_add_backend(odb, backend, 1000) < 0 {
            let error = GitError.last(-1, "git_odb_add_backend")
            backend!.pointee.free(backend)
            throw error
        }
        self.backend = backend!
    }

    /// Writes every object of the batch as one packfile (with its index) into the repository.
    /// The batch cannot be used afterwards.
    public func finish() throws {
        precondition(!finished, "ObjectBatch.finish called twice")
        finished = true
        var pack = git_buf()
        defer { git_buf_dispose(&pack) }
        try check(git_mempack_dump(&pack, repository.pointer, backend), "git_mempack_dump")
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, repository.pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        var writer: UnsafeMutablePointer<git_odb_writepack>?
        try check(git_odb_write_pack(&writer, odb, nil, nil), "git_odb_write_pack")
        defer { writer!.pointee.free(writer) }
        var stats = git_indexer_progress()
        try check(writer!.pointee.append(writer, pack.ptr, pack.size, &stats), "git_odb_writepack.append")
        try check(writer!.pointee.commit(writer, &stats), "git_odb_writepack.commit")
        _ = git_mempack_reset(backend)
    }
}
