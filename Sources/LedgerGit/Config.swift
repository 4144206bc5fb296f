import CLibGit2

extension Repository {
    /// A string value from the repository's configuration (repository, global and system files),
    /// or nil when unset.
    public func configString(_ key: String) throws -> String? {
        var config: OpaquePointer?
        try check(git_repository_config_snapshot(&config, pointer), "git_repository_config_snapshot")
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        let rc = git_config_get_string(&value, config, key)
        if rc == GIT_ENOTFOUND.rawValue { return nil }
        try check(rc, "git_config_get_string")
        return value.map { String(cString: $0) }
    }
}
