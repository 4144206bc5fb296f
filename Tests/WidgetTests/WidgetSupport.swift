import Foundation
import LedgerWidget
import TestSupport

/// The fixed "now" of the widget tests: 2030-01-01T12:00:00Z.
let testNow: Int64 = 1_893_499_200

/// Runs the built `alog` front against `vault` with a fixed clock and zone.
@discardableResult
func alog(_ arguments: [String], vault: String, now: Int64 = testNow, environment: [String: String] = [:]) throws
    -> ProcessResult
{
    try runAlog(arguments, vault: vault, now: String(now), environment: environment)
}

/// A new vault with a wake and a meal logged, and its widget directory.
func makeVault(_ home: TemporaryDirectory) throws -> (vault: String, widget: String) {
    let vault = home.sub("vault")
    _ = try alog(["init"], vault: vault)
    _ = try alog(["log", "wake", "--at", "2030-01-01T07:00:00Z"], vault: vault)
    _ = try alog(["log", "meal", "--at", "2030-01-01T11:15:00Z"], vault: vault)
    return (vault, vault + "/.git/alog/widget/")
}

func jsonObject(_ text: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
}

/// How often each (type, instant) was logged in the committed event files (read with git).
func loggedCounts(_ vault: String) throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for event in try committedEvents(vault) where event["kind"] as? String == "log" {
        counts["\(event["type"] as? String ?? "?") \(event["at"] as? String ?? "?")", default: 0] += 1
    }
    return counts
}

/// Writes queue text as another widget would (whole file replaced).
func writeQueue(_ widget: String, _ text: String) throws {
    try writeFile(widget + "PendingActivities.json", text)
}

/// The text of `queue.log` holding these activity taps, as alog appends them.
func logRecords(_ taps: [(type: String, time: Int64)]) -> String {
    taps.map { type, time in
        String(decoding: QueueLog.record(PendingQueue.Element.activity(type: type, time: time).raw), as: UTF8.self)
    }.joined()
}
