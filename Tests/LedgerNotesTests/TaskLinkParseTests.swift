import LedgerCore
import LedgerNotes
import Testing

/// The structure of a task link: the seed's examples, the scheme, the host, the path, the
/// query's parts and the x-cancel a refusal carries.
@Suite struct TaskLinkParseTests {
    typealias F = TaskLinkFixtures

    @Test func theSeedsExampleReadsToItsValues() throws {
        #expect(try F.parse(F.seedStart) == .start(F.seedLink))
        // Without the vault to compare with, too.
        #expect(try F.parse(F.seedStart, vault: nil) == .start(F.seedLink))
    }

    @Test func theSeedsTestLinkHasNoCallbacks() throws {
        let link = try F.startLink(
            "exocortex://task/start?id=abc&title=Test&startTime=2025-11-01T10:00:00Z&vaultName=Vault", vault: "Vault")
        #expect(link.id == "abc")
        #expect(link.title == "Test")
        #expect(link.callbacks == TaskLinkCallbacks())
        #expect(link.startTime == LocalInstant(seconds: F.seedStartSeconds - 1800, offset: 0))
    }

    @Test func aCompleteLinkNeedsOnlyItsID() throws {
        #expect(try F.parse("exocortex://task/complete?id=abc-1") == .complete(TaskCompleteLink(id: "abc-1")))
        let full = try F.parse(
            "exocortex://task/complete?id=abc&vaultName=My%20Vault&title=ignored&x-success=exocortex%3A%2F%2Ftask%2Fcompleted&x-error=obsidian%3A%2F%2Fopen"
        )
        #expect(
            full
                == .complete(
                    TaskCompleteLink(
                        id: "abc", vaultName: "My Vault",
                        callbacks: TaskLinkCallbacks(success: "exocortex://task/completed", error: "obsidian://open"))))
        F.expectRefused("exocortex://task/complete?vaultName=My%20Vault", .missingParameter, "id", mentions: ["id"])
        F.expectRefused("exocortex://task/complete", .missingParameter, "id")
        F.expectRefused("exocortex://task/complete?id=a&vaultName=Other", .wrongVault, "vaultName")
        F.expectRefused("exocortex://task/complete?id=a%2Fb", .invalidValue, "id")
        F.expectRefused("exocortex://task/complete?id=a&x-success=https%3A%2F%2Fx", .invalidValue, "x-success")
    }

    @Test func theSchemeAndTheHostAreCaseInsensitiveThePathIsNot() throws {
        let upper = F.start().replacingPrefix("exocortex://task/", with: "EXOCORTEX://TASK/")
        #expect(try F.startLink(upper).id == "abc-123")
        let mixed = F.start().replacingPrefix("exocortex://task/", with: "ExoCortex://Task/")
        #expect(try F.startLink(mixed).id == "abc-123")
        F.expectRefused(
            F.start().replacingPrefix("exocortex://task/start", with: "exocortex://task/Start"), .notATaskLink, nil)
    }

    @Test(arguments: [
        "http://task/start?id=a", "https://task/start?id=a", "obsidian://task/start?id=a", "javascript:alert(1)",
        "file:///etc/passwd", "exocortex-x://task/start?id=a", "://task/start?id=a", "task/start?id=a", "",
        " exocortex://task/start?id=a", "1exocortex://task/start", "exo cortex://task/start",
    ])
    func otherSchemesAreRefused(_ text: String) {
        F.expectRefused(text, .notATaskLink, nil)
    }

    @Test(arguments: [
        "exocortex:task/start?id=a", "exocortex:/task/start?id=a", "exocortex://user@task/start?id=a",
        "exocortex://task:80/start?id=a", "exocortex://tasks/start?id=a", "exocortex:///start?id=a",
        "exocortex://%74ask/start?id=a", "exocortex://task./start?id=a", "exocortex://task?id=a",
        "exocortex://task", "exocortex://task/", "exocortex://task/start/?id=a", "exocortex://task//start?id=a",
        "exocortex://task/stop?id=a", "exocortex://task/st%61rt?id=a", "exocortex://task/start;x?id=a",
        "exocortex://task/start/../start?id=a", "exocortex://task/completed?id=a",
        "exocortex://task/start#frag", "exocortex://task/complete#?id=a",
    ])
    func otherHostsPathsAndFragmentsAreRefused(_ text: String) {
        F.expectRefused(text, .notATaskLink, nil)
    }

    @Test func aFragmentInTheQueryIsRefusedNamingTheParameter() {
        F.expectRefused(F.start(["title": "Fix%20bug%20#123"]), .malformed, "title", mentions: ["%23", "fragment"])
        F.expectRefused(F.start(extra: "#x"), .malformed, "x-cancel", mentions: ["%23"])
    }

    @Test func unknownParametersAreIgnoredEmptyPartsSkipped() throws {
        let text = F.start(["x-source": "Obsidian", "other": "1", "flag": nil], extra: "&&flag&x-source=again&")
        #expect(try F.startLink(text).id == "abc-123")
        #expect(
            try F.startLink(F.start().replacingPrefix("exocortex://task/start?", with: "exocortex://task/start?&")).id
                == "abc-123")
        // A name is decoded before it is compared; names are case-sensitive.
        #expect(try F.startLink(F.start(["id": nil, "%69d": "x1"])).id == "x1")
        F.expectRefused(F.start(["id": nil, "ID": "x1"]), .missingParameter, "id")
    }

    @Test func aParameterTheLinkReadsMayBeGivenOnlyOnce() {
        F.expectRefused(F.start(extra: "&id=abc-123"), .duplicateParameter, "id", mentions: ["more than once"])
        F.expectRefused(F.start(extra: "&title=Other"), .duplicateParameter, "title")
        F.expectRefused(F.start(extra: "&%74itle=Other"), .duplicateParameter, "title")
        F.expectRefused(
            F.start(["x-success": "obsidian%3A%2F%2Fa"], extra: "&x-success=obsidian%3A%2F%2Fb"), .duplicateParameter,
            "x-success")
        // x-cancel twice: ambiguous, so the refusal carries none.
        let error = F.expectRefused(F.start(extra: "&x-cancel=obsidian%3A%2F%2Fb"), .duplicateParameter, "x-cancel")
        #expect(error?.cancel == nil)
    }

    @Test func aParameterWithoutAValueIsRefused() {
        F.expectRefused(F.start(["id": nil], extra: "&id"), .invalidValue, "id", mentions: ["id=value"])
        F.expectRefused(F.start(extra: "&x-error"), .invalidValue, "x-error")
        // `=` with nothing after it is an empty value: each rule says why that is refused.
        F.expectRefused(F.start(["id": ""]), .invalidValue, "id", mentions: ["empty"])
        // `=` after the first one belongs to the value.
        F.expectRefused(F.start(["id": "a=b"]), .invalidValue, "id", mentions: ["'a=b'"])
    }

    @Test func missingParametersAreNamedAllAtOnce() {
        for name in ["id", "title", "startTime", "vaultName"] {
            F.expectRefused(F.start([name: nil]), .missingParameter, name, mentions: [name])
        }
        F.expectRefused(
            "exocortex://task/start", .missingParameter, "id", mentions: ["id, title, startTime, vaultName"])
        F.expectRefused(
            "exocortex://task/start?x-source=Obsidian&title=a", .missingParameter, "id",
            mentions: ["id, startTime, vaultName"])
        // The callbacks are optional.
        #expect(throws: Never.self) { try F.parse(F.start(["x-cancel": nil])) }
    }

    @Test func aRefusalCarriesAValidCancelOnly() {
        let cancel = "obsidian://open?vault=My%20Vault"
        #expect(F.refusal(F.start(["id": "a%20b"]))?.cancel == cancel)
        #expect(F.refusal(F.start(["title": "%0A"]))?.cancel == cancel)
        #expect(F.refusal(F.start(["vaultName": "Other"]))?.cancel == cancel)
        #expect(F.refusal(F.start(["startTime": "2099-01-01T00:00:00Z"]))?.cancel == cancel)
        #expect(F.refusal(F.start(["x-success": "http%3A%2F%2Fevil"]))?.cancel == cancel)
        #expect(F.refusal(F.start(["other": "%FF"]))?.cancel == cancel)
        // Given before the part that fails, or after it.
        #expect(F.refusal("exocortex://task/start?id=a%20b&x-cancel=exocortex%3A%2F%2Fx")?.cancel == "exocortex://x")
        // An invalid x-cancel is no way out.
        #expect(F.refusal(F.start(["id": "a b", "x-cancel": "http%3A%2F%2Fevil"]))?.cancel == nil)
        #expect(F.refusal(F.start(["x-cancel": "http%3A%2F%2Fevil"]))?.cancel == nil)
        #expect(F.refusal(F.start(["x-cancel": "obsidian%3A%2F%2F%0A"]))?.cancel == nil)
        #expect(F.refusal(F.start(["x-cancel": "obsidian://a b"]))?.cancel == nil)
        #expect(F.refusal(F.start(["x-cancel": "%ZZ"]))?.cancel == nil)
        // Nor is one from a URL that is not a task link.
        let elsewhere = F.start().replacingPrefix("exocortex://task/start", with: "exocortex://task/stop")
        #expect(F.refusal(elsewhere)?.cancel == nil)
        #expect(F.refusal(F.start().replacingPrefix("exocortex:", with: "http:"))?.cancel == nil)
    }

    @Test func theSeedsExampleRefusedForEachRuleKeepsItsCancel() {
        let seed = F.seedStart
        let cases: [(String, String, TaskLinkError.Kind)] = [
            ("id=550e8400-e29b-41d4-a716-446655440000", "id=550e8400_e29b", .invalidValue),
            ("title=Fix%20bug%20%23123", "title=%20%20", .invalidValue),
            ("startTime=2025-11-01T10%3A30%3A00Z", "startTime=2025-11-03T10%3A30%3A00Z", .startInFuture),
            ("startTime=2025-11-01T10%3A30%3A00Z", "startTime=2025-11-01", .invalidValue),
            ("vaultName=My%20Vault", "vaultName=Your%20Vault", .wrongVault),
            ("x-success=obsidian%3A%2F", "x-success=https%3A%2F", .invalidValue),
        ]
        for (from, to, kind) in cases {
            let text = seed.replacingFirst(from, with: to)
            #expect(text != seed)
            let error = F.refusal(text)
            #expect(error?.kind == kind, "\(text)")
            #expect(error?.cancel == F.seedCallback)
        }
        F.expectRefused(seed.replacingFirst("id=550e8400", with: "id=550e8400&id=2"), .duplicateParameter, "id")
        F.expectRefused(seed.replacingFirst("title=Fix%20bug%20%23123&", with: ""), .missingParameter, "title")
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        guard hasPrefix(prefix) else { return self }
        return replacement + dropFirst(prefix.count)
    }

    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
