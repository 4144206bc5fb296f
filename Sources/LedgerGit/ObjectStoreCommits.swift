import CLibGit2

extension Repository {
    /// The commits in the object store, reachable or not (every object's header is read);
    /// `limit` stops the scan after that many. For telling a repository that lost its branch
    /// from one that never had a commit, and for finding what such a branch held.
    package func storedCommits(limit: Int = .max) throws -> [ObjectID] {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        final class Scan {
            var all: [ObjectID] = []
            let odb: OpaquePointer?
            let limit: Int
            init(odb: OpaquePointer?, limit: Int) {
                self.odb = odb
                self.limit = limit
            }
        }
        let scan = Scan(odb: odb, limit: limit)
        let rc = withExtendedLifetime(scan) {
            git_odb_foreach(
                odb,
                { oid, payload in
                    let scan = Unmanaged<Scan>.fromOpaque(payload!).takeUnretainedValue()
                    var size = 0
                    var type = GIT_OBJECT_INVALID
                    guard git_odb_read_header(&size, &type, scan.odb, oid) == 0 else { return 0 }
                    if type == GIT_OBJECT_COMMIT, let oid {
                        scan.all.append(ObjectID(oid))
                        if scan.all.count >= scan.limit { return 1 }
                    }
                    return 0
                }, Unmanaged.passUnretained(scan).toOpaque())
        }
        if rc < 0, rc != 1 { try check(rc, "git_odb_foreach") }
        return scan.all
    }
}
