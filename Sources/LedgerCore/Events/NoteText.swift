/// What a note may hold, checked where a note is taken in (`log`, `start`, `stop`, `edit`).
/// Notes read from other devices are not refused (they are history): they are escaped where
/// they are printed (`DisplayText`).
public enum NoteText {
    /// The longest note, in characters (grapheme clusters).
    public static let maxCharacters = 2000

    /// Nil when `note` can be kept, else why not. Line breaks and tabs are kept (a note is shown
    /// on one line, with `⏎` for a line break); other control characters are refused.
    public static func validate(_ note: String) -> String? {
        var position = 0
        for character in note {
            position += 1
            if let scalar = character.unicodeScalars.first(where: isRefused) {
                return
                    "a note may not contain control characters (\(DisplayText.escaped(String(scalar))) at character \(position)); line breaks and tabs may"
            }
        }
        if position > maxCharacters {
            return "a note has at most \(maxCharacters) characters (this one has \(position))"
        }
        return nil
    }

    /// `note` with its Windows line breaks (`\r\n`) made `\n`: what `validate` then checks.
    public static func normalized(_ note: String) -> String {
        guard note.utf8.contains(0x0D) else { return note }
        return note.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
    }

    /// C0 controls but line feed and tab; DEL; C1 controls.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x0A || value == 0x09 { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
