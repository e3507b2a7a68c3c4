import Testing

@testable import FileSearch

@Suite struct KeyParsingTests {
    @Test func cursorKeysInBothModesAndPageKeys() {
        #expect(parseKeys(Array("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB".utf8)) == [.up, .down, .up, .down])
        #expect(parseKeys(Array("\u{1B}[5~\u{1B}[6~".utf8)) == [.pageUp, .pageDown])
    }

    @Test func aLoneEscapeAtTheEndOfAReadIsTheEscKey() {
        #expect(parseKeys([0x1B]) == [.escape])
        #expect(parseKeys(Array("ab".utf8) + [0x1B]) == [.text("ab"), .escape])
    }

    @Test func controlKeysAndTextRuns() {
        #expect(parseKeys([0x03]) == [.interrupt])
        #expect(parseKeys([0x0D]) == [.enter])
        #expect(parseKeys([0x7F, 0x15]) == [.backspace, .clear])
        #expect(parseKeys([0x10, 0x0E]) == [.up, .down])
        #expect(parseKeys(Array("café".utf8) + [0x7F] + Array("x".utf8)) == [.text("café"), .backspace, .text("x")])
    }
}
