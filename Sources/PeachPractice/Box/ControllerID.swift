/// One controller as the box knows it, from the sequencer event on: its device and port names, and
/// which of several connected ones with the same names it is. Two identical keyboards, or two ports
/// of one device, are two controllers; a device plugged in again alone is `instance` 0 again.
public struct ControllerID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let name: String
    public let port: String
    public let instance: Int

    public init(name: String, port: String = "", instance: Int = 0) {
        self.name = name
        self.port = port
        self.instance = instance
    }

    /// A controller with one port named like the device (the computer keyboard, tests).
    public init(stringLiteral name: String) {
        self.init(name: name)
    }

    /// What the player reads: the device name, the port when it is not just the device's name
    /// again, and `#2` for a second identical one.
    public var description: String {
        let showsPort = !port.isEmpty && port != name && !port.hasPrefix(name)
        return name + (showsPort ? " (\(port))" : "") + (instance > 0 ? " #\(instance + 1)" : "")
    }
}
