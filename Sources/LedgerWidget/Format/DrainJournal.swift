package import LedgerCore

/// What a drain is about to commit, written before the commit so that a drain killed at any
/// point can be finished by the next one: the events (ids, stamps and wall time fixed, so
/// committing them again is recognised as done) and the keys of the queue items they came from.
///
///     alog-drain 1
///     key activity sleep 1703123456
///     event {"v":1,"id":"…",…}
package struct DrainJournal: Equatable, Sendable {
    package var keys: [String]
    package var events: [Event]

    package init(keys: [String], events: [Event]) {
        self.keys = keys
        self.events = events
    }

    package func encoded() -> [UInt8] {
        var out = Array("alog-drain 1\n".utf8)
        for key in keys { out += Array("key \(key)\n".utf8) }
        for event in events { out += Array("event ".utf8) + EventLine.encode(event) + [UInt8(ascii: "\n")] }
        return out
    }

    /// Nil when the bytes are not a journal this version wrote.
    package init?(decoding bytes: [UInt8]) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        guard let first = lines.first, String(decoding: first, as: UTF8.self) == "alog-drain 1" else { return nil }
        var keys: [String] = []
        var events: [Event] = []
        for line in lines.dropFirst() {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("key ") {
                keys.append(String(text.dropFirst(4)))
            } else if text.hasPrefix("event "), case .success(let event) = EventLine.decode(String(text.dropFirst(6))) {
                events.append(event)
            } else {
                return nil
            }
        }
        self.init(keys: keys, events: events)
    }
}
