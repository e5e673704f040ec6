import Foundation
import Testing
@testable import PeachStorage

@Suite("Data location")
struct DataLocationTests {
    @Test("--data-dir wins over PEACH_DATA_DIR, which wins over XDG_DATA_HOME, which wins over HOME")
    func precedence() {
        let environment = ["PEACH_DATA_DIR": "/env/peach", "XDG_DATA_HOME": "/xdg", "HOME": "/home/musician"]
        #expect(DataLocation(explicitDirectory: "/flag", environment: environment).databaseURL.path == "/flag/peach.sqlite")
        #expect(DataLocation(explicitDirectory: nil, environment: environment).directory.path == "/env/peach")
        #expect(DataLocation(explicitDirectory: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/h"]).directory.path
                == "/xdg/peach")
        #expect(DataLocation(explicitDirectory: nil, environment: ["HOME": "/home/musician"]).directory.path
                == "/home/musician/.local/share/peach")
    }

    @Test("a relative XDG_DATA_HOME is ignored, as the XDG spec requires")
    func relativeXDG() {
        let location = DataLocation(explicitDirectory: nil, environment: ["XDG_DATA_HOME": "data", "HOME": "/h"])
        #expect(location.directory.path == "/h/.local/share/peach")
    }
}
