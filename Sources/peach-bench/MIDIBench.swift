import CAlsa
import Foundation
import PeachDomain
import PeachMIDI

/// The mapping path alone (no sequencer): what the consumer does per controller event.
@MainActor
func midiMappingFigures(_ sink: inout Int) {
    print("== MIDI input, mapping path (host, no sequencer)")
    let count = 1_000_000
    var mapper = ControllerMapper(mapping: MappingLibrary.builtInGeneric)
    // A player tuning: slow sweeps with a hold and a spring release every 2,000 events.
    var events: [(MIDIMessage, UInt64)] = []
    events.reserveCapacity(count)
    for i in 0..<count {
        let phase = i % 2_000
        let value = phase < 1_900 ? Int16(phase * 3) : 0
        events.append((.pitchBend(channel: 0, value: value), UInt64(i) * 500_000))
    }
    measure("mapper: pitch bend → tuning action (Tune & Match)", unit: "event", count: count) {
        for (message, time) in events { sink &+= mapper.actions(for: message, at: time, skill: .match).count }
    }
    measure("mapper: pitch bend → flick answers (Hear & Compare)", unit: "event", count: count) {
        for (message, time) in events { sink &+= mapper.actions(for: message, at: time, skill: .compare).count }
    }
    let notes = (0..<count).map { MIDIMessage.noteOn(channel: 0, note: UInt8($0 % 128), velocity: 100) }
    measure("mapper: note on → answer", unit: "event", count: count) {
        for note in notes { sink &+= mapper.actions(for: note, at: 0, skill: .compare).count }
    }
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Mappings").path
    measure("load and validate every file in Mappings/", unit: "load", count: 100) {
        for _ in 0..<100 { sink &+= MappingLibrary.load(directories: [directory]).mappings.count }
    }
}

/// Send times written by the flooding thread, read after it has finished.
private struct SendTimes: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<UInt64>
}

/// `peach-bench --midi-flood`, run in the system-test guest (Tests/System/guest-midibench.sh): a second
/// sequencer client floods Peach's input with 2,000 pitch bends per second; measured per event from
/// the moment it is handed to the sequencer to the mapper's action on the consumer's (main) actor.
@MainActor
func sequencerFloodFigures(seconds: Int = 5, rate: Int = 2_000) async {
    let count = seconds * rate
    let floodName = "Peach Bench Flood"
    let client: SequencerClient
    do {
        client = try SequencerClient(mappings: MappingLibrary(mappings: []))
    } catch {
        print("FAIL: \(error)")
        exit(1)
    }
    var floodHandle: OpaquePointer?
    guard snd_seq_open(&floodHandle, "default", Int32(SND_SEQ_OPEN_OUTPUT), 0) >= 0, let flood = floodHandle else {
        print("FAIL: cannot open a second sequencer client")
        exit(1)
    }
    snd_seq_set_client_name(flood, floodName)
    let floodPort = snd_seq_create_simple_port(flood, "flood", SequencerPortRules.capabilityRead | SequencerPortRules.capabilitySubscribeRead,
                                               SequencerPortRules.typeMIDIGeneric | UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
    let source = SequencerAddress(client: Int(snd_seq_client_id(flood)), port: Int(floodPort))
    var events = client.events.makeAsyncIterator()
    while let event = await events.next() {
        if case let .connected(controller) = event, controller.clientName == floodName { break }
    }

    let sendTimes = SendTimes(buffer: .allocate(capacity: count))
    defer { sendTimes.buffer.deallocate() }
    let (finished, finish) = AsyncStream<Void>.makeStream()
    let floodAddress = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(flood)))
    let thread = Thread {
        let flood = OpaquePointer(bitPattern: floodAddress)
        let start = monotonicNanoseconds() + 10_000_000
        let interval = UInt64(1_000_000_000 / rate)
        for i in 0..<count {
            let due = start + UInt64(i) * interval
            var wake = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, nil)
            var event = MIDIMessage.pitchBend(channel: 0, value: Int16(i % 16_000 - 8_000))
                .sequencerEvent(from: source, to: SequencerAddress(client: Int(SND_SEQ_ADDRESS_SUBSCRIBERS), port: 0))
            sendTimes.buffer[i] = monotonicNanoseconds()
            _ = snd_seq_event_output_direct(flood, &event)
        }
        finish.finish()
    }
    thread.start()

    var mapper = ControllerMapper(mapping: MappingLibrary.builtInGeneric)
    var arrivals = [UInt64](repeating: 0, count: count), actions = [UInt64](repeating: 0, count: count)
    var received = 0, outOfOrder = 0, actionCount = 0
    let deadline = monotonicNanoseconds() + UInt64(seconds + 30) * 1_000_000_000
    while received < count, monotonicNanoseconds() < deadline, let event = await events.next() {
        guard case let .message(message, controller, arrival) = event, controller.clientName == floodName,
              case let .pitchBend(_, value) = message else { continue }
        actionCount += mapper.actions(for: message, at: arrival, skill: .match).count
        actions[received] = monotonicNanoseconds()
        arrivals[received] = arrival
        if value != Int16(received % 16_000 - 8_000) { outOfOrder += 1 }
        received += 1
    }
    for await _ in finished {}
    snd_seq_close(flood)
    client.close()

    func percentiles(_ values: [UInt64]) -> (median: Double, p99: Double, max: Double) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return (0, 0, 0) }
        return (Double(sorted[sorted.count / 2]) / 1000, Double(sorted[min(sorted.count - 1, sorted.count * 99 / 100)]) / 1000,
                Double(sorted.last!) / 1000)
    }
    let toAction = percentiles((0..<received).map { actions[$0] &- sendTimes.buffer[$0] })
    let toThread = percentiles((0..<received).map { arrivals[$0] &- sendTimes.buffer[$0] })
    let config = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().lastPathComponent
    let note = "\(rate) pitch bends/s for \(seconds) s, \(config) build, software-emulated QEMU guest (TCG)"
    print(String(format: "FIGURE: MIDI input latency, sequencer → mapper action: median %.0f µs, p99 %.0f µs, max %.0f µs (%@)",
                 toAction.median, toAction.p99, toAction.max, note))
    print(String(format: "FIGURE: MIDI input latency, sequencer → input thread: median %.0f µs, p99 %.0f µs, max %.0f µs",
                 toThread.median, toThread.p99, toThread.max))
    print("FIGURE: MIDI flood: \(received) of \(count) events received, \(outOfOrder) out of order, \(actionCount) tuning actions")
    if received != count || outOfOrder != 0 { exit(1) }
}
