import Dispatch
import PeachDomain

/// What makes spoken prompts: each text's samples in turn, each handed over as soon as it is made.
/// The stream yields exactly one result per text, in order, and then ends.
public protocol SpeechSource: Sendable {
    func speak(_ texts: [String], in language: Language) -> AsyncStream<Result<SpokenSamples, SpeechFailure>>
}

/// eSpeak NG in this process: its phoneme tables and dictionary (about 1 MB of heap) stay for as
/// long as the process runs, since eSpeak NG 1.51 cannot be shut down and started again.
extension SpeechSynthesizer: SpeechSource {
    public func speak(_ texts: [String], in language: Language) -> AsyncStream<Result<SpokenSamples, SpeechFailure>> {
        AsyncStream { continuation in
            // Synthesis blocks for tens of milliseconds per text: on a thread of its own, not the
            // cooperative pool's.
            DispatchQueue.global(qos: .userInitiated).async {
                for text in texts {
                    do throws(EngineFailure) {
                        continuation.yield(.success(try self.speak(text, in: language)))
                    } catch {
                        continuation.yield(.failure(.engine(error)))
                    }
                }
                continuation.finish()
            }
        }
    }
}
