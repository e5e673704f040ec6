import Foundation
import PeachOptions
import Testing

@Suite("the program's own pages are read at random")
struct ProgramPagesTests {
    /// Each mapping of /proc/self/smaps that maps `path`, with its VmFlags.
    static func flags(ofMappingsOf path: String) throws -> [[String]] {
        let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
        var result: [[String]] = []
        var mapsPath = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                mapsPath = fields.count >= 6 && fields[5] == path
            } else if mapsPath, fields.first == "VmFlags:" {
                result.append(fields.dropFirst().map(String.init))
            }
        }
        return result
    }

    @Test("every mapping of the executable is marked for random reads (no read-ahead) from its start, none of a library")
    func advised() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        // Not called here: the constructor gave the advice as this test program loaded.
        let mappings = try Self.flags(ofMappingsOf: executable)
        #expect(mappings.count >= 2)
        for flags in mappings { #expect(flags.contains("rr"), "\(flags)") }
        let libc = try Self.flags(ofMappingsOf: "/usr/lib/x86_64-linux-gnu/libc.so.6") + Self.flags(ofMappingsOf: "/lib/aarch64-linux-gnu/libc.so.6")
        for flags in libc { #expect(!flags.contains("rr"), "\(flags)") }
        #expect(ProgramPages.readAtRandom() > 0)
    }
}
