import CUdev
import Foundation
import Glibc
import Logging

/// Watches the `sound` subsystem through libudev and reports cards becoming ready and going away.
///
/// Listens on udevd's netlink group when udevd runs (events then carry ID_PATH and friends) and on
/// the kernel's own group otherwise: libudev's `udev` source receives nothing without udevd.
/// The monitor runs on its own thread, blocked only in poll(); events arrive in order on `events`.
public final class SoundCardMonitor: Sendable {
    public let events: AsyncStream<SoundCardEvent>
    private let continuation: AsyncStream<SoundCardEvent>.Continuation
    /// A pipe: writing to its end wakes the thread's poll to end it.
    private let wakeWriteFD: Int32
    private let source: String

    public enum Failure: Error, CustomStringConvertible {
        case cannotMonitor(String)
        public var description: String {
            switch self {
            case .cannotMonitor(let why): "cannot watch sound devices through udev: \(why)"
            }
        }
    }

    public init(logger: Logger = Logger(label: "peach.udev")) throws {
        (events, continuation) = AsyncStream.makeStream(of: SoundCardEvent.self)
        source = access("/run/udev/control", F_OK) == 0 ? "udev" : "kernel"
        guard let udev = udev_new() else { throw Failure.cannotMonitor("udev_new failed") }
        guard let monitor = udev_monitor_new_from_netlink(udev, source) else {
            udev_unref(udev)
            throw Failure.cannotMonitor("no netlink socket for the \(source) source (errno \(errno))")
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "sound", nil)
        guard udev_monitor_enable_receiving(monitor) >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw Failure.cannotMonitor("cannot receive uevents (errno \(errno))")
        }
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw Failure.cannotMonitor("cannot make a pipe (errno \(errno))")
        }
        wakeWriteFD = pipeFDs[1]
        let continuation = continuation
        let wakeFD = pipeFDs[0]
        let source = source
        // libudev objects are not thread-safe: from here on only the monitor thread touches them.
        nonisolated(unsafe) let udevHandle = udev
        nonisolated(unsafe) let monitorHandle = monitor
        let thread = Thread {
            Self.run(monitor: monitorHandle, wakeFD: wakeFD, continuation: continuation)
            udev_monitor_unref(monitorHandle)
            udev_unref(udevHandle)
        }
        thread.name = "peach-udev"
        thread.start()
        logger.debug("watching sound devices through the \(source) uevent source")
    }

    /// Cards present now, as udev lists them (for identifying the output card at start-up).
    public static func presentCards() -> [SoundCard] {
        guard let udev = udev_new() else { return [] }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "sound")
        udev_enumerate_scan_devices(enumerate)
        var cards: [SoundCard] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let path = udev_list_entry_get_name(current),
               let device = udev_device_new_from_syspath(udev, path) {
                if case .ready(let card)? = Self.event(from: device, action: "change") { cards.append(card) }
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return cards.sorted { $0.number < $1.number }
    }

    deinit {
        close(wakeWriteFD)  // the thread sees the pipe hang up and ends
    }

    public func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWriteFD, &byte, 1)
    }

    private static func run(monitor: OpaquePointer, wakeFD: Int32,
                            continuation: AsyncStream<SoundCardEvent>.Continuation) {
        defer {
            continuation.finish()
            close(wakeFD)
        }
        var fds = [pollfd(fd: udev_monitor_get_fd(monitor), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
            guard let device = udev_monitor_receive_device(monitor) else { continue }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? ""
            if let event = event(from: device, action: action) { continuation.yield(event) }
            udev_device_unref(device)
        }
    }

    private static func event(from device: OpaquePointer, action: String) -> SoundCardEvent? {
        guard let sysname = udev_device_get_sysname(device).map({ String(cString: $0) }) else { return nil }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current), let value = udev_list_entry_get_value(current) {
                properties[String(cString: name)] = String(cString: value)
            }
            entry = udev_list_entry_get_next(current)
        }
        var attributes: [String: String] = [:]
        if action != "remove", let id = udev_device_get_sysattr_value(device, "id") {
            attributes["id"] = String(cString: id)
        }
        return SoundCardEvent(action: action, sysname: sysname, properties: properties, attributes: attributes)
    }
}
