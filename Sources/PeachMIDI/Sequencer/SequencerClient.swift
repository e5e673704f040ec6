import CAlsa
import Dispatch
import Foundation
import Glibc
import Logging
import PeachDomain
import PeachText
import Synchronization

/// The ALSA sequencer client `Peach`: an input port that every controller is connected to (and that
/// other programs — vmpk, `aconnect` — may connect to), and an output port for feedback messages.
///
/// It subscribes to System:Announce, connects every MIDI source that appears (`SequencerPortRules`),
/// and reports controllers by name as they come and go. Input runs on its own thread, which blocks
/// only in `poll()` on the sequencer and a wake-up pipe; it decodes each event, stamps it with the
/// monotonic clock and yields it, in order, into `events` (unbounded: the thread never waits for the
/// consumer).
public final class SequencerClient: Sendable {
    // Not texts: the ports' names in the ALSA sequencer (`aconnect -l`), the same in every language.
    public static let inputPortName = "Peach Input" // not a text: a port name
    public static let feedbackPortName = "Peach Feedback" // not a text: a port name

    /// Everything that happens, in order. Finishes when the client is closed.
    public let events: AsyncStream<ControllerEvent>
    /// Peach's input port, `client:port`, for `aconnect SOURCE PEACH`.
    public let address: SequencerAddress
    private let handle: SequencerHandle
    private let feedbackPort: Int
    private let wakeWrite: Int32
    private let stopped: DispatchSemaphore
    private let closed = Atomic<Bool>(false)
    private let logger: Logger
    /// The language of its log lines (peach run's, switched by a reload).
    private let texts: LiveTexts

    /// Opens the client and starts listening. Controllers already plugged in are reported first.
    /// `tuning`: moves of a tuning control go from the input thread straight to the note it names,
    /// before the event is yielded.
    public init(name: String = "Peach", mappings: MappingLibrary, tuning: DirectTuning? = nil,
                logger: Logger = Logger(label: "peach.midi"), texts: LiveTexts = .english) throws(SequencerError) {
        let handle = try SequencerHandle(clientName: name)
        let input = try handle.createPort(
            name: Self.inputPortName,
            capability: SequencerPortRules.capabilityWrite | SequencerPortRules.capabilitySubscribeWrite,
            type: SequencerPortRules.typeMIDIGeneric | UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
        // Readable only by direct sends: not MIDI_GENERIC and not subscribable, so no auto-connecting
        // program (another Peach included) takes it for a controller.
        let feedback = try handle.createPort(name: Self.feedbackPortName, capability: SequencerPortRules.capabilityRead,
                                             type: UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
        let announce = snd_seq_connect_from(handle.raw, Int32(input), Int32(SND_SEQ_CLIENT_SYSTEM), Int32(SND_SEQ_PORT_SYSTEM_ANNOUNCE))
        guard announce >= 0 else { throw SequencerError(.cannotSubscribeAnnounce, code: announce) }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0, fcntl(pipeEnds[1], F_SETFL, O_NONBLOCK) == 0 else { throw SequencerError(.noWakeUpPipe) }

        self.handle = handle
        self.logger = logger
        self.texts = texts
        address = SequencerAddress(client: handle.clientID, port: input)
        feedbackPort = feedback
        wakeWrite = pipeEnds[1]
        let (stream, continuation) = AsyncStream<ControllerEvent>.makeStream(bufferingPolicy: .unbounded)
        events = stream
        let stopped = DispatchSemaphore(value: 0)
        self.stopped = stopped
        let loop = InputLoop(handle: handle, inputPort: input, feedbackPort: feedback, mappings: mappings, tuning: tuning,
                             continuation: continuation, wakeRead: pipeEnds[0], logger: logger, texts: texts)
        loop.connectPresentControllers()
        let wakeRead = pipeEnds[0]
        let thread = Thread {
            loop.run()
            continuation.finish()
            Glibc.close(wakeRead)
            stopped.signal()
        }
        thread.name = "peach-midi-input"
        thread.qualityOfService = .userInteractive
        thread.start()
        logger.info("\(texts.current.text(.midiInputReady, name, "\(address)"))")
    }

    /// Sends the messages the controller's mapping defines for `feedback` (after its `clear`
    /// messages), directly to the device. Never blocks: if the sequencer's output pool is full the
    /// messages are dropped. Returns false when nothing could be sent.
    @discardableResult
    public func send(_ feedback: AnswerResult, to controller: Controller) -> Bool {
        guard let outputs = controller.mapping.feedback, let messages = outputs.messages[feedback] else { return false }
        return send(outputs.clear + messages, to: controller)
    }

    /// Turns earlier feedback off (the mapping's `clear` messages).
    @discardableResult
    public func clearFeedback(on controller: Controller) -> Bool {
        guard let outputs = controller.mapping.feedback, !outputs.clear.isEmpty else { return false }
        return send(outputs.clear, to: controller)
    }

    private func send(_ messages: [MIDIMessage], to controller: Controller) -> Bool {
        guard let destination = controller.feedbackDestination, !closed.load(ordering: .acquiring) else { return false }
        let source = SequencerAddress(client: handle.clientID, port: feedbackPort)
        var allSent = true
        for message in messages {
            var event = message.sequencerEvent(from: source, to: destination)
            let status = snd_seq_event_output_direct(handle.raw, &event)
            if status < 0 {
                allSent = false
                let reason = SystemWords.text(String(cString: snd_strerror(status)), texts.current)
                logger.warning("\(texts.current.text(.midiFeedbackNotSent, String(describing: controller), reason))")
            }
        }
        return allSent
    }

    /// Stops the input thread (it finishes `events`) and closes the client. Idempotent.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        stopped.wait()
        Glibc.close(wakeWrite)
    }

    deinit { close() }

    /// Every port the sequencer has now (for `peach devices`), with whether Peach would connect it.
    public static func listPorts() throws(SequencerError) -> (ports: [SequencerPortInfo], ownClient: Int) {
        let handle = try SequencerHandle(clientName: "Peach (listing)")
        return (handle.ports(), handle.clientID)
    }
}

/// The input thread's state. Used only on that thread after `connectPresentControllers()` (which
/// runs before the thread starts).
private final class InputLoop: @unchecked Sendable {
    let handle: SequencerHandle
    let inputPort: Int
    let feedbackPort: Int
    let mappings: MappingLibrary
    let tuning: DirectTuning?
    let continuation: AsyncStream<ControllerEvent>.Continuation
    let wakeRead: Int32
    let logger: Logger
    let texts: LiveTexts
    /// The controllers connected now, by their current address.
    var controllers: [SequencerAddress: Controller] = [:]
    var overruns = 0
    /// A flood overruns the input hundreds of times a minute: one line per 10 s is enough.
    var overrunWarning = RepeatedWarning()
    var inputErrorWarning = RepeatedWarning()

    init(handle: SequencerHandle, inputPort: Int, feedbackPort: Int, mappings: MappingLibrary, tuning: DirectTuning?,
         continuation: AsyncStream<ControllerEvent>.Continuation, wakeRead: Int32, logger: Logger, texts: LiveTexts) {
        self.texts = texts
        self.handle = handle
        self.inputPort = inputPort
        self.feedbackPort = feedbackPort
        self.mappings = mappings
        self.tuning = tuning
        self.continuation = continuation
        self.wakeRead = wakeRead
        self.logger = logger
    }

    func connectPresentControllers() {
        for port in handle.ports() where SequencerPortRules.isControllerSource(port, ownClient: handle.clientID) {
            connect(port)
        }
    }

    func run() {
        let count = Int(snd_seq_poll_descriptors_count(handle.raw, Int16(POLLIN)))
        var descriptors = [pollfd](repeating: pollfd(), count: count + 1)
        descriptors.withUnsafeMutableBufferPointer { buffer in
            _ = snd_seq_poll_descriptors(handle.raw, buffer.baseAddress, UInt32(count), Int16(POLLIN))
            buffer[count] = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
        }
        while true {
            let ready = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), -1) }
            if ready < 0 {
                if errno == EINTR { continue }
                logger.error("\(texts.current.text(.midiInputStopped, "\(errno)"))")
                return
            }
            if descriptors[count].revents != 0 { return }
            drain()
        }
    }

    /// Reads every event waiting, in order, until the sequencer has none.
    private func drain() {
        while true {
            var event: UnsafeMutablePointer<snd_seq_event_t>?
            let status = snd_seq_event_input(handle.raw, &event)
            if status == -EAGAIN { return }
            if status == -ENOSPC {
                overruns += 1
                if let counted = overrunWarning.occurred(at: Double(monotonicNanoseconds()) / 1e9) {
                    let texts = texts.current
                    logger.warning("\(texts.text(.midiInputOverrun, overruns, texts.repeated(counted, within: overrunWarning)))")
                }
                continue
            }
            guard status >= 0, let event else {
                if status < 0, let counted = inputErrorWarning.occurred(at: Double(monotonicNanoseconds()) / 1e9) {
                    let texts = texts.current
                    let line = texts.text(.midiInputError, SystemWords.text(String(cString: snd_strerror(status)), texts),
                                          texts.repeated(counted, within: inputErrorWarning))
                    logger.warning("\(line)")
                }
                return
            }
            handle(event.pointee, at: monotonicNanoseconds())
        }
    }

    private func handle(_ event: snd_seq_event_t, at time: UInt64) {
        if let message = MIDIMessage(sequencerEvent: event) {
            let source = SequencerAddress(client: Int(event.source.client), port: Int(event.source.port))
            guard let controller = controllers[source] ?? adopt(source) else { return }
            tuning?.deliver(message, mappedBy: controller.mapping, at: time)
            continuation.yield(.message(message, from: controller, at: time))
            return
        }
        let address = SequencerAddress(client: Int(event.data.addr.client), port: Int(event.data.addr.port))
        switch Int32(event.type) {
        case Int32(SND_SEQ_EVENT_PORT_START.rawValue), Int32(SND_SEQ_EVENT_PORT_CHANGE.rawValue):
            guard controllers[address] == nil, let port = handle.portInfo(address),
                  SequencerPortRules.isControllerSource(port, ownClient: handle.clientID) else { return }
            connect(port)
        case Int32(SND_SEQ_EVENT_PORT_EXIT.rawValue):
            disconnect(controllers.keys.filter { $0 == address })
        case Int32(SND_SEQ_EVENT_CLIENT_EXIT.rawValue):
            disconnect(controllers.keys.filter { $0.client == address.client })
        default:
            break
        }
    }

    private func connect(_ port: SequencerPortInfo) {
        let status = snd_seq_connect_from(handle.raw, Int32(inputPort), Int32(port.address.client), Int32(port.address.port))
        guard status >= 0 else {
            let reason = SystemWords.text(String(cString: snd_strerror(status)), texts.current)
            logger.warning("\(texts.current.text(.midiCannotConnect, port.clientName, port.portName, String(describing: port.address), reason))")
            return
        }
        register(port)
    }

    /// A source that was connected to our port by someone else (`aconnect`, a patchbay).
    private func adopt(_ source: SequencerAddress) -> Controller? {
        guard let port = handle.portInfo(source) else { return nil }
        return register(port)
    }

    @discardableResult
    private func register(_ port: SequencerPortInfo) -> Controller {
        let mapping = mappings.mapping(clientName: port.clientName, portName: port.portName)
        // Twins (same client and port names) are told apart by the lowest instance number not in use.
        let instance = Controller.freeInstance(clientName: port.clientName, portName: port.portName,
                                               among: Array(controllers.values))
        var controller = Controller(clientName: port.clientName, portName: port.portName, address: port.address,
                                    mapping: mapping, instance: instance)
        if let feedback = mapping.feedback {
            let writable = handle.ports(ofClient: port.address.client).filter(SequencerPortRules.acceptsFeedback)
            let chosen = feedback.port.map { pattern in writable.first { pattern.matches($0.portName) } }
                ?? writable.first { $0.address == port.address } ?? writable.first
            // Subscribing opens the device's MIDI output; messages are then sent to it directly.
            if let destination = chosen?.address {
                let status = snd_seq_connect_to(handle.raw, Int32(feedbackPort), Int32(destination.client), Int32(destination.port))
                if status >= 0 {
                    controller.feedbackDestination = destination
                } else {
                    let reason = SystemWords.text(String(cString: snd_strerror(status)), texts.current)
                    logger.warning("\(texts.current.text(.midiNoFeedbackConnect, port.clientName, String(describing: destination), reason))")
                }
            } else {
                logger.warning("\(texts.current.text(.midiNoFeedbackPort, port.clientName))")
            }
        }
        controllers[port.address] = controller
        logger.info("\(texts.current.text(.midiControllerConnected, "\(controller)", mapping.name))")
        continuation.yield(.connected(controller))
        return controller
    }

    private func disconnect(_ addresses: [SequencerAddress]) {
        for address in addresses.sorted(by: { $0.port < $1.port }) {
            guard let controller = controllers.removeValue(forKey: address) else { continue }
            logger.info("\(texts.current.text(.midiControllerGone, "\(controller)"))")
            continuation.yield(.disconnected(controller))
        }
    }
}
