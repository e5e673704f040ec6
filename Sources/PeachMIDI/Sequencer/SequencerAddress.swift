/// A sequencer port's address, `client:port` as `aconnect -l` shows it. A controller's client number
/// changes when it is replugged; only its names identify it.
public struct SequencerAddress: Hashable, Sendable, CustomStringConvertible {
    public var client: Int
    public var port: Int

    public init(client: Int, port: Int) {
        self.client = client
        self.port = port
    }

    public var description: String { "\(client):\(port)" }
}
