import CLibGit2
import CLibGit2Backends

extension Repository {
    /// Runs `body` with the objects it writes stored as loose objects without libgit2's
    /// existence check rescanning `objects/pack`.
    ///
    /// Before writing an object, libgit2 asks every backend whether it exists; when none has it
    /// (the usual case for a new object), it refreshes the pack backend, which lists
    /// `objects/pack` again and reopens the multi-pack index, and asks once more. A commit of
    /// one event writes about eight objects, so about eight rescans. For the duration of `body`
    /// the repository gets an object database of its own: libgit2's loose backend for the same
    /// `objects` directory takes the writes (and finds them again), and below it the forwarding
    /// backend (`CLibGit2Backends`) answers everything else from the repository's real database
    /// without a rescan. Objects land exactly where they would otherwise, with the same modes
    /// and `core.fsyncObjectFiles`; an object that already exists in a pack is written once more
    /// as a loose object, which git tolerates and `gc` removes. The real database is put back
    /// afterwards, also when `body` throws. Trees edited on their bytes are written (and read
    /// back) by alog itself, uncompressed (`LooseObjects`).
    package func writingObjectsDirectly<T>(_ body: () throws -> T) throws -> T {
        var original: OpaquePointer?
        try check(git_repository_odb(&original, pointer), "git_repository_odb")
        defer { git_odb_free(original) }
        let fsync = (try? configBool("core.fsyncObjectFiles")) ?? nil
        var loose: UnsafeMutableRawPointer?
        try check(
            alog_odb_loose_backend_new(&loose, commonDirectory + "objects", fsync == true ? 1 : 0),
            "git_odb_backend_loose")
        try replaceObjectDatabase(writer: loose!.assumingMemoryBound(to: git_odb_backend.self))
        defer { git_repository_set_odb(pointer, original) }
        let outer = looseObjects
        looseObjects = LooseObjects(directory: commonDirectory + "objects/", syncs: fsync == true)
        defer { looseObjects = outer }
        return try body()
    }
}
