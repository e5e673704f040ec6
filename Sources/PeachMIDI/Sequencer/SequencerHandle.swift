import CAlsa
import Glibc
import PeachText

/// Why the sequencer (or the sound devices) could not be used: what failed, with ALSA's own words
/// where ALSA said something. `text(_:)` says it for the person at the box through the tables
/// (`sequencer…` keys); `description` in English.
public struct SequencerError: DescribedError, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case noSequencer, noPermission, cannotOpen, cannotSubscribeAnnounce, noWakeUpPipe, noSoundDevices
        case cannotCreatePort(String)
    }

    public let kind: Kind
    /// ALSA's words (`snd_strerror`), when ALSA gave the reason.
    public let alsa: String?

    init(_ kind: Kind, code: Int32? = nil) {
        self.kind = kind
        alsa = code.map { String(cString: snd_strerror($0)) }
    }

    public func text(_ texts: Texts) -> String {
        let what = switch kind {
        case .noSequencer: texts.text(.sequencerMissing)
        case .noPermission: texts.text(.sequencerNoPermission)
        case .cannotOpen: texts.text(.sequencerCannotOpen)
        case .cannotSubscribeAnnounce: texts.text(.sequencerCannotSubscribeAnnounce)
        case .noWakeUpPipe: texts.text(.sequencerNoWakeUpPipe)
        case .noSoundDevices: texts.text(.sequencerNoSoundDevices)
        case .cannotCreatePort(let name): texts.text(.sequencerCannotCreatePort, name)
        }
        return alsa.map { texts.text(.alsaStepFailed, what, SystemWords.text($0, texts)) } ?? what
    }

    public var description: String { text(.english) }
}

/// An open ALSA sequencer handle and the queries Peach makes with it. Not thread-safe by itself: the
/// input thread owns reading and subscribing; writing fixed-size events (feedback) from another
/// thread is safe because `snd_seq_event_output_direct` then goes straight to `write()` without
/// touching the handle's buffers.
final class SequencerHandle: @unchecked Sendable {
    let raw: OpaquePointer
    let clientID: Int

    /// Opens the sequencer for input and output, non-blocking (a full output queue drops a message
    /// instead of stalling the caller).
    init(clientName: String) throws(SequencerError) {
        guard access("/dev/snd/seq", F_OK) == 0 else {
            throw SequencerError(.noSequencer)
        }
        var handle: OpaquePointer?
        let duplex = Int32(SND_SEQ_OPEN_OUTPUT | SND_SEQ_OPEN_INPUT)
        let status = snd_seq_open(&handle, "default", duplex, Int32(SND_SEQ_NONBLOCK))
        guard status >= 0, let handle else {
            throw SequencerError(status == -EACCES ? .noPermission : .cannotOpen, code: status)
        }
        raw = handle
        snd_seq_set_client_name(handle, clientName)
        clientID = Int(snd_seq_client_id(handle))
    }

    deinit { snd_seq_close(raw) }

    func createPort(name: String, capability: UInt32, type: UInt32) throws(SequencerError) -> Int {
        let port = snd_seq_create_simple_port(raw, name, capability, type)
        guard port >= 0 else { throw SequencerError(.cannotCreatePort(name), code: port) }
        return Int(port)
    }

    func clientName(_ client: Int) -> String? {
        var info: OpaquePointer?
        guard snd_seq_client_info_malloc(&info) >= 0, let info else { return nil }
        defer { snd_seq_client_info_free(info) }
        guard snd_seq_get_any_client_info(raw, Int32(client), info) >= 0 else { return nil }
        return String(cString: snd_seq_client_info_get_name(info))
    }

    func portInfo(_ address: SequencerAddress, clientName: String? = nil) -> SequencerPortInfo? {
        var info: OpaquePointer?
        guard snd_seq_port_info_malloc(&info) >= 0, let info else { return nil }
        defer { snd_seq_port_info_free(info) }
        guard snd_seq_get_any_port_info(raw, Int32(address.client), Int32(address.port), info) >= 0,
              let name = clientName ?? self.clientName(address.client) else { return nil }
        return SequencerPortInfo(address: address, clientName: name, portName: String(cString: snd_seq_port_info_get_name(info)),
                                 capability: snd_seq_port_info_get_capability(info), type: snd_seq_port_info_get_type(info))
    }

    /// Every port of `client`, or of every client when nil.
    func ports(ofClient client: Int? = nil) -> [SequencerPortInfo] {
        var clientInfo: OpaquePointer?, portInfo: OpaquePointer?
        guard snd_seq_client_info_malloc(&clientInfo) >= 0, let clientInfo else { return [] }
        defer { snd_seq_client_info_free(clientInfo) }
        guard snd_seq_port_info_malloc(&portInfo) >= 0, let portInfo else { return [] }
        defer { snd_seq_port_info_free(portInfo) }
        var result: [SequencerPortInfo] = []
        func collect(_ clientID: Int32, _ clientName: String) {
            snd_seq_port_info_set_client(portInfo, clientID)
            snd_seq_port_info_set_port(portInfo, -1)
            while snd_seq_query_next_port(raw, portInfo) >= 0 {
                result.append(SequencerPortInfo(
                    address: SequencerAddress(client: Int(clientID), port: Int(snd_seq_port_info_get_port(portInfo))),
                    clientName: clientName, portName: String(cString: snd_seq_port_info_get_name(portInfo)),
                    capability: snd_seq_port_info_get_capability(portInfo), type: snd_seq_port_info_get_type(portInfo)))
            }
        }
        if let client {
            if let name = clientName(client) { collect(Int32(client), name) }
            return result
        }
        snd_seq_client_info_set_client(clientInfo, -1)
        while snd_seq_query_next_client(raw, clientInfo) >= 0 {
            collect(snd_seq_client_info_get_client(clientInfo), String(cString: snd_seq_client_info_get_name(clientInfo)))
        }
        return result
    }
}
