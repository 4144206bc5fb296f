import LedgerCore
import LedgerNotes
import Testing

/// Percent-decoding (RFC 3986) and the characters a link may hold, read through `title`.
@Suite struct TaskLinkPercentTests {
    typealias F = TaskLinkFixtures

    func title(_ raw: String) throws -> String { try F.startLink(F.start(["title": raw])).title }

    @Test func plusIsAPlusAndAnEncodedPlusToo() throws {
        #expect(try title("a+b") == "a+b")
        #expect(try title("a%2Bb") == "a+b")
        #expect(try title("a%20b") == "a b")
    }

    @Test func percentItselfIsEncodedOnceAndDecodedOnce() throws {
        #expect(try title("100%25") == "100%")
        #expect(try title("%2525") == "%25")
        #expect(try title("%252B") == "%2B")
    }

    @Test func hexDigitsInEitherCase() throws {
        #expect(try title("caf%c3%a9") == "café")
        #expect(try title("caf%C3%a9") == "café")
        #expect(try title("caf%c3%A9") == "café")
        #expect(try title("%F0%9F%98%80") == "😀")
    }

    @Test(arguments: ["%", "a%", "a%4", "%4x", "%G0", "%%", "%%41", "%-1", "% 41", "%+1", "%0", "abc%e"])
    func aTruncatedOrNonHexEscapeIsRefused(_ raw: String) {
        F.expectRefused(
            F.start(["title": raw]), .malformed, "title", mentions: ["'%' not followed by two hexadecimal digits"])
    }

    @Test(arguments: [
        // Overlong forms: '/' in two and three bytes, NUL in two, U+007F in two.
        "%C0%AF", "%E0%80%AF", "%C0%80", "%C1%BF", "%F0%80%80%AF",
        // UTF-16 surrogates encoded as UTF-8 (CESU-8), alone and as a pair.
        "%ED%A0%80", "%ED%BF%BF", "%ED%A0%BD%ED%B8%80",
        // Past U+10FFFF, bytes UTF-8 never uses, lone continuations, truncated sequences.
        "%F4%90%80%80", "%F5%80%80%80", "%FF", "%FE", "%80", "%BF", "a%E2%82", "%E2%82a", "%F0%9F%98",
    ])
    func bytesThatAreNotUTF8AreRefused(_ raw: String) {
        F.expectRefused(F.start(["title": raw]), .malformed, "title", mentions: ["not UTF-8"])
    }

    @Test(arguments: ["%00", "a%00b", "%0A", "%0D", "%0D%0A", "%09", "%1B%5B31m", "%7F", "%C2%80", "%C2%85", "%C2%9F"])
    func controlCharactersAreRefused(_ raw: String) {
        F.expectRefused(F.start(["title": "x" + raw]), .malformed, "title", mentions: ["control character"])
    }

    @Test func controlCharactersAreRefusedInEveryParameter() {
        for name in ["id", "vaultName", "startTime", "x-success", "x-source"] {
            F.expectRefused(F.start([name: "a%00"]), .malformed, name, mentions: ["U+0000"])
        }
        F.expectRefused(F.start(["%00": "a"]), .malformed, nil, mentions: ["name of the query's parameter"])
    }

    @Test func theLineAndParagraphSeparatorsAndBidiMarksAreNotControlCharacters() throws {
        #expect(try title("a%E2%80%A8b") == "a\u{2028}b")
        #expect(try title("%E2%80%AEabc") == "\u{202E}abc")
    }

    @Test(arguments: [
        "a b", "a\"b", "a<b", "a>b", "a\\b", "a^b", "a`b", "a{b", "a|b", "a}b", "a[b", "a]b", "café", "a\u{0}b",
        "a\nb", "a\u{7F}b", "日本",
    ])
    func charactersAQueryCannotHoldAsThemselvesAreRefused(_ raw: String) {
        F.expectRefused(F.start(["title": raw]), .malformed, "title", mentions: ["percent-encoded"])
    }

    @Test func reservedCharactersAQueryHoldsAsThemselvesAreKept() throws {
        #expect(try title("a!$'()*+,;:@/?b") == "a!$'()*+,;:@/?b")
        #expect(try title("k=v=w") == "k=v=w")
        #expect(try title("-._~") == "-._~")
    }

    @Test func encodedDelimitersAreData() throws {
        #expect(try title("a%26id%3Dx") == "a&id=x")
        #expect(try title("%23%3F%2F") == "#?/")
        let link = try F.startLink(F.start(["title": "t%26x-cancel%3Dhttp%3A%2F%2Fevil"]))
        #expect(link.callbacks.cancel == "obsidian://open?vault=My%20Vault")
    }

    @Test func aRefusalEchoesTheValueSafely() {
        let error = F.refusal(F.start(["id": "%1B%5B2J"]))
        #expect(error?.kind == .malformed)
        #expect(error?.description.contains("\u{1B}") == false)
        let long = F.refusal(F.start(["id": String(repeating: "x", count: 300) + "%20"]))
        #expect((long?.description.count ?? 0) < 400)
        #expect(long?.description.contains("…' (301 characters)") == true)
        let short = F.refusal(F.start(["id": "a%C3%A9"]))
        #expect(short?.description.hasPrefix("invalid task link: id 'aé' has 'é' at character 2") == true)
    }
}
