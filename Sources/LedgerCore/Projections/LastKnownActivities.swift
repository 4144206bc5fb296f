/// The `LastKnownActivities` dictionary the iOS widgets read: activity type → unix seconds of its latest
/// live entry, e.g. `{"meal": 1703123555, "sleep": 1703123456, "wake": 1703123789}`. Types never
/// logged are absent.
public enum LastKnownActivities {
    /// Keys sorted, so equal dictionaries are equal bytes. `spaced` puts a space after each
    /// `:` and `,` (the cache file); without it the object is compact (`status --json`).
    public static func encode(_ values: [String: Int64], spaced: Bool = true) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, (type, seconds)) in values.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { out += spaced ? [UInt8(ascii: ","), UInt8(ascii: " ")] : [UInt8(ascii: ",")] }
            FlatJSON.appendString(type, to: &out)
            out += Array((spaced ? ": \(seconds)" : ":\(seconds)").utf8)
        }
        out += [UInt8(ascii: "}")]
        return out
    }

    /// Nil when the bytes are not such an object (integers only).
    public static func decode(_ bytes: [UInt8]) -> [String: Int64]? {
        var values: [String: Int64] = [:]
        let valid = bytes.withUnsafeBytes { raw -> Bool in
            do {
                try FlatJSON.forEachMember(raw) { (key, value) throws(FlatJSON.SyntaxError) in
                    guard case .integer(let seconds) = value,
                        let type = FlatJSON.decodeString(key, escaped: key.contains(UInt8(ascii: "\\")))
                    else { throw FlatJSON.SyntaxError(offset: 0, reason: "values must be unix seconds") }
                    values[type] = seconds
                }
                return true
            } catch {
                return false
            }
        }
        return valid ? values : nil
    }
}
