package import LedgerCore

/// One item of the widget's pending queue. Two shapes are accepted, both written by the iOS
/// activity apps whose widget data alog shares:
///
/// - the NavWidget's `PendingActivities` item: `{"activityType": "sleep", "activityTime": 1703123456}`
///   (unix seconds);
/// - Green Streak's `PendingWidgetAction`: `{"id": "…", "type": "quick_add" | "quick_remove",
///   "taskId": "meal", "date": "2026-11-21", "timestamp": "2026-11-21T12:30:00Z", "processed": false}`,
///   where `taskId` names the activity type.
package enum PendingItem: Hashable, Sendable {
    case activity(type: String, time: Int64)
    case action(WidgetAction)

    /// What makes two items the same tap: type and second for an activity, the id for an
    /// action. The drain commits one event per key, so a duplicated item counts once.
    package var key: String {
        switch self {
        case .activity(let type, let time): "activity \(type) \(time)"
        case .action(let action): "action \(action.id)"
        }
    }

    /// The activity type the item is about.
    package var type: String {
        switch self {
        case .activity(let type, _): type
        case .action(let action): action.taskID
        }
    }
}

/// A Green Streak widget action.
package struct WidgetAction: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        /// Log the task's activity type at `timestamp`.
        case quickAdd = "quick_add"
        /// Remove the latest live entry of the type on `date` (the widget's "undo today's tap").
        case quickRemove = "quick_remove"
    }

    package var id: String
    package var kind: Kind
    package var taskID: String
    package var date: CivilDate
    /// The tap's instant; an ISO 8601 text without an offset is read in the local zone.
    package var timestamp: ISO8601.Parsed
    package var processed: Bool

    package init(
        id: String, kind: Kind, taskID: String, date: CivilDate, timestamp: ISO8601.Parsed, processed: Bool
    ) {
        self.id = id
        self.kind = kind
        self.taskID = taskID
        self.date = date
        self.timestamp = timestamp
        self.processed = processed
    }

    /// The tap's instant in `zone` when the timestamp carried no offset.
    package func instant(zone: any TimeZoneRules) -> LocalInstant {
        timestamp.instant ?? zone.instant(forLocal: timestamp.localSeconds)
    }
}
