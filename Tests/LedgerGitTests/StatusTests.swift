import Foundation
import LedgerGit
import TestSupport
import Testing

@Suite("Status of the working tree")
struct StatusTests {
    @Test("a folder left out is not looked into; deleted, nested and oddly named notes still show")
    func leavingOutAFolder() throws {
        let dir = TemporaryDirectory()
        _ = try git("init", "-q", "-b", "main", in: dir.path)
        for (path, text) in [
            (".alog/events/a.jsonl", "{}\n"), ("Note.md", "n\n"), ("Dir/b.md", "b\n"), ("Keep.md", "k\n"),
        ] {
            try writeFile(dir.sub(path), text)
        }
        _ = try git("add", "-A", in: dir.path)
        _ = try git("commit", "-qm", "start", in: dir.path)
        try FileManager.default.removeItem(atPath: dir.sub("Note.md"))
        try writeFile(dir.sub("Dir/b.md"), "changed\n")
        try writeFile(dir.sub("[a]*.md"), "glob characters, taken literally\n")
        try writeFile(dir.sub(".alog/events/a.jsonl"), "{}\n{}\n")
        try writeFile(dir.sub(".alog/events/new.jsonl"), "{}\n")

        let repository = try Repository.open(at: dir.path)
        #expect(try repository.changedPaths(leavingOut: [".alog"]) == ["Dir/b.md", "Note.md", "[a]*.md"])
        #expect(
            try repository.changedPaths() == [
                ".alog/events/a.jsonl", ".alog/events/new.jsonl", "Dir/b.md", "Note.md", "[a]*.md",
            ])
    }
}
