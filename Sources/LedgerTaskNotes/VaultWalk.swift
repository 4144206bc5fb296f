#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which files of a vault are notes, found with opendir and readdir: every `*.md` regular file
/// under the vault's folder, by its vault path. Names that start with `.` are skipped, files
/// and folders alike (`.git`, `.alog`, `.obsidian`, `.trash`, and any other hidden one, as
/// Obsidian hides them), and symbolic links are not followed, to folders or to notes: a
/// link cannot loop, and the vault's repository holds the link, not the note.
enum VaultWalk {
    /// What one folder holds.
    struct Listing {
        /// Vault paths of its folders.
        var folders: [String] = []
        /// Vault paths of its notes (only those named `name`, when one was given).
        var notes: [String] = []
        /// Vault paths of its folders named `name` (a note someone turned into a folder).
        var foldersNamed: [String] = []
        /// Set when the folder could not be read.
        var problem: TaskProblem?
    }

    /// The folders and notes in vault folder `folder` (empty for the vault's own) of the vault
    /// at `root`; notes named `name` only, when given (the file name with `.md`).
    static func list(_ folder: String, root: String, named name: String? = nil) -> Listing {
        var listing = Listing()
        let absolute = folder.isEmpty ? root : root + "/" + folder
        guard let directory = opendir(absolute) else {
            let reason = SystemError(errno).reason
            listing.problem = TaskProblem(.unreadable, path: folder.isEmpty ? "." : folder, line: nil, message: reason)
            return listing
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let (entryName, isHidden, isNote) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.prefix { $0 != 0 }
                let note = bytes.count > 3 && bytes.suffix(3).elementsEqual(".md".utf8)
                return (String(decoding: bytes, as: UTF8.self), bytes.first == 0x2E, note)
            }
            if isHidden { continue }
            let path = folder.isEmpty ? entryName : folder + "/" + entryName
            switch kind(entry.pointee.d_type, path: absolute + "/" + entryName) {
            case .folder:
                listing.folders.append(path)
                if name != nil && entryName == name { listing.foldersNamed.append(path) }
            case .file where isNote && (name == nil || entryName == name): listing.notes.append(path)
            default: break
            }
        }
        return listing
    }

    /// Every note of the vault at `root` (named `name` only, when given), the folders that
    /// could not be read, and the folders named `name`, walking one folder after another.
    static func notes(root: String, named name: String? = nil) -> (
        notes: [String], problems: [TaskProblem], foldersNamed: [String]
    ) {
        var notes: [String] = []
        var problems: [TaskProblem] = []
        var foldersNamed: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            let listing = list(folder, root: root, named: name)
            notes += listing.notes
            folders += listing.folders
            foldersNamed += listing.foldersNamed
            if let problem = listing.problem { problems.append(problem) }
        }
        return (notes, problems, foldersNamed)
    }

    /// True when `name` in `folder` (a vault path, empty for the vault's own folder) is a note
    /// the walk would find: a regular file reached without a symbolic link.
    static func isNote(root: String, folder: String, name: String) -> Bool {
        var path = root
        for part in folder.split(separator: "/") {
            path += "/" + part
            guard linkKind(path) == .folder else { return false }
        }
        return linkKind(path + "/" + name) == .file
    }

    private enum Kind { case folder, file, other }

    /// What an entry is, from readdir's type when the file system gives one, else from lstat.
    private static func kind(_ type: UInt8, path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_DIR): .folder
        case Int32(DT_REG): .file
        case Int32(DT_UNKNOWN): linkKind(path)
        default: .other
        }
    }

    /// What is at `path`, never following a symbolic link.
    private static func linkKind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .other
        }
    }
}
