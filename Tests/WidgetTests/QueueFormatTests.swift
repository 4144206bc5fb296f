import LedgerCore
import LedgerWidget
import Testing

@Suite("Widget queue and cache formats")
struct QueueFormatTests {
    func parse(_ text: String) -> PendingQueue { PendingQueue(parsing: Array(text.utf8)) }

    @Test("the seed's PendingActivities shape and the Green Streak action shape both read")
    func bothShapes() throws {
        let queue = parse(
            """
            [
              {"activityType": "sleep", "activityTime": 1703123456},
              {"id": "a1", "type": "quick_add", "taskId": "Meal", "date": "2023-12-21",
               "timestamp": "2023-12-21T12:30:00Z", "processed": false},
              {"id": "a2", "type": "quick_remove", "taskId": "meal", "date": "2023-12-21",
               "timestamp": "2023-12-21T12:31:00+01:00", "processed": true}
            ]
            """)
        #expect(queue.damage == nil)
        #expect(queue.items.count == 3)
        #expect(queue.items[0] == .activity(type: "sleep", time: 1_703_123_456))
        guard case .action(let add) = queue.items[1], case .action(let remove) = queue.items[2] else {
            Issue.record("expected two actions")
            return
        }
        #expect(add.kind == .quickAdd && add.taskID == "meal" && !add.processed)
        #expect(add.date == CivilDate(year: 2023, month: 12, day: 21))
        #expect(add.instant(zone: FixedOffsetZone(offset: 0)).seconds == 1_703_161_800)
        #expect(remove.kind == .quickRemove && remove.processed)
        #expect(remove.instant(zone: FixedOffsetZone(offset: 0)).offset == 3600)
        #expect(queue.elements[1].line == 3)
    }

    @Test("queue.log: whole records follow the array; an unfinished last record and damaged lines are not items")
    func queueLog() {
        func record(_ type: String, _ time: Int64) -> [UInt8] {
            QueueLog.record(PendingQueue.Element.activity(type: type, time: time).raw)
        }
        let array = Array("[{\"activityType\": \"wake\", \"activityTime\": 100}]".utf8)
        let first = record("meal", 200)
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("q1 "))
        #expect(
            String(decoding: first, as: UTF8.self).hasSuffix(" {\"activityType\": \"meal\", \"activityTime\": 200}\n"))
        var flipped = record("sleep", 300)
        flipped[flipped.count - 4] = UInt8(ascii: "9")  // 300 → 390: the checksum no longer matches
        let torn = Array(record("wake", 400).prefix(20))
        // A whole record appended after an unfinished one (only a power loss leaves that: a tap
        // cuts an unfinished end off first) is still read.
        let log =
            first + flipped + torn + record("meal", 500) + record("sleep", 600) + Array(record("wake", 700).prefix(30))
        let queue = PendingQueue(parsing: array, log: log)
        #expect(
            queue.items == [
                .activity(type: "wake", time: 100), .activity(type: "meal", time: 200),
                .activity(type: "meal", time: 500), .activity(type: "sleep", time: 600),
            ])
        #expect(queue.elements.map(\.origin) == [.array, .log, .log, .log])
        #expect(queue.elements.map(\.line) == [1, 1, 3, 4])
        #expect(queue.logDamage.map(\.line) == [2, 3])
        #expect(queue.logDamage[0].bytes == Array(flipped.dropLast()))
        #expect(queue.logDamage[1].bytes == torn)
        // Written back: each file holds its own elements; the damage and the unfinished end are gone.
        #expect(queue.encoded() == Array("[\n  {\"activityType\": \"wake\", \"activityTime\": 100}\n]\n".utf8))
        #expect(queue.encodedLog() == first + record("meal", 500) + record("sleep", 600))
        let scan = log.withUnsafeBytes { QueueLog.scan($0) { _, _ in } }
        #expect(scan.wholeLength == log.count - 30)
        #expect(PendingQueue(parsing: [], log: []).elements.isEmpty)
        #expect(PendingQueue(parsing: [], log: torn).elements.isEmpty, "half a record alone is nothing")
    }

    @Test("a truncated file keeps its whole items and reports where it breaks off")
    func truncated() {
        let queue = parse(
            "[\n  {\"activityType\": \"wake\", \"activityTime\": 100},\n  {\"activityType\": \"meal\", \"activityT")
        #expect(queue.items == [.activity(type: "wake", time: 100)])
        #expect(queue.damage?.line == 3)
        #expect(
            queue.damage.map { String(decoding: $0.bytes, as: UTF8.self) } == "{\"activityType\": \"meal\", \"activityT"
        )
    }

    @Test("bad elements are kept with a reason; unknown fields survive a rewrite byte for byte")
    func badElementsAndUnknownFields() {
        var queue = parse(
            """
            [{"activityType": 5, "activityTime": 1}, {"hello": 1},
             {"activityType": "meal", "activityTime": 7, "source": {"app": "phone"}},
             {"activityType": "meal", "activityTime": 1.5}]
            """)
        #expect(queue.damage == nil)
        #expect(queue.elements.count == 4)
        let reasons = queue.elements.map { element -> String? in
            if case .failure(let error) = element.item { return error.reason }
            return nil
        }
        #expect(reasons[0]?.contains("activityType") == true)
        #expect(reasons[1]?.contains("neither shape") == true)
        #expect(reasons[2] == nil)
        #expect(reasons[3]?.contains("whole unix seconds") == true)
        #expect(queue.elements[2].unknownFields == ["source"])
        queue.elements.append(.activity(type: "wake", time: 9))
        let rewritten = String(decoding: queue.encoded(), as: UTF8.self)
        #expect(
            rewritten.contains("{\"activityType\": \"meal\", \"activityTime\": 7, \"source\": {\"app\": \"phone\"}}"))
        #expect(parse(rewritten).elements.count == 5)
    }

    @Test("not an array, and text after the array, are damage; an empty file is an empty queue")
    func shapes() {
        #expect(parse("{\"sleep\": 1}").damage?.reason.contains("JSON array") == true)
        #expect(parse("[] x").damage?.reason.contains("after the closing") == true)
        #expect(parse("").elements.isEmpty && parse("").damage == nil)
        #expect(parse(" [ ] \n").damage == nil)
    }

    @Test("marking an action processed edits only that value, or adds it")
    func markProcessed() {
        var queue = parse(
            """
            [{"id": "x", "type": "quick_add", "taskId": "processed", "date": "2024-01-01",
              "timestamp": "2024-01-01T10:00:00Z", "processed" : false, "extra": [1, 2]},
             {"id": "y", "type": "quick_add", "taskId": "meal", "date": "2024-01-01", "timestamp": "2024-01-01T10:00:00Z"}]
            """)
        queue.elements[0].markProcessed()
        queue.elements[1].markProcessed()
        let reread = parse(String(decoding: queue.encoded(), as: UTF8.self))
        for item in reread.items {
            guard case .action(let action) = item else { continue }
            #expect(action.processed)
        }
        let text = String(decoding: queue.elements[0].raw, as: UTF8.self)
        #expect(text.contains("\"taskId\": \"processed\"") && text.contains("\"processed\" : true, \"extra\": [1, 2]"))
    }

    @Test("LastKnownActivities is the seed's dictionary of unix seconds")
    func lastKnown() {
        let bytes = LastKnownActivities.encode(["wake": 1_703_123_789, "sleep": 1_703_123_456, "meal": 1_703_123_555])
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "{\"meal\": 1703123555, \"sleep\": 1703123456, \"wake\": 1703123789}")
        #expect(
            LastKnownActivities.decode(bytes) == ["wake": 1_703_123_789, "sleep": 1_703_123_456, "meal": 1_703_123_555])
        #expect(LastKnownActivities.decode(Array("{\"sleep\": \"x\"}".utf8)) == nil)
    }

    @Test("the optimistic view is the later of cache and queue per type, minus known failures and future times")
    func view() {
        let queue: [PendingItem] = [
            .activity(type: "meal", time: 2_000), .activity(type: "wake", time: 500),
            .activity(type: "swim", time: 2_500),
            .activity(type: "sleep", time: 99_999), .activity(type: "meal", time: 2_000),
        ]
        let view = WidgetView(
            lastKnown: ["wake": 1_000, "meal": 1_500], queue: queue, failing: ["activity swim 2500"], now: 3_000)
        #expect(view.latest == ["wake": 1_000, "meal": 2_000])
        #expect(view.pendingCount == 5, "every element, duplicates, failing and future ones included")
        #expect(view.failingCount == 1, "the swim the last drain could not commit")
        let reading = view.reading(at: 3_000 + 3 * 3600)
        #expect(reading.conscious?.state == .awake)
        #expect(reading.consciousText == "3h 33m")
        #expect(reading.mealText == "3h 16m")
        let timeline = view.timeline(from: 3_000, count: 60)
        #expect(timeline.count == 60)
        #expect(timeline[59].date == 3_000 + 59 * 60)
        #expect(timeline[59].mealText == formatDuration(3_000 + 59 * 60 - 2_000))
    }
}
