import Foundation
import LedgerGit
import TestSupport
import Testing

@Suite("libgit2 errors in the system's words")
struct GitErrorTests {
    @Test("an OS error from libgit2 reads as the system's message, with the path and the fix")
    func systemMessages() {
        let full = GitError(
            code: .other(-1), message: "failed to write reflog '/v/.git/logs/refs/heads/main': File too large",
            function: "git_reference_create_matching", errorClass: 2)
        #expect(full.systemError?.reason == "File too large")
        #expect(full.systemError?.path == "/v/.git/logs/refs/heads/main")
        #expect(full.description.hasPrefix("File too large (/v/.git/logs/refs/heads/main); "))
        #expect(full.description.contains("ulimit -f"))

        let space = GitError(
            code: .other(-1),
            message: "failed to create temporary file '/v/.git/objects/ab/tmp_object_git2_x': No space left on device",
            function: "git_odb_write", errorClass: 2)
        #expect(
            space.description.hasPrefix("No space left on device (/v/.git/objects/ab/tmp_object_git2_x); free some"))
        let denied = GitError(
            code: .other(-1), message: "could not open '/v/.git/index' for writing: Permission denied",
            function: "git_index_write", errorClass: 2)
        #expect(denied.description.hasPrefix("Permission denied (/v/.git/index); check the permissions"))

        let other = GitError(code: .notFound, message: "object not found", function: "git_commit_lookup")
        #expect(other.systemError == nil)
        #expect(other.description.hasPrefix("git reported: object not found; 'git status' and 'git fsck'"))
        #expect(!other.description.contains("git_commit_lookup"))
    }

    @Test(
        "a folder where a file belongs, met by libgit2 staging or hashing it, is said as a folder with its path and the mv, never as a damaged object store"
    )
    func folderInPlace() throws {
        let dir = TemporaryDirectory()
        _ = try git("init", "-q", "-b", "main", in: dir.path)
        try FileManager.default.createDirectory(atPath: dir.sub("notes/day.md"), withIntermediateDirectories: true)
        try writeFile(dir.sub("notes/day.md/inside.md"), "x\n")
        let repo = try Repository.open(at: dir.path)
        let full = try #require(repo.workingDirectory) + "notes/day.md"
        for attempt in [{ try repo.stageFiles(["notes/day.md"]) }, { _ = try repo.hashWorkingFile("notes/day.md") }] {
            let error = try #require(throws: GitError.self) { try attempt() }
            #expect(error.isFolderInPlace, "\(error.message)")
            #expect(error.area == .other)
            #expect(!error.description.contains("object store"), "\(error.description)")
            #expect(!error.description.contains("error reading file for hashing"), "\(error.description)")
            #expect(
                error.description.hasPrefix("'\(full)' is a folder where git expects a file"), "\(error.description)")
            #expect(error.description.contains("mv \(full) \(full).folder"), "\(error.description)")
        }
        // libgit2's own words for a folder read as a file name no path: said without one.
        let bare = GitError(
            code: .other(-1), message: "error reading file for hashing: Is a directory",
            function: "git_repository_hashfile", errorClass: 2)
        #expect(bare.isFolderInPlace)
        #expect(
            bare.description.hasPrefix("a folder stands where git expects a file (error reading file for hashing"),
            "\(bare.description)")
    }
}
