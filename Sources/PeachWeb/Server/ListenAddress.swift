/// Where the dashboard listens: `HOST:PORT` (`[::1]:8080` for IPv6). Port 0 asks for any free port.
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
    public static let standard = ListenAddress(host: "127.0.0.1", port: 8080)

    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`; nil for anything else.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (0...65535).contains(port) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else { return nil }
        self.init(host: host, port: port)
    }

    /// Only this machine can connect: 127.0.0.0/8, ::1 or `localhost`. Anything else needs the token.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Every address of the machine: 0.0.0.0 or ::.
    public var isWildcard: Bool { host == "0.0.0.0" || host == "::" }

    /// Where a browser elsewhere on the network finds this listener: for every address, the machine
    /// by its name, a bare name as its mDNS name `NAME.local` (which Avahi announces on the box);
    /// otherwise the address itself.
    public func browserAddress(machineName: String) -> String {
        guard isWildcard else { return description }
        let bare = !machineName.isEmpty && !machineName.contains(".") && machineName != "localhost"
        return (bare ? machineName + ".local" : machineName) + ":\(port)"
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
