import LedgerCore
import LedgerOutput
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The note of `log`, `start`, `stop` and `edit`: `--note TEXT`, `--note -` (standard input) or
/// `--note-file FILE`, checked before anything is written (`NoteText`: at most 2,000
/// characters, UTF-8, no control characters but line breaks and tabs). A note read from a file
/// or standard input loses its trailing line breaks; Windows line breaks become `\n`.
enum NoteInput {
    /// The note to record, nil when none was given; throws a refusal.
    static func resolve(note: String?, file: String?) throws -> String? {
        try resolve(NoteSource(note: note, file: file))
    }

    /// The note of `source` read and checked, nil for none; throws a refusal.
    static func resolve(_ source: NoteSource?) throws -> String? {
        switch source {
        case nil: return nil
        case .standardInput:
            if Invocation.current == nil, isatty(STDIN_FILENO) == 1 {
                Terminal.note("type the note, then Ctrl-D on a line of its own")
            }
            return try read("-", source: "standard input")
        case .file(let file): return try read(file, source: "the note file \(DisplayText.quotedPath(file))")
        case .text(let note): return try checked(NoteText.normalized(note), source: "--note")
        }
    }

    /// The most bytes read: a note of 2,000 characters of four bytes each, and a line break.
    static let readLimit = NoteText.maxCharacters * 4 + 2

    private static func read(_ path: String, source: String) throws -> String {
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.readPrefix(path, limit: readLimit + 1) else {
                throw Refused("\(source) does not exist; give the path of a text file (UTF-8) that holds the note")
            }
            bytes = read
        } catch let failure as FileSystem.Failure {
            throw Refused(
                "cannot read \(source) (\(String(cString: strerror(failure.code)))); give a text file (UTF-8) that holds the note"
            )
        }
        if bytes.count > readLimit {
            throw Refused(
                "\(source) is longer than a note can be (at most \(NoteText.maxCharacters) characters); nothing was written"
            )
        }
        if let problem = DisplayText.utf8Problem(bytes) {
            throw Refused("\(source) is not UTF-8 text (\(problem)); save it as UTF-8. Nothing was written")
        }
        var text = NoteText.normalized(String(decoding: bytes, as: UTF8.self))
        while text.last == "\n" { text.removeLast() }
        return try checked(text, source: source)
    }

    private static func checked(_ note: String, source: String) throws -> String {
        if let reason = NoteText.validate(note) { throw Refused("\(source): \(reason); nothing was written") }
        return note
    }

    /// A note that cannot be taken: what is wrong, and what to do.
    struct Refused: CodedError, CustomStringConvertible {
        var code: ErrorCode { .invalidNote }
        var description: String
        init(_ description: String) { self.description = description }
    }
}
