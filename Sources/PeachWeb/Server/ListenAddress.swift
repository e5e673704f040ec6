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

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
