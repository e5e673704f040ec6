import Testing
import PeachWeb

@Suite("Where a browser finds the dashboard")
struct ListenAddressTests {
    @Test("every address: the machine by its mDNS name when it is a bare name, as Avahi announces it")
    func wildcard() throws {
        let all = try #require(ListenAddress("0.0.0.0:8080"))
        #expect(all.browserAddress(machineName: "peach") == "peach.local:8080")
        #expect(all.browserAddress(machineName: "peach.example.org") == "peach.example.org:8080")
        #expect(all.browserAddress(machineName: "localhost") == "localhost:8080")
        let allIPv6 = try #require(ListenAddress("[::]:9000"))
        #expect(allIPv6.browserAddress(machineName: "box") == "box.local:9000")
    }

    @Test("one address: that address, whatever the machine is called")
    func oneAddress() throws {
        #expect(try #require(ListenAddress("192.168.1.20:8080")).browserAddress(machineName: "peach") == "192.168.1.20:8080")
        #expect(try #require(ListenAddress("[fe80::1]:8080")).browserAddress(machineName: "peach") == "[fe80::1]:8080")
        #expect(try #require(ListenAddress("127.0.0.1:8080")).isWildcard == false)
    }
}
