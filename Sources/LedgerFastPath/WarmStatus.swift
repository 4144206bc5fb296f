package import LedgerCore
internal import LedgerGitLayout
internal import LedgerStore
internal import LedgerSystem
package import LedgerWidget

/// `alog status` answered from the summary cache alone, so the front can print it without
/// libgit2 or the argument parser. That is exactly what the full CLI would do on the same
/// vault when nothing needs git:
/// - the summary cache (`<git dir>/alog/summary.bin`) reflects the commit HEAD points at;
/// - the widget has nothing queued and no interrupted drain (the full CLI would commit those
///   first);
/// - no write was interrupted (the full CLI would finish it first: a `branch-intent` left);
/// - no removed event lines are pending (the full CLI warns about them: a `removals` file).
/// - HEAD names a branch (on a detached HEAD the full CLI warns on every command).
///
/// Anything else — HEAD moved by a pull, an unborn branch, an unusual ref layout, a missing or
/// torn cache — answers nil, and the caller hands the command to the full CLI.
package enum WarmStatus {
    /// `head`: the commit HEAD resolves to, when the caller has just resolved it.
    package static func summary(gitDirectory: String, head known: String? = nil) -> StatusSummary? {
        let stateDirectory = StateDirectory(gitDirectory: gitDirectory)
        let store = widgetStore(gitDirectory: gitDirectory)
        guard !store.hasWork, !FileSystem.exists(stateDirectory.branchIntent),
            !FileSystem.exists(stateDirectory.removals),
            let head = known ?? headCommit(gitDirectory),
            let (commit, payload) = try? CacheFile.read(stateDirectory.summaryCache), commit == head,
            let summary = payload.withUnsafeBytes({ StatusSummary(serialized: $0) })
        else { return nil }
        // As the full CLI's `ensureWidgetCache`: a widget cache that is missing (or has no
        // running-timer file yet) is written now.
        if !store.cacheIsCurrent {
            try? store.refresh(from: summary)
        }
        return summary
    }

    /// The widget's store of the vault whose git directory is `gitDirectory`. The vault's
    /// folder is the git directory's parent in a plain work tree; elsewhere (a separate git
    /// directory) it is not known here, and current_task.json is left alone.
    package static func widgetStore(gitDirectory: String) -> WidgetStore {
        let folder = gitDirectory.hasSuffix("/.git/") ? gitDirectory.dropLast(6).split(separator: "/").last : nil
        return WidgetStore(
            stateDirectory: StateDirectory(gitDirectory: gitDirectory), vaultName: folder.map(String.init))
    }

    /// A detached HEAD is the full CLI's (it says so on every command).
    private static func headCommit(_ gitDirectory: String) -> String? {
        guard case .commit(let head)? = HeadFile.resolve(gitDirectory: gitDirectory, detached: false) else {
            return nil
        }
        return head
    }
}
