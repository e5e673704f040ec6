import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately plain HTTP/1.1 client for tests and the bench: one connection per request,
/// the request line sent exactly as given (so `/../etc/passwd` reaches the server unnormalised),
/// `Connection: close`, chunked bodies decoded.
public struct LoopbackHTTPClient: Sendable {
    public struct Reply: Sendable {
        public let status: Int
        public let headers: [(name: String, value: String)]
        public let body: [UInt8]

        public var text: String { String(decoding: body, as: UTF8.self) }

        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let port: Int

    public init(port: Int) { self.port = port }

    /// Sends one request and reads the whole reply; `stopAfter` ends reading early once the body
    /// holds that text (for event streams that do not end).
    public func request(_ method: String = "GET", _ path: String, headers: [String: String] = [:], body: [UInt8] = [],
                        stopAfter: String? = nil) throws -> Reply {
        let socket = try connected(method, path, headers: headers, body: body)
        defer { close(socket) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
            if let stopAfter, String(decoding: received, as: UTF8.self).contains(stopAfter) { break }
        }
        return try Self.parse(received)
    }

    /// Sends a GET and leaves as a phone that cancels a download does: once `bytes` have come, the
    /// connection is reset (SO_LINGER 0), not closed in order. Returns how many bytes had come.
    @discardableResult
    public func abandon(_ path: String, after bytes: Int) throws -> Int {
        let socket = try connected("GET", path, headers: [:], body: [])
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while received < bytes {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += count
        }
        var reset = linger(l_onoff: 1, l_linger: 0)
        setsockopt(socket, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
        close(socket)
        return received
    }

    /// A connection to the server with the request sent.
    private func connected(_ method: String, _ path: String, headers: [String: String], body: [UInt8]) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect to 127.0.0.1:\(port): errno \(errno)")
        }
        var head = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { break }  // the server may answer (413) before reading everything
            sent += written
        }
        return socket
    }

    static func parse(_ data: [UInt8]) throws -> Reply {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0...max(0, data.count - 4)).first(where: { data.count >= 4 && Array(data[$0..<$0 + 4]) == separator }) else {
            throw Failure(description: "no HTTP reply: \(String(decoding: data, as: UTF8.self))")
        }
        let lines = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Array(data[(end + 4)...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased() == "chunked" }) {
            body = dechunk(body)
        }
        return Reply(status: status, headers: headers.map { (name: $0.0, value: $0.1) }, body: body)
    }

    static func dechunk(_ data: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < data.count {
            guard let lineEnd = (index..<data.count - 1).first(where: { data[$0] == 13 && data[$0 + 1] == 10 }),
                  let size = Int(String(decoding: data[index..<lineEnd], as: UTF8.self)
                    .split(separator: ";")[0].trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            result += data[start..<min(start + size, data.count)]
            index = start + size + 2
        }
        return result
    }
}
