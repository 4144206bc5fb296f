import LedgerNotes
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds a vault's task notes without reading past their frontmatter.
public enum TaskScanner {
    /// Every task note of the vault whose folder is `vault`.
    ///
    /// The notes are the `*.md` regular files under it. Names that start with `.` are skipped,
    /// folders and files alike (`.git`, `.alog`, `.obsidian`, `.trash`, any other hidden one),
    /// and symbolic links are not followed (to folders or to notes). Each note is read only as
    /// far as its frontmatter (4 KiB, more while it has not closed, up to 1 MiB), and only
    /// frontmatter that mentions `ems__Effort_status` is parsed. Folders are listed and notes
    /// read on one thread per processor (up to four).
    public static func scan(vault: String) -> TaskScan {
        let queue = ScanQueue()
        let work: @Sendable () -> Found = {
            var found = Found()
            var head = NoteHead()
            while let next = queue.next() {
                switch next {
                case .folder(let folder):
                    let listing = VaultWalk.list(folder, root: vault)
                    if let problem = listing.problem { found.problems.append(problem) }
                    queue.listed(listing)
                case .notes(let paths):
                    for path in paths { found.read(path, vault: vault, head: &head) }
                }
            }
            return found
        }
        let helpers = (1..<threads).map { _ in BackgroundThread(work) }
        var found = work()
        for helper in helpers {
            guard let other = try? helper.join() else { continue }
            found.tasks += other.tasks
            found.problems += other.problems
        }
        return TaskScan(
            tasks: found.tasks.sorted { precedes($0.path, $1.path) },
            problems: found.problems.sorted { precedes($0.path, $1.path) })
    }

    /// The threads a scan uses: one per processor, at least one, at most four.
    private static var threads: Int {
        max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// The order of vault paths: their UTF-8 bytes'.
    static func precedes(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { a in
            second.withUTF8 { b in
                let length = min(a.count, b.count)
                let common = length == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, length)
                return common != 0 ? common < 0 : a.count < b.count
            }
        }
    }

    /// The task at vault path `path`, read with `head`'s buffer: nil when it is no task.
    static func task(at path: String, vault: String, head: inout NoteHead) throws(TaskProblem) -> TaskNote? {
        do {
            try head.read(vault + "/" + path)
        } catch {
            throw TaskProblem(.unreadable, path: path, line: nil, message: error.reason)
        }
        if head.overLimit, TaskNoteReader.mentionsStatus(head.bytes, in: 0..<head.bytes.count) {
            throw TaskProblem(
                .unreadable, path: path, line: 1,
                message: "the frontmatter does not close within its first \(NoteHead.limit >> 20) MiB")
        }
        return try TaskNoteReader.task(in: head.bytes, path: path)
    }

    /// What one thread found.
    private struct Found: Sendable {
        var tasks: [TaskNote] = []
        var problems: [TaskProblem] = []

        mutating func read(_ path: String, vault: String, head: inout NoteHead) {
            do throws(TaskProblem) {
                if let task = try TaskScanner.task(at: path, vault: vault, head: &head) { tasks.append(task) }
            } catch {
                problems.append(error)
            }
        }
    }
}
