import Testing
@testable import PeachStorage

@Suite("CSV reader (RFC 4180 with physical line numbers)")
struct CSVReaderTests {
    private func records(_ text: String) -> [[String]] {
        CSVReader.rows(in: text).compactMap {
            if case .record(_, let fields) = $0 { fields } else { nil }
        }
    }

    @Test("plain fields, empty fields, with and without a final line break")
    func plainFields() {
        #expect(CSVReader.rows(in: "a,b,c\n1,,3") == [
            .record(line: 1, fields: ["a", "b", "c"]), .record(line: 2, fields: ["1", "", "3"]),
        ])
        #expect(CSVReader.rows(in: "a,b,c\n1,,3\n") == CSVReader.rows(in: "a,b,c\n1,,3"))
        #expect(records(",\n") == [["", ""]])
        #expect(records("x,") == [["x", ""]])
        #expect(CSVReader.rows(in: "").isEmpty)
    }

    @Test("\\r\\n and a lone \\r end a line like \\n")
    func lineEndings() {
        #expect(CSVReader.rows(in: "a,b\r\nc,d\r\n") == [.record(line: 1, fields: ["a", "b"]), .record(line: 2, fields: ["c", "d"])])
        #expect(CSVReader.rows(in: "a\rb\r\nc\nd") == [
            .record(line: 1, fields: ["a"]), .record(line: 2, fields: ["b"]),
            .record(line: 3, fields: ["c"]), .record(line: 4, fields: ["d"]),
        ])
    }

    @Test("quoted fields hold commas, doubled quotes and line breaks; the record keeps its first line")
    func quotedFields() {
        let text = "\"a,b\",\"say \"\"hi\"\"\",\"\"\n\"two\nlines\",x\n\"crlf\r\ninside\",y\r\nlast,z"
        #expect(CSVReader.rows(in: text) == [
            .record(line: 1, fields: ["a,b", "say \"hi\"", ""]),
            .record(line: 2, fields: ["two\nlines", "x"]),
            .record(line: 4, fields: ["crlf\r\ninside", "y"]),
            .record(line: 6, fields: ["last", "z"]),
        ])
    }

    private func rows(bytes: [UInt8]) -> [CSVReader.Row] {
        var stream = CSVReader.Stream()
        return bytes.withUnsafeBufferPointer { stream.feed($0) } + stream.finish()
    }

    @Test("a record with bytes that are not UTF-8 text is malformed at its line; the others are read")
    func notText() {
        let parts: [[UInt8]] = [Array("a,b\nc,".utf8), [0xC3, 0x28], Array("\n\"x\ny\",".utf8), [0xFF], Array("\nd,e\n".utf8)]
        let invalid = parts.flatMap { $0 }
        #expect(rows(bytes: invalid) == [
            .record(line: 1, fields: ["a", "b"]), .malformed(line: 2, reason: .notText),
            .malformed(line: 3, reason: .notText), .record(line: 5, fields: ["d", "e"]),
        ])
        // UTF-16, with its byte order mark or without (ASCII letters between NULs).
        let bare: [UInt8] = "#,x\n".utf16.flatMap { [UInt8($0), 0] }
        let utf16: [UInt8] = [0xFF, 0xFE] + bare
        #expect(rows(bytes: utf16).first == .malformed(line: 1, reason: .notText))
        #expect(rows(bytes: bare).first == .malformed(line: 1, reason: .notText))
    }

    @Test("unicode passes through untouched")
    func unicode() {
        #expect(records("é,\"ü,ß\",→\n") == [["é", "ü,ß", "→"]])
    }

    @Test("blank lines (empty or spaces) are not records, and still count as lines")
    func blankLines() {
        #expect(CSVReader.rows(in: "\n\na\n   \n\t\nb\n\n") == [.record(line: 3, fields: ["a"]), .record(line: 6, fields: ["b"])])
        #expect(CSVReader.rows(in: "\"\"\n") == [.record(line: 1, fields: [""])])
    }

    @Test("malformed records are reported at their first line, and reading goes on at the next line")
    func malformed() {
        let rows = CSVReader.rows(in: "ok\nab\"c,d\n\"x\"y,z\nfine\n\"never\nclosed,\n")
        #expect(rows == [
            .record(line: 1, fields: ["ok"]),
            .malformed(line: 2, reason: .quoteInUnquotedField),
            .malformed(line: 3, reason: .textAfterClosingQuote),
            .record(line: 4, fields: ["fine"]),
            .malformed(line: 5, reason: .unclosedQuote),
        ])
    }
}
