import FoundationEssentials
import LedgerCore

/// Watson's `frames` file: a JSON array of frames `[start, stop, project, id, tags,
/// updated_at]` (unix seconds, the project, the frame's id, a list of tags).
package enum WatsonFormat {
    /// The frames of a `frames` file, and those that cannot be read (their line is their
    /// number in the array).
    package static func records(frames bytes: [UInt8], file: String) -> (records: [ImportRecord], errors: [ImportError])
    {
        let frames: [[Value]]
        do {
            frames = try JSONDecoder().decode([[Value]].self, from: Data(bytes))
        } catch {
            return (
                [],
                [
                    ImportError(
                        file: file, line: 1,
                        reason:
                            "not a Watson frames file (a JSON array of [start, stop, project, id, tags, updated_at])")
                ]
            )
        }
        var records: [ImportRecord] = []
        var errors: [ImportError] = []
        records.reserveCapacity(frames.count)
        for (index, frame) in frames.enumerated() {
            do {
                records.append(try record(frame, index: index, file: file))
            } catch {
                errors.append(error)
            }
        }
        return (records, errors)
    }

    static func record(_ frame: [Value], index: Int, file: String) throws(ImportError) -> ImportRecord {
        do {
            func fail(_ reason: String) -> ImportError {
                ImportError(file: file, line: index + 1, reason: "frame \(index + 1): \(reason)")
            }
            guard frame.count >= 4 else { throw fail("a frame has at least start, stop, project and id") }
            guard case .number(let start) = frame[0], ValidTime.contains(seconds: start) else {
                throw fail("the start is not a time in unix seconds")
            }
            guard case .number(let stop) = frame[1], ValidTime.contains(seconds: stop) else {
                throw fail("the stop is not a time in unix seconds")
            }
            guard stop >= start else { throw fail("the frame stops before it starts") }
            guard case .string(let project) = frame[2] else { throw fail("the project is not a string") }
            guard case .string(let id) = frame[3], !id.isEmpty else { throw fail("the id is not a string") }
            var tags: [String] = []
            if frame.count > 4 {
                switch frame[4] {
                case .strings(let list): tags = list
                case .null: break
                default: throw fail("the tags are not a list of strings")
                }
            }
            return ImportRecord(
                file: file, line: index + 1, identity: "watson:\(id)", start: start, end: stop, tags: tags,
                project: project)
        }
    }

    /// A frame's field: what Watson writes there.
    enum Value: Decodable {
        case number(Int64)
        case string(String)
        case strings([String])
        case null
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let int = try? container.decode(Int64.self) {
                self = .number(int)
            } else if let double = try? container.decode(Double.self), double.isFinite, abs(double) < 1e15 {
                self = .number(Int64(double.rounded(.down)))
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else if let list = try? container.decode([String].self) {
                self = .strings(list)
            } else {
                self = .other
            }
        }
    }
}
