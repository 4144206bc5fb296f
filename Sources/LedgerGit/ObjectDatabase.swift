import CLibGit2
import CLibGit2Backends

extension Repository {
    /// Gives the repository an object database of its own: `writer` (a backend the caller made,
    /// which this takes over, also on failure) takes every write and answers for what it holds,
    /// and below it the forwarding backend answers everything else from the repository's
    /// current database without rescanning `objects/pack` (see forwarding_backend.c).
    /// `ObjectBatch` and `writingObjectsDirectly` differ only in the writer.
    func replaceObjectDatabase(writer: UnsafeMutablePointer<git_odb_backend>) throws {
        var forwarded: OpaquePointer?
        if git_repository_odb(&forwarded, pointer) < 0 {
            let error = GitError.last(-1, "git_repository_odb")
            writer.pointee.free(writer)
            throw error
        }
        var odb: OpaquePointer?
        if git_odb_new(&odb) < 0 {
            let error = GitError.last(-1, "git_odb_new")
            git_odb_free(forwarded)
            writer.pointee.free(writer)
            throw error
        }
        defer { git_odb_free(odb) }  // the repository keeps its own reference
        // The reader takes over `forwarded`; once added, the database owns each backend.
        var made: UnsafeMutableRawPointer?
        if alog_odb_forwarding_backend_new(&made, UnsafeMutableRawPointer(forwarded)) < 0 {
            git_odb_free(forwarded)
            writer.pointee.free(writer)
            throw GitError(code: .other(-1), message: "out of memory", function: "alog_odb_forwarding_backend_new")
        }
        let reader = made!.assumingMemoryBound(to: git_odb_backend.self)
        if git_odb_add_backend(odb, reader, 1) < 0 {
            let error = GitError.last(-1, "git_odb_add_backend")
            reader.pointee.free(reader)
            writer.pointee.free(writer)
            throw error
        }
        // Above the reader, so writes land in the writer; reads of older objects fall through.
        if git_odb_add_backend(odb, writer, 1000) < 0 {
            let error = GitError.last(-1, "git_odb_add_backend")
            writer.pointee.free(writer)
            throw error
        }
        try check(git_repository_set_odb(pointer, odb), "git_repository_set_odb")
    }
}
