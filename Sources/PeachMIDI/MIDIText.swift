import PeachText
import PeachYAML

/// PeachMIDI's texts, by their keys in the tables: a mapping file's problems, the sequencer's errors
/// and MIDI input's log lines.
public enum MIDIText: String, TextKeys {
    // Problems of a MIDI mapping file (MappingFile) and its controls
    case mappingEmpty
    case mappingEmptyPattern
    case mappingEmptySpoken
    case mappingNoPattern
    case mappingFlickWithinNeutralZone
    case mappingTuningControl
    case mappingFaderNeedsCommit
    case mappingTuningControlTaken
    case mappingControlTaken
    case mappingFlickOnlyAnswers
    case mappingNotANoteLetter
    case mappingChordTaken
    case mappingUnknownControl
    case mappingControlForms
    case mappingOneControl
    case mappingOneControlNone
    case mappingKindsAnd
    case mappingNoteRange
    case mappingRangeDownwards
    case mappingNoteOutOfRange
    case mappingNotANote
    case mappingOneMessage
    case mappingMessageChannel
    case mappingMessageNeeds
    case mappingNoteVelocity
    case mappingNoVelocity
    case triggerNote
    case triggerNotes
    case triggerCC
    case triggerProgram
    case triggerWheelFlickUp
    case triggerWheelFlickDown
    case triggerOnChannel
    // The MIDI sequencer's errors (SequencerError)
    case sequencerMissing
    case sequencerNoPermission
    case sequencerCannotOpen
    case sequencerCannotSubscribeAnnounce
    case sequencerNoWakeUpPipe
    case sequencerNoSoundDevices
    case sequencerCannotCreatePort
    // MIDI input's log lines (SequencerClient)
    case midiInputReady
    case midiFeedbackNotSent
    case midiInputStopped
    case midiInputOverrun
    case midiInputError
    case midiCannotConnect
    case midiNoFeedbackConnect
    case midiNoFeedbackPort
    case midiControllerConnected
    case midiControllerGone
}

extension Texts {
    /// The text of `key` with its placeholders filled in.
    public func text(_ key: MIDIText, _ arguments: any TextArgument...) -> String {
        text(of: key, arguments: arguments)
    }
}

/// A mapping file's problems name their keys where PeachYAML takes a key of any layer.
extension YAMLNode {
    /// An error at this node, by its key and its parts.
    func error(_ key: MIDIText, _ parts: YAMLPhrase...) -> YAMLError {
        error(.phrase(AnyTextKey(key), parts))
    }
}

extension YAMLProblem {
    static func phrase(_ key: MIDIText, _ parts: [YAMLPhrase]) -> YAMLProblem {
        .phrase(AnyTextKey(key), parts)
    }
}

extension YAMLPhrase {
    static func phrase(_ key: MIDIText, _ parts: [YAMLPhrase]) -> YAMLPhrase {
        .phrase(AnyTextKey(key), parts)
    }
}
