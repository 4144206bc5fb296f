import Hummingbird

/// `POST /api/order`: the Settings page's Up and Down. `types` holds every type's name in the
/// order wanted, separated by spaces (a type's name has none); the server runs `types order --
/// NAME…`, so the CLI's rules decide (an unknown or removed type is refused in its words).
extension APIRoutes {
    func registerTypeOrder(on api: RouterGroup<WebContext>) {
        api.post("order") { request, context in
            let line: [String]
            do throws(RequestError) {
                line = try Self.typeOrderLine(await Self.fields(of: request, context: context))
            } catch {
                return refuse(error)
            }
            return respond(await runner.run(line, writes: true), write: Self.typeOrder)
        }
    }

    private static let typeOrder = CommandLines.Write(words: ["types", "order"], options: ["types"])

    static func typeOrderLine(_ fields: [String: CommandLines.FieldValue]) throws(RequestError) -> [String] {
        for name in fields.keys.sorted() where name != "types" { throw .unknownField(name, accepted: ["types"]) }
        switch fields["types"] {
        case .text(let text)?:
            return typeOrder.words + ["--"] + text.split(whereSeparator: \.isWhitespace).map(String.init)
        case .flag?: throw .notAString("types")
        case nil: throw .missing("types")
        }
    }
}
