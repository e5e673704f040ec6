import CAlsa
import Foundation
import Glibc
import PeachMIDI

/// `peach-bench --tap-jitter`, in the system-test guest (the host has no sequencer): how long a
/// tap takes from a second sequencer client's send to the stamp Peach's input thread gives it
/// (`SequencerClient`, the stamp Fill the Gap times the tap by), 20 note-ons a second, first on a
/// quiet machine, then with a busy loop taking a core. The spread of that time is the tap path's
/// jitter: a tap stamped late by it counts as late by as much.
@MainActor
func tapPathJitterFigures(count: Int = 200, rate: Int = 20) async {
    let senderName = "Peach Bench Taps"
    let client: SequencerClient
    do {
        client = try SequencerClient(mappings: MappingLibrary(mappings: []))
    } catch {
        benchFailure("\(error)")
    }
    var senderHandle: OpaquePointer?
    guard snd_seq_open(&senderHandle, "default", Int32(SND_SEQ_OPEN_OUTPUT), 0) >= 0, let sender = senderHandle else {
        benchFailure("cannot open a second sequencer client")
    }
    snd_seq_set_client_name(sender, senderName)
    let port = snd_seq_create_simple_port(sender, "taps", SequencerPortRules.capabilityRead | SequencerPortRules.capabilitySubscribeRead,
                                          SequencerPortRules.typeMIDIGeneric | UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
    let source = SequencerAddress(client: Int(snd_seq_client_id(sender)), port: Int(port))
    var events = client.events.makeAsyncIterator()
    while let event = await events.next() {
        if case let .connected(controller) = event, controller.clientName == senderName { break }
    }
    let senderAddress = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(sender)))

    for loaded in [false, true] {
        let busy = BusyLoop()
        if loaded { busy.start() }
        let sendTimes = SendTimes(buffer: .allocate(capacity: count))
        let thread = Thread {
            let sender = OpaquePointer(bitPattern: senderAddress)
            let start = monotonicNanoseconds() + 50_000_000
            for i in 0..<count {
                let due = start + UInt64(i) * UInt64(1_000_000_000 / rate)
                var wake = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
                clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, nil)
                var event = MIDIMessage.noteOn(channel: 0, note: UInt8(i % 128), velocity: 100)
                    .sequencerEvent(from: source, to: SequencerAddress(client: Int(SND_SEQ_ADDRESS_SUBSCRIBERS), port: 0))
                sendTimes.buffer[i] = monotonicNanoseconds()
                _ = snd_seq_event_output_direct(sender, &event)
            }
        }
        thread.start()
        var delays: [Double] = []
        let deadline = monotonicNanoseconds() + UInt64(count / rate + 30) * 1_000_000_000
        while delays.count < count, monotonicNanoseconds() < deadline, let event = await events.next() {
            guard case let .message(.noteOn, controller, arrival) = event, controller.clientName == senderName else { continue }
            delays.append(Double(arrival &- sendTimes.buffer[delays.count]) / 1e6)
        }
        busy.stop()
        sendTimes.buffer.deallocate()
        guard delays.count == count else { benchFailure("\(delays.count) of \(count) taps arrived") }
        let sorted = delays.sorted()
        print(String(format: "FIGURE: tap path, a second client's send → Peach's input stamp, %@ (%@ build): %d taps, "
                     + "median %.3f ms, p95 %.3f ms, p99 %.3f ms, max %.3f ms, spread p95 − median %.3f ms",
                     loaded ? "the other core busy" : "quiet", benchBuild, count, sorted[count / 2], sorted[count * 95 / 100],
                     sorted[count * 99 / 100], sorted[count - 1], sorted[count * 95 / 100] - sorted[count / 2]))
    }
    snd_seq_close(sender)
    client.close()
}

/// A thread spinning until stopped: the other core's load.
private final class BusyLoop: @unchecked Sendable {
    private let running = NSLock()
    private var spinning = true
    private var thread: Thread?

    func start() {
        let thread = Thread { [self] in
            var sink = 0
            while running.withLock({ spinning }) { for i in 0..<10_000 { sink &+= i } }
            if sink == 42 { print("") }
        }
        self.thread = thread
        thread.start()
    }

    func stop() { running.withLock { spinning = false } }
}

/// Send times written by the sending thread, read after each arrival.
private struct SendTimes: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<UInt64>
}
