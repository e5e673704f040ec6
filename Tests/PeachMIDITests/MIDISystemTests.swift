import Foundation
import PeachDomain
import PeachTestSupport
import Testing
@testable import PeachMIDI

/// Against a real kernel (Tests/System/guest-midi.sh): snd-virmidi is loaded before the test, the
/// emulated USB keyboard "VMTest Keys" is plugged, played, unplugged and replugged by the test.
@Suite("MIDI system tests", .enabled(if: ProcessInfo.processInfo.environment["PEACH_SYSTEM_TEST"] == "1"), .serialized)
struct MIDISystemTests {
    static let gadgetUDC = "/sys/kernel/config/usb_gadget/midikbd/UDC"
    static let keyboard = "VMTest Keys"

    /// Collects the stream on its own task; `next` scans what arrived after the last match. (A timeout
    /// must not cancel a pending `next()` of the stream: that would end the stream.)
    actor EventReader {
        private var events: [ControllerEvent] = []
        private var cursor = 0
        private var pump: Task<Void, Never>?

        init() {}

        func start(_ stream: AsyncStream<ControllerEvent>) {
            pump = Task { for await event in stream { self.append(event) } }
        }

        private func append(_ event: ControllerEvent) { events.append(event) }

        func next<T: Sendable>(within seconds: Double = 30, _ what: String, _ accept: @Sendable (ControllerEvent) -> T?) async throws -> T {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while true {
                while cursor < events.count {
                    let event = events[cursor]
                    cursor += 1
                    if let value = accept(event) { return value }
                }
                guard ContinuousClock.now < deadline else { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            Issue.record("timed out waiting for \(what); the last events: \(events.suffix(10))")
            throw CancellationError()
        }
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        try ProcessRunner.run(URL(fileURLWithPath: tool), arguments).output
    }

    static func setGadget(_ value: String) throws {
        try (value + "\n").write(toFile: gadgetUDC, atomically: false, encoding: .utf8)
    }

    func messages(from name: String, count: Int, reader: EventReader) async throws -> [MIDIMessage] {
        var received: [MIDIMessage] = []
        while received.count < count {
            let message = try await reader.next("message \(received.count + 1) of \(count) from \(name)") { @Sendable event -> MIDIMessage? in
                if case let .message(message, controller, _) = event, controller.clientName.contains(name) { return message }
                return nil
            }
            received.append(message)
        }
        return received
    }

    @Test("virtual port and USB keyboard: connected by themselves, events in order, unplug reported, replug recognised by name")
    func plugPlayUnplugReplug() async throws {
        let mappingDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-system-mappings")
        try? FileManager.default.createDirectory(at: mappingDirectory, withIntermediateDirectories: true)
        try """
            name: VMTest keyboard
            match: "VMTest Keys"
            reference: Tests/System/lib.sh (the emulated USB keyboard)
            channel: 1
            answers: {higher: {notes: C4..G9}, lower: {notes: C-1..B3}}
            stop: {program: 4}
            feedback:
              correct: {note-on: 40, velocity: 127}
            """.write(to: mappingDirectory.appendingPathComponent("vmtest.yaml"), atomically: true, encoding: .utf8)
        let library = MappingLibrary.load(directories: [mappingDirectory.path, Fixtures.mappings.path])
        #expect(library.problems.isEmpty)

        // The tuning control's short way: a note followed from the input thread.
        let tuning = DirectTuning()
        let followed = MockDirectNote()
        let route = TuningRoute(note: followed, centre: 440, range: Cents(100))
        tuning.follow(route)
        let client = try SequencerClient(mappings: library, tuning: tuning)
        defer { client.close() }
        let reader = EventReader()
        await reader.start(client.events)

        // 1. The virtual port was there before Peach started: connected at start-up, generic mapping.
        let virtual = try await reader.next("the virmidi port") { event -> Controller? in
            if case let .connected(controller) = event, controller.clientName.hasPrefix("Virtual Raw MIDI") { return controller }
            return nil
        }
        #expect(virtual.mapping.isGeneric)

        // 2. Its events reach the mapping layer in order, decoded.
        try Self.run("/usr/bin/amidi", ["-p", "hw:VirMIDI,0", "-S", "90 3C 64 E0 00 50 B0 07 5A 80 3C 00 90 3E 00 C0 02 E0 00 00 E0 7F 7F"])
        let virtualMessages = try await messages(from: "Virtual Raw MIDI", count: 8, reader: reader)
        #expect(virtualMessages == [
            .noteOn(channel: 0, note: 60, velocity: 100), .pitchBend(channel: 0, value: 2048),
            .controlChange(channel: 0, controller: 7, value: 90), .noteOff(channel: 0, note: 60, velocity: 0),
            .noteOff(channel: 0, note: 62, velocity: 0), .programChange(channel: 0, program: 2),
            .pitchBend(channel: 0, value: -8192), .pitchBend(channel: 0, value: 8191),
        ])
        // The wheel's moves also reached the followed note from the input thread, as the mapping reads them.
        let bends: [Int16] = [2048, -8192, 8191]
        #expect(followed.moves.map(\.frequency) == bends.map {
            route.frequency(at: virtual.mapping.tuningValue(of: .pitchBend(channel: 0, value: $0))!)!
        })
        tuning.follow(nil)
        var mapper = ControllerMapper(mapping: virtual.mapping)
        // A key waits out the chord window (a single key, not a chord) before it answers.
        #expect(mapper.actions(for: virtualMessages[0], at: 0, skill: .compare).isEmpty)
        #expect(mapper.tick(at: 1_000_000_000, skill: .compare) == [.answer(higher: true)])
        #expect(mapper.actions(for: virtualMessages[5], at: 0, skill: .compare) == [.start(.match)])

        // 3. Plug the USB keyboard: connected by itself, with its mapping chosen by name.
        try Self.setGadget("dummy_udc.0")
        let keys = try await reader.next("the USB keyboard to appear") { event -> Controller? in
            if case let .connected(controller) = event, controller.clientName == Self.keyboard { return controller }
            return nil
        }
        #expect(keys.mapping.name == "VMTest keyboard")
        #expect(keys.feedbackDestination != nil)

        // 4. A burst of notes, bends and controllers over USB arrives complete and in order.
        var bytes: [String] = []
        var expected: [MIDIMessage] = []
        for step in 0..<40 {
            let bend = -8192 + step * 400
            bytes += ["E0", String(format: "%02X", (bend + 8192) & 0x7F), String(format: "%02X", (bend + 8192) >> 7)]
            expected.append(.pitchBend(channel: 0, value: Int16(bend)))
            if step % 10 == 0 {
                bytes += ["90", String(format: "%02X", 48 + step), "40", "B0", "01", String(format: "%02X", step)]
                expected += [.noteOn(channel: 0, note: UInt8(48 + step), velocity: 64), .controlChange(channel: 0, controller: 1, value: UInt8(step))]
            }
        }
        try Self.run("/usr/bin/amidi", ["-p", "hw:GadgetMIDI,0", "-S", bytes.joined(separator: " ")])
        #expect(try await messages(from: Self.keyboard, count: expected.count, reader: reader) == expected)

        // 5. Feedback goes back to the device: it crosses the USB bus to the gadget side, read there
        //    raw with amidi (Peach does not take the gadget's own "f_midi" port for a controller).
        let dump = Process()
        dump.executableURL = URL(fileURLWithPath: "/usr/bin/amidi")
        dump.arguments = ["-p", "hw:GadgetMIDI,0", "-d", "-t", "3"]
        let pipe = Pipe()
        dump.standardOutput = pipe
        let received = Received()
        pipe.fileHandleForReading.readabilityHandler = { handle in received.append(handle.availableData) }
        try dump.run()
        // Sent until the gadget side shows it: amidi may not be listening yet on a slow guest.
        let deadline = ContinuousClock.now + .seconds(30)
        while !received.hasNoteOn40, ContinuousClock.now < deadline, dump.isRunning {
            #expect(client.send(.correct, to: keys))
            try await Task.sleep(for: .milliseconds(500))
        }
        dump.waitUntilExit()
        pipe.fileHandleForReading.readabilityHandler = nil
        #expect(received.hasNoteOn40, "the gadget side received: \(received.text)")

        // 6. Unplug: reported gone, by name.
        try Self.setGadget("")
        let gone = try await reader.next("the USB keyboard to go") { event -> Controller? in
            if case let .disconnected(controller) = event, controller.clientName == Self.keyboard { return controller }
            return nil
        }
        #expect(gone.identity == keys.identity)

        // 7. Replug: recognised by name (its client number may change), same mapping, and it plays.
        try Self.setGadget("dummy_udc.0")
        let again = try await reader.next("the USB keyboard to come back") { event -> Controller? in
            if case let .connected(controller) = event, controller.clientName == Self.keyboard { return controller }
            return nil
        }
        #expect(again.identity == keys.identity)
        #expect(again.mapping == keys.mapping)
        print("FIGURE: USB keyboard client address first \(keys.address), after replug \(again.address)")
        try Self.run("/usr/bin/amidi", ["-p", "hw:GadgetMIDI,0", "-S", "90 40 50"])
        #expect(try await messages(from: Self.keyboard, count: 1, reader: reader) == [.noteOn(channel: 0, note: 64, velocity: 80)])
    }
}

/// Bytes read from a pipe on Foundation's handler thread.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.lock(); data.append(more); lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    /// amidi -d prints each message as hex, with or without spaces: note-on ch 1, note 40, velocity 127.
    var hasNoteOn40: Bool { text.uppercased().filter { !$0.isWhitespace }.contains("90287F") }
}
