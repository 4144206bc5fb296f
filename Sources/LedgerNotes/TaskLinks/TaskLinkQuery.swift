import LedgerCore

/// A task link's query split into its parameters and decoded, before any parameter's own rule.
///
/// The query is split on `&` (empty parts, as in `a=1&&b=2` or a trailing `&`, are skipped),
/// each part at its first `=` into a name and a value (a part without `=` has no value), and
/// both are decoded by `URLText.PartDecoder` (`+` is a plus, not a space).
struct TaskLinkQuery {
    struct Part {
        /// Nil when the name does not decode.
        var name: String?
        /// Nil when the part has no `=`, or when the value does not decode.
        var value: String?
        var problem: TaskLinkError?
    }

    var parts: [Part] = []

    init(_ query: ArraySlice<UInt8>) {
        parts = query.withUnsafeBufferPointer { buffer in
            guard let query = buffer.baseAddress else { return [] }
            let count = buffer.count
            return URLText.withPartDecoder(capacity: count) { decoder in
                var parts: [Part] = []
                var start = 0
                while start < count {
                    var end = start
                    while end < count, query[end] != 0x26 { end += 1 }
                    if end > start { parts.append(Self.part(query, start..<end, number: parts.count + 1, decoder)) }
                    start = end + 1
                }
                return parts
            }
        }
    }

    /// The part of `query` in `range`, the `number`th part of the query, decoded.
    private static func part(
        _ query: UnsafePointer<UInt8>, _ range: Range<Int>, number: Int, _ decoder: URLText.PartDecoder
    ) -> Part {
        var equals = range.lowerBound
        while equals < range.upperBound, query[equals] != 0x3D { equals += 1 }
        var part = Part()
        switch decoder.decoded(query, range.lowerBound..<equals) {
        case .success(let name): part.name = name
        case .failure(let problem):
            part.problem = refusal(problem, in: "the name of the query's parameter \(number)", parameter: nil)
        }
        if equals < range.upperBound, let name = part.name {
            switch decoder.decoded(query, (equals + 1)..<range.upperBound) {
            case .success(let value): part.value = value
            case .failure(let problem): part.problem = refusal(problem, in: name, parameter: name)
            }
        }
        return part
    }

    /// The `x-cancel` callback, when the query gives exactly one and it is valid.
    var cancel: String? {
        let given = parts.filter { $0.name == "x-cancel" }
        guard given.count == 1, given[0].problem == nil, let value = given[0].value else { return nil }
        return try? TaskLinkRules.callback(value, name: "x-cancel")
    }

    /// The values of the parameters named in `known` (every other parameter is ignored once
    /// it decodes); refused when a part does not decode, or a known parameter is given twice
    /// or without a value.
    func values(known: [String]) throws(TaskLinkError) -> [String: String] {
        if let problem = parts.lazy.compactMap(\.problem).first { throw problem }
        var values: [String: String] = [:]
        for part in parts {
            guard let name = part.name, known.contains(name) else { continue }
            guard let value = part.value else {
                throw TaskLinkError(
                    .invalidValue, name, "\(name) has no value; accepted: \(name)=value, the value percent-encoded")
            }
            guard values.updateValue(value, forKey: name) == nil else {
                throw TaskLinkError(
                    .duplicateParameter, name, "\(name) is given more than once; accepted: each parameter at most once")
            }
        }
        return values
    }

    static func refusal(_ problem: URLText.DecodingProblem, in what: String, parameter: String?) -> TaskLinkError {
        let reason =
            switch problem {
            case .rawCharacter("#", let position):
                "\(what) has a '#' (character \(position)), which would start a fragment; accepted: no fragment, a '#' in a value written %23"
            case .rawCharacter(let scalar, let position):
                "\(what) has \(TaskLinkError.echo(String(scalar))) as itself (character \(position)); accepted as themselves: letters, digits and -._~!$'()*+,;=:@/?, every other character percent-encoded as UTF-8 (a space is %20)"
            case .badEscape(let after, let position):
                "\(what) has a '%' not followed by two hexadecimal digits (character \(position), then \(TaskLinkError.echo(after))); accepted: %XX, and a '%' itself as %25"
            case .notUTF8(let detail):
                "\(what) is not UTF-8 once decoded (\(detail)); accepted: text percent-encoded as UTF-8"
            case .controlCharacter(let scalar, let position):
                "\(what) has a control character once decoded (\(URLText.codePoint(scalar)) at character \(position)); control characters (U+0000–U+001F, U+007F–U+009F) are not accepted"
            }
        return TaskLinkError(.malformed, parameter, reason)
    }
}
