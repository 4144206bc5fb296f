import LedgerFastPath
import Testing

@Suite("Options before the command")
struct GlobalOptionsTests {
    @Test("leading --vault moves behind the command's words, before a '--'")
    func hoisting() {
        #expect(
            GlobalOptions.hoisted(["--vault", "V", "remote", "add", "o", "u"]) == [
                "remote", "add", "o", "u", "--vault", "V",
            ])
        #expect(GlobalOptions.hoisted(["--vault=V", "log", "meal"]) == ["log", "meal", "--vault", "V"])
        #expect(
            GlobalOptions.hoisted(["--vault", "V", "log", "meal", "--", "-x"]) == [
                "log", "meal", "--vault", "V", "--", "-x",
            ])
        #expect(GlobalOptions.hoisted(["log", "meal", "--vault", "V"]) == ["log", "meal", "--vault", "V"])
        #expect(GlobalOptions.hoisted(["--vault"]) == ["--vault"])
        #expect(GlobalOptions.hoisted(["--vault", "V"]) == ["--vault", "V"])
        #expect(GlobalOptions.hoisted([]) == [])
    }
}
