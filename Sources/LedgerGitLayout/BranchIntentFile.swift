/// The bytes of `<git dir>/alog/branch-intent`, which a writer leaves on disk while it moves
/// the branch and brings the working tree along (the vault's `BranchIntent` reads them back):
/// a header line, the branch, the commit it pointed at (`-` for none) and the new one.
package enum BranchIntentFile {
    package static let header = "alog branch intent 1"

    package static func encode(branch: String, from: String?, to: String) -> [UInt8] {
        Array("\(header)\n\(branch)\n\(from ?? "-")\n\(to)\n".utf8)
    }
}
