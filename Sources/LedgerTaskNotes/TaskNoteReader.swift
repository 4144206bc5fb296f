public import LedgerNotes
import Yams

/// A note read as a task: its frontmatter parsed with Yams, the task taken from the top-level
/// `ems__Effort_status` and `exo__Asset_label`.
public enum TaskNoteReader {
    /// The task `note` (its bytes, or as many of them as hold its frontmatter) is, at vault
    /// path `path`; nil when it has no frontmatter or no top-level `ems__Effort_status`.
    /// Frontmatter that does not mention the key is never given to the YAML parser.
    ///
    /// Throws a `damagedFrontmatter` problem, with the line in the file, when the frontmatter
    /// mentions the key but its YAML cannot be read or is not a map.
    public static func task(in note: [UInt8], path: String) throws(TaskProblem) -> TaskNote? {
        guard let block = FrontmatterBlock(in: note), mentionsStatus(note, in: block.yaml) else { return nil }
        let yaml = String(decoding: note[block.yaml], as: UTF8.self)
        return try task(frontmatter: yaml, path: path, firstLine: FrontmatterBlock.firstYAMLLine)
    }

    /// The task whose frontmatter YAML (without its `---` fences) is `yaml`; `firstLine` is the
    /// line of the file that `yaml` starts on, for the problem's line. Nil when it has no
    /// top-level `ems__Effort_status`.
    public static func task(frontmatter yaml: String, path: String, firstLine: Int = FrontmatterBlock.firstYAMLLine)
        throws(TaskProblem) -> TaskNote?
    {
        // Aliases expanded and nesting followed only so far (`YAMLShape`): the parse and all
        // that walks its nodes stay linear in the note's size.
        if let (line, message) = YAMLShape(yaml.utf8).refusal {
            throw TaskProblem(.damagedFrontmatter, path: path, line: line.map { $0 + firstLine - 1 }, message: message)
        }
        let node: Node?
        do {
            // The basic resolver: every scalar stays a string (no regular expressions run),
            // and only strings are wanted.
            node = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch let error as YamlError {
            throw problem(error, yaml: yaml, path: path, firstLine: firstLine)
        } catch {
            throw TaskProblem(.damagedFrontmatter, path: path, line: nil, message: "\(error)")
        }
        guard let node else { return nil }
        guard case .mapping(let mapping) = node else {
            guard yaml.utf8.contains(TaskNote.statusKey.utf8) else { return nil }
            throw TaskProblem(
                .damagedFrontmatter, path: path, line: node.mark.map { $0.line + firstLine - 1 } ?? firstLine,
                message: "the frontmatter is not a map of `key: value` lines")
        }
        var status: Node?
        var label: Node?
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else { continue }
            if scalar.string == TaskNote.statusKey { status = value }
            if scalar.string == TaskNote.labelKey { label = value }
        }
        guard let status else { return nil }
        return TaskNote(
            path: path, label: label.flatMap(FrontmatterText.text(of:)),
            status: EffortStatus(frontmatterValue: FrontmatterText.text(of: status) ?? FrontmatterText.listed(status)))
    }

    /// True when the bytes of `range` contain the key's name: cheaper than any parse.
    static func mentionsStatus(_ note: [UInt8], in range: Range<Int>) -> Bool {
        let key = Array(TaskNote.statusKey.utf8)
        guard range.count >= key.count else { return false }
        var index = range.lowerBound
        let last = range.upperBound - key.count
        while index <= last {
            if note[index] == key[0] {
                var matched = 1
                while matched < key.count, note[index + matched] == key[matched] { matched += 1 }
                if matched == key.count { return true }
            }
            index += 1
        }
        return false
    }

    /// The problem a YAML error is, at its line in the file.
    private static func problem(_ error: YamlError, yaml: String, path: String, firstLine: Int) -> TaskProblem {
        func at(_ line: Int?, _ message: String) -> TaskProblem {
            TaskProblem(.damagedFrontmatter, path: path, line: line.map { $0 + firstLine - 1 }, message: message)
        }
        func described(_ context: YamlError.Context?, _ problem: String) -> String {
            guard let context, !context.text.isEmpty else { return problem }
            return "\(problem) (\(context.text) at line \(context.mark.line + firstLine - 1))"
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return at(mark.line, described(context, problem))
        case .reader(let problem, let offset, _, _):
            let line = offset.map { offset in 1 + yaml.utf8.prefix(offset).lazy.filter { $0 == 0x0A }.count }
            return at(line, problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.joined(separator: ", ")
            return at(context.mark.line, "a key is set more than once in one map: \(keys)")
        default:
            return at(nil, "\(error)")
        }
    }
}
