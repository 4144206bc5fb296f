import Foundation
import LedgerCore
import LedgerVault
import TestSupport
import Testing

/// What a server needs of the library (issue 22): one handle many requests share, reads in
/// parallel with writes, writes one at a time, nothing lost.
@Suite("A vault shared by concurrent callers")
struct SharedVaultTests {
    @Test("concurrent writes and reads through one SharedVault: every write lands once, the repository stays sound")
    func concurrentCallers() async throws {
        let dir = TemporaryDirectory()
        _ = try Vault.initialize(at: dir.path)
        let shared = try SharedVault(at: dir.path)
        let writers = 6
        let each = 8
        let ids = try await withThrowingTaskGroup(of: [EventID].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var ids: [EventID] = []
                    for index in 0..<each {
                        let at = at("2026-11-20T\(10 + writer):\(10 + index):00Z")
                        ids.append(
                            try await shared.write { try $0.log(type: "meal", at: at, note: "w\(writer)") }.events[0].id
                        )
                    }
                    return ids
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    // Readers see some prefix of the writes, never a damaged or half-written state.
                    for _ in 0..<10 {
                        let count = try shared.read { try $0.state().history.count }
                        #expect(count <= writers * each)
                    }
                    return []
                }
            }
            var all: [EventID] = []
            for try await part in group { all += part }
            return all
        }
        #expect(ids.count == writers * each && Set(ids).count == ids.count)
        let history = try shared.read { try $0.state().history.map(\.id) }
        #expect(Set(history) == Set(ids))
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
        #expect(
            try git("rev-list", "--count", "HEAD", in: dir.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == "\(1 + writers * each)")
        #expect(try git("status", "--porcelain", in: dir.path).stdout.isEmpty, "the index and work tree follow HEAD")
    }

    @Test("a folder that is not a vault is refused when the handle is made")
    func refusesNonVault() {
        let dir = TemporaryDirectory()
        #expect(throws: VaultError.self) { try SharedVault(at: dir.path) }
    }
}
