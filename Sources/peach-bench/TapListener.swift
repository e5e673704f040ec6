import CAlsa
import Foundation
import Glibc
import PeachMIDI
import PeachSound

/// A second listener on the keyboard's sequencer port, beside Peach: the truth of when each tap
/// reached the sequencer. Its own thread, at SCHED_FIFO 80 (above Peach's audio thread), blocks on
/// the sequencer and stamps each note-on with CLOCK_MONOTONIC as it reads it, as Peach's input
/// thread does; the subscription also has the sequencer stamp each event with its real-time queue
/// as it delivers it (`kernelTime`, on CLOCK_MONOTONIC through the queue's offset measured at the
/// start), so the read stamp's own lateness is seen too.
final class TapListener: @unchecked Sendable {
    struct Tap {
        var note: UInt8
        /// CLOCK_MONOTONIC when this listener read it.
        var readTime: UInt64
        /// When the sequencer delivered it (its queue's stamp), on CLOCK_MONOTONIC; nil without a queue.
        var kernelTime: UInt64?
    }

    private let seq: OpaquePointer
    private let queue: Int32
    /// CLOCK_MONOTONIC − queue time, in ns, and how closely it was bracketed.
    private(set) var queueOffset: Int64 = 0
    private(set) var queueOffsetUncertainty: UInt64 = 0
    private let lock = NSLock()
    private var taps: [Tap] = []
    private var running = true
    private let finished = DispatchSemaphore(value: 0)
    private(set) var scheduling = RealtimeScheduling.Outcome.off

    init(keyboardName: String) {
        var handle: OpaquePointer?
        guard snd_seq_open(&handle, "default", Int32(SND_SEQ_OPEN_DUPLEX), Int32(SND_SEQ_NONBLOCK)) >= 0, let handle else {
            benchFailure("cannot open a sequencer client for the second listener")
        }
        seq = handle
        snd_seq_set_client_name(seq, "Peach Bench Tap Listener")
        let port = snd_seq_create_simple_port(seq, "taps", UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE),
                                              UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
        queue = snd_seq_alloc_named_queue(seq, "tap stamps")
        guard port >= 0, queue >= 0, snd_seq_control_queue(seq, queue, Int32(SND_SEQ_EVENT_START.rawValue), 0, nil) >= 0, snd_seq_drain_output(seq) >= 0 else {
            benchFailure("cannot make the second listener's port and queue")
        }
        guard let keyboard = Self.client(named: keyboardName, in: seq) else { benchFailure("no sequencer client named \(keyboardName)") }
        var subscription: OpaquePointer?
        snd_seq_port_subscribe_malloc(&subscription)
        defer { snd_seq_port_subscribe_free(subscription) }
        var sender = snd_seq_addr_t(client: UInt8(keyboard), port: 0)
        var destination = snd_seq_addr_t(client: UInt8(snd_seq_client_id(seq)), port: UInt8(port))
        snd_seq_port_subscribe_set_sender(subscription, &sender)
        snd_seq_port_subscribe_set_dest(subscription, &destination)
        snd_seq_port_subscribe_set_queue(subscription, queue)
        snd_seq_port_subscribe_set_time_update(subscription, 1)
        snd_seq_port_subscribe_set_time_real(subscription, 1)
        guard snd_seq_subscribe_port(seq, subscription) >= 0 else { benchFailure("cannot subscribe to \(keyboardName)") }
        measureQueueOffset()
        let thread = Thread { [self] in
            scheduling = RealtimeScheduling.promoteCurrentThread(priority: 80)
            listen()
        }
        thread.name = "tap-listener"
        thread.start()
    }

    deinit { snd_seq_close(seq) }

    static func client(named name: String, in seq: OpaquePointer) -> Int32? {
        var info: OpaquePointer?
        snd_seq_client_info_malloc(&info)
        defer { snd_seq_client_info_free(info) }
        snd_seq_client_info_set_client(info, -1)
        while snd_seq_query_next_client(seq, info) >= 0 {
            if String(cString: snd_seq_client_info_get_name(info)) == name { return snd_seq_client_info_get_client(info) }
        }
        return nil
    }

    /// The queue's time against CLOCK_MONOTONIC: of 50 readings of its status, the one bracketed
    /// most closely by the monotonic clock.
    private func measureQueueOffset() {
        var status: OpaquePointer?
        snd_seq_queue_status_malloc(&status)
        defer { snd_seq_queue_status_free(status) }
        var best = UInt64.max
        for _ in 0..<50 {
            let before = monotonicNanoseconds()
            guard snd_seq_get_queue_status(seq, queue, status) >= 0, let real = snd_seq_queue_status_get_real_time(status) else { continue }
            let after = monotonicNanoseconds()
            guard after - before < best else { continue }
            best = after - before
            let queueNs = Int64(real.pointee.tv_sec) * 1_000_000_000 + Int64(real.pointee.tv_nsec)
            queueOffset = Int64((before + after) / 2) - queueNs
        }
        queueOffsetUncertainty = best / 2
    }

    private func listen() {
        defer { finished.signal() }
        let count = Int(snd_seq_poll_descriptors_count(seq, Int16(POLLIN)))
        var descriptors = [pollfd](repeating: pollfd(), count: count)
        _ = descriptors.withUnsafeMutableBufferPointer { snd_seq_poll_descriptors(seq, $0.baseAddress, UInt32(count), Int16(POLLIN)) }
        while lock.withLock({ running }) {
            guard descriptors.withUnsafeMutableBufferPointer({ poll($0.baseAddress, nfds_t($0.count), 50) }) > 0 else { continue }
            while true {
                var event: UnsafeMutablePointer<snd_seq_event_t>?
                guard snd_seq_event_input(seq, &event) >= 0, let event else { break }
                let read = monotonicNanoseconds()
                guard case let .noteOn(_, note, _)? = MIDIMessage(sequencerEvent: event.pointee) else { continue }
                let real = event.pointee.time.time
                let stamped = event.pointee.flags & UInt8(SND_SEQ_TIME_STAMP_REAL) != 0
                let kernel = stamped ? UInt64(Int64(real.tv_sec) * 1_000_000_000 + Int64(real.tv_nsec) + queueOffset) : nil
                lock.withLock { taps.append(Tap(note: note, readTime: read, kernelTime: kernel)) }
            }
        }
    }

    /// Stops listening and gives every tap heard, in order.
    func finish() -> [Tap] {
        lock.withLock { running = false }
        finished.wait()
        return lock.withLock { taps }
    }
}
