import Dispatch
import Foundation
import PeachDomain

/// eSpeak NG in a short-lived process of its own: `executable speak --language … -- texts…` (the
/// `peach` program itself, run as `/proc/self/exe`), which writes each utterance to a pipe as it is
/// made (`SpokenSamplesWire`) and exits. eSpeak NG's tables and dictionary (about 1 MB of heap and
/// half a megabyte of its library) then never come into the practice box's own memory, and no
/// process keeps them once the prompts are made (eSpeak NG 1.51 cannot be shut down in-process).
public struct SpeechProcess: SpeechSource {
    public let executable: URL

    public init(executable: URL) {
        self.executable = executable
    }

    public func speak(_ texts: [String], in language: Language) -> AsyncStream<Result<SpokenSamples, SpeechSynthesizer.Failure>> {
        let executable = executable
        return AsyncStream { continuation in
            // The reads block until each utterance is made: on a thread of their own.
            DispatchQueue.global(qos: .userInitiated).async {
                Self.run(executable, texts: texts, language: language) { continuation.yield($0) }
                continuation.finish()
            }
        }
    }

    /// One result per text, each as it comes: what the process made, then, for any text it did not
    /// get to, why.
    private static func run(_ executable: URL, texts: [String], language: Language,
                            each: (Result<SpokenSamples, SpeechSynthesizer.Failure>) -> Void) {
        guard !texts.isEmpty else { return }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["speak", "--language", language.rawValue, "--"] + texts
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            let reason = "\(executable.path) did not start: \(error.localizedDescription)"
            return texts.forEach { _ in each(.failure(.unavailable(reason))) }
        }
        // Only the child writes to the pipes now: their ends here are closed, so a child that
        // ends is an end of file.
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        // What it says on stderr is read beside: a child blocked on a full stderr pipe would never
        // finish its utterances.
        let said = ErrorText()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            said.text = (try? errors.fileHandleForReading.readToEnd()).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        var made = 0
        let descriptor = output.fileHandleForReading.fileDescriptor
        while made < texts.count, let result = SpokenSamplesWire.read(from: descriptor) {
            each(result)
            made += 1
        }
        try? output.fileHandleForReading.close()
        reading.wait()
        process.waitUntilExit()
        if made < texts.count {
            let status = process.terminationReason == .uncaughtSignal
                ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
            let detail = said.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let reason = "`\(executable.lastPathComponent) speak` ended (\(status))" + (detail.isEmpty ? "" : ": \(detail)")
            texts.dropFirst(made).forEach { _ in each(.failure(.unavailable(reason))) }
        }
    }
}

/// The child's stderr, written by its reader before the group it runs in is waited for.
private final class ErrorText: @unchecked Sendable {
    var text = ""
}
