import PeachMIDI
import PeachSound
import PeachStorage
import PeachText
import PeachYAML

extension Texts {
    /// An error of a lower layer in this language: the typed ones (a YAML file's problems, the
    /// history's, the sound's, a CSV import's) through the tables, any other as it describes itself.
    func describe(_ error: any Error) -> String {
        switch error {
        case let error as YAMLErrors: error.text(self)
        case let error as YAMLError: error.text(self)
        case let error as CSVImportError: error.text(self)
        case let error as StoreError: error.text(self)
        case let error as SoundError: error.text(self)
        case let error as WAVFile.ReadError: error.text(self)
        case let error as AudioDeviceProblem: error.text(self)
        case let error as SequencerError: error.text(self)
        default: "\(error)"
        }
    }
}
