import Foundation
import PeachOptions
import Testing

@Suite("no transparent huge pages for the box")
struct HugePagesTests {
    @Test("turned off, the kernel says so for this process (THP_enabled in /proc/self/status)")
    func turnedOff() throws {
        HugePages.turnOff()
        #expect(HugePages.areOff)
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("THP_enabled:") }
        #expect(line.map { $0.split(separator: "\t").last == "0" } == true, "\(line ?? "no THP_enabled line")")
    }
}
