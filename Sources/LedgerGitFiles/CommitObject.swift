/// A commit object's bytes as libgit2's `git_commit_create` writes them: the tree, the
/// parents, author and committer lines (`Name <email> seconds ±hhmm`), a blank line and the
/// message as given (no newline added).
package enum CommitObject {
    /// `identity` is `Name <email>`, the bytes both signature lines carry.
    package static func encode(
        tree: [UInt8], parents: [[UInt8]], identity: String, seconds: Int64, offsetMinutes: Int, message: String
    ) -> [UInt8] {
        let signature = identity + " " + stamp(seconds: seconds, offsetMinutes: offsetMinutes)
        var text = "tree " + ObjectHash.hex(tree) + "\n"
        for parent in parents { text += "parent " + ObjectHash.hex(parent) + "\n" }
        text += "author " + signature + "\ncommitter " + signature + "\n\n" + message
        return Array(text.utf8)
    }

    /// `seconds ±hhmm`, as git writes a signature's time.
    package static func stamp(seconds: Int64, offsetMinutes: Int) -> String {
        let sign = offsetMinutes < 0 ? "-" : "+"
        let minutes = abs(offsetMinutes)
        let (hours, rest) = (minutes / 60, minutes % 60)
        return "\(seconds) \(sign)\(hours < 10 ? "0" : "")\(hours)\(rest < 10 ? "0" : "")\(rest)"
    }
}
