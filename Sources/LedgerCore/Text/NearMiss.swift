/// What a user probably meant by a word that names nothing: the names within a small edit
/// distance (a swapped pair of letters counts as one edit, as `lgo` for `log`), closest first.
public enum NearMiss {
    /// Names that start with `word` or that `word` starts with come first; then those at most
    /// `max(1, word.count / 3)` edits away, closest first (ties keep the order given).
    public static func candidates(for word: String, among names: [String]) -> [String] {
        guard !word.isEmpty else { return [] }
        let prefixed = names.filter { $0.hasPrefix(word) || word.hasPrefix($0) }
        if !prefixed.isEmpty { return prefixed }
        let limit = max(1, word.count / 3)
        let letters = Array(word)
        return names.map { ($0, distance(letters, Array($0))) }.filter { $0.1 <= limit }
            .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each count one.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
