/// Where a note's frontmatter is: the bytes between the opening `---` line at the very start
/// of the note and the closing `---` (or `...`) line.
public struct FrontmatterBlock: Hashable, Sendable {
    /// The YAML text, from the byte after the opening fence's line break to the start of the
    /// closing fence's line.
    public var yaml: Range<Int>
    /// The whole block, fences included (up to and including the closing fence's line break,
    /// when there is one).
    public var whole: Range<Int>
}
