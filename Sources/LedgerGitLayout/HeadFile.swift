import LedgerSystem

/// Resolves HEAD by reading `HEAD`, the loose ref and `packed-refs` directly, without
/// initialising libgit2 (opening a repository through it costs its global start-up and a
/// config read, far more than these few small reads). Used only on hot read paths to check whether a cache is current; any
/// unusual layout returns nil and the caller falls back to libgit2.
///
/// A linked worktree keeps its own `HEAD` but shares the branches of the main repository: its
/// git directory holds a `commondir` file naming where `refs/` and `packed-refs` are.
package enum HeadFile {
    package enum Resolution: Equatable, Sendable {
        /// The 40 hex digits of the commit HEAD points at.
        case commit(String)
        /// HEAD names a branch that has no commit yet.
        case unborn
    }

    /// `gitDirectory` ends with `/`. With `detached: false`, a HEAD that names a commit rather
    /// than a branch answers nil.
    package static func resolve(gitDirectory: String, detached: Bool = true) -> Resolution? {
        guard let head = firstLine(gitDirectory + "HEAD") else { return nil }
        guard head.hasPrefix("ref: ") else { return detached ? commitID(head).map(Resolution.commit) : nil }
        let name = String(head.dropFirst(5))
        guard name.hasPrefix("refs/"), !name.contains("..") else { return nil }
        var refsDirectory = gitDirectory
        if let common = firstLine(gitDirectory + "commondir"), !common.isEmpty {
            refsDirectory = (common.hasPrefix("/") ? common : gitDirectory + common) + "/"
        }
        // A branch file that is there but empty, a directory or unreadable is damaged, never
        // unborn: nil, and the full CLI says what is wrong.
        let loose: [UInt8]?
        do { loose = try FileSystem.read(refsDirectory + name) } catch { return nil }
        if let loose {
            return commitID(String(decoding: loose.prefix { $0 != 10 }, as: UTF8.self)).map(Resolution.commit)
        }
        if let packed = text(refsDirectory + "packed-refs") {
            for line in packed.split(separator: "\n") where line.hasSuffix(" " + name) {
                return commitID(line.prefix(40)).map(Resolution.commit)
            }
        }
        // A missing branch that has a reflog had commits: deleted, not unborn.
        return FileSystem.exists(refsDirectory + "logs/" + name) ? nil : .unborn
    }

    /// `text` when it is a full SHA-1 in lower-case hex.
    static func commitID(_ text: Substring) -> String? {
        guard text.utf8.count == 40,
            text.utf8.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        else { return nil }
        return String(text)
    }

    static func commitID(_ text: String) -> String? { commitID(Substring(text)) }

    static func firstLine(_ path: String) -> String? {
        text(path).map { String($0.prefix { $0 != "\n" }) }
    }

    /// The file's text, or nil when it is missing, unreadable or empty.
    static func text(_ path: String) -> String? {
        guard let bytes = try? FileSystem.read(path), !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
