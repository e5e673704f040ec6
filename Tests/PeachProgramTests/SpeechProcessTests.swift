import Foundation
import PeachTestSupport
import Glibc
import PeachDomain
import PeachSpeech
import Testing

/// `peach run`'s prompts made by eSpeak NG in `peach speak`, a process of its own, through the real
/// built binary and its pipe.
@Suite("Speech in a process of its own")
struct SpeechProcessTests {
    static var peach: URL { BuiltProgram.peach }
    static var built: Bool { FileManager.default.isExecutableFile(atPath: peach.path) }

    /// A script this test just wrote can be refused with ETXTBSY while a process forked meanwhile by
    /// another test (running in parallel) still holds its write descriptor, until that process execs:
    /// such a start is tried again, briefly. Any other result is returned as it came.
    static func collect(_ source: any SpeechSource, _ texts: [String], in language: Language) async
        -> [Result<SpokenSamples, SpeechFailure>] {
        for _ in 0..<50 {
            var results: [Result<SpokenSamples, SpeechFailure>] = []
            for await result in source.speak(texts, in: language) { results.append(result) }
            guard case .failure(.programDidNotStart(_, ETXTBSY))? = results.first else { return results }
            try? await Task.sleep(for: .milliseconds(20))
        }
        var results: [Result<SpokenSamples, SpeechFailure>] = []
        for await result in source.speak(texts, in: language) { results.append(result) }
        return results
    }

    /// The RMS of the samples, full scale 1.
    static func rms(_ spoken: SpokenSamples) -> Double {
        (spoken.samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, spoken.samples.count))).squareRoot() / 32768
    }

    @Test("each text comes back in order as eSpeak NG says it in this process (rate, length, loudness), a text that looks like an option too",
          .enabled(if: built), arguments: Language.allCases)
    func sameAsInProcess(language: Language) async throws {
        let texts = language == .english ? ["Hear and compare, single notes", "--help", "Tune and match"]
                                         : ["Hören und vergleichen", "-3 Cent", "Stimmen"]
        let there = await Self.collect(SpeechProcess(executable: Self.peach.path), texts, in: language)
        let here = await Self.collect(SpeechSynthesizer(), texts, in: language)
        try #require(there.count == texts.count)
        for (index, result) in there.enumerated() {
            // eSpeak NG's output depends a little on what its one engine said before, and other tests
            // share it here (1.1 dB apart seen): compared by figures, not sample by sample.
            let (made, expected) = (try result.get(), try here[index].get())
            #expect(made.sampleRate == expected.sampleRate)
            #expect(made.seconds > 0.3 && abs(made.seconds - expected.seconds) < 0.1 * expected.seconds,
                    "\(texts[index]): \(made.seconds) s against \(expected.seconds) s")
            #expect(made.samples.map { abs(Int($0)) }.max() == 32767)
            #expect(abs(20 * log10(Self.rms(made) / Self.rms(expected))) < 2, "\(texts[index])")
        }
    }

    @Test("a program that cannot start: every text fails, saying which program")
    func cannotStart() async {
        let missing = "/nonexistent/peach"
        let results = await Self.collect(SpeechProcess(executable: missing), ["one", "two"], in: .english)
        #expect(results.count == 2)
        for result in results {
            #expect(result == .failure(.programDidNotStart(program: missing, code: ENOENT)), "\(result)")
        }
    }

    @Test("a process that ends before it has said everything: the rest fail with how it ended and what it said")
    func endsEarly() async throws {
        try await Self.withScript("echo 'espeak-ng-data is missing'") { path in
            let results = await Self.collect(SpeechProcess(executable: path), ["one", "two"], in: .german)
            #expect(results.count == 2)
            for result in results {
                let name = String(path.split(separator: "/").last ?? "")
                #expect(result == .failure(.programEnded(program: name, ending: .exited(3), said: "espeak-ng-data is missing")),
                        "\(result)")
            }
        }
    }

    /// A script in place of `peach speak`, which says `body`'s output on stderr and ends with status 3
    /// (or the whole `script` given).
    static func withScript(_ body: String, script text: String? = nil, _ check: (String) async throws -> Void) async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("peach-speak-\(UUID().uuidString)")
        try Data((text ?? "#!/bin/sh\n(\(body)) >&2\nexit 3\n").utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        defer { try? FileManager.default.removeItem(at: script) }
        try await check(script.path)
    }

    @Test("the process gets none of this process's descriptors, and every signal at its default, none blocked")
    func cleanStart() async throws {
        // A descriptor without close-on-exec, as a library might leave one, and an ignored signal.
        let open = Glibc.open("/dev/null", O_RDONLY)
        defer { close(open) }
        signal(SIGURG, SIG_IGN)
        defer { signal(SIGURG, SIG_DFL) }
        try await Self.withScript("test -e /proc/$$/fd/\(open) && echo inherited; grep -E 'SigBlk|SigIgn' /proc/$$/status") { path in
            let results = await Self.collect(SpeechProcess(executable: path), ["one"], in: .english)
            guard case .failure(.programEnded(_, _, let reason)) = results.first else { Issue.record("\(results)"); return }
            #expect(!reason.contains("inherited"), "\(reason)")
            // The standard signals, 1–31 (glibc keeps 32 and 33 for itself).
            for field in ["SigBlk", "SigIgn"] {
                let parts = reason.split(whereSeparator: { $0 == "\n" || $0 == ":" }).map { $0.trimmingCharacters(in: .whitespaces) }
                let value = parts.firstIndex(of: field).map { parts[$0 + 1] } ?? ""
                #expect(UInt64(value, radix: 16).map { $0 & 0x7fff_ffff } == 0, "\(field): \(value)")
            }
        }
    }

    @Test("a process that hangs is killed when its time is up, and every text it did not say fails saying so",
          .timeLimit(.minutes(1)))
    func hangs() async throws {
        // The script becomes `sleep` itself, so that killing it ends every writer of the pipes.
        try await Self.withScript("", script: "#!/bin/sh\necho about to hang >&2\nexec sleep 600\n") { path in
            let results = await Self.collect(SpeechProcess(executable: path, limit: .milliseconds(300)), ["one", "two"], in: .english)
            #expect(results.count == 2)
            for result in results {
                guard case .failure(.programStopped(_, let seconds, let said)) = result else { Issue.record("\(result)"); continue }
                #expect(abs(seconds - 0.3) < 1e-9 && said == "about to hang", "\(result)")
            }
        }
    }

    @Test("no texts: nothing is started and the stream ends at once")
    func nothing() async {
        #expect(await Self.collect(SpeechProcess(executable: "/nonexistent"), [], in: .english).isEmpty)
    }
}
