import CLibGit2

/// Who made a commit and when (git's author/committer line).
package struct Signature: Sendable, Equatable {
    package var name: String
    package var email: String
    /// Seconds since the Unix epoch.
    package var time: Int64
    /// The signer's UTC offset in minutes.
    package var offsetMinutes: Int32

    package init(name: String, email: String, time: Int64, offsetMinutes: Int32) {
        self.name = name
        self.email = email
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    init(_ sig: UnsafePointer<git_signature>) {
        name = sig.pointee.name.map { String(cString: $0) } ?? ""
        email = sig.pointee.email.map { String(cString: $0) } ?? ""
        time = sig.pointee.when.time
        offsetMinutes = sig.pointee.when.offset
    }

    /// Calls `body` with a libgit2 signature that lives only for the duration of the call.
    func withGitSignature<T>(_ body: (UnsafeMutablePointer<git_signature>) throws -> T) throws -> T {
        var sig: UnsafeMutablePointer<git_signature>?
        try check(git_signature_new(&sig, name, email, time, offsetMinutes), "git_signature_new")
        defer { git_signature_free(sig) }
        return try body(sig!)
    }
}
