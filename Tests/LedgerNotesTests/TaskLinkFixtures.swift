import LedgerCore
import LedgerNotes
import Testing

/// The seed's examples and helpers shared by the task-link tests.
enum TaskLinkFixtures {
    /// The seed's example start link (Protocol 1).
    static let seedStart =
        "exocortex://task/start?id=550e8400-e29b-41d4-a716-446655440000&title=Fix%20bug%20%23123&startTime=2025-11-01T10%3A30%3A00Z&vaultName=My%20Vault&x-success=obsidian%3A%2F%2Fx-callback-url%2Fopen%3Fvault%3DMy%2520Vault&x-cancel=obsidian%3A%2F%2Fx-callback-url%2Fopen%3Fvault%3DMy%2520Vault"
    /// The seed's example completion (Protocol 2).
    static let seedAdvancedURI =
        "obsidian://x-callback-url/advanced-uri?vault=My%20Vault&filepath=550e8400-e29b-41d4-a716-446655440000.md&frontmatter=%7B%22ems__Effort_status%22%3A%20%22%5B%5Bems__EffortStatusDone%5D%5D%22%7D&x-success=exocortex%3A%2F%2Ftask%2Fcompleted"
    static let seedID = "550e8400-e29b-41d4-a716-446655440000"
    /// 2025-11-01T10:30:00Z.
    static let seedStartSeconds: Int64 = 1_761_993_000
    /// A day after the seed's start.
    static let now: Int64 = seedStartSeconds + 86_400
    static let seedCallback = "obsidian://x-callback-url/open?vault=My%20Vault"

    static let seedLink = TaskStartLink(
        id: seedID, title: "Fix bug #123", startTime: LocalInstant(seconds: seedStartSeconds, offset: 0),
        vaultName: "My Vault", callbacks: TaskLinkCallbacks(success: seedCallback, cancel: seedCallback))

    /// `exocortex://task/start?` with the seed's values, each part replaceable: `parts` maps a
    /// parameter to its raw (already encoded) text, nil to leave it out.
    static func start(_ overrides: [String: String?] = [:], extra: String = "") -> String {
        var parts: [(String, String?)] = [
            ("id", "abc-123"), ("title", "Write%20report"), ("startTime", "2025-11-01T10:30:00Z"),
            ("vaultName", "My%20Vault"), ("x-cancel", "obsidian%3A%2F%2Fopen%3Fvault%3DMy%2520Vault"),
        ]
        for (name, value) in overrides {
            if let index = parts.firstIndex(where: { $0.0 == name }) {
                parts[index].1 = value
            } else {
                parts.append((name, value))
            }
        }
        let query = parts.compactMap { name, value in value.map { name + "=" + $0 } }.joined(separator: "&")
        return "exocortex://task/start?" + query + extra
    }

    static func parse(_ text: String, vault: String? = "My Vault") throws(TaskLinkError) -> TaskLink {
        try TaskLink.parse(text, now: now, vaultName: vault)
    }

    static func startLink(_ text: String, vault: String? = "My Vault") throws -> TaskStartLink {
        guard case .start(let link) = try parse(text, vault: vault) else {
            throw Unexpected()
        }
        return link
    }

    /// The refusal of `text`, or nil when it was accepted.
    static func refusal(_ text: String, vault: String? = "My Vault", now: Int64 = now) -> TaskLinkError? {
        do {
            _ = try TaskLink.parse(text, now: now, vaultName: vault)
            return nil
        } catch {
            return error
        }
    }

    struct Unexpected: Error {}

    /// Expects `text` refused with `kind`, naming `parameter`, in one line that contains each
    /// of `mentions`; returns the refusal.
    @discardableResult
    static func expectRefused(
        _ text: String, _ kind: TaskLinkError.Kind, _ parameter: String?, mentions: [String] = [],
        vault: String? = "My Vault", now: Int64 = now, sourceLocation: SourceLocation = #_sourceLocation
    ) -> TaskLinkError? {
        guard let error = refusal(text, vault: vault, now: now) else {
            Issue.record("accepted: \(text)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.parameter == parameter, "\(error)", sourceLocation: sourceLocation)
        #expect(error.code == .invalidTaskLink, sourceLocation: sourceLocation)
        let oneLine = !error.description.contains(where: \.isNewline)
        #expect(oneLine, "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("invalid task link: "), sourceLocation: sourceLocation)
        #expect(error.description.contains("accepted"), "\(error)", sourceLocation: sourceLocation)
        for mention in mentions {
            #expect(error.description.contains(mention), "\(error) lacks \(mention)", sourceLocation: sourceLocation)
        }
        return error
    }
}
