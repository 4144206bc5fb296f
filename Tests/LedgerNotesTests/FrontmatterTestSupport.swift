import LedgerNotes
import Testing
import Yams

/// A note's frontmatter as Yams reads it, to check an edit against a real YAML parser.
enum FrontmatterYAML {
    /// The top-level keys and values of `note`'s frontmatter, in order; empty without one.
    static func topLevel(_ note: [UInt8]) throws -> [(key: String, value: Node)] {
        guard let block = FrontmatterBlock(in: note) else { return [] }
        let yaml = String(decoding: note[block.yaml], as: UTF8.self)
        guard let node = try Yams.compose(yaml: yaml) else { return [] }
        guard case .mapping(let mapping) = node else {
            Issue.record("the frontmatter is not a map: \(yaml)")
            return []
        }
        return mapping.map { (key: $0.key.string ?? "\($0.key)", value: $0.value) }
    }

    /// The frontmatter of `note` loaded into Swift values (strings, numbers, booleans, dates).
    static func loaded(_ note: [UInt8]) throws -> [String: Any] {
        guard let block = FrontmatterBlock(in: note) else { return [:] }
        return try Yams.load(yaml: String(decoding: note[block.yaml], as: UTF8.self)) as? [String: Any] ?? [:]
    }

    /// Checks that `after` (the edit of `before`) reads `key` as the string `value`, and every
    /// other top-level key as `before` did, in the same order. `following` names keys whose
    /// value is an alias of the edited one (they follow it).
    static func check(
        before: [UInt8], after: [UInt8], key: String, value: String, following: Set<String> = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let old = try topLevel(before)
        let new = try topLevel(after)
        let edited = new.filter { $0.key == key }
        #expect(edited.count == 1, "\(key) once", sourceLocation: sourceLocation)
        if case .scalar(let scalar)? = edited.first?.value {
            #expect(scalar.string == value, sourceLocation: sourceLocation)
            #expect(try loaded(after)[key] as? String == value, "read as a string", sourceLocation: sourceLocation)
        } else {
            Issue.record(
                "\(key) is not a scalar: \(String(describing: edited.first?.value))", sourceLocation: sourceLocation)
        }
        let others = { (pairs: [(key: String, value: Node)]) in
            pairs.filter { $0.key != key && !following.contains($0.key) }
        }
        #expect(others(new).map(\.key) == others(old).map(\.key), sourceLocation: sourceLocation)
        for (newPair, oldPair) in zip(others(new), others(old)) {
            #expect(newPair.value == oldPair.value, "\(newPair.key) unchanged", sourceLocation: sourceLocation)
        }
    }
}

extension Array where Element == UInt8 {
    /// The bytes as text (for messages).
    var text: String { String(decoding: self, as: UTF8.self) }
}
