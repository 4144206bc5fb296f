import LedgerNotes
import Testing
