import PeachDomain

/// Turns one controller's messages into what the player means, according to its mapping and the
/// skill being trained: in Hear & Compare the pitch wheel answers by flicks, in Tune & Match it
/// tunes and its release commits. A value type run by the consumer of the input stream (the practice
/// box, on the main actor); it keeps only the gesture state of this one controller.
public struct ControllerMapper: Sendable {
    public let mapping: ControllerMapping
    private var release: WheelReleaseDetector
    private var flick: WheelFlickDetector
    private var skill: TrainingMode.Skill?
    /// Last value of every controller number per channel, for button edges (index channel·128 + cc).
    private var controllerValues: [UInt8]
    private var chords: ChordDetector?

    public init(mapping: ControllerMapping) {
        self.mapping = mapping
        chords = mapping.chords.map { ChordDetector(gesture: $0) }
        release = WheelReleaseDetector(settings: mapping.wheel)
        flick = WheelFlickDetector(settings: mapping.wheel)
        controllerValues = Array(repeating: 0, count: 16 * 128)
    }

    /// The actions one message asks for. `skill` is what is being trained now (nil when idle):
    /// answers only count in Hear & Compare, tuning and commits only in Tune & Match; choosing a mode,
    /// stopping and the report work always. With chords, a key's own action comes only once it is
    /// clear that it is no chord: from a later message or `tick(at:)` after the chord window.
    public mutating func actions(for message: MIDIMessage, at time: UInt64, skill: TrainingMode.Skill?) -> [ControllerAction] {
        var actions = tick(at: time, skill: skill)
        switch message {
        case let .noteOn(channel, note, _):
            guard chords != nil else { return actions + key(note, channel: channel, at: time) }
            // In Fill the Gap a key that taps taps at once, so the click it sounds comes with it and
            // not a chord window later; it still counts towards a chord (which then chooses a mode).
            if tapsAtOnce(note, channel: channel, at: time) { actions.append(.tap(at: time)) }
            switch chords?.keyDown(channel: channel, note: note, at: time) {
            case .chord(let action?)?: actions.append(action)
            case .chord(nil)?, .swallowed?, .waiting?, nil: break
            }
            return actions
        default:
            return actions + other(message, at: time)
        }
    }

    /// The actions of keys whose chord window has passed by `time` (single keys after all). The
    /// consumer calls it at `chordDeadline` when no other message came.
    public mutating func tick(at time: UInt64, skill: TrainingMode.Skill?) -> [ControllerAction] {
        if skill != self.skill {
            self.skill = skill
            release.reset()
            flick.reset()
        }
        guard let expired = chords?.expired(at: time), !expired.isEmpty else { return [] }
        return expired.flatMap { key in
            tapsAtOnce(key.note, channel: key.channel, at: key.time) ? [] : self.key(key.note, channel: key.channel, at: key.time)
        }
    }

    /// Whether a key is a Fill the Gap tap, given as it goes down rather than after the chord window.
    private func tapsAtOnce(_ note: UInt8, channel: UInt8, at time: UInt64) -> Bool {
        skill == .fillTheGap && key(note, channel: channel, at: time) == [.tap(at: time)]
    }

    /// When `tick(at:)` has keys to let go of, in monotonic nanoseconds; nil when no key waits.
    public var chordDeadline: UInt64? { chords?.deadline }

    /// A key's action; in Fill the Gap any key that chooses no mode, stop or report is a tap, made
    /// when it went down.
    private func key(_ note: UInt8, channel: UInt8, at time: UInt64) -> [ControllerAction] {
        let actions = fire(at: time) { trigger in
            if case let .notes(range) = trigger.source { return range.contains(note) && trigger.accepts(channel: channel) }
            return false
        }
        return skill == .fillTheGap && actions.isEmpty ? [.tap(at: time)] : actions
    }

    private mutating func other(_ message: MIDIMessage, at time: UInt64) -> [ControllerAction] {
        switch message {
        case .noteOn:
            return []
        case let .programChange(channel, program):
            return fire(at: time) { trigger in
                if case let .program(number) = trigger.source { return number == program && trigger.accepts(channel: channel) }
                return false
            }
        case let .controlChange(channel, controller, value):
            return controlChange(channel: channel, controller: controller, value: value, at: time)
        case let .pitchBend(channel, value):
            return pitchBend(message, channel: channel, position: WheelPosition.normalized(pitchBend: value), at: time)
        case .noteOff, .channelPressure, .polyPressure:
            return []
        }
    }

    private mutating func controlChange(channel: UInt8, controller: UInt8, value: UInt8, at time: UInt64) -> [ControllerAction] {
        let index = Int(channel) * 128 + Int(controller)
        let previous = controllerValues[index]
        controllerValues[index] = value
        if let tuning = mapping.tuningValue(of: .controlChange(channel: channel, controller: controller, value: value)) {
            guard skill == .match else { return [] }
            return [.adjustTuning(controlValue: tuning)]
        }
        // A button: a press is the rise to 64 or more. Buttons in "trigger" mode send 127 on every
        // press and nothing on release, so a repeated 127 is a press too.
        guard value >= 64, previous < 64 || (value == 127 && previous == 127) else { return [] }
        return fire(at: time) { trigger in
            if case let .controlChange(number) = trigger.source { return number == controller && trigger.accepts(channel: channel) }
            return false
        }
    }

    private mutating func pitchBend(_ message: MIDIMessage, channel: UInt8, position: Double, at time: UInt64) -> [ControllerAction] {
        switch skill {
        case .match:
            guard let position = mapping.tuningWheelPosition(of: message) else { return [] }
            switch release.handle(position: position, at: time) {
            case .none: return []
            case let .adjust(value): return [.adjustTuning(controlValue: value)]
            case let .commit(held): return [.commitTuning(heldValue: held)]
            }
        case .compare, .compareTiming:
            guard let up = flick.handle(position: position) else { return [] }
            return fire(at: time) { trigger in
                if case let .wheelFlick(direction) = trigger.source { return direction == up && trigger.accepts(channel: channel) }
                return false
            }
        case .fillTheGap, nil:
            return []
        }
    }

    /// The action of the (one, the file is validated) trigger that `matches`, if it applies now.
    /// In Compare Timing the answer controls say late (higher) and early (lower); in Fill the Gap
    /// they, and the commit control, tap.
    private func fire(at time: UInt64, _ matches: (ControlTrigger) -> Bool) -> [ControllerAction] {
        for (mode, triggers) in mapping.modes where triggers.contains(where: matches) { return [.start(mode)] }
        if mapping.stop.contains(where: matches) { return [.stop] }
        if mapping.report.contains(where: matches) { return [.report] }
        switch skill {
        case .compare, .compareTiming:
            if mapping.higher.contains(where: matches) { return [.answer(higher: true)] }
            if mapping.lower.contains(where: matches) { return [.answer(higher: false)] }
        case .match:
            if mapping.commit.contains(where: matches) { return [.commitTuning(heldValue: nil)] }
        case .fillTheGap:
            if (mapping.higher + mapping.lower + mapping.commit).contains(where: matches) { return [.tap(at: time)] }
        case nil:
            break
        }
        return []
    }
}
