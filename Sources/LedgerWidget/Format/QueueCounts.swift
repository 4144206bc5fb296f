/// What each element of the queue is, as `alog widget pending` lists it, and the counts every
/// widget message takes from that one classification: the tap's "N waiting", the status bar's
/// `⏳N`, `pending`'s heading, and `drain`'s "N items left" and `--json` `queued`.
package struct QueueCounts: Sendable, Equatable {
    /// What `alog widget pending` says of an element.
    package enum Status: String, Sendable {
        /// Waiting for the next command that opens the vault.
        case queued
        /// A Green Streak action already committed; kept for its app an hour, never committed again.
        case processed
        /// The last drain could not commit it (the reason is the detail).
        case failed
        /// Same key as an earlier item: committed once.
        case duplicate
        /// Not an item at all (the detail says why).
        case invalid
    }

    /// Each element's status and detail, in queue order.
    package var rows: [(status: Status, detail: String?)] = []

    /// Classifies `queue`'s elements; `failures` is item key → why the last drain could not
    /// commit it.
    package init(_ queue: PendingQueue, failures: [String: String]) {
        var seen: Set<String> = []
        for element in queue.elements {
            switch element.item {
            case .failure(let error):
                rows.append((.invalid, error.reason))
            case .success(let item):
                var status = Status.queued
                var detail: String?
                if case .action(let action) = item, action.processed {
                    status = .processed
                } else if let reason = failures[item.key] {
                    (status, detail) = (.failed, reason)
                } else if seen.contains(item.key) {
                    (status, detail) = (.duplicate, "same as an earlier item; committed once")
                }
                if !element.unknownFields.isEmpty, detail == nil {
                    detail = "unknown fields ignored: " + element.unknownFields.joined(separator: ", ")
                }
                seen.insert(item.key)
                rows.append((status, detail))
            }
        }
    }

    package func count(_ status: Status) -> Int { rows.count { $0.status == status } }

    /// Every element but processed actions: what is still in the queue for the vault (or for
    /// you to fix). Processed actions stay in the file for their app, but are done.
    package var waiting: Int { rows.count - processed }
    package var processed: Int { count(.processed) }
    /// Those of `waiting` the next drain commits (duplicates are committed once, with the first).
    package var committable: Int { count(.queued) }
    /// Those of `waiting` that need you: items the last drain could not commit, and elements
    /// that are not items.
    package var blocked: Int { count(.failed) + count(.invalid) }

    package static func == (lhs: QueueCounts, rhs: QueueCounts) -> Bool {
        lhs.rows.map(\.status) == rhs.rows.map(\.status) && lhs.rows.map(\.detail) == rhs.rows.map(\.detail)
    }

    /// `3 items`, `1 item`.
    package static func items(_ count: Int) -> String { "\(count) item\(count == 1 ? "" : "s")" }

    /// `, and 1 processed action kept for its app`, or nothing.
    package var processedClause: String {
        processed == 0
            ? "" : ", and \(processed) processed action\(processed == 1 ? " kept for its app" : "s kept for their app")"
    }
}
