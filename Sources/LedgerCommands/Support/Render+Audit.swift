import LedgerCore
import LedgerOutput
import LedgerVault

extension Render {
    static func auditJSON(_ record: Vault.AuditRecord) -> String {
        JSONText.object(
            Render.eventMembers(record.event) + [
                ("commit", JSONText.string(record.commit.hex)),
                ("author", JSONText.string(record.author.name)),
                ("authorEmail", JSONText.string(record.author.email)),
                (
                    "committedAt",
                    JSONText.string(
                        LocalInstant(seconds: record.author.time, offset: record.author.offsetMinutes * 60).iso8601)
                ),
                ("file", JSONText.string(record.path)),
                ("line", String(record.line)),
            ])
    }

    static func auditLine(_ record: Vault.AuditRecord) -> String {
        let when = LocalInstant(seconds: record.author.time, offset: record.author.offsetMinutes * 60)
        return
            "\(Terminal.dim(String(record.commit.hex.prefix(10))))  \(when.iso8601)  \(Terminal.cyan(record.event.device))  \(DisplayText.escaped(record.author.name))  \(Terminal.dim(record.event.id.description))  \(eventSummary(record.event))"
    }
}
