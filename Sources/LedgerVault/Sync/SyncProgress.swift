import LedgerGit

/// How far a transfer (fetch, push, clone) has got, for a progress display.
public struct SyncProgress: Sendable {
    public enum Phase: Sendable { case receiving, sending }
    public var phase: Phase
    public var objects: Int
    public var totalObjects: Int
    public var bytes: Int

    public init(phase: Phase, objects: Int, totalObjects: Int, bytes: Int) {
        (self.phase, self.objects, self.totalObjects, self.bytes) = (phase, objects, totalObjects, bytes)
    }

    init(_ progress: TransferProgress) {
        phase = progress.phase == .receiving ? .receiving : .sending
        (objects, totalObjects, bytes) = (progress.objects, progress.totalObjects, progress.bytes)
    }

    /// The git wrapper's callback for a vault-level one.
    static func forward(_ report: ((SyncProgress) -> Void)?) -> ((TransferProgress) -> Void)? {
        report.map { report in { report(SyncProgress($0)) } }
    }
}
