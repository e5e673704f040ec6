import Foundation
import PeachDomain
import PeachMIDI
import PeachPractice
import Testing
@testable import PeachBoxRuntime

/// The spoken tour of the controls in the `box` guest group: the first plug-in with an empty history
/// begins it; at the higher step the script presses wrong (lower), waits, presses right, and skips
/// the tour with the stop control 2.5 s into the lower step's prompt (marks `plug`, `wrong-press`,
/// `higher-press`, `skip`); the replug, with a history by then, trains at once.
extension BoxSystemTests {
    /// The emulated keyboard's controls as the tour names them: it gets the generic mapping (the
    /// log's connection lines name it, `tourLog` checks that).
    static var controls: TourControls { MappingLibrary(mappings: []).generic.tourControls }

    /// What the tour says up to the skip, in order.
    static var tourSaid: [TourPrompt] {
        [.welcome(stop: controls.stop), .ask(.higher, controls: controls.higher, afterRight: false),
         .wrong(.answer(higher: false), step: .higher, controls: controls.higher),
         .ask(.lower, controls: controls.lower, afterRight: true)]
    }

    /// Every text the tour could say with these controls.
    static var everyTourText: Set<String> {
        var prompts: [TourPrompt] = [.welcome(stop: controls.stop), .end]
        let presses: [TourPress] = [.answer(higher: true), .answer(higher: false), .report, .tuning]
            + TrainingMode.allCases.map { .mode($0) }
        for step in TourStep.allCases {
            let named = controls.controls(for: step)
            prompts += [.ask(step, controls: named, afterRight: false), .ask(step, controls: named, afterRight: true)]
            prompts += presses.map { .wrong($0, step: step, controls: named) }
        }
        return Set(prompts.map { SpokenText.text(for: .tour($0), in: .english) })
    }

    /// The log's lines, and what it says was said, in order, each with its line's index.
    func spokenInLog() throws -> (lines: [Substring], said: [(line: Int, text: String)]) {
        let log = try String(contentsOf: Self.out.appendingPathComponent("peach.log"), encoding: .utf8)
        let lines = log.split(separator: "\n")
        let said = lines.indices.compactMap { index -> (line: Int, text: String)? in
            // `saying "TEXT" (2.10 s)`
            guard let open = lines[index].range(of: "saying \""), let close = lines[index].range(of: "\" (", options: .backwards),
                  open.upperBound <= close.lowerBound else { return nil }
            return (index, String(lines[index][open.upperBound..<close.lowerBound]))
        }
        return (lines, said)
    }

    @Test("the log: the tour's prompts in order up to the skip and none after it; the mode next, and at the replug at once")
    func tourLog() throws {
        let (lines, said) = try spokenInLog()
        let connections = lines.indices.filter { lines[$0].contains("controller VMTest Keys") && lines[$0].contains("with mapping") }
        try #require(connections.count == 2, "the plug and the replug")
        for index in connections { #expect(lines[index].hasSuffix("with mapping \(MappingLibrary(mappings: []).generic.name)")) }
        let tour = said.filter { Self.everyTourText.contains($0.text) }
        #expect(tour.map(\.text) == Self.tourSaid.map { SpokenText.text(for: .tour($0), in: .english) },
                "the tour said, in order: \(tour.map(\.text))")
        // After the skip, the mode's name comes next; the replug says the mode's name first.
        let afterTour = said.first { $0.line > (tour.last?.line ?? 0) }
        #expect(afterTour?.text == SpokenText.text(for: .mode(.compare), in: .english))
        let afterReplug = said.first { $0.line > connections[1] }
        #expect(afterReplug?.text == SpokenText.text(for: .mode(.match), in: .english))
    }

    @Test("the tour on the recording: the welcome, the higher step, a wrong press explained, the step waiting for the right one")
    func tourRecording() async throws {
        let samples = try recording()
        let marks = try timeline()
        let plug = try #require(marks["plug"]), wrongPress = try #require(marks["wrong-press"])
        let higherPress = try #require(marks["higher-press"]), skip = try #require(marks["skip"])
        let prompts = Self.tourSaid.map { SpokenPrompt.tour($0) }
        func seconds(_ sample: Int) -> Double { Double(sample) / Self.rate }
        func end(_ found: (start: Int, match: Double), _ prompt: SpokenPrompt) async throws -> Double {
            let words = try await Self.words(prompt)
            return seconds(found.start + words.count)
        }

        // The welcome is the first sound after the plug; the higher step follows it.
        let welcome = try await findSpoken(prompts[0], in: samples, from: plug - 0.5, to: wrongPress)
        let firstSound = try #require(samples[Int(max(0, plug - 0.5) * Self.rate)...].firstIndex { abs($0) > 0.003 })
        print("FIGURE: plug → the tour's welcome in the recording: \(Int((seconds(welcome.start) - plug) * 1000)) ms, contour match \(String(format: "%.3f", welcome.match))")
        #expect(welcome.match > 0.9, "the welcome was not found after the plug (best match \(welcome.match))")
        #expect(abs(firstSound - welcome.start) < Int(0.1 * Self.rate), "first sound at \(firstSound), the welcome at \(welcome.start)")
        let afterWelcome = try await end(welcome, prompts[0])
        let higher = try await findSpoken(prompts[1], in: samples, from: afterWelcome, to: wrongPress)
        print("FIGURE: the higher step's prompt in the recording: contour match \(String(format: "%.3f", higher.match))")
        #expect(higher.match > 0.9, "the higher step was not found after the welcome (best match \(higher.match))")

        // The wrong press's explanation, looked for from the higher step's end: after that press (the
        // guest's clock against the recording: ±300 ms).
        let afterHigher = try await end(higher, prompts[1])
        let wrong = try await findSpoken(prompts[2], in: samples, from: afterHigher, to: higherPress)
        print("FIGURE: the wrong press → \"That was lower.\" in the recording: \(Int((seconds(wrong.start) - wrongPress) * 1000)) ms, contour match \(String(format: "%.3f", wrong.match))")
        #expect(wrong.match > 0.9, "the wrong press's explanation was not found (best match \(wrong.match))")
        #expect(seconds(wrong.start) > wrongPress - 0.3, "the explanation came \(wrongPress - seconds(wrong.start)) s before the wrong press")

        // Then the step waited: "Good." and the lower step (its first 2 s: the skip cut it off), looked
        // for from the explanation's end, come only after the right press.
        let afterWrong = try await end(wrong, prompts[2])
        let right = try await findSpoken(prompts[3], in: samples, from: afterWrong, to: skip, seconds: 2)
        print("FIGURE: the explanation's end → the right press: \(Int((higherPress - afterWrong) * 1000)) ms; the press → \"Good.\" in the recording: \(Int((seconds(right.start) - higherPress) * 1000)) ms, contour match \(String(format: "%.3f", right.match))")
        #expect(right.match > 0.9, "\"Good.\" and the lower step were not found (best match \(right.match))")
        #expect(seconds(right.start) > higherPress - 0.3, "the lower step came \(higherPress - seconds(right.start)) s before the press")
    }

    @Test("the replug, with a history by then: no tour, the mode's name is the first sound")
    func replugTrainsAtOnce() async throws {
        let samples = try recording()
        let marks = try timeline()
        let replug = try #require(marks["replug"]), sigterm = try #require(marks["sigterm"])
        let said = try await findSpoken(.mode(.match), in: samples, from: replug - 0.3, to: sigterm)
        let firstSound = try #require(samples[Int(replug * Self.rate)...].firstIndex { abs($0) > 0.003 })
        print("FIGURE: replug → \"Tune and match\" in the recording: \(Int((Double(said.start) / Self.rate - replug) * 1000)) ms, contour match \(String(format: "%.3f", said.match))")
        #expect(said.match > 0.9, "the mode was not said after the replug (best match \(said.match))")
        #expect(abs(firstSound - said.start) < Int(0.1 * Self.rate), "first sound at \(firstSound), the mode's name at \(said.start)")
    }
}
