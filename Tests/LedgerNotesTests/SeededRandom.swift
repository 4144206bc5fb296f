/// A seeded generator (SplitMix64) for the target's generated cases: a fixed seed gives the same
/// notes and links on every machine, so a failure reproduces.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(state: UInt64) { self.state = state }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The day notes' tests' name for it.
typealias DayNoteRandom = SeededRandom
