import Foundation
import Testing

/// The dashboard in the language the command line uses (the configuration's `language`, else the
/// environment's): its pages in German, while `/api/profile` and `/export.csv` stay the CLI's bytes.
@Suite("web dashboard: language", .serialized)
struct DashboardLanguageTests {
    /// Words of the English pages that a German page must not show.
    static let english = ["Profile</a>", "Progress</a>", "History</a>", "Data</a>", "No answers", "answers per key",
                          "The box is not running", "every mode", "<th>When</th>", "Download every answer",
                          "not enough answers", "75 % correct", " ct<", "threshold is"]

    @Test("German pages: German headings and texts and none of the English ones, decimal commas; JSON and CSV as the CLI's",
          .enabled(if: WebCommandTests.binaryAvailable))
    func german() throws {
        let workspace = try WebCommandTests.Workspace()
        try Data("language: de\n".utf8).write(to: workspace.directory.appendingPathComponent("config.yaml"))
        try workspace.simulate()
        let web = try workspace.dashboard()
        let headings = ["/": "Profil", "/progress": "Fortschritt", "/matching": "Stimmen &amp; Treffen", "/history": "Verlauf",
                        "/data": "Daten"]
        for (path, heading) in headings {
            let page = try web.get(path).text
            #expect(page.contains("<html lang=\"de\">"), "\(path)")
            #expect(page.contains("<h1>\(heading)</h1>"), "\(path)")
            #expect(page.contains(">Profil</a>") && page.contains(">Fortschritt</a>") && page.contains(">Verlauf</a>"), "\(path)")
            #expect(page.contains("Die Box läuft nicht."), "\(path)")
            for word in Self.english { #expect(!page.contains(word), "\(path) shows \"\(word)\"") }
        }
        let profile = try web.get("/").text
        #expect(profile.contains("Hören &amp; Vergleichen – Einzeltöne"))
        #expect(profile.contains("75 % richtig bei"))
        #expect(profile.contains(/\d,\d Cent/), "numbers with the German decimal comma")
        #expect(try web.get("/progress").text.contains("<th>Wann</th>"))
        #expect(try web.get("/matching").text.contains("<th>Streuung</th>"))
        #expect(try web.get("/history").text.contains("alle Modi"))
        #expect(try web.get("/data").text.contains("Alle Antworten als CSV herunterladen"))
        // Not translated: the same bytes as the command line's (which runs in German here too).
        #expect(try web.get("/api/profile").body == (try workspace.cli(["profile", "--json", "--config", workspace.config])))
        #expect(try web.get("/export.csv").body == (try workspace.cli(["export"])))
    }

    @Test("without a configured language the environment decides: LANG=de_DE.UTF-8 gives German pages, LANG=C English",
          .enabled(if: WebCommandTests.binaryAvailable))
    func environment() throws {
        let workspace = try WebCommandTests.Workspace()
        try FileManager.default.createDirectory(atPath: workspace.data, withIntermediateDirectories: true)
        for (lang, heading, html) in [("de_DE.UTF-8", "<h1>Profil</h1>", "<html lang=\"de\">"),
                                      ("C", "<h1>Profile</h1>", "<html lang=\"en\">")] {
            let web = try DashboardProcess(["--listen", "127.0.0.1:0", "--data-dir", workspace.data, "--config", workspace.config],
                                           environment: ["LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""])
            let page = try web.get("/").text
            #expect(page.contains(heading), "\(lang)")
            #expect(page.contains(html), "\(lang)")
        }
    }
}
