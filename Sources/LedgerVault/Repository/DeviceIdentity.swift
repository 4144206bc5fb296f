import LedgerCore
import LedgerSystem

/// This clone's identity, stored in `.git/alog/device` (never tracked: a clone is a new device).
public struct DeviceIdentity: Sendable, Equatable {
    public var id: String
    public var name: String

    /// A new id is made only when the file does not exist (a new clone). A file that cannot be
    /// read, or holds no valid id, is an error that names `alog rebuild`: making a new id then
    /// would silently turn this clone into another device.
    /// `path` is the state directory's `device` file.
    static func load(path: String) throws -> DeviceIdentity {
        let text: String?
        do {
            text = try FileSystem.readString(path)
        } catch let failure as FileSystem.Failure {
            throw VaultError.damagedStateFile(path: path, reason: failure.reason)
        }
        if let text {
            guard let identity = parse(text) else {
                throw VaultError.damagedStateFile(path: path, reason: "it holds no device id")
            }
            return identity
        }
        let identity = DeviceIdentity(id: DeviceID.random(), name: SystemClock.hostName())
        try FileSystem.writeAtomically(path, Array("id=\(identity.id)\nname=\(identity.name)\n".utf8))
        return identity
    }

    /// The identity in the file's text (`id=…`, `name=…` lines), nil without a valid id.
    static func parse(_ text: String) -> DeviceIdentity? {
        var id: String?
        var name: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("id=") { id = String(line.dropFirst(3)) }
            if line.hasPrefix("name=") { name = String(line.dropFirst(5)) }
        }
        guard let id, DeviceID.isValid(id) else { return nil }
        return DeviceIdentity(id: id, name: name ?? SystemClock.hostName())
    }
}
