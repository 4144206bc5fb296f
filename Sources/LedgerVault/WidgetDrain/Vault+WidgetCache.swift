import LedgerCore
package import LedgerWidget

/// The widget's last-known cache, kept current by the vault's own summaries (every commit and
/// every fold of a new HEAD refreshes it), whoever drains the queue.
extension Vault {
    package var widgetStore: WidgetStore { WidgetStore(stateDirectory: stateFiles, vaultName: vaultName) }

    /// The vault's name as Obsidian shows it: its folder's name.
    public var vaultName: String {
        root.split(separator: "/").last.map(String.init) ?? root
    }

    /// Writes the widget's cache when it is missing or older than this version (a new clone, a
    /// vault used before the widget or its running-timer file existed); otherwise every summary
    /// of HEAD keeps it current.
    public func ensureWidgetCache() throws {
        guard !widgetStore.cacheIsCurrent else { return }
        refreshWidgetCache(try summary())
    }

    /// Writes the widget's last-known cache from a summary of HEAD.
    func refreshWidgetCache(_ summary: StatusSummary) {
        try? widgetStore.refresh(from: summary)
    }
}
