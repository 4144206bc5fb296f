import CLibGit2

extension Repository {
    /// Writes `bytes` as a blob and returns its id (a no-op if the blob already exists).
    package func writeBlob(_ bytes: [UInt8]) throws -> ObjectID {
        var oid = git_oid()
        _ = try bytes.withUnsafeBytes { raw in
            try checkObjectWrite("git_blob_create_from_buffer") {
                git_blob_create_from_buffer(&oid, pointer, raw.baseAddress, raw.count)
            }
        }
        return ObjectID(oid)
    }

    /// Reads a blob's content.
    package func readBlob(_ id: ObjectID) throws -> [UInt8] {
        try withBlob(id) { Array($0) }
    }

    /// A blob's size in bytes, from the object header only.
    package func blobSize(_ id: ObjectID) throws -> Int {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        var oid = id.raw
        var size = 0
        var type = GIT_OBJECT_ANY
        try check(git_odb_read_header(&size, &type, odb, &oid), "git_odb_read_header")
        return size
    }

    /// Gives `body` the raw content of a blob without copying it; the buffer is valid only
    /// during the call.
    package func withBlob<T>(_ id: ObjectID, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        var oid = id.raw
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &oid), "git_blob_lookup")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        let buffer = UnsafeRawBufferPointer(start: git_blob_rawcontent(blob), count: size)
        return try body(buffer)
    }
}
