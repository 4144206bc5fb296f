import Foundation
import TestSupport
import Testing

/// The catalog in the widget: favorites in waybar's tooltip, a tap of a renamed type's former
/// name accepted and logged under the new one.
@Suite("alog widget: favorites and renamed types")
struct WidgetCatalogTests {
    @Test("waybar's tooltip ends with the favorites in the listing order; none, no line")
    func favoritesInTooltip() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        func tooltip() throws -> String {
            let waybar = try jsonObject(try alog(["widget", "status", "--format", "waybar"], vault: vault).stdout)
            return waybar["tooltip"] as? String ?? ""
        }
        #expect(try !tooltip().contains("Favorites"))
        #expect(try alog(["types", "add", "reading", "--icon", "📖"], vault: vault).succeeded)
        #expect(try alog(["types", "favorite", "meal"], vault: vault).succeeded)
        #expect(try alog(["types", "favorite", "reading"], vault: vault).succeeded)
        #expect(try alog(["types", "order", "reading"], vault: vault).succeeded)
        let shown = try tooltip()
        #expect(shown.hasSuffix("\nFavorites: 📖 reading · 🍽️ meal"), "\(shown)")
        #expect(try String(contentsOfFile: widget + "favorites", encoding: .utf8) == "📖 reading\n🍽️ meal\n")
        #expect(try alog(["types", "favorite", "reading", "--off"], vault: vault).succeeded)
        #expect(try tooltip().hasSuffix("\nFavorites: 🍽️ meal"))
    }

    @Test("a tap of a former name is accepted by the front and committed under the new name")
    func tapOfFormerName() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        #expect(try alog(["types", "add", "reading"], vault: vault).succeeded)
        #expect(try alog(["types", "rename", "reading", "books"], vault: vault).succeeded)
        let tap = try alog(["widget", "tap", "reading", "--at", "2030-01-01T11:30:00Z"], vault: vault)
        #expect(tap.succeeded, "\(tap.stderr)")
        #expect(try alog(["status"], vault: vault).succeeded)  // commits the queue
        let history = try alog(["history", "--json", "--limit", "1"], vault: vault).stdout
        #expect(history.contains(#""type":"books""#), "\(history)")
        let typo = try alog(["widget", "tap", "readnig"], vault: vault)
        #expect(typo.status != 0)
    }
}
