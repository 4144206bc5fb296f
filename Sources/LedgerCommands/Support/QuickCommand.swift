import LedgerFastPath

/// The everyday forms of the commands started most often, run without the argument parser:
/// building the parser's command tree by reflection costs about 2 ms, a tenth of a whole log,
/// and more than the work of a `status` that folds one pulled event. The forms are the hot
/// forms `log` and `status` of `HotForm`, the table the front reads too. Anything else (help, a
/// typo, a note that starts with `-`, a second type) returns nil and goes through the parser,
/// which owns every help and error text.
enum QuickCommand: Equatable {
    case log(type: String, at: String?, note: String?, vault: String?)
    case status(json: Bool, vault: String?)
    case start(type: String, at: String?, note: String?, goal: String?, adjust: Bool, vault: String?)
    case stop(at: String?, note: String?, vault: String?)

    init?(_ arguments: [String]) {
        guard let invocation = HotForm.read(arguments, among: [.log, .status, .start, .stop]) else { return nil }
        // `--vault ''` is refused by the parser (VaultOptions.validate), in its words.
        if invocation.vault == "" { return nil }
        let options = invocation.options
        switch invocation.form {
        case .log:
            self = .log(
                type: invocation.positional[0], at: options["--at"], note: options["--note"], vault: invocation.vault)
        case .start:
            self = .start(
                type: invocation.positional[0], at: options["--at"], note: options["--note"], goal: options["--goal"],
                adjust: invocation.flags.contains("--adjust"), vault: invocation.vault)
        case .stop:
            self = .stop(at: options["--at"], note: options["--note"], vault: invocation.vault)
        default:
            self = .status(json: invocation.flags.contains("--json"), vault: invocation.vault)
        }
    }

    func run() throws {
        switch self {
        case .log(let type, let at, let note, let vault):
            Log.render(try LogRequest(type: type, at: at, note: note.map(NoteSource.text)).perform(in: access(vault)))
        case .status(let json, let vault):
            Status.render(try Status.execute(vault: vault), json: json)
        case .start(let type, let at, let note, let goal, let adjust, let vault):
            let request = StartRequest(type: type, at: at, note: note.map(NoteSource.text), goal: goal, adjust: adjust)
            Start.render(try request.perform(in: access(vault)))
        case .stop(let at, let note, let vault):
            Stop.render(try StopRequest(at: at, note: note.map(NoteSource.text)).perform(in: access(vault)))
        }
    }

    /// The vault of `--vault` (or the default), its housekeeping said on stderr.
    private func access(_ vault: String?) -> VaultAccess { VaultAccess(path: vault) }
}
