import CLibGit2

/// The outcome of a three-way merge of one file's content.
package struct FileMergeResult: Sendable {
    /// True when the two sides changed different lines, so `content` is a clean merge; false when
    /// they changed the same lines (`content` then holds conflict markers and must not be used).
    package var automergeable: Bool
    package var content: [UInt8]
}

/// Three-way merges file contents in memory with libgit2's xdiff merge; nothing is written.
package func mergeFileContents(ancestor: [UInt8]?, ours: [UInt8], theirs: [UInt8]) throws -> FileMergeResult {
    _ = LibGit2.ready
    var result = git_merge_file_result()
    defer { git_merge_file_result_free(&result) }
    try withInput(ancestor ?? []) { ancestorInput in
        try withInput(ours) { oursInput in
            try withInput(theirs) { theirsInput in
                try check(git_merge_file(&result, &ancestorInput, &oursInput, &theirsInput, nil), "git_merge_file")
            }
        }
    }
    let content = result.ptr.map { Array(UnsafeRawBufferPointer(start: $0, count: result.len)) } ?? []
    return FileMergeResult(automergeable: result.automergeable != 0, content: content)
}

private func withInput(_ bytes: [UInt8], _ body: (inout git_merge_file_input) throws -> Void) throws {
    var input = git_merge_file_input()
    try check(git_merge_file_input_init(&input, UInt32(GIT_MERGE_FILE_INPUT_VERSION)), "git_merge_file_input_init")
    try bytes.withUnsafeBufferPointer { buffer in
        input.ptr = UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
        input.size = buffer.count
        input.mode = fileModeBlob
        try body(&input)
    }
}
