public import LedgerCore

/// The id a typed line is logged with: derived from the line, not drawn at random, so two
/// devices that read the same typed line (it reached both by a git merge) log the same entry,
/// and the fold, which keys entries by id, counts it once.
///
/// The hash is FNV-1a (64 bits) over `alog day note 1`, the date, the line's normalized text
/// and its ordinal, each ended by a line feed, then SplitMix64's finalizer (FNV's high bits
/// mix poorly over short inputs); the low 60 bits are the id. Fixed forever: changing it would
/// make a device on a newer alog log a line another device already logged.
public enum DayNoteID {
    /// The id of the `ordinal`-th id tried for a line whose normalized text is `text`, in the
    /// note of `date`. `DayNote.read` tries ordinals from 0 and skips ids already taken (another
    /// line's, an entry's, a deleted entry's), so a second identical line gets the next one.
    public static func forTypedLine(date: CivilDate, text: String, ordinal: Int) -> EventID {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ string: String) {
            for byte in string.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0x0A
            hash = hash &* 0x0000_0100_0000_01b3
        }
        add("alog day note 1")
        add(date.iso)
        add(text)
        add(String(ordinal))
        var mixed = hash
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        mixed ^= mixed >> 31
        return EventID(rawValue: mixed)
    }

    /// A typed line's normalized text: its start, its end as the region writes it, its type in
    /// lowercase as written, and its note as read with its tags' words in it (`12:30 meal
    /// pasta`, `12:30 meal +home pasta`, `09:00–10:30 work`: as before tags were read), so
    /// bullets, `7:05` for `07:05`, a copied icon and spacing do not change the id.
    static func normalizedText(_ fields: DayNoteFields, writtenType: String) -> String {
        var text = fields.start.text
        switch fields.end {
        case .instant: break
        case .running: text += "–"
        case .at(let end): text += "–" + DayNoteLine.endText(end, after: fields.start)
        }
        text += " " + writtenType.lowercased()
        if !fields.typedNote.isEmpty { text += " " + DayNoteText.encoded(fields.typedNote) }
        return text
    }

    /// The id of the `tag` event of a typed line's tags (`- 12:30 meal +home pasta`): derived
    /// from the entry's id, so two devices that log the line write the same event.
    public static func forTags(of entry: EventID) -> EventID {
        forTypedLine(date: CivilDate(year: 1970, month: 1, day: 1), text: "tags of " + entry.description, ordinal: 0)
    }
}
