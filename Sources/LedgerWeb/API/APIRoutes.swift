import Foundation
package import Hummingbird
import LedgerCommands
import LedgerCore
import ServiceLifecycle

/// `/api/…`: the CLI's `--json` outputs, byte for byte, and its writes (docs/web.md).
package struct APIRoutes: Sendable {
    package let runner: CommandRunner
    package let feed: ChangeFeed
    package let keys: SessionKeys
    /// How often an open live stream writes a comment line (`ConnectionLimits.heartbeat`).
    package var heartbeat: Duration = .seconds(15)

    package func register(on router: Router<WebContext>) {
        let api = router.group("api")
        api.get("events") { _, context in await events(connection: await ConnectionWatch.end(of: context.channel)) }
        api.get("session") { _, context in
            json(Array(JSONText.object([("csrf", JSONText.string(keys.csrfToken(for: context.session ?? "")))]).utf8))
        }
        api.get("show/:id") { _, context in
            let id = context.parameters.get("id") ?? ""
            return respond(await runner.read(ShowQuery(id: id), command: "show", words: [id]))
        }
        api.get("show") { _, _ in
            AccessGuard.refusal(.notFound, message: "give the entry's id: /api/show/ID")
        }
        api.get(":name") { request, context in
            let name = context.parameters.get("name") ?? ""
            guard let read = Endpoints.reads[name] else { return notFound(request) }
            let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
            let result: ReadAnswer
            do throws(RequestError) {
                try Endpoints.check(read, query: query)
                guard let typed = try TypedReads.query(name, query) else { return notFound(request) }
                result = await runner.read(
                    typed, command: read.words[0], words: TypedReads.Fields(values: query).words)
            } catch {
                return refuse(error)
            }
            return name == "export"
                ? download(result, format: request.uri.queryParameters.get("format")) : respond(result)
        }
        api.post(":name") { request, context in
            let name = context.parameters.get("name") ?? ""
            guard let write = Endpoints.writes[name] else { return notFound(request) }
            let fields: TypedWrites.Fields
            let typed: any UseCase
            do throws(RequestError) {
                fields = TypedWrites.Fields(values: try await Self.fields(of: request, context: context))
                try Endpoints.check(write, fields: fields.values)
                guard let made = try TypedWrites.request(name, fields) else { return notFound(request) }
                typed = made
            } catch {
                return refuse(error)
            }
            return answer(await runner.perform(typed, command: write.words[0], words: fields.words))
        }
    }

    private func notFound(_ request: Request) -> Response {
        AccessGuard.refusal(
            .notFound,
            message: "no endpoint \(request.method) \(request.uri.path.prefix(80)); docs/web.md lists them")
    }

    private func refuse(_ error: RequestError) -> Response {
        AccessGuard.refusal(error.code, message: error.message)
    }

    /// A read's answer: the JSON it printed, or its refusal.
    package func respond(_ result: ReadAnswer) -> Response {
        result.refusal.map(refused) ?? json(result.bytes)
    }

    /// A write's answer: `sync --json`'s object for a write that prints JSON of its own, else
    /// `{"id": …}` for one that makes an entry, or the line the CLI prints as `message`, with
    /// `warnings` (what it had to say); or its refusal.
    private func answer(_ result: Result<Performed, ReadAnswer.Refusal>) -> Response {
        switch result {
        case .failure(let refusal): return refused(refusal)
        case .success(let performed):
            if let object = performed.json { return json(Array((object + "\n").utf8)) }
            let warnings = JSONText.array(performed.said.map(JSONText.string))
            let said = performed.newEntry.map { ("id", $0) } ?? ("message", performed.line)
            return json(Array(JSONText.object([(said.0, JSONText.string(said.1)), ("warnings", warnings)]).utf8))
        }
    }

    /// A refusal as the CLI's `--json` object, with the HTTP status of its code.
    private func refused(_ refusal: ReadAnswer.Refusal) -> Response {
        Response(
            status: HTTPResponse.Status(code: refusal.code.httpStatus),
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: refusal.json)))
    }

    /// `GET /api/export`: what `alog export` prints, as a file to save (`alog-export.csv`, or
    /// `.json` for the JSON formats).
    private func download(_ result: ReadAnswer, format: String?) -> Response {
        guard result.refusal == nil else { return respond(result) }
        let csv = (format ?? "csv") == "csv"
        return Response(
            status: .ok,
            headers: [
                .contentType: csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
                .contentDisposition: "attachment; filename=\"alog-export.\(csv ? "csv" : "json")\"",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: result.bytes)))
    }

    private func json(_ bytes: [UInt8]) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `GET /api/events`: Server-Sent Events, one `change` event each time the vault's HEAD or
    /// the widget's queue changes (`data`: `{"head": …}`), and a comment line every `heartbeat`,
    /// until the page goes (its side of the connection closes, or a write fails) or the server
    /// stops. A page that went away never keeps its connection until the next change.
    private func events(connection: ConnectionEnd?) async -> Response {
        let stream = await feed.subscribe()
        let first = await feed.version
        let heartbeat = self.heartbeat
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 2000\nevent: hello\n" + Self.data(first)))
                let (messages, say) = AsyncStream.makeStream(of: LiveMessage.self)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await version in stream.cancelOnGracefulShutdown() { say.yield(.change(version)) }
                        say.yield(.end)
                    }
                    group.addTask {
                        while (try? await Task.sleep(for: heartbeat)) != nil { say.yield(.heartbeat) }
                    }
                    if let connection {
                        group.addTask {
                            await connection.wait()
                            say.yield(.end)
                        }
                    }
                    reading: for await message in messages {
                        switch message {
                        case .change(let version):
                            try await writer.write(ByteBuffer(string: "event: change\n" + Self.data(version)))
                        case .heartbeat: try await writer.write(ByteBuffer(string: ": alive\n\n"))
                        case .end: break reading
                        }
                    }
                    group.cancelAll()
                }
                try await writer.finish(nil)
            })
    }

    private enum LiveMessage: Sendable {
        case change(VaultVersion)
        case heartbeat
        case end
    }

    private static func data(_ version: VaultVersion) -> String {
        "data: " + JSONText.object([("head", JSONText.string(version.head))]) + "\n\n"
    }

    /// A write's fields: a JSON object of strings (and booleans for flags), or a form; an
    /// empty body is no fields.
    static func fields(of request: Request, context: WebContext) async throws(RequestError) -> [String:
        Endpoints.FieldValue]
    {
        let limit = context.maxUploadSize
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw .tooLarge(limit: limit)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch {
            throw .tooLarge(limit: limit)
        }
        let bytes = Array(body.readableBytesView)
        if bytes.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) { return [:] }
        let type = (request.headers[.contentType] ?? "application/json").lowercased()
        // A JSON object sent as a form (curl's `-d` without a type) is read as JSON.
        let first = bytes.first { $0 > 32 }
        if type.hasPrefix("application/x-www-form-urlencoded"), first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
            return try unique(BodyFields.form(bytes).map { ($0.name, Endpoints.FieldValue.text($0.value)) })
        }
        guard type.hasPrefix("application/json") || type.hasPrefix("application/x-www-form-urlencoded") else {
            throw .unsupportedMediaType(type)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .malformedBody("it does not parse as JSON")
        }
        guard let members = object as? [String: Any] else { throw .malformedBody("it is not an object") }
        // JSONSerialization keeps the last of a name given twice: refused instead.
        _ = try unique(BodyFields.objectNames(bytes).map { ($0, ()) })
        var fields: [String: Endpoints.FieldValue] = [:]
        for (name, value) in members {
            if let text = value as? String {
                fields[name] = .text(text)
            } else if let flag = value as? Bool {
                fields[name] = .flag(flag)
            } else if value is NSNull {
                continue
            } else {
                throw .notAString(name)
            }
        }
        return fields
    }

    /// The fields by name; a name given twice is refused.
    private static func unique<Value>(_ fields: [(String, Value)]) throws(RequestError) -> [String: Value] {
        var result: [String: Value] = [:]
        for (name, value) in fields {
            guard result.updateValue(value, forKey: name) == nil else { throw .repeated(name) }
        }
        return result
    }
}
