/// Every stable code a refusal can carry (docs/cli.md, "Error codes"): the CLI's `--json`
/// refusals, the web API's, and the library's coded errors all name one of these. A code is
/// added here, never renamed; its raw value is the text a script reads.
public enum ErrorCode: String, CaseIterable, Sendable, Codable {
    // The vault and its entries
    case notAVault, noVault, vaultIsAFile, emptyVaultPath, cannotCreateFolder, bareRepository, insideRepository
    case notWritable, detachedHead, branchLocked, indexLocked, workingTreeNotWritten, folderInPlace, branchDamaged
    case headDamaged, branchUnrecoverable, damagedStateFile, clockOutOfRange, notesInTheWay, nothingToMoveBack
    case branchMovedOnSince
    // Types, entries, undo
    case unknownType, archivedType, invalidTypeName, invalidTypeField, typeRenamed, typeNameTaken, builtInType
    case invalidTag
    case unknownEntry, ambiguousEntry, entryPrefixTooShort, nothingToChange, nothingToUndo, alreadyInState
    // Timers and goals
    case nothingRunning, nothingToResume, alreadyRunning, stopBeforeStart, overlaps, notTimed, endBeforeStart
    case goalOutOfRange, invalidDuration, noEndToMove, deletedTimer, splitOutside, joinSelf, joinTypesDiffer
    case joinedNote
    // Import
    case invalidImport
    // Task notes and day notes
    case notePathRefused, noteNotFound, noSuchNote, ambiguousNote, outsideVault, notATask, unreadableNote
    case damagedFrontmatter, duplicateFrontmatterKey, unclosedFrontmatter, unreadableFrontmatter, noTaskRunning
    case noPausedTask, taskDone, taskAlreadyRunning, noteIsFolder, invalidTaskStatus, invalidTaskLink
    case taskLinkStartRefused, invalidNotesFolder, dayNotesOff
    // Times, notes, the command line
    case invalidTime, timeInFuture, invalidClock, invalidNote, usage, unknownCommand, completions
    // The web API only
    case unknownHost, unauthorized, crossOrigin, csrf, bodyTooLarge, unsupportedMediaType, malformedBody, notFound
    case badRequest
    // Remotes and sync
    case noRemote, ambiguousRemote, unknownRemote, invalidRemoteName, remoteExists, invalidURL
    case noSuchLocalRepository, notARepository, remotePathMissing, destinationNotEmpty, authentication, transfer
    case localWriteFailed, historyRewritten, unrelatedHistories, eventsRewritten, unsafePath, localChangesInTheWay
    case tooManyRetries, localRemovals, localMovedBack, localDamage
    // The widget
    case invalidType, removedType, badFormat, noSuchItem
    // Below alog
    case git, fileSystem, error

    /// The HTTP status the web answers a refusal of this code with: 400 for what the request
    /// got wrong, 401/403/413/415 for the web's own gate, 404 for what it names and the vault
    /// lacks, 409 for what the vault's state does not allow now, 503 for a vault another
    /// writer holds, 500 for what failed below alog. The switch has no default: a new code
    /// does not compile until it has its status.
    public var httpStatus: Int {
        switch self {
        case .unknownEntry, .noSuchNote, .remotePathMissing, .noteNotFound, .unknownRemote, .noSuchItem, .noRemote,
            .notFound:
            404
        case .alreadyRunning, .nothingRunning, .nothingToResume, .nothingToUndo, .alreadyInState, .overlaps,
            .stopBeforeStart, .archivedType, .notTimed, .taskAlreadyRunning, .noTaskRunning, .noPausedTask, .taskDone,
            .ambiguousEntry, .nothingToChange, .typeRenamed, .historyRewritten, .unrelatedHistories,
            .localChangesInTheWay, .localRemovals, .localMovedBack, .localDamage, .eventsRewritten, .folderInPlace:
            409
        case .branchLocked, .indexLocked, .tooManyRetries:
            503
        case .git, .fileSystem, .error, .notWritable, .branchDamaged, .headDamaged, .branchUnrecoverable,
            .damagedStateFile, .notAVault, .workingTreeNotWritten, .transfer, .authentication, .localWriteFailed:
            500
        case .unauthorized:
            401
        case .unknownHost, .crossOrigin, .csrf:
            403
        case .bodyTooLarge:
            413
        case .unsupportedMediaType:
            415
        case .noVault, .vaultIsAFile, .emptyVaultPath, .cannotCreateFolder, .bareRepository, .insideRepository,
            .detachedHead, .clockOutOfRange, .notesInTheWay, .nothingToMoveBack, .branchMovedOnSince, .unknownType,
            .invalidTypeName, .invalidTag, .invalidTypeField, .typeNameTaken, .builtInType, .entryPrefixTooShort,
            .endBeforeStart, .goalOutOfRange, .invalidDuration, .noEndToMove, .deletedTimer, .splitOutside, .joinSelf,
            .joinTypesDiffer, .joinedNote, .invalidImport, .notePathRefused, .ambiguousNote, .outsideVault,
            .notATask, .unreadableNote, .damagedFrontmatter, .duplicateFrontmatterKey, .unclosedFrontmatter,
            .unreadableFrontmatter, .noteIsFolder, .invalidTaskStatus, .invalidTaskLink, .taskLinkStartRefused,
            .invalidNotesFolder, .dayNotesOff, .invalidTime, .timeInFuture, .invalidClock, .invalidNote, .usage,
            .unknownCommand, .completions, .malformedBody, .badRequest, .ambiguousRemote, .invalidRemoteName,
            .remoteExists, .invalidURL, .noSuchLocalRepository, .notARepository, .destinationNotEmpty, .unsafePath,
            .invalidType, .removedType, .badFormat:
            400
        }
    }
}
