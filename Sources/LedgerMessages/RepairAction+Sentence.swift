package import LedgerVault

extension RepairAction {
    /// What was done, in one line.
    package var sentence: String {
        switch self {
        case .pointedHead(let branch, let problem):
            "pointed .git/HEAD at the branch \(branch) again (it was damaged: \(problem))"
        case .removedFileInTheWay(let path):
            "removed the file \(path), which was in the way of alog's folder"
        case .replacedCache(let path, let problem):
            "replaced \(path) (\(problem)); it is folded again from the events"
        case .removedRemovalsFile(let path, let problem):
            "removed \(path) (\(problem)); run 'alog verify' to find commits that removed event lines"
        case .removedFolderInLockPlace(let path):
            "removed the folder \(path), which was in the place of alog's lock file"
        case .replacedDevice(let path, let problem, let id, true):
            "replaced \(path) (\(problem)); recovered this clone's device id \(id) from the commits it made (its reflog)"
        case .replacedDevice(let path, let problem, let id, false):
            "replaced \(path) (\(problem)); this clone's device id could not be recovered (its reflog shows no event it wrote), so it writes as a new device, \(id), from now on"
        case .keptRefContent(let ref, let aside):
            "kept what \(ref) held in \(aside)"
        case .restoredBranch(let ref, let reason, let commit, let evidence):
            "restored the branch ref \(ref) (\(reason)) to commit \(commit), \(evidence)"
        case .movedBranchBack(let to, let from):
            "moved the branch back to commit \(to), where alog last saw it (from \(from ?? "nothing"))"
        case .wroteBack(let lines, let leftBehind, let causes, let files, let commit):
            "wrote back \(lines) event line\(lines == 1 ? "" : "s") "
                + (leftBehind
                    ? "the branch left behind when it moved backwards"
                    : "removed by commit\(causes.count == 1 ? "" : "s") \(causes.joined(separator: ", "))")
                + " in \(files) file\(files == 1 ? "" : "s"), as commit \(commit)"
        case .movedDamagedAside(let lines, let folder, let commit):
            "moved \(lines) damaged or altered line\(lines == 1 ? "" : "s") out of the event files to \(folder)/ (kept there as they were), as commit \(commit)"
        case .linesAlreadyBack(let causes):
            "the event lines removed by commit\(causes.count == 1 ? "" : "s") \(causes.joined(separator: ", ")) are in HEAD again; nothing to write back"
        }
    }
}
