import LedgerSystem

/// A pack of `objects/pack/`, by its name (`pack-<id>`, its `.pack` and `.idx` both there).
package struct PackFile: Sendable, Equatable {
    package var name: String
    /// How many objects its index counts (nil when the index cannot be read as one).
    package var objects: Int?
    /// Held by a `.keep` file (or a partial clone's `.promisor`): git's repack leaves it as it
    /// is, and so does alog's.
    package var kept: Bool

    package init(name: String, objects: Int?, kept: Bool) {
        (self.name, self.objects, self.kept) = (name, objects, kept)
    }

    /// The packs in `directory` (`objects/pack/`, ending in `/`), by name.
    package static func list(in directory: String) -> [PackFile] {
        let names = Set(FileSystem.list(directory))
        return names.filter { $0.hasPrefix("pack-") && $0.hasSuffix(".idx") }.compactMap { index in
            let name = String(index.dropLast(".idx".count))
            guard names.contains(name + ".pack") else { return nil }
            return PackFile(
                name: name, objects: objectCount(index: directory + index),
                kept: names.contains(name + ".keep") || names.contains(name + ".promisor"))
        }.sorted { $0.name < $1.name }
    }

    /// The object count of a pack index: the last entry of its fan-out table, which follows
    /// the header in version 2 (`\377tOc`, then 2) and starts the file in version 1.
    package static func objectCount(index path: String) -> Int? {
        guard let head = try? FileSystem.readPrefix(path, limit: 8 + 256 * 4), head.count >= 256 * 4 else {
            return nil
        }
        let isVersion2 = head.starts(with: [0xFF, 0x74, 0x4F, 0x63])
        guard !isVersion2 || (head.count == 8 + 256 * 4 && head[4..<8].elementsEqual([0, 0, 0, 2])) else {
            return nil
        }
        let last = (isVersion2 ? 8 : 0) + 255 * 4
        return head[last..<(last + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// `git repack --geometric=2`'s choice: the smallest packs whose objects, merged into one
    /// pack, leave packs that each hold at least twice as many objects as all smaller ones
    /// together. Merging only those keeps the work near the objects that came lately, instead
    /// of all history every time. Fewer than two: nothing worth merging. A pack whose index
    /// cannot be read is never chosen (merging it would fail every time, and the loose objects
    /// with it).
    package static func geometricRollUp(_ packs: [PackFile]) -> [PackFile] {
        let readable = packs.compactMap { pack in pack.objects.map { (pack, $0) } }
        guard readable.count >= 2 else { return [] }
        let sortedPairs = readable.sorted { ($0.1, $0.0.name) < ($1.1, $1.0.name) }
        let sorted = sortedPairs.map(\.0)
        let counts = sortedPairs.map(\.1)
        // From the largest down, as long as each pack has twice the objects of the next
        // smaller one, the big end is already a progression; the first pair that is not goes
        // into the merge, both of it.
        var split = counts.count - 1
        while split > 0, counts[split] >= 2 * counts[split - 1] { split -= 1 }
        if split > 0 { split += 1 }
        // Everything below the split is merged; the packs above it join while the merged
        // pack would not be at most half of them.
        var merged = counts[..<split].reduce(0, +)
        while split < counts.count, counts[split] < 2 * merged {
            merged += counts[split]
            split += 1
        }
        let chosen = Array(sorted[..<split])
        return chosen.count >= 2 ? chosen : []
    }
}
