import Foundation
import Testing

@testable import LedgerVault

/// The append check and line count every commit's changed event files go through (`verify`,
/// `audit`, incremental folds): one `memcmp` and `memchr`, which must agree with the plain
/// definitions.
@Suite("Event file lines")
struct EventLinesTests {
    @Test("isAppend and lineCount agree with their plain definitions")
    func agreeWithDefinitions() {
        var rng = SystemRandomNumberGenerator()
        let lines = ["a\n", "{\"v\":1}\n", "\n", "xyz\n", "no newline"]
        for _ in 0..<2_000 {
            let old = Array((0..<Int.random(in: 0..<4, using: &rng)).map { _ in lines.randomElement()! }.joined().utf8)
            var new = old
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: new += Array(lines.randomElement()!.utf8)
            case 1: if !new.isEmpty { new[Int.random(in: 0..<new.count, using: &rng)] ^= 1 }
            case 2: new = Array(new.dropLast())
            default: break
            }
            let expected =
                new.count >= old.count && (old.isEmpty || old.last == 10) && new.prefix(old.count).elementsEqual(old)
            #expect(new.withUnsafeBytes { EventLines.isAppend(of: old, in: $0) } == expected, "\(old) \(new)")
            #expect(EventLines.lineCount(new) == new.filter { $0 == 10 }.count)
        }
        #expect([UInt8]().withUnsafeBytes { EventLines.isAppend(of: [], in: $0) })
        #expect(EventLines.lineCount([]) == 0)
    }
}
