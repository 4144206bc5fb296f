public import LedgerNotes
import Yams
