import LedgerFastPath
import Testing

/// `RawArguments` reads the kernel's argument vector; a process may be started with none.
@Suite("Raw arguments")
struct RawArgumentsTests {
    /// An argv of `count` C strings (and the terminating null), freed after `body`.
    func withArgv<T>(_ words: [[UInt8]], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: words.count + 1)
        for (index, word) in words.enumerated() {
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
            for (offset, byte) in word.enumerated() { copy[offset] = CChar(bitPattern: byte) }
            copy[word.count] = 0
            argv[index] = copy
        }
        argv[words.count] = nil
        defer {
            for index in 0..<words.count { argv[index]?.deallocate() }
            argv.deallocate()
        }
        return body(argv)
    }

    @Test("an empty argument vector (argc 0) has nothing to refuse, and does not trap")
    func emptyArgv() {
        #expect(withArgv([]) { RawArguments.invalidUTF8(argc: 0, argv: $0) } == nil)
        #expect(withArgv([Array("alog".utf8)]) { RawArguments.invalidUTF8(argc: 1, argv: $0) } == nil)
    }

    @Test("an argument that is not UTF-8 is named, by its index")
    func invalidArgument() {
        let problem = withArgv([Array("alog".utf8), Array("log".utf8), [0x66, 0xFF]]) {
            RawArguments.invalidUTF8(argc: 3, argv: $0)
        }
        #expect(problem?.hasPrefix("argument 2 ") == true, "\(problem ?? "nil")")
    }
}
