import CLibGit2

extension Repository {
    /// The bytes of the tree `id` as stored (git's tree format), read through the object
    /// database: for callers that edit a tree on its bytes without libgit2 (the front's
    /// `CommitTip`).
    package func treeBytes(_ id: ObjectID) throws -> [UInt8] {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        var oid = id.raw
        var object: OpaquePointer?
        try check(git_odb_read(&object, odb, &oid), "git_odb_read")
        defer { git_odb_object_free(object) }
        guard git_odb_object_type(object) == GIT_OBJECT_TREE else {
            throw GitError(code: .other(-1), message: "\(id.hex) is not a tree", function: "git_odb_read")
        }
        guard let data = git_odb_object_data(object) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: git_odb_object_size(object)))
    }
}
