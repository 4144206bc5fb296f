import Foundation
import LedgerCore
import LedgerSystem
import TestSupport
import Testing

@testable import LedgerCommands

/// Issue 22, "a command is execute then render": the work returns its outcome and prints
/// nothing; saying it is a separate step. Run inside an `Invocation`, as a URL handler would.
@Suite("A command's work returns data; rendering is its own step")
struct ExecuteRenderTests {
    @Test("Log.execute commits and returns the entry without printing; render says it as the CLI does")
    func logExecuteThenRender() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let environment = [
            "TZ": "UTC", "ALOG_NOW": "2030-01-01T12:00:00Z", "HOME": home.path, "XDG_CONFIG_HOME": home.sub("config"),
        ]
        #expect(try runAlogCommandLine(["init", "--vault", vault], environment: environment).succeeded)
        let invocation = Invocation(environment: environment, workingDirectory: home.path)
        let logged = try invocation.run {
            try Log.execute(type: "Meal", at: "11:30", note: "soup", vault: vault)
        }
        #expect(logged.type == "meal")
        #expect(logged.instant.seconds == 1_893_497_400)
        #expect(invocation.output.stdout.isEmpty && invocation.output.stderr.isEmpty)
        // The entry is in the vault, as the real git sees it.
        let history = try runAlogCommandLine(["history", "--json", "--vault", vault], environment: environment)
        #expect(history.stdout.contains(logged.id.description))
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        // Rendering is what `alog log` prints without a terminal: the id alone.
        invocation.run { Log.render(logged) }
        #expect(String(decoding: invocation.output.stdout, as: UTF8.self) == logged.id.description + "\n")
        // A refusal is thrown before anything is written, and prints nothing either.
        let refusal = Invocation(environment: environment, workingDirectory: home.path)
        #expect(throws: (any Error).self) {
            try refusal.run { try Log.execute(type: "nosuchtype", at: nil, note: nil, vault: vault) }
        }
        #expect(refusal.output.stdout.isEmpty && refusal.output.stderr.isEmpty)
        #expect(try git("rev-list", "--count", "HEAD", in: vault).stdout == "2\n")
    }
}
