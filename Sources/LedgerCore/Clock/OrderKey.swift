/// The total order of events: (clock stamp, device, id). Every device sorts the same events
/// the same way, whatever order they arrived in.
public struct OrderKey: Hashable, Sendable, Comparable {
    public var stamp: Stamp
    public var device: String
    public var id: EventID

    public init(stamp: Stamp, device: String, id: EventID) {
        self.stamp = stamp
        self.device = device
        self.id = id
    }

    public static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        if lhs.stamp != rhs.stamp { return lhs.stamp < rhs.stamp }
        if lhs.device != rhs.device { return lhs.device < rhs.device }
        return lhs.id < rhs.id
    }
}
