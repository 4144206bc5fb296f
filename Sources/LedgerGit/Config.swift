import CLibGit2

extension Repository {
    /// A string value from the repository's configuration (repository, global and system files),
    /// or nil when unset.
    package func configString(_ key: String) throws -> String? {
        // Copied while the snapshot, which owns the C string, is still alive.
        try configValue(key, "git_config_get_string", initial: String?.none) { value, config in
            var text: UnsafePointer<CChar>?
            let rc = git_config_get_string(&text, config, key)
            value = text.map { String(cString: $0) }
            return rc
        } ?? nil
    }

    /// An integer value from the repository's configuration (git's spellings: a `k`, `m` or
    /// `g` suffix multiplies), or nil when unset.
    package func configInteger(_ key: String) throws -> Int64? {
        try configValue(key, "git_config_get_int64", initial: Int64(0)) { git_config_get_int64(&$0, $1, key) }
    }

    /// A boolean value from the repository's configuration (git's spellings: true/yes/on/1
    /// and their opposites), or nil when unset.
    package func configBool(_ key: String) throws -> Bool? {
        try configValue(key, "git_config_get_bool", initial: Int32(0)) { git_config_get_bool(&$0, $1, key) }.map {
            $0 != 0
        }
    }

    /// `read`'s value from a snapshot of the configuration, or nil when `key` is unset.
    private func configValue<Value>(
        _ key: String, _ function: String, initial: Value, _ read: (inout Value, OpaquePointer?) -> Int32
    ) throws -> Value? {
        var config: OpaquePointer?
        try check(git_repository_config_snapshot(&config, pointer), "git_repository_config_snapshot")
        defer { git_config_free(config) }
        var value = initial
        let rc = read(&value, config)
        if rc == GIT_ENOTFOUND.rawValue { return nil }
        do {
            try check(rc, function)
        } catch {
            // libgit2 names the file and line of a syntax error, but not the key of a value it
            // cannot parse ("failed to parse 'abc' as an integer"): the key goes in front.
            throw GitError(
                code: error.code, message: "\(key): \(error.message)", function: error.function,
                rawCode: error.rawCode, errorClass: error.errorClass)
        }
        return value
    }
}

extension Repository {
    /// Sets a string value in the repository's own configuration file (`.git/config`).
    package func setConfigString(_ key: String, _ value: String) throws {
        try withLocalConfig { local in
            try check(git_config_set_string(local, key, value), "git_config_set_string")
        }
    }

    /// Removes a key from the repository's own configuration file; nothing when it is not set.
    package func unsetConfig(_ key: String) throws {
        try withLocalConfig { local in
            let rc = git_config_delete_entry(local, key)
            if rc == GIT_ENOTFOUND.rawValue { return }
            try check(rc, "git_config_delete_entry")
        }
    }

    /// Runs `body` with the repository's own configuration file (the local level), freed after.
    private func withLocalConfig(_ body: (OpaquePointer?) throws -> Void) throws {
        var config: OpaquePointer?
        var local: OpaquePointer?
        try check(git_repository_config(&config, pointer), "git_repository_config")
        defer { git_config_free(config) }
        try check(git_config_open_level(&local, config, GIT_CONFIG_LEVEL_LOCAL), "git_config_open_level")
        defer { git_config_free(local) }
        try body(local)
    }
}
