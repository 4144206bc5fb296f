import LedgerMessages
package import LedgerVault
package import LedgerWidget

/// `widget drain`: the widget's queued taps committed now (every other write does it first).
/// The web server performs it whenever the queue changes, so a read never has to.
package struct DrainQueueRequest: UseCase {
    package init() {}

    package func perform(in access: VaultAccess) throws -> QueueDrained {
        let vault = try access.open(drainingWidgetQueue: false)
        let report = try vault.widgetDrain.drainWidgetQueue() ?? VaultWidgetDrain.DrainOutcome()
        try vault.ensureWidgetCache()
        let snapshot = vault.widgetStore.snapshot()
        return QueueDrained(report: report, counts: QueueCounts(snapshot.queue, failures: snapshot.failures))
    }
}

/// What a drain committed, and what is left in the queue.
package struct QueueDrained: WriteOutcome {
    package var report: VaultWidgetDrain.DrainOutcome
    package var counts: QueueCounts

    package var warnings: [Notice] { report.warnings }
    package var line: String {
        "committed \(report.committed) event\(report.committed == 1 ? "" : "s"); \(QueueCounts.items(counts.waiting)) left in the queue\(counts.processedClause)"
    }
}
