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

    /// `value` as git writes it into a commit's identity line (`strbuf_addstr_without_crud` in
    /// git's ident.c): white space, control characters and `,:;<>"\'` taken off both ends, and
    /// the line feeds and angle brackets inside dropped, since a signature is written as
    /// `Name <email>` on one line. libgit2 only refuses a value with `<` or `>`, and writes a
    /// line feed as it is, which ends the line early: `git fsck --strict` then rejects the
    /// commit (missingEmail).
    package static func cleaned(_ value: String) -> String {
        func isCrud(_ byte: UInt8) -> Bool { byte <= 32 || Array(",:;<>\"\\'".utf8).contains(byte) }
        let bytes = Array(value.utf8)
        guard let first = bytes.firstIndex(where: { !isCrud($0) }), let last = bytes.lastIndex(where: { !isCrud($0) })
        else { return "" }
        return String(decoding: bytes[first...last].filter { $0 != 10 && $0 != 60 && $0 != 62 }, as: UTF8.self)
    }

    /// Calls `body` with a libgit2 signature that lives only for the duration of the call.
    func withGitSignature<T>(_ body: (UnsafeMutablePointer<git_signature>) throws -> T) throws -> T {
        var sig: UnsafeMutablePointer<git_signature>?
        try check(git_signature_new(&sig, name, email, time, offsetMinutes), "git_signature_new")
        defer { git_signature_free(sig) }
        return try body(sig!)
    }
}
