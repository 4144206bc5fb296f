/// A last-writer-wins register: the value written by the latest event in the total event order.
/// Ties (the same event seen twice with different content, i.e. a corrupted duplicate) are
/// broken by the value itself, so merging stays commutative, associative and idempotent.
public struct Register<Value: Comparable & Hashable & Sendable>: Hashable, Sendable {
    public var key: OrderKey
    public var value: Value

    public init(key: OrderKey, value: Value) {
        self.key = key
        self.value = value
    }

    static func merge(_ current: inout Register?, _ key: OrderKey, _ value: Value) {
        guard let existing = current else {
            current = Register(key: key, value: value)
            return
        }
        if key > existing.key || (key == existing.key && value > existing.value) {
            current = Register(key: key, value: value)
        }
    }
}
