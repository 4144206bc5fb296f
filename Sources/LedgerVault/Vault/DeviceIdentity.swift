import LedgerCore
import LedgerSystem

/// This clone's identity, stored in `.git/alog/device` (never tracked: a clone is a new device).
public struct DeviceIdentity: Sendable, Equatable {
    public var id: String
    public var name: String

    /// `path` is the state directory's `device` file.
    static func load(path: String) throws -> DeviceIdentity {
        if let text = try FileSystem.readString(path) {
            var id: String?
            var name: String?
            for line in text.split(separator: "\n") {
                if line.hasPrefix("id=") { id = String(line.dropFirst(3)) }
                if line.hasPrefix("name=") { name = String(line.dropFirst(5)) }
            }
            if let id, DeviceID.isValid(id) { return DeviceIdentity(id: id, name: name ?? SystemClock.hostName()) }
        }
        let identity = DeviceIdentity(id: DeviceID.random(), name: SystemClock.hostName())
        try FileSystem.writeAtomically(path, Array("id=\(identity.id)\nname=\(identity.name)\n".utf8))
        return identity
    }
}
