import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerInterchange
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Bring in what another tracker recorded (timewarrior's data, Watson's frames, klog's records) or a CSV file, as one commit.",
        discussion: """
            Each interval becomes a timer entry whose id is derived from the interval itself, so \
            importing the same data again adds nothing, and an updated export adds only what is new. \
            A record that cannot be read stops the import before anything is written (file, line and \
            why), unless --skip-invalid. 'alog undo' takes the whole import back.
            """,
        subcommands: [Timewarrior.self, Watson.self, Klog.self, CSV.self])

    /// What both trackers' imports take.
    struct Options: ParsableArguments {
        @Option(
            name: .customLong("type-from"),
            help:
                "Which name becomes the type: first-tag, project, prefix:TEXT (the first tag starting with TEXT, without it), or tag:NAME (only the records with that tag)."
        )
        var typeFrom: String?

        @Option(
            name: .customLong("type-map"),
            help: ArgumentHelp(
                "A file of 'TAG = TYPE' lines: a record's type is the one its first mapped tag names (else --type-from's).",
                valueName: "file"))
        var typeMap: String?

        @Option(help: "The type of records with no tag or project.")
        var untagged = "untagged"

        @Flag(name: .customLong("define-types"), help: "Define the types the data names that the vault lacks.")
        var defineTypes = false

        @Flag(name: .customLong("skip-invalid"), help: "Import what can be read and list what could not.")
        var skipInvalid = false

        @Flag(help: "Print what was imported as JSON.")
        var json = false

        @OptionGroup var vault: VaultOptions

        func validate() throws {
            if let typeFrom, TypeSource(typeFrom) == nil {
                throw ValidationError(
                    "--type-from \(DisplayText.quoted(typeFrom)): give first-tag, project, prefix:TEXT or tag:NAME")
            }
            if typeName(fromTrackerName: untagged) != untagged {
                throw ValidationError(
                    "--untagged \(DisplayText.quoted(untagged)) is not a type name (a-z, 0-9, - and _, starting with a letter)"
                )
            }
        }
    }

    struct Timewarrior: ImportSource {
        static let configuration = CommandConfiguration(
            commandName: "timewarrior",
            abstract:
                "Import timewarrior's data: its folder (~/.timewarrior or its data/), one YYYY-MM.data file, or 'timew export' JSON."
        )

        @Argument(help: "The folder, data file or export file.")
        var path: String

        @OptionGroup var options: Options

        static let source = "timewarrior"

        static let mayBeJSON = true

        func read(_ file: String, _ bytes: [UInt8], errorLimit: Int) -> (records: [ImportRecord], errors: [ImportError])
        {
            if bytes.first(where: { $0 != 32 && $0 != 10 && $0 != 13 && $0 != 9 }) == UInt8(ascii: "[") {
                return TimewarriorFormat.records(exportJSON: bytes, file: file)
            }
            return TimewarriorFormat.records(dataFile: bytes, file: file, errorLimit: errorLimit)
        }
    }

    struct Watson: ImportSource {
        static let configuration = CommandConfiguration(
            commandName: "watson", abstract: "Import Watson's frames: its folder (~/.config/watson) or its frames file."
        )

        @Argument(help: "The folder or the frames file.")
        var path: String

        @OptionGroup var options: Options

        static let source = "watson"
        static let defaultTypeSource = TypeSource.project
        static let mayBeJSON = true

        func read(_ file: String, _ bytes: [UInt8], errorLimit: Int) -> (records: [ImportRecord], errors: [ImportError])
        {
            WatsonFormat.records(frames: bytes, file: file)
        }
    }

    struct Klog: ImportSource {
        static let configuration = CommandConfiguration(
            commandName: "klog", abstract: "Import klog's records: a .klg file, or a folder of them.",
            discussion: """
                Times are read in your zone (klog keeps none). A range becomes a timer entry, an open \
                range a running one; the first #tag of the entry's summary (else of the record's) is \
                the type, and the summary the note. A duration (2h30m) has no start time, so it \
                cannot be placed: it is refused with its line (--skip-invalid leaves it out). \
                Overlapping ranges follow alog's timeline: each ends where the next one starts.
                """)

        @Argument(help: "The .klg file or a folder of them.")
        var path: String

        @OptionGroup var options: Options

        static let source = "klog"

        func read(_ file: String, _ bytes: [UInt8], errorLimit: Int) -> (records: [ImportRecord], errors: [ImportError])
        {
            KlogFormat.records(bytes, file: file, zone: SystemTimeZone(), errorLimit: errorLimit)
        }
    }

    struct CSV: ImportSource {
        static let configuration = CommandConfiguration(
            commandName: "csv",
            abstract:
                "Import a CSV file: the columns of 'alog export --format csv' (id,type,group,start,end,seconds,note).",
            discussion: """
                A header names the columns, in any order; type and start are required. Times are ISO 8601; \
                an offset written is kept, a time without one is local. A row with an end is a window; with neither end nor \
                seconds, an instant; with seconds and no end, a timer that was running. An id (as export \
                writes it) is kept, so importing an export again adds nothing and a round trip gives the \
                same bytes. A group names the group of a type --define-types defines.
                """)

        @Argument(help: "The CSV file.")
        var path: String

        @OptionGroup var options: Options

        static let source = "csv"

        func read(_ file: String, _ bytes: [UInt8], errorLimit: Int) -> (records: [ImportRecord], errors: [ImportError])
        {
            CSVFormat.records(bytes, file: file, zone: SystemTimeZone(), errorLimit: errorLimit)
        }
    }

    /// The files a path names: itself, or in a folder the tracker's files (timewarrior's
    /// `YYYY-MM.data`, in the folder or its `data/`; Watson's `frames`).
    static func files(_ path: String, source: String) throws -> [String] {
        guard FileSystem.exists(path) else {
            throw Failure("\(DisplayText.quotedPath(path)) does not exist; give the \(source) folder or file to import")
        }
        guard FileSystem.isDirectory(path) else { return [path] }
        if source == "csv" { throw Failure("\(DisplayText.quotedPath(path)) is a folder; give the CSV file to import") }
        let folder = path.hasSuffix("/") ? path : path + "/"
        if source == "klog" {
            let names = FileSystem.list(folder).filter { $0.hasSuffix(".klg") }.sorted()
            guard !names.isEmpty else { throw Failure("\(DisplayText.quotedPath(path)) holds no klog files (*.klg)") }
            return names.map { folder + $0 }
        }
        if source == "watson" {
            guard FileSystem.exists(folder + "frames") else {
                throw Failure("\(DisplayText.quotedPath(path)) holds no Watson 'frames' file")
            }
            return [folder + "frames"]
        }
        let data = FileSystem.isDirectory(folder + "data") ? folder + "data/" : folder
        let names = FileSystem.list(data).filter { name in
            name.hasSuffix(".data") && name.count == 12 && name.prefix(7).allSatisfy { $0.isNumber || $0 == "-" }
        }.sorted()
        guard !names.isEmpty else {
            throw Failure("\(DisplayText.quotedPath(path)) holds no timewarrior data files (YYYY-MM.data)")
        }
        return names.map { data + $0 }
    }

    struct Failure: CodedError, CustomStringConvertible {
        var description: String
        var code: ErrorCode { .invalidImport }
        init(_ description: String) { self.description = description }
    }

    /// What an import did: the vault's outcome, and the records skipped (`--skip-invalid`).
    struct Imported {
        var source: String
        var outcome: Vault.ImportOutcome
        var skipped: [ImportError]
    }

    /// The largest file an import reads (about 600,000 CSV rows or timewarrior intervals;
    /// timewarrior keeps a file a month), and the longest line of a line-based format (a CSV
    /// row's longest note, 2,000 characters quoted, is at most 16 KiB). JSON (`timew export`,
    /// Watson's frames) may be written on one line: only its size is limited.
    static let limits = FileSystem.InputLimits(maxBytes: 64 << 20, maxLineBytes: 64 << 10)

    /// How many unreadable records a refused import counts before it stops reading.
    static let errorLimit = 100

    /// The bytes of one source file, refused (with the file and the limit) when it is not a
    /// regular file or is larger, or has longer lines, than a real export would.
    static func readSource(_ file: String, mayBeJSON: Bool) throws -> [UInt8]? {
        do {
            let bytes = try FileSystem.readInput(file, limits: .init(maxBytes: limits.maxBytes, maxLineBytes: nil))
            guard let bytes, let maxLine = limits.maxLineBytes else { return bytes }
            let first = bytes.first { $0 != 32 && $0 != 10 && $0 != 13 && $0 != 9 }
            if !mayBeJSON || (first != UInt8(ascii: "[") && first != UInt8(ascii: "{")) {
                try FileSystem.checkLines(bytes, path: file, limit: maxLine)
            }
            return bytes
        } catch {
            throw Failure("\(DisplayText.quotedPath(error.path)) \(error.reason); nothing was imported")
        }
    }

    static func execute(
        _ options: Options, source: String, path: String, defaultSource: TypeSource, mayBeJSON: Bool,
        read: (String, [UInt8], Int) -> (records: [ImportRecord], errors: [ImportError])
    ) throws -> Imported {
        var windows: [Vault.ImportedWindow] = []
        var groups: [String: String] = [:]
        var skipped: [ImportError] = []
        // On a terminal, a large import says where it is (a progress line on stderr).
        let progress = StageProgress.onTerminal()
        defer { progress?.finish() }
        // The vault is opened first (a wrong --vault is said at once, before any input is
        // read); the input is read and checked before anything is committed.
        let vault = try options.vault.open(creatingDefault: true) { vault in
            (windows, groups, skipped) = try readWindows(
                options, source: source, path: path, defaultSource: defaultSource, mayBeJSON: mayBeJSON,
                progress: progress, read: read)
            let missing = try vault.missingTypes(of: windows, define: options.defineTypes)
            if !missing.isEmpty, !options.defineTypes {
                throw Failure(
                    "the data names types this vault does not have: \(missing.joined(separator: ", ")); define them with 'alog types add', or import with --define-types. Nothing was written"
                )
            }
        }
        let outcome = try vault.importWindows(windows, define: options.defineTypes, groups: groups, source: source) {
            stage, done, total in
            switch stage {
            case .checking: progress?.update("Checking \(total) entries against the vault", done: done, total: total)
            case .writing: progress?.update("Writing events", done: done, total: total)
            case .committing: progress?.update("Committing and updating the caches", done: 0, total: 0)
            }
        }
        return Imported(source: source, outcome: outcome, skipped: skipped)
    }

    /// The windows the files at `path` hold, each type named as a type name and each note
    /// checked as `log` checks one; what cannot be read is thrown, or (`--skip-invalid`) listed.
    static func readWindows(
        _ options: Options, source: String, path: String, defaultSource: TypeSource, mayBeJSON: Bool,
        progress: StageProgress?, read: (String, [UInt8], Int) -> (records: [ImportRecord], errors: [ImportError])
    ) throws -> (windows: [Vault.ImportedWindow], groups: [String: String], skipped: [ImportError]) {
        let typeSource = options.typeFrom.flatMap(TypeSource.init) ?? defaultSource
        let typeMap = try options.typeMap.map(readTypeMap)
        var records: [ImportRecord] = []
        var skipped: [ImportError] = []
        let sourceFiles = try files(path, source: source)
        for (number, file) in sourceFiles.enumerated() {
            progress?.update("Reading \(source) data", done: number, total: sourceFiles.count)
            guard let bytes = try readSource(file, mayBeJSON: mayBeJSON) else { continue }
            // A record that cannot be read stops the import before anything is written; reading
            // stops a little after it (the count of the others is said up to `errorLimit`), so a
            // large file of something else is refused at once.
            let limit = options.skipInvalid ? Int.max : errorLimit
            let (read, errors) = read(file, bytes, limit)
            if let first = errors.first, !options.skipInvalid {
                let more = errors.count == limit ? "at least \(limit - 1)" : String(errors.count - 1)
                throw errors.count == 1
                    ? first
                    : ImportError(
                        file: first.file, line: first.line,
                        reason: first.reason + " (and \(more) more; --skip-invalid imports the rest)")
            }
            records += read
            skipped += errors
        }
        // Each record as an alog window; `tag:NAME` keeps only the records with that tag.
        // Recorded with the reader's offset at each instant, as entries logged here would be.
        let zone = SystemTimeZone()
        var windows: [Vault.ImportedWindow] = []
        var groups: [String: String] = [:]
        windows.reserveCapacity(records.count)
        for record in records {
            func refuse(_ reason: String) throws {
                let error = ImportError(file: record.file, line: record.line, reason: reason)
                guard options.skipInvalid else { throw error }
                skipped.append(error)
            }
            var name = options.untagged
            var rest: [String] = []
            if let mapped = typeMap?.type(of: record) {
                name = mapped
                rest = record.project.map { [$0] } ?? []
            } else if let picked = typeSource.pick(record) {
                guard let type = typeName(fromTrackerName: picked.name) else {
                    try refuse(typeNameRefusal(forTrackerName: picked.name))
                    continue
                }
                (name, rest) = (type, picked.rest)
            } else if case .tag = typeSource {
                continue
            }
            // Every tag of the tracker is kept as a tag (the one that became the type too, so
            // `report --tag T` counts what the tracker counts under T), and a project that did
            // not become the type is one more tag; the note is the annotation alone.
            var tags = record.keepsTags ? record.tags : []
            tags += rest.filter { !record.tags.contains($0) }
            if let bad = tags.first(where: { Tags.problem($0) != nil }) {
                try refuse(
                    "the tag \(DisplayText.quoted(bad)) cannot be kept: \(Tags.problem(bad)!); rename it in the source, or leave the record out with --skip-invalid"
                )
                continue
            }
            let note = NoteText.normalized(record.annotation ?? "")
            // The note is held to what `log --note` takes.
            if let reason = NoteText.validate(note) {
                try refuse(
                    "its note (the annotation or summary) cannot be kept: \(reason); shorten it in the source, or leave the record out with --skip-invalid"
                )
                continue
            }
            // The offset the source kept (CSV), else the reader's at that instant.
            func instant(_ seconds: Int64, _ offset: Int32?) -> LocalInstant {
                offset.map { LocalInstant(seconds: seconds, offset: $0) } ?? zone.localInstant(at: seconds)
            }
            if let group = record.group, groups[name] == nil { groups[name] = group }
            windows.append(
                Vault.ImportedWindow(
                    identity: record.identity, type: name, start: instant(record.start, record.offset),
                    end: record.end.map { instant($0, record.endOffset) },
                    note: note.isEmpty ? nil : note, id: record.id, isInstant: record.isInstant, tags: tags))
        }
        return (windows, groups, skipped)
    }

    /// The `--type-map` file, read under the import's limits (a clear error for a missing or
    /// unreadable one, or the first line that is not `TAG = TYPE`).
    static func readTypeMap(_ path: String) throws -> TypeMap {
        guard FileSystem.exists(path), !FileSystem.isDirectory(path) else {
            throw Failure("--type-map \(DisplayText.quotedPath(path)) is not a file; give a file of 'TAG = TYPE' lines")
        }
        guard let bytes = try readSource(path, mayBeJSON: false) else { return TypeMap(types: [:]) }
        return try TypeMap(bytes, file: path)
    }

    static func render(_ imported: Imported, json: Bool) {
        let (source, outcome, skipped) = (imported.source, imported.outcome, imported.skipped)
        outcome.appended?.warnings.forEach(Terminal.warn)
        if json {
            emit(
                JSONText.object([
                    ("source", JSONText.string(source)), ("added", String(outcome.added)),
                    ("alreadyThere", String(outcome.alreadyThere)), ("closed", String(outcome.closed)),
                    ("restored", String(outcome.restored)),
                    ("overlapping", String(outcome.overlapping)),
                    ("definedTypes", JSONText.array(outcome.definedTypes.map(JSONText.string))),
                    ("skipped", JSONText.array(skipped.map { JSONText.string($0.description) })),
                    ("commit", outcome.appended.map { JSONText.string($0.commit.description) }),
                ]))
            return
        }
        var lines = [
            "imported \(outcome.added) entr\(outcome.added == 1 ? "y" : "ies") from \(source)"
                + (outcome.appended.map { " in one commit (\(String($0.commit.description.prefix(12))))" } ?? "")
        ]
        if !outcome.definedTypes.isEmpty {
            lines.append("  defined types: " + outcome.definedTypes.joined(separator: ", "))
        }
        if outcome.alreadyThere > 0 {
            lines.append("  \(outcome.alreadyThere) already in the vault from an earlier import (left as they are)")
        }
        if outcome.restored > 0 {
            lines.append(
                "  \(outcome.restored) brought back: an earlier import added them and they were deleted since (an undo, a delete)"
            )
        }
        if outcome.closed > 0 { lines.append("  \(outcome.closed) open before and closed now: their stop was added") }
        if outcome.overlapping > 0 {
            lines.append(
                "  \(outcome.overlapping) overlap another timer; as everywhere in alog, each ends where the next one starts"
            )
        }
        for error in skipped { lines.append(Terminal.yellow("  skipped \(error)")) }
        emit(lines.joined(separator: "\n"))
    }
}

/// One source `alog import` reads: its name, which of a record's names becomes the type unless
/// `--type-from` says otherwise, and its reader. The import itself (`Import.execute`) and its
/// words (`Import.render`) are the same for every source.
protocol ImportSource: OutcomeCommand where Outcome == Import.Imported {
    static var source: String { get }
    static var defaultTypeSource: TypeSource { get }
    /// The source may be JSON, whose lines are not limited (it may be written on one line).
    static var mayBeJSON: Bool { get }
    var path: String { get }
    var options: Import.Options { get }
    /// The records of one file; a line-based reader stops once `errorLimit` records could not be read.
    func read(_ file: String, _ bytes: [UInt8], errorLimit: Int) -> (records: [ImportRecord], errors: [ImportError])
}

extension ImportSource {
    static var defaultTypeSource: TypeSource { .firstTag }
    static var mayBeJSON: Bool { false }

    func execute() throws -> Import.Imported {
        try Import.execute(
            options, source: Self.source, path: path, defaultSource: Self.defaultTypeSource, mayBeJSON: Self.mayBeJSON,
            read: read)
    }

    func render(_ imported: Import.Imported) { Import.render(imported, json: options.json) }
}
