/// Tags: any number of them on an entry, beside its one type (format version 6). A tag is
/// kept exactly as written, case included, and compared exactly, as timewarrior and Watson do
/// (`Deep Focus` and `deep focus` are two tags), so imported tags come back unchanged.
public enum Tags {
    /// The longest tag, in characters (Unicode scalars).
    public static let maxLength = 64

    /// Why `tag` cannot be a tag, or nil: 1 to 64 characters, printable (no control, line
    /// separator or bidirectional override characters), no space at either end, not starting
    /// with `+` (the command line's `+tag` spelling takes one `+` off).
    public static func problem(_ tag: String) -> String? {
        let scalars = tag.unicodeScalars
        if scalars.isEmpty { return "a tag has 1 to \(maxLength) characters; this one is empty" }
        if scalars.count > maxLength {
            return "a tag has 1 to \(maxLength) characters; this one has \(scalars.count)"
        }
        if scalars.contains(where: DisplayText.isUnsafe) {
            return "a tag has no control, line-break or text-direction characters"
        }
        if scalars.first!.properties.isWhitespace || scalars.last!.properties.isWhitespace {
            return "a tag does not start or end with a space"
        }
        if scalars.first == "+" { return "a tag does not start with '+' (write +name for the tag name)" }
        return nil
    }

    /// `tags` without repeats, in order of code points (how entries carry and show them).
    public static func normalized(_ tags: some Sequence<String>) -> [String] {
        Array(Set(tags)).sorted(by: precedes)
    }

    /// The order tags are listed in: by their UTF-8 bytes, as timewarrior keeps them.
    public static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// Splits command-line words into tags (`+deep`, or bare words after the type where the
    /// command takes them) and the rest. A word `+name` is the tag `name`.
    public static func isTagWord(_ word: String) -> Bool { word.hasPrefix("+") && word.count > 1 }
}
