/// The task note a timer is bound to (`alog task start`, format version 5): the note's path
/// inside the vault and the task's title when the timer started. The binding is part of the
/// start event, so it never changes; a renamed title shows from the next start on.
public struct TaskRef: Hashable, Sendable, Comparable {
    /// Vault-relative, `/`-separated, ending in `.md` (`Tasks/Fix bug.md`).
    public var path: String
    public var title: String

    /// The longest title a start carries (the task links' limit).
    public static let maxTitleLength = 500
    /// The longest path a start carries (bytes).
    public static let maxPathLength = 4096

    public init(path: String, title: String) {
        self.path = path
        self.title = title
    }

    /// Why `path` cannot name a note inside the vault, or nil when it can: relative, no empty,
    /// `.` or `..` component, no control character, ending in `.md`, at most 4,096 bytes.
    public static func pathProblem(_ path: String) -> String? {
        if path.utf8.count > maxPathLength { return "longer than \(maxPathLength) bytes" }
        guard path.hasSuffix(".md"), path.count > 3 else { return "not a Markdown note (.md)" }
        if path.hasPrefix("/") { return "not inside the vault (absolute)" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "a control character in the path"
        }
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part.isEmpty || part == "." || part == ".." { return "an empty, '.' or '..' part" }
        }
        return nil
    }

    /// Why `title` cannot be a task's title, or nil: non-empty, at most 500 characters, one line.
    public static func titleProblem(_ title: String) -> String? {
        if title.allSatisfy(\.isWhitespace) { return "empty" }
        if title.count > maxTitleLength { return "longer than \(maxTitleLength) characters" }
        if title.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "a control character (titles are one line)"
        }
        return nil
    }

    /// `raw` (a note's `exo__Asset_label`, which YAML may give over several lines) as a start
    /// carries it: control characters as spaces, blanks at either end trimmed, at most 500
    /// characters; `fallback` (the file name) when nothing is left.
    public static func cleanTitle(_ raw: String, fallback: String) -> String {
        var text = String(
            String.UnicodeScalarView(raw.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        if text.count > maxTitleLength { text = String(text.prefix(maxTitleLength)) }
        if text.isEmpty { return titleProblem(fallback) == nil ? fallback : "task" }
        return text
    }

    /// The note's file name without `.md`: the task's id in the task links.
    public var id: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return String(name.dropLast(3))
    }

    public static func < (a: TaskRef, b: TaskRef) -> Bool { (a.path, a.title) < (b.path, b.title) }
}
