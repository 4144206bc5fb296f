import LedgerCore
import LedgerSystem

/// The user's own alog settings, `$XDG_CONFIG_HOME/alog/config` (else `~/.config/alog/config`):
/// one `key = value` a line; `#` starts a comment. Written by `alog config KEY VALUE`.
package enum UserConfig {
    package static var path: String {
        let base =
            FileSystem.environment("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? ((FileSystem.environment("HOME") ?? ".") + "/.config")
        return base + "/alog/config"
    }

    /// The most the file is read to: a few settings take a few hundred bytes.
    static let limits = FileSystem.InputLimits(maxBytes: 1 << 20, maxLineBytes: 16 << 10)

    /// The file's text (nil when there is none); a FIFO, a device, a folder or a file over the
    /// limits is refused (`InputRefusal`), never read.
    static func text() throws(FileSystem.InputRefusal) -> String? {
        try FileSystem.readInput(path, limits: limits).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every key and value in the file, in order (a later line wins). A file that cannot be
    /// read gives none, with a warning naming it.
    package static func entries() -> [(key: String, value: String)] {
        let text: String
        do {
            guard let read = try Self.text() else { return [] }
            text = read
        } catch {
            StandardStream.error(
                "alog: warning: the configuration file \(error); its settings are not used until it is a file again\n")
            return []
        }
        var result: [(String, String)] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingBlanks()
            let value = trimmed[trimmed.index(after: equals)...].trimmingBlanks()
            result.append((key, value))
        }
        return result
    }

    package static func value(_ key: String) -> String? {
        entries().last { $0.key == key }?.value
    }

    /// Sets (or, with nil, removes) a key, keeping the other lines as they are.
    package static func set(_ key: String, _ value: String?) throws {
        let text = try Self.text()
        var lines = (text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        lines.removeAll { line in
            guard let equals = line.firstIndex(of: "="), !line.drop(while: { $0 == " " }).hasPrefix("#") else {
                return false
            }
            return line[..<equals].trimmingBlanks() == key
        }
        if let value { lines.append("\(key) = \(value)") }
        if let slash = path.lastIndex(of: "/") { try FileSystem.makeDirectories(String(path[..<slash])) }
        try FileSystem.writeAtomically(path, Array(lines.map { $0 + "\n" }.joined().utf8))
    }
}
