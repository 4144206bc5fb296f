import LedgerCore
import LedgerNotes
import Testing

/// Each parameter's rule: the seed's validation rules, made exact.
@Suite struct TaskLinkRuleTests {
    typealias F = TaskLinkFixtures

    // MARK: - id

    @Test func anIDIsLettersDigitsAndDashesUpTo255() throws {
        #expect(try F.startLink(F.start(["id": "aZ09-"])).id == "aZ09-")
        #expect(try F.startLink(F.start(["id": "-"])).id == "-")
        let longest = String(repeating: "a", count: 255)
        #expect(try F.startLink(F.start(["id": longest])).id == longest)
        F.expectRefused(F.start(["id": longest + "a"]), .invalidValue, "id", mentions: ["256 characters", "255"])
        F.expectRefused(F.start(["id": ""]), .invalidValue, "id", mentions: ["empty"])
    }

    @Test(arguments: ["a_b", "a.b", "a%20b", "a%2Fb", "..%2F..%2Fetc", "caf%C3%A9", "a%2Bb", "a~b", "%EF%BC%A1"])
    func anIDWithAnyOtherCharacterIsRefused(_ raw: String) {
        F.expectRefused(F.start(["id": raw]), .invalidValue, "id", mentions: ["A–Z"])
    }

    // MARK: - title

    @Test func aTitleHasUpTo500UnicodeScalars() throws {
        let longest = String(repeating: "%C3%A9", count: 500)
        #expect(try F.startLink(F.start(["title": longest])).title.unicodeScalars.count == 500)
        F.expectRefused(F.start(["title": longest + "x"]), .invalidValue, "title", mentions: ["501 characters", "500"])
        // A letter and its combining accent are two.
        let combining = String(repeating: "e%CC%81", count: 251)
        F.expectRefused(F.start(["title": combining]), .invalidValue, "title", mentions: ["502 characters"])
        // A character outside the BMP is one.
        let emoji = String(repeating: "%F0%9F%98%80", count: 500)
        #expect(try F.startLink(F.start(["title": emoji])).title.count == 500)
    }

    @Test(arguments: ["", "%20", "%20%20%20", "%C2%A0", "%E3%80%80", "%E2%80%83%20"])
    func aTitleOfNothingButSpacesIsRefused(_ raw: String) {
        F.expectRefused(F.start(["title": raw]), .invalidValue, "title", mentions: ["title is"])
    }

    @Test func aTitleIsKeptAsGiven() throws {
        #expect(try F.startLink(F.start(["title": "%20a%20"])).title == " a ")
        #expect(try F.startLink(F.start(["title": "%E2%80%8B"])).title == "\u{200B}")
    }

    // MARK: - startTime

    @Test(arguments: [
        ("2025-11-01T10:30:00Z", F.seedStartSeconds, Int32(0)),
        ("2025-11-01T10%3A30%3A00Z", F.seedStartSeconds, 0),
        ("2025-11-01t10:30:00z", F.seedStartSeconds, 0),
        ("2025-11-01T10:30:00.999Z", F.seedStartSeconds, 0),
        ("2025-11-01T10:30:00.1234567890123Z", F.seedStartSeconds, 0),
        ("2025-11-01T12:30:00%2B02:00", F.seedStartSeconds, 7200),
        ("2025-11-01T12:30:00+02:00", F.seedStartSeconds, 7200),
        ("2025-11-01T05:00:00-05:30", F.seedStartSeconds, -19800),
        ("2025-11-01T10:30:00+00:00", F.seedStartSeconds, 0),
        ("2025-11-01T10:30:00-00:00", F.seedStartSeconds, 0),
        ("2025-11-02T00:30:00+14:00", F.seedStartSeconds, 50400),
        ("2024-02-29T00:00:00Z", 1_709_164_800, 0),
        ("1970-01-01T00:00:00Z", 0, 0),
    ])
    func aStartTimeIsRFC3339(_ raw: String, _ seconds: Int64, _ offset: Int32) throws {
        let link = try F.startLink(F.start(["startTime": raw]))
        #expect(link.startTime == LocalInstant(seconds: seconds, offset: offset))
    }

    @Test(arguments: [
        "2025-11-01", "2025-11-01T10:30Z", "2025-11-01T10:30:00", "2025-11-01%2010:30:00Z", "2025-11-01+10:30:00Z",
        "2025-11-01T10:30:00+0200", "2025-11-01T10:30:00+02", "2025-11-01T10:30:00.Z", "2025-11-01T10:30:00,5Z",
        "2025-02-29T10:30:00Z", "2025-13-01T10:30:00Z", "2025-11-31T10:30:00Z", "2025-11-01T24:00:00Z",
        "2025-11-01T10:60:00Z", "2025-11-01T10:30:60Z", "2025-11-01T10:30:00+19:00", "2025-11-01T10:30:00+02:60",
        "25-11-01T10:30:00Z", "+2025-11-01T10:30:00Z", "2025-11-01T10:30:00ZZ", "2025-11-01T10:30:00%20Z",
        "20251101T103000Z", "now", "1761993000", "",
    ])
    func anyOtherStartTimeIsRefused(_ raw: String) {
        F.expectRefused(F.start(["startTime": raw]), .invalidValue, "startTime", mentions: ["2025-11-01T10:30:00Z"])
    }

    @Test func aStartTimeIsNotAfterNow() throws {
        let at = "2025-11-01T10:30:00Z"
        #expect(throws: Never.self) {
            try TaskLink.parse(F.start(["startTime": at]), now: F.seedStartSeconds, vaultName: nil)
        }
        // The fraction is dropped: 10:30:00.9 is 10:30:00.
        #expect(throws: Never.self) {
            try TaskLink.parse(
                F.start(["startTime": "2025-11-01T10:30:00.9Z"]), now: F.seedStartSeconds, vaultName: nil)
        }
        F.expectRefused(
            F.start(["startTime": at]), .startInFuture, "startTime",
            mentions: ["1s in the future", "now is 2025-11-01T10:29:59Z"],
            now: F.seedStartSeconds - 1)
        F.expectRefused(
            F.start(["startTime": "2025-11-01T12:30:00+02:00"]), .startInFuture, "startTime",
            mentions: ["2h in the future"],
            now: F.seedStartSeconds - 7200)
        F.expectRefused(F.start(["startTime": "9999-12-31T23:59:59Z"]), .startInFuture, "startTime")
        F.expectRefused(
            F.start(["startTime": "1969-12-31T23:59:59Z"]), .invalidValue, "startTime", mentions: ["before 1970"])
        F.expectRefused(F.start(["startTime": "1970-01-01T00:30:00+01:00"]), .invalidValue, "startTime")
    }

    // MARK: - vaultName

    @Test func theVaultNameIsTheVaultsExactly() throws {
        #expect(try F.startLink(F.start(["vaultName": "Other"]), vault: nil).vaultName == "Other")
        F.expectRefused(F.start(["vaultName": "Other"]), .wrongVault, "vaultName", mentions: ["'Other'", "'My Vault'"])
        F.expectRefused(F.start(["vaultName": "my%20vault"]), .wrongVault, "vaultName")
        F.expectRefused(F.start(["vaultName": "My%20Vault%20"]), .wrongVault, "vaultName")
        F.expectRefused(F.start(["vaultName": ""]), .invalidValue, "vaultName", mentions: ["empty"])
        F.expectRefused(F.start(["vaultName": ""]), .invalidValue, "vaultName", mentions: ["empty"], vault: nil)
        // Canonically equivalent spellings are one name (macOS writes folder names decomposed).
        #expect(try F.startLink(F.start(["vaultName": "Caf%C3%A9"]), vault: "Cafe\u{301}").vaultName == "Café")
    }

    // MARK: - Callbacks

    @Test(arguments: [
        "obsidian://open?vault=My%20Vault", "exocortex://task/completed", "OBSIDIAN://x", "Exocortex://",
        "obsidian://a#frag", "obsidian://a?b=[c]&d=%F0%9F%98%80",
    ])
    func aCallbackIsAnObsidianOrExocortexURL(_ url: String) throws {
        for name in ["x-success", "x-cancel", "x-error"] {
            let link = try F.startLink(F.start([name: encoded(url)]))
            let read = [link.callbacks.success, link.callbacks.cancel, link.callbacks.error]
            #expect(read.contains(url))
        }
    }

    @Test(arguments: [
        "http://evil", "https://evil", "javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "//evil",
        "obsidian", "obsidian:open", "obsidian:/open", "ftp://x", "obsidian-x://x", "", " obsidian://x",
        "obsidian://a b",
        "obsidian://é", "obsidian://a%ZZ", "obsidian://a%4", "obsidian://a\"b", "obsidian://a<b>", "obsidian://a{b}",
        "obsidian://a\\b",
    ])
    func anyOtherCallbackIsRefused(_ url: String) {
        for name in ["x-success", "x-cancel", "x-error"] {
            F.expectRefused(
                F.start([name: encoded(url)]), .invalidValue, name, mentions: ["obsidian://", "exocortex://"])
        }
    }

    /// Every byte but the unreserved ones as `%XX`.
    func encoded(_ text: String) -> String {
        text.utf8.map { byte in
            let unreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            return unreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }.joined()
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
