package import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the front (`alog`, no libgit2) needs to commit one more event line on top of HEAD by
/// itself, kept in `<git dir>/alog/commit-tip` (a `CacheFile` keyed by HEAD's commit and the
/// folder it is kept in, see `read`):
/// the branch, this device, the signature the last commit was made with and the reflog's,
/// whether objects are fsynced, the stat data of the git configuration files that signature
/// came from, and the trees on the path from the root to this device's month folder.
///
/// Written by whoever made the commit it names (the full CLI after a write of one event
/// file; the front after its own). Anything that does not match — another HEAD, a copied
/// vault, a changed configuration file, another device, a day outside that month — sends the
/// command to the full CLI, which writes it again.
package struct CommitTip: Sendable, Equatable {
    /// A tree on the path: its name in its parent (empty for the root), its id (20 bytes) and
    /// its bytes.
    package struct Level: Sendable, Equatable {
        package var name: String
        package var id: [UInt8]
        package var bytes: [UInt8]

        package init(name: String, id: [UInt8], bytes: [UInt8]) {
            (self.name, self.id, self.bytes) = (name, id, bytes)
        }
    }

    /// A git configuration file as it was when the signature was read: nil when it did not
    /// exist.
    package struct ConfigFile: Sendable, Equatable {
        package var path: String
        package var identity: FileIdentity?

        package init(path: String, identity: FileIdentity?) {
            (self.path, self.identity) = (path, identity)
        }

        /// True when the file is (or is still not) there as recorded.
        package var isUnchanged: Bool { FileIdentity.of(path) == identity }
    }

    /// The branch HEAD names, e.g. `refs/heads/main`.
    package var branch: String
    package var device: String
    /// `Name <email>`, as the commits carry it.
    package var author: String
    /// `Name <email>` of the reflog's lines; nil when the branch keeps no reflog.
    package var reflogIdentity: String?
    /// `core.fsyncObjectFiles`.
    package var syncsObjects: Bool
    /// `gc.auto`: past how many loose objects the front starts a background pack (0 or less:
    /// never).
    package var packThreshold: Int
    package var configFiles: [ConfigFile]
    /// Root first, then `.alog`, `events`, the device, the year and the month.
    package var levels: [Level]

    package init(
        branch: String, device: String, author: String, reflogIdentity: String?, syncsObjects: Bool,
        packThreshold: Int, configFiles: [ConfigFile], levels: [Level]
    ) {
        (self.branch, self.device, self.author, self.reflogIdentity) = (branch, device, author, reflogIdentity)
        (self.syncsObjects, self.packThreshold) = (syncsObjects, packThreshold)
        (self.configFiles, self.levels) = (configFiles, levels)
    }

    /// Version 2 added `packThreshold`; a tip of version 1 is not read (the full CLI writes
    /// the next one).
    private static let tag = "alog commit tip 2"

    /// The payload: length-prefixed fields (`<count>:<bytes>`).
    package func serialized() -> [UInt8] {
        var out: [UInt8] = []
        func field(_ bytes: [UInt8]) {
            out += Array("\(bytes.count):".utf8)
            out += bytes
        }
        func field(_ text: String) { field(Array(text.utf8)) }
        field(Self.tag)
        field(branch)
        field(device)
        field(author)
        field(reflogIdentity ?? "")
        field(syncsObjects ? "1" : "0")
        field("\(packThreshold)")
        field("\(configFiles.count)")
        for file in configFiles {
            field(file.path)
            field(file.identity?.text ?? "-")
        }
        field("\(levels.count)")
        for level in levels {
            field(level.name)
            field(level.id)
            field(level.bytes)
        }
        return out
    }

    /// Nil for anything `serialized` did not write.
    package init?(serialized payload: ArraySlice<UInt8>) {
        var position = payload.startIndex
        func field() -> ArraySlice<UInt8>? {
            guard let colon = payload[position...].prefix(12).firstIndex(of: UInt8(ascii: ":")),
                let count = Int(String(decoding: payload[position..<colon], as: UTF8.self)), count >= 0,
                payload.endIndex - (colon + 1) >= count
            else { return nil }
            position = colon + 1 + count
            return payload[(colon + 1)..<position]
        }
        func text() -> String? { field().map { String(decoding: $0, as: UTF8.self) } }
        guard text() == Self.tag, let branch = text(), let device = text(), let author = text(),
            let reflog = text(), let syncs = text(), let packThreshold = text().flatMap(Int.init),
            let files = text().flatMap(Int.init), files >= 0, files < 64
        else { return nil }
        var configFiles: [ConfigFile] = []
        for _ in 0..<files {
            guard let path = text(), let stamp = text() else { return nil }
            if stamp == "-" {
                configFiles.append(ConfigFile(path: path, identity: nil))
            } else {
                guard let identity = FileIdentity(text: Substring(stamp)) else { return nil }
                configFiles.append(ConfigFile(path: path, identity: identity))
            }
        }
        guard let count = text().flatMap(Int.init), count > 0, count < 64 else { return nil }
        var levels: [Level] = []
        for _ in 0..<count {
            guard let name = text(), let id = field(), id.count == 20, let bytes = field() else { return nil }
            levels.append(Level(name: name, id: Array(id), bytes: Array(bytes)))
        }
        guard position == payload.endIndex else { return nil }
        self.init(
            branch: branch, device: device, author: author, reflogIdentity: reflog.isEmpty ? nil : reflog,
            syncsObjects: syncs == "1", packThreshold: packThreshold, configFiles: configFiles, levels: levels)
    }

    /// The tip kept at `path` for commit `hex`; nil when there is none, it is damaged, it
    /// names another commit, or it was written in another folder. The last is a vault copied
    /// with its git directory (`cp -a vault copy`): the copy's tip names the original's
    /// configuration files by their absolute paths, so a changed `user.name` in the copy's
    /// `.git/config` would go unseen. The copy's first `log` then goes to `alog-full`, which
    /// writes a tip of its own.
    package static func read(_ path: String, commit hex: String) -> CommitTip? {
        guard let folder = folder(of: path), let (key, payload) = (try? CacheFile.read(path)) ?? nil,
            key == hex + " " + folder
        else { return nil }
        return CommitTip(serialized: payload)
    }

    /// Keeps this tip for commit `hex` (a failure only costs the next `log` its fast path).
    package func write(_ path: String, commit hex: String) {
        guard let folder = Self.folder(of: path) else { return }
        try? CacheFile.write(path, key: hex + " " + folder, payload: serialized())
    }

    /// The folder holding `path`, as the device and inode it has (`<dev>:<inode>`): a copy of
    /// it is another folder, whatever its path; nil when it cannot be looked at.
    private static func folder(of path: String) -> String? {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        var st = stat()
        guard stat(folder.isEmpty ? "/" : folder, &st) == 0 else { return nil }
        return "\(st.st_dev):\(st.st_ino)"
    }

    /// The git configuration files libgit2 reads for a repository whose git directory is
    /// `gitDirectory`, in its order: the system's, the XDG one, the global one, the
    /// repository's. (`$HOME` and `$XDG_CONFIG_HOME` as libgit2 reads them.)
    package static func configPaths(gitDirectory: String, environment: (String) -> String?) -> [String] {
        var paths = ["/etc/gitconfig"]
        let home = environment("HOME").flatMap { $0.isEmpty ? nil : $0 }
        if let xdg = environment("XDG_CONFIG_HOME"), !xdg.isEmpty {
            paths.append(xdg + "/git/config")
        } else if let home {
            paths.append(home + "/.config/git/config")
        }
        if let home { paths.append(home + "/.gitconfig") }
        paths.append(gitDirectory + "config")
        return paths
    }
}
