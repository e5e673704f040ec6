import PeachDomain
import PeachPractice
import Testing

@Suite("Computer keyboard as controller")
struct KeyboardControllerTests {
    @Test("arrow keys, letters and Enter decode, also when a sequence is split across reads")
    func decode() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[A".utf8)) == [.up])
        #expect(decoder.decode([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.decode([UInt8(ascii: "D"), UInt8(ascii: "k"), 0x0D]) == [.left, .character("k"), .enter])
        #expect(decoder.decode(Array("\u{1B}[1;2C\u{1B}OB".utf8)) == [.shiftRight, .down])
    }

    @Test("unknown sequences and control bytes are dropped whole; a lone ESC is Escape after a pause")
    func unknown() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[15~x".utf8)) == [.character("x")])
        #expect(decoder.decode([0x01, 0x7F, 0xC3, 0xA4]) == [])
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
    }

    @Test("keys map to the controller's actions")
    func commands() {
        let keyboard = KeyboardController()
        #expect(keyboard.command(for: .up, currentControlValue: 0) == .action(.answer(higher: true)))
        #expect(keyboard.command(for: .character("j"), currentControlValue: 0) == .action(.answer(higher: false)))
        #expect(keyboard.command(for: .enter, currentControlValue: 0) == .action(.commitTuning(heldValue: nil)))
        #expect(keyboard.command(for: .character("3"), currentControlValue: 0) == .action(.start(.match)))
        #expect(keyboard.command(for: .character("4"), currentControlValue: 0) == .action(.start(.matchIntervals)))
        #expect(keyboard.command(for: .character("5"), currentControlValue: 0) == .action(.start(.compareTiming)))
        #expect(keyboard.command(for: .character("6"), currentControlValue: 0) == .action(.start(.fillTheGap)))
        #expect(keyboard.command(for: .character("s"), currentControlValue: 0) == .action(.stop))
        #expect(keyboard.command(for: .character("q"), currentControlValue: 0) == .quit)
        #expect(keyboard.command(for: .character("z"), currentControlValue: 0) == nil)
    }

    @Test("tuning moves from the current value in fine and coarse steps and stays in range")
    func tuning() {
        let keyboard = KeyboardController()
        #expect(keyboard.command(for: .right, currentControlValue: 0.25)
                == .action(.adjustTuning(controlValue: 0.25 + KeyboardController.fineStep)))
        #expect(keyboard.command(for: .shiftLeft, currentControlValue: 0.25)
                == .action(.adjustTuning(controlValue: 0.25 - KeyboardController.coarseStep)))
        #expect(keyboard.command(for: .character("L"), currentControlValue: 0.95)
                == .action(.adjustTuning(controlValue: 1)))
        #expect(keyboard.command(for: .character("h"), currentControlValue: -1)
                == .action(.adjustTuning(controlValue: -1)))
    }
}
