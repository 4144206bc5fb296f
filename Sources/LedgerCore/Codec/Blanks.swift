extension StringProtocol {
    /// Without the spaces and tabs at either end: the blanks a person leaves around a value in
    /// a settings line or a CSV field. Line breaks and other white space are kept, and a space
    /// that carries a combining mark is a character of the value, not a blank.
    package func trimmingBlanks() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
