public import LedgerNotes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TaskScanner {
    /// The vault path of the note `name` stands for, in the vault whose folder is `vault`.
    ///
    /// A name with a `/` is a vault path (`Projects/Write report`, with or without `.md`; an
    /// absolute path inside the vault is taken too). Any other name is a file name without
    /// `.md` (a trailing `.md` is allowed), looked for in every folder the scan reads: one
    /// note with that name is the answer, several are `ambiguousNote` with their paths.
    public static func locate(_ name: String, vault: String) throws(TaskLookupError) -> String {
        guard name.contains("/") else {
            let fileName = name.hasSuffix(".md") ? name : name + ".md"
            let walk = VaultWalk.notes(root: vault, named: fileName)
            let found = walk.notes.sorted(by: precedes)
            switch found.count {
            case 0:
                if let folder = walk.foldersNamed.sorted(by: precedes).first {
                    throw .noteIsAFolder(path: folder, vault: vault)
                }
                throw .noSuchNote(name)
            case 1: return found[0]
            default: throw .ambiguousNote(String(fileName.dropLast(3)), paths: found)
            }
        }
        var relative = name
        let root = vault.hasSuffix("/") ? String(vault.dropLast()) : vault
        if name.hasPrefix("/") {
            guard name.hasPrefix(root + "/") else { throw .outsideVault(name) }
            relative = String(name.dropFirst(root.count + 1))
        }
        let parts = relative.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains(where: { $0.hasPrefix(".") }) else { throw .outsideVault(name) }
        var path = parts.joined(separator: "/")
        if !path.hasSuffix(".md") { path += ".md" }
        let parent = parts.count > 1 ? parts.dropLast().joined(separator: "/") : ""
        let fileName = String(path.split(separator: "/").last!)
        guard VaultWalk.isNote(root: root, folder: parent, name: fileName) else {
            var info = stat()
            if lstat(root + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                throw .noteIsAFolder(path: path, vault: root)
            }
            throw .noSuchNote(name)
        }
        return path
    }

    /// The task at vault path `path` (as `locate` gives it); nil when the note has no
    /// `ems__Effort_status`.
    public static func task(at path: String, vault: String) throws(TaskLookupError) -> TaskNote? {
        var head = NoteHead()
        do {
            return try task(at: path, vault: vault, head: &head)
        } catch {
            throw .unreadable(error)
        }
    }

    /// The task `name` stands for (see `locate`); throws `notATask` when that note is none.
    public static func task(named name: String, vault: String) throws(TaskLookupError) -> TaskNote {
        let path = try locate(name, vault: vault)
        guard let task = try task(at: path, vault: vault) else { throw .notATask(path: path) }
        return task
    }
}
