import FileSearchCore
import Testing

@testable import FileSearch

@Suite struct KeyParsingTests {
    /// Keys from `reads` fed one after another, then (if `timeout`) the parser's timeout.
    func keys(_ reads: [UInt8]..., timeout: Bool = true) -> [Key] {
        var parser = KeyParser()
        var keys: [Key] = []
        for read in reads { keys += parser.feed(read) }
        if timeout { keys += parser.timeout() }
        return keys
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func cursorAndPageKeysInBothModes() {
        #expect(keys(bytes("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB")) == [.up, .down, .up, .down])
        #expect(keys(bytes("\u{1B}[5~\u{1B}[6~")) == [.pageUp, .pageDown])
        #expect(
            keys(bytes("\u{1B}[D\u{1B}[C\u{1B}OD\u{1B}OC")) == [
                .edit(.left), .edit(.right), .edit(.left), .edit(.right),
            ])
        #expect(
            keys(bytes("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~"))
                == [
                    .edit(.home), .edit(.end), .edit(.home), .edit(.end), .edit(.home), .edit(.end), .edit(.home),
                    .edit(.end),
                ])
        #expect(keys(bytes("\u{1B}[3~\u{1B}[Z")) == [.edit(.deleteForward), .backTab])
        #expect(keys(bytes("\u{1B}[1;5D\u{1B}[1;3C\u{1B}[1;2A")) == [.edit(.wordLeft), .edit(.wordRight), .up])
    }

    @Test func controlKeysAndTextRuns() {
        #expect(keys([0x03]) == [.interrupt])
        #expect(keys([0x0D]) == [.enter])
        #expect(keys([0x0A]) == [.enter])
        #expect(keys([0x09]) == [.tab])
        #expect(keys([0x01, 0x05, 0x02, 0x06]) == [.edit(.home), .edit(.end), .edit(.left), .edit(.right)])
        #expect(keys([0x7F, 0x08, 0x04]) == [.edit(.deleteBackward), .edit(.deleteBackward), .edit(.deleteForward)])
        #expect(
            keys([0x17, 0x15, 0x0B]) == [.edit(.deleteWhitespaceWord), .edit(.deleteToStart), .edit(.deleteToEnd)])
        #expect(keys([0x10, 0x0E]) == [.up, .down])
        #expect(keys(bytes("café") + [0x7F] + bytes("x")) == [.text("café"), .edit(.deleteBackward), .text("x")])
        #expect(keys([0x00, 0x1C, 0x61]) == [.text("a")], "other control bytes are dropped")
    }

    @Test func altKeysEditByWordAndNeverQuit() {
        #expect(keys([0x1B, 0x7F]) == [.edit(.deleteWord)])
        #expect(
            keys(bytes("\u{1B}b\u{1B}f\u{1B}d")) == [.edit(.wordLeft), .edit(.wordRight), .edit(.deleteWordForward)])
        #expect(keys(bytes("\u{1B}x\u{1B}é\u{1B}\u{1B}[A") + bytes("a")) == [.text("a")], "other Alt keys are dropped")
    }

    @Test func aLoneEscapeIsTheEscKeyOnlyWhenNothingFollowsInTime() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B]).isEmpty, "an Esc waits: it may start a sequence")
        #expect(parser.isWaiting)
        #expect(parser.feed(bytes("b")) == [.edit(.wordLeft)], "the rest came in the next read: Alt-B")
        #expect(!parser.isWaiting)
        #expect(parser.feed(bytes("ab") + [0x1B]) == [.text("ab")])
        #expect(parser.timeout() == [.escape], "nothing followed: Esc")
        #expect(keys([0x1B, 0x1B]) == [.escape], "Esc pressed twice quits once")
    }

    @Test func sequencesSplitAcrossReadsAreJoined() {
        #expect(keys([0x1B], bytes("["), bytes("A"), timeout: false) == [.up])
        #expect(keys(bytes("\u{1B}[5"), bytes("~")) == [.pageUp])
        #expect(keys(bytes("\u{1B}[1;"), bytes("5C")) == [.edit(.wordRight)])
        #expect(keys([0xC3], [0xA9]) == [.text("é")], "a UTF-8 character split across reads")
    }

    @Test func unknownOrUnfinishedSequencesAreDroppedNeverQuit() {
        #expect(keys(bytes("\u{1B}[99~\u{1B}[2J\u{1B}OX\u{1B}[?1;2c")) == [])
        #expect(keys(bytes("\u{1B}[12")) == [], "unfinished at the timeout: dropped")
        #expect(keys(bytes("\u{1B}[201~x")) == [.text("x")], "a stray paste end is dropped")
    }

    @Test func bracketedPasteIsTextWithLineBreaksAsSpaces() {
        #expect(keys(bytes("\u{1B}[200~main\nswift\u{1B}[201~")) == [.paste("main swift")])
        #expect(keys(bytes("\u{1B}[200~a\r\nb\rc\td\u{7}e\u{1B}[201~")) == [.paste("a b c de")])
        #expect(keys(bytes("x\u{1B}[200~\u{1B}[A\r\u{1B}[201~\r")) == [.text("x"), .paste("[A "), .enter])
    }

    @Test func aPasteSplitAcrossReadsIsOneKey() {
        var parser = KeyParser()
        #expect(parser.feed(bytes("\u{1B}[200~first\n")).isEmpty)
        #expect(parser.isInPaste)
        #expect(parser.feed(bytes("second\u{1B}[20")).isEmpty, "the end marker may be cut")
        #expect(parser.feed(bytes("1~\r")) == [.paste("first second"), .enter])
        #expect(!parser.isWaiting)
    }

    @Test func aPasteWithoutItsEndIsDeliveredAtTheTimeout() {
        var parser = KeyParser()
        #expect(parser.feed(bytes("\u{1B}[200~abc\n")).isEmpty)
        #expect(parser.timeout() == [.paste("abc ")])
        #expect(parser.feed([0x0D]) == [.enter], "after it, keys are keys again")
    }
}
