import Foundation
import LedgerCore
import Testing

/// Issue 46: an error code carries its HTTP status. `ErrorCode.httpStatus` is a switch without
/// a default, so a code added without a status does not compile; these tests keep the enum and
/// docs/cli.md's table of codes the same list.
@Suite("Error codes and their HTTP statuses")
struct ErrorCodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The codes docs/cli.md's "The codes:" table names.
    static func documentedCodes() throws -> Set<String> {
        let docs = try String(contentsOfFile: root + "/docs/cli.md", encoding: .utf8)
        let lines = docs.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("| area | codes |") })
        var codes = Set<String>()
        let word = try Regex("`([a-zA-Z]+)`")
        for line in lines[(start + 2)...].prefix(while: { $0.hasPrefix("|") }) {
            for match in line.matches(of: word) { codes.insert(String(match.output[1].substring!)) }
        }
        return codes
    }

    @Test("docs/cli.md lists exactly the codes ErrorCode has")
    func documented() throws {
        let documented = try Self.documentedCodes()
        let defined = Set(ErrorCode.allCases.map(\.rawValue))
        #expect(documented.count > 100, "the table was found")
        #expect(defined.subtracting(documented).sorted() == [], "codes missing from docs/cli.md")
        #expect(documented.subtracting(defined).sorted() == [], "documented codes ErrorCode lacks")
    }

    @Test("every code has a 4xx or 5xx status, by what it says about the request")
    func statuses() {
        for code in ErrorCode.allCases {
            #expect([400, 401, 403, 404, 409, 413, 415, 500, 503].contains(code.httpStatus), "\(code)")
        }
        // One of each kind, as docs/web.md ("Refusals") describes them.
        #expect(ErrorCode.usage.httpStatus == 400)
        #expect(ErrorCode.invalidTime.httpStatus == 400)
        #expect(ErrorCode.unknownEntry.httpStatus == 404)
        #expect(ErrorCode.nothingRunning.httpStatus == 409)
        #expect(ErrorCode.branchLocked.httpStatus == 503)
        #expect(ErrorCode.git.httpStatus == 500)
        #expect(ErrorCode.csrf.httpStatus == 403)
        #expect(ErrorCode.bodyTooLarge.httpStatus == 413)
    }

    @Test("a code's text is its case's name, as scripts read it")
    func rawValues() {
        #expect(ErrorCode(rawValue: "timeInFuture") == .timeInFuture)
        #expect(ErrorCode.localMovedBack.rawValue == "localMovedBack")
        #expect(ErrorCode(rawValue: "TimeInFuture") == nil)
    }
}
