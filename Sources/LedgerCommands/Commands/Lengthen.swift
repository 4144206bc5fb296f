import ArgumentParser
import LedgerCore

/// `lengthen ID DURATION`: timewarrior's verb for `edit ID --end +DURATION`.
struct Lengthen: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "lengthen", abstract: "Move a stopped timer's end later (the same as 'edit ID --end +DURATION').",
        discussion: "As timewarrior's lengthen; the rules of 'alog edit --end'.")

    @OptionGroup var move: EndMove

    func checkedInput(_ time: TimeExpression) throws -> Edit.Input { try move.input(sign: 1) }
    func execute() throws -> Edited { try move.perform(sign: 1) }
    func render(_ edited: Edited) { Edit.say(edited) }
}
