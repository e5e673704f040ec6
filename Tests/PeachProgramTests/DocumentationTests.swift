import Foundation
import PeachTestSupport
import Testing

/// The README and docs/ cannot go stale silently: every `peach COMMAND` they name answers
/// `--help`, every repository path they name (in backticks, or as a link) is in the tree, every
/// `make TARGET` is a target of the Makefile, and every document in docs/ is reachable from its index.
@Suite("the documents name what exists")
struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var documents: [URL] {
        let docs = repository.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [repository.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    /// Each match of `pattern`'s first group in every document, with the document it is in.
    static func mentions(_ pattern: String) throws -> [(document: URL, text: String)] {
        let expression = try NSRegularExpression(pattern: pattern)
        return try documents.flatMap { document -> [(URL, String)] in
            let text = try String(contentsOf: document, encoding: .utf8)
            return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { (document, String(text[$0])) }
            }
        }
    }

    @Test("every `peach COMMAND` named answers --help", .enabled(if: FileManager.default.isExecutableFile(atPath: BuiltProgram.peach.path)))
    func commands() throws {
        let named = Set(try Self.mentions(#"`peach ([a-z][a-z-]*)"#).map(\.text))
        #expect(named.count >= 10, "the documents name the commands: \(named.sorted())")
        for command in named.sorted() {
            let result = try BuiltProgram.run([command, "--help"])
            // An unknown command's --help prints the top level's usage (status 0), which never names it.
            #expect(result.status == 0 && result.output.contains("peach \(command)"),
                    "peach \(command) --help: \(result.output.prefix(300))")
        }
    }

    @Test("every repository path named in backticks is in the tree")
    func paths() throws {
        let roots = ["Sources/", "Tests/", "Mappings/", "SoundFonts/", "udev/", "docs/", ".ci/", "Packaging/"]
        let named = try Self.mentions(#"`((?:Sources|Tests|Mappings|SoundFonts|udev|docs|\.ci|Packaging)/[^`\s]*)`"#)
        #expect(named.count > 20)
        for (document, path) in named where roots.contains(where: path.hasPrefix) {
            // A pattern (Tests/System/guest-NAME.sh, Sources/C…) names a kind of path, not one.
            if path.contains("…") || path.contains("NAME") { continue }
            if path.contains("*") {
                let folder = Self.repository.appendingPathComponent((path as NSString).deletingLastPathComponent)
                let suffix = path.split(separator: "*").last.map(String.init) ?? ""
                let found = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.contains { $0.hasSuffix(suffix) }
                #expect(found == true, "\(document.lastPathComponent) names \(path): nothing matches")
                continue
            }
            #expect(FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(path).path),
                    "\(document.lastPathComponent) names \(path), which is not in the tree")
        }
    }

    @Test("every relative link points at a file that exists")
    func links() throws {
        for (document, target) in try Self.mentions(#"\]\(([^)#\s]+)(?:#[^)]*)?\)"#) where !target.contains("://") {
            let resolved = document.deletingLastPathComponent().appendingPathComponent(target)
            #expect(FileManager.default.fileExists(atPath: resolved.path), "\(document.lastPathComponent) links to \(target)")
        }
    }

    @Test("every `make TARGET` named is a target of the Makefile")
    func makeTargets() throws {
        let makefile = try String(contentsOf: Self.repository.appendingPathComponent("Makefile"), encoding: .utf8)
        let targets = Set(makefile.split(separator: "\n").compactMap { line -> [String]? in
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("\t"), !line.hasPrefix("#"),
                  !line[..<colon].contains("="), !line[line.index(after: colon)...].hasPrefix("=") else { return nil }
            return line[..<colon].split(separator: " ").map(String.init)
        }.joined())
        for (document, target) in try Self.mentions(#"`make ([a-z][a-z0-9-]*)"#) {
            #expect(targets.contains(target), "\(document.lastPathComponent) names make \(target)")
        }
    }

    @Test("every document in docs/ is linked from docs/README.md")
    func index() throws {
        let index = try String(contentsOf: Self.repository.appendingPathComponent("docs/README.md"), encoding: .utf8)
        for document in Self.documents.dropFirst() where document.lastPathComponent != "README.md" {
            #expect(index.contains("(\(document.lastPathComponent)"), "docs/README.md does not link \(document.lastPathComponent)")
        }
    }
}
