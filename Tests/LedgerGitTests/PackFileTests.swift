import Foundation
import LedgerGitFiles
import TestSupport
import Testing

@Suite("pack files")
struct PackFileTests {
    static func packs(_ counts: [Int]) -> [PackFile] {
        counts.enumerated().map { PackFile(name: "pack-\($0.offset)", objects: $0.element, kept: false) }
    }

    static func chosen(_ counts: [Int]) -> [Int] {
        PackFile.geometricRollUp(packs(counts)).compactMap(\.objects).sorted()
    }

    @Test("the geometric choice merges the small packs until what stays doubles at each step")
    func geometricRollUp() {
        // The history's big pack stays; the five small ones (and the 10 they outgrow) merge.
        #expect(Self.chosen([1000, 10, 5, 3, 2, 1]) == [1, 2, 3, 5, 10])
        // Already a progression: nothing.
        #expect(Self.chosen([100, 50, 25, 12, 6, 3]) == [])
        // Two equal packs: both.
        #expect(Self.chosen([10, 10]) == [10, 10])
        // Many sync-sized packs beside a big clone: all the small ones, not the clone.
        #expect(Self.chosen([5000] + Array(repeating: 8, count: 60)) == Array(repeating: 8, count: 60))
        // A merge that would outgrow the next pack takes it along.
        #expect(Self.chosen([400, 30, 20, 20]) == [20, 20, 30])
        #expect(Self.chosen([7]) == [] && Self.chosen([]) == [])
        // A pack whose index cannot be read is never chosen.
        let unreadable = [PackFile(name: "pack-x", objects: nil, kept: false)] + Self.packs([10, 10])
        #expect(PackFile.geometricRollUp(unreadable).map(\.name) == ["pack-0", "pack-1"])
        #expect(PackFile.geometricRollUp(Array(unreadable.prefix(2))).isEmpty)
    }

    @Test("packs are listed with git's own object counts; .keep and .promisor hold a pack")
    func listsPacks() throws {
        let dir = TemporaryDirectory()
        let repo = dir.sub("repo")
        #expect(try git("init", "-q", repo, in: dir.path).succeeded)
        for round in 0..<4 {
            for file in 0...round {
                try writeFile(repo + "/f\(round)-\(file)", "content \(round) \(file)\n")
            }
            _ = try git("add", "-A", in: repo)
            _ = try git("-c", "user.name=U", "-c", "user.email=u@x", "commit", "-qm", "r\(round)", in: repo)
            // The last pack's index in version 1 (no header; git still reads and writes it).
            #expect(try git("-c", "pack.indexVersion=\(round == 3 ? 1 : 2)", "repack", "-q", "-d", in: repo).succeeded)
        }
        let folder = repo + "/.git/objects/pack/"
        var listed = PackFile.list(in: folder)
        #expect(listed.count == 4)
        let versions = listed.map { pack in
            FileManager.default.contents(atPath: folder + pack.name + ".idx").map { Array($0.prefix(4)) }
        }
        #expect(versions.filter { $0 != [0xFF, 0x74, 0x4F, 0x63] }.count == 1, "one index of version 1")
        for pack in listed {
            // `verify-pack -v` prints a line for each object, starting with its id.
            let verified = try git("verify-pack", "-v", folder + pack.name + ".idx", in: repo).stdout
            let objects = verified.split(separator: "\n").filter { line in
                line.prefix(41).count == 41 && line.prefix(40).allSatisfy(\.isHexDigit)
                    && line.dropFirst(40).first == " "
            }
            #expect(pack.objects == objects.count, "\(verified)")
            #expect(!pack.kept)
        }
        try writeFile(folder + listed[0].name + ".keep", "")
        try writeFile(folder + listed[1].name + ".promisor", "")
        listed = PackFile.list(in: folder)
        #expect(listed.map(\.kept) == [true, true, false, false])
        // A damaged index has no count; a pack without its index is not listed.
        try writeFile(folder + listed[2].name + ".idx", "not an index")
        try writeFile(folder + "pack-0000.pack", "")
        listed = PackFile.list(in: folder)
        #expect(listed.count == 4 && listed[2].objects == nil)
    }
}
