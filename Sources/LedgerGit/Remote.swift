import CLibGit2

/// A configured remote.
package struct RemoteInfo: Sendable, Equatable {
    package var name: String
    package var url: String

    package init(name: String, url: String) {
        self.name = name
        self.url = url
    }
}

extension Repository {
    /// Adds a remote with git's default fetch refspec (`+refs/heads/*:refs/remotes/<name>/*`).
    package func addRemote(name: String, url: String) throws {
        var remote: OpaquePointer?
        try check(git_remote_create(&remote, pointer, name, url), "git_remote_create")
        git_remote_free(remote)
    }

    /// Removes a remote, its configuration and its remote-tracking branches.
    package func removeRemote(name: String) throws {
        try check(git_remote_delete(pointer, name), "git_remote_delete")
    }

    /// The configured remotes, in configuration order.
    package func remotes() throws -> [RemoteInfo] {
        var names = git_strarray()
        try check(git_remote_list(&names, pointer), "git_remote_list")
        defer { git_strarray_dispose(&names) }
        var result: [RemoteInfo] = []
        for index in 0..<names.count {
            guard let name = names.strings[index].map({ String(cString: $0) }) else { continue }
            result.append(RemoteInfo(name: name, url: try remoteURL(name) ?? ""))
        }
        return result
    }

    /// The URL of remote `name`, or nil when there is no such remote.
    package func remoteURL(_ name: String) throws -> String? {
        var remote: OpaquePointer?
        let rc = git_remote_lookup(&remote, pointer, name)
        if rc == GIT_ENOTFOUND.rawValue { return nil }
        try check(rc, "git_remote_lookup")
        defer { git_remote_free(remote) }
        return git_remote_url(remote).map { String(cString: $0) }
    }

    /// True when `name` is acceptable as a remote name to git.
    package static func isValidRemoteName(_ name: String) -> Bool {
        _ = LibGit2.ready
        var valid: Int32 = 0
        return git_remote_name_is_valid(&valid, name) == 0 && valid == 1
    }

    func withRemote<T>(_ name: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, pointer, name), "git_remote_lookup")
        defer { git_remote_free(remote) }
        return try body(remote!)
    }
}
