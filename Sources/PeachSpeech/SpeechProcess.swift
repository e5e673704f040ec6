import Dispatch
import Foundation
import Glibc
import PeachDomain
import Synchronization

/// eSpeak NG in a short-lived process of its own: `executable speak --language … -- texts…` (the
/// `peach` program itself, `thisProgram`), which writes each utterance to a pipe as it is
/// made (`SpokenSamplesWire`) and exits. eSpeak NG's tables and dictionary (about 1 MB of heap and
/// half a megabyte of its library) then never come into the practice box's own memory, and no
/// process keeps them once the prompts are made (eSpeak NG 1.51 cannot be shut down in-process).
public struct SpeechProcess: SpeechSource {
    public let executable: String
    /// How long one process may take for all its texts before it is killed and the texts it has
    /// not said fail: the box opens its output once the fixed prompts are made, so a hung synthesis
    /// must not keep it silent. Nine prompts take under a second here, about 5 s in the emulated guest.
    public let limit: Duration

    public init(executable: String, limit: Duration = .seconds(60)) {
        self.executable = executable
        self.limit = limit
    }

    /// This program: the file `/proc/self/exe` links to while it is there (under valgrind that link
    /// names valgrind's tool, but valgrind answers its `readlink` with the program it runs); else,
    /// when an upgrade has replaced the file, `/proc/self/exe` itself, which still runs this version.
    public static var thisProgram: String {
        let link = "/proc/self/exe"
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: link),
              FileManager.default.isExecutableFile(atPath: path) else { return link }
        return path
    }

    public func speak(_ texts: [String], in language: Language) -> AsyncStream<Result<SpokenSamples, SpeechFailure>> {
        let (executable, limit) = (executable, limit)
        return AsyncStream { continuation in
            // The reads block until each utterance is made: on a thread of their own.
            DispatchQueue.global(qos: .userInitiated).async {
                Self.run(executable, texts: texts, language: language, limit: limit) { continuation.yield($0) }
                continuation.finish()
            }
        }
    }

    /// One result per text, each as it comes: what the process made, then, for any text it did not
    /// get to, why.
    private static func run(_ executable: String, texts: [String], language: Language, limit: Duration,
                            each: (Result<SpokenSamples, SpeechFailure>) -> Void) {
        guard !texts.isEmpty else { return }
        let child: ChildProcess
        switch ChildProcess.start(executable, ["speak", "--language", language.rawValue, "--"] + texts) {
        case .success(let started): child = started
        case .failure(let error):
            return texts.forEach { _ in each(.failure(.programDidNotStart(program: executable, code: error.code))) }
        }
        // What it says on stderr is read beside: a child blocked on a full stderr pipe would never
        // finish its utterances.
        let said = ErrorText()
        let watchdog = DispatchWorkItem {
            said.expired.withLock { $0 = true }
            child.kill()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit.seconds, execute: watchdog)
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { said.read(from: child.errors) }
        var made = 0
        while made < texts.count, let result = SpokenSamplesWire.read(from: child.output) {
            each(result.mapError { .engine($0) })
            made += 1
        }
        // A child still writing gets EPIPE and ends.
        close(child.output)
        reading.wait()
        watchdog.cancel()
        let ending = child.finish()
        if made < texts.count {
            let detail = said.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let name = executable.split(separator: "/").last.map(String.init) ?? executable
            let failure: SpeechFailure = said.expired.withLock { $0 }
                ? .programStopped(program: name, seconds: limit.seconds, said: detail)
                : .programEnded(program: name, ending: ending, said: detail)
            texts.dropFirst(made).forEach { _ in each(.failure(failure)) }
        }
    }
}

/// The child's stderr, written by its reader before the group it runs in is waited for, and
/// whether its time ran out.
private final class ErrorText: @unchecked Sendable {
    var text = ""
    let expired = Mutex(false)

    /// Reads `descriptor` to its end (at most 64 KB kept: enough for any message).
    func read(from descriptor: Int32) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            if bytes.count < 65_536 { bytes += chunk[0..<got] }
        }
        text = String(decoding: bytes, as: UTF8.self)
    }
}
