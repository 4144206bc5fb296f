import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Goals: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goals", abstract: "Daily goals: time per day for a type, shown by 'alog status'.",
        subcommands: [List.self, Set.self],
        defaultSubcommand: List.self)

    struct List: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the daily goals with today's totals.")

        @Flag(help: "Print JSON (documented in docs/cli.md).")
        var json = false

        @OptionGroup var options: VaultOptions

        func execute() throws -> [TimerView.Goal] { try GoalsQuery().perform(in: options.access) }

        func render(_ goals: [TimerView.Goal]) {
            if json {
                GoalsQuery().json(goals, write: emitPart)
            } else if goals.isEmpty {
                emit("no daily goals; set one with 'alog goals set TYPE DURATION'")
            } else {
                for goal in goals { emit(TimerView.goalLine(goal)) }
            }
        }
    }

    struct Set: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set a type's daily goal (DURATION: 45m, 1h30m, 1.5h; 0 removes it).")

        @Argument(help: "The activity type.", completion: DynamicCompletion.types)
        var type: String

        @Argument(help: "Time per day (at most 24h), or 0 to remove the goal.")
        var duration: String

        @OptionGroup var options: VaultOptions

        func execute() throws -> GoalSet {
            try DailyGoalRequest(type: type, duration: duration).perform(in: options.access)
        }

        func render(_ set: GoalSet) { set.say() }
    }
}
