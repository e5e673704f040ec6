import PeachDomain
import PeachText
import PeachYAML

/// A control on the device that fires an action when pressed: a key or pad (a range of notes), a
/// button sending a controller change, a program change, or a flick of the pitch wheel.
public struct ControlTrigger: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        /// Note-on of any note in the range (a single key or pad is a range of one).
        case notes(ClosedRange<UInt8>)
        /// A button sending controller `number`: fires when the value rises to 64 or more.
        case controlChange(UInt8)
        case program(UInt8)
        /// The pitch wheel pushed past the flick threshold and back (Hear & Compare answers).
        case wheelFlick(up: Bool)
    }

    public var source: Source
    /// 0…15, or nil for any channel.
    public var channel: UInt8?
    /// How the tour names the control, per language (`spoken:` in the file); nil: from its kind.
    public var spoken: [Language: String]?

    public init(_ source: Source, channel: UInt8? = nil, spoken: [Language: String]? = nil) {
        self.source = source
        self.channel = channel
        self.spoken = spoken
    }

    public static func notes(_ range: ClosedRange<UInt8>, channel: UInt8? = nil) -> ControlTrigger {
        ControlTrigger(.notes(range), channel: channel)
    }

    /// True when some input would fire both triggers: the mapping would be ambiguous.
    public func overlaps(_ other: ControlTrigger) -> Bool {
        if let a = channel, let b = other.channel, a != b { return false }
        switch (source, other.source) {
        case let (.notes(a), .notes(b)): return a.overlaps(b)
        case let (.controlChange(a), .controlChange(b)): return a == b
        case let (.program(a), .program(b)): return a == b
        case let (.wheelFlick(a), .wheelFlick(b)): return a == b
        default: return false
        }
    }

    func accepts(channel messageChannel: UInt8) -> Bool {
        channel.map { $0 == messageChannel } ?? true
    }
}

extension ControlTrigger: CustomStringConvertible {
    /// As a person would name it: `notes C4…G9`, `cc 20 on channel 10`, `wheel flick up`.
    public var description: String { phrase.text(.english) }

    /// The trigger as a phrase of the tables, said in the language of the problem that names it.
    public var phrase: YAMLPhrase {
        let what: YAMLPhrase = switch source {
        case let .notes(range) where range.count == 1: .phrase(.triggerNote, [.plain(noteName(range.lowerBound))])
        case let .notes(range): .phrase(.triggerNotes, [.plain(noteName(range.lowerBound)), .plain(noteName(range.upperBound))])
        case let .controlChange(number): .phrase(.triggerCC, ["\(number)"])
        case let .program(number): .phrase(.triggerProgram, ["\(number)"])
        case let .wheelFlick(up): .phrase(up ? .triggerWheelFlickUp : .triggerWheelFlickDown, [])
        }
        return channel.map { .phrase(.triggerOnChannel, [what, "\($0 + 1)"]) } ?? what
    }
}
