import Foundation
import HTTPTypes
import Hummingbird
import LedgerWeb
import TestSupport
import Testing

@Suite("The Settings page adds, orders and removes types through the CLI's rules")
struct SettingsTests {
    private func names(_ fixture: WebFixture, all: Bool = false) throws -> [String] {
        let listed = try fixture.alog(["types", "list", "--json"] + (all ? ["--all"] : [])).stdout
        let types = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []
        return types.compactMap { $0["name"] as? String }
    }

    @Test("a new type, a new order, a removal (archived while entries remain) and a return: one commit each")
    func addOrderRemove() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            var commits = try fixture.commitCount()
            let added = try await session.post("/api/type", ##"{"type": "zazen", "icon": "♟", "color": "#123456"}"##)
            #expect(added.status == .ok, "\(added.text)")
            #expect(((added.json as? [String: Any])?["message"] as? String)?.contains("defined ♟ zazen") == true)
            commits += 1
            #expect(try fixture.commitCount() == commits)

            // Up on zazen: the order the page's button sends, every type named.
            var order = try names(fixture)
            let zazen = try #require(order.firstIndex(of: "zazen"))
            try #require(zazen > 0)
            order.swapAt(zazen, zazen - 1)
            let moved = try await session.post("/api/order", #"{"types": "\#(order.joined(separator: " "))"}"#)
            #expect(moved.status == .ok, "\(moved.text)")
            commits += 1
            #expect(try fixture.commitCount() == commits)
            #expect(try names(fixture) == order)

            // No entries of zazen: removed; meal has entries: archived, in the CLI's words.
            let gone = try await session.post("/api/remove", #"{"type": "zazen"}"#)
            #expect(((gone.json as? [String: Any])?["message"] as? String)?.hasPrefix("removed type ♟ zazen") == true)
            let archived = try await session.post("/api/remove", #"{"type": "meal"}"#)
            let said = (archived.json as? [String: Any])?["message"] as? String ?? ""
            #expect(said.contains("archived type") && said.contains("its entry stays in history"), "\(said)")
            commits += 2
            #expect(try fixture.commitCount() == commits)
            #expect(try !names(fixture).contains("meal") && names(fixture, all: true).contains("meal"))

            let page = try await session.get("/settings")
            #expect(page.text.contains(#"<h2 id="removed-types">Removed types</h2>"#))
            #expect(page.text.contains(#"data-action="type" data-type="meal" aria-label="Bring back meal">"#))
            #expect(!page.text.contains(#"data-action="remove" data-type="meal""#))
            let back = try await session.post("/api/type", #"{"type": "meal"}"#)
            #expect(((back.json as? [String: Any])?["message"] as? String)?.hasPrefix("brought back") == true)
            commits += 1
            #expect(try fixture.commitCount() == commits)
        }
        #expect(try git("fsck", "--strict", in: fixture.vault).succeeded)
    }

    @Test("refused as the CLI refuses, nothing written: a running timer's type, an unknown type, no CSRF token")
    func refusals() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            let commits = try fixture.commitCount()
            for (uri, body, words) in [
                ("/api/remove", #"{"type": "reading"}"#, "timer"),
                ("/api/remove", #"{"type": "nosuch"}"#, "nosuch"),
                ("/api/order", #"{"types": "meal nosuch"}"#, "nosuch"),
                ("/api/order", #"{"types": ""}"#, "name the types"),
                ("/api/order", #"{"names": "meal"}"#, "'types'"),
                ("/api/order", #"{"types": true}"#, "must be a string"),
            ] {
                let response = try await session.post(uri, body)
                // The CLI's refusals of a state (a running timer, no such type) are 409s.
                let expected: HTTPResponse.Status = uri == "/api/remove" ? .conflict : .badRequest
                #expect(response.status == expected, "\(uri) \(body): \(response.status) \(response.text)")
                #expect(response.errorMessage?.contains(words) == true, "\(uri) \(body): \(response.text)")
            }
            let forged = try await session.post("/api/order", #"{"types": "meal wake"}"#, csrf: "")
            #expect(forged.status == .forbidden)
            #expect(try fixture.commitCount() == commits)
        }
    }

    @Test("each type has Up and Down among its own kind, each naming the whole order it asks for")
    func moveButtons() async throws {
        let fixture = try WebFixture()
        try fixture.alog(["types", "favorite", "reading"])
        let listed = try names(fixture)
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let page = try await Session.start(client).get("/settings")
            #expect(page.status == .ok)
            // reading, the only favorite, is first and moves nowhere.
            #expect(listed.first == "reading")
            #expect(!page.text.contains(#"data-type="reading" data-move="#))
            var down = listed
            down.swapAt(1, 2)
            #expect(
                page.text.contains(
                    #"data-type="\#(listed[1])" data-move="down" data-types="\#(down.joined(separator: " "))""#),
                "\(page.text)")
            #expect(!page.text.contains(#"data-type="\#(listed[1])" data-move="up""#))
            #expect(!page.text.contains(#"data-type="\#(listed.last!)" data-move="down""#))
            #expect(page.text.contains(#"<form class="edit" data-action="type" data-new aria-label="A new type">"#))
        }
    }
}
