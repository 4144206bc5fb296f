import LedgerCore
import LedgerNotes
import Testing

/// The links and the Advanced URI written: the seed's examples byte for byte, and every link
/// read back to its values.
@Suite struct TaskLinkBuildTests {
    typealias F = TaskLinkFixtures

    @Test func theSeedsStartLinkIsWrittenAsTheSeedWritesIt() {
        #expect(F.seedLink.url == F.seedStart)
        #expect(TaskLink.start(F.seedLink).url == F.seedStart)
    }

    @Test func theSeedsAdvancedURIIsWrittenAsTheSeedWritesIt() {
        let uri = AdvancedURI.completion(
            vault: "My Vault", filepath: F.seedID + ".md", success: "exocortex://task/completed")
        #expect(uri == F.seedAdvancedURI)
    }

    @Test func anAdvancedURIWithoutSuccessLeavesItOut() {
        #expect(
            AdvancedURI.completion(vault: "V", filepath: "Tasks/a b.md")
                == "obsidian://x-callback-url/advanced-uri?vault=V&filepath=Tasks%2Fa%20b.md&frontmatter=%7B%22ems__Effort_status%22%3A%20%22%5B%5Bems__EffortStatusDone%5D%5D%22%7D"
        )
    }

    @Test func theFrontmatterIsJSONEscapedThenPercentEncoded() {
        let uri = AdvancedURI.settingFrontmatter(
            vault: "v", filepath: "n.md", frontmatter: [("a\"b", "c\\d\ne"), ("k", "ü&=")])
        #expect(
            uri
                == "obsidian://x-callback-url/advanced-uri?vault=v&filepath=n.md&frontmatter=%7B%22a%5C%22b%22%3A%20%22c%5C%5Cd%5Cne%22%2C%20%22k%22%3A%20%22%C3%BC%26%3D%22%7D"
        )
    }

    @Test func aCompleteLinkIsWrittenWithItsOptionalParts() {
        #expect(TaskCompleteLink(id: "abc").url == "exocortex://task/complete?id=abc")
        let link = TaskCompleteLink(
            id: "abc", vaultName: "My Vault", callbacks: TaskLinkCallbacks(success: "exocortex://task/completed"))
        #expect(
            link.url
                == "exocortex://task/complete?id=abc&vaultName=My%20Vault&x-success=exocortex%3A%2F%2Ftask%2Fcompleted")
    }

    static let titles = [
        "Fix bug #123", "a+b=c & d", "100%", "  spaced  ", "café ☕️ 👨‍👩‍👧", "日本語のタスク", "x\u{2028}y",
        "!$'()*+,;=:@/?#[]{}|\\^`\"<>", String(repeating: "é", count: 500), String(repeating: "e\u{301}", count: 250),
    ]

    @Test(arguments: titles)
    func aStartLinkReadsBackToItsValues(_ title: String) throws {
        let callbacks = TaskLinkCallbacks(
            success: "obsidian://x-callback-url/open?vault=My%20Vault&a=b", cancel: "EXOCORTEX://x#frag[1]",
            error: "obsidian://open?file=%F0%9F%98%80")
        for offset: Int32 in [0, 3600, -5 * 3600 - 1800, 14 * 3600] {
            let link = TaskStartLink(
                id: "A-z-09", title: title, startTime: LocalInstant(seconds: F.seedStartSeconds, offset: offset),
                vaultName: "My Vault ü", callbacks: callbacks)
            #expect(try TaskLink.parse(link.url, now: F.now, vaultName: "My Vault ü") == .start(link))
        }
    }

    @Test func aCompleteLinkReadsBackToItsValues() throws {
        for link in [
            TaskCompleteLink(id: "a"), TaskCompleteLink(id: String(repeating: "9", count: 255), vaultName: "v & w"),
            TaskCompleteLink(id: "x", callbacks: TaskLinkCallbacks(cancel: "obsidian://a")),
        ] {
            #expect(try TaskLink.parse(link.url, now: 0, vaultName: nil) == .complete(link))
        }
    }
}
