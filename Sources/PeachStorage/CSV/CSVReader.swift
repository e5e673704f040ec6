/// A small RFC 4180 reader that remembers the physical line each record starts on.
///
/// - Fields are separated by `,`; records end at `\n`, `\r\n` or a lone `\r`.
/// - A field that starts with `"` is quoted: it runs to the next lone `"`, may contain `,`, `\r` and `\n`
///   (so a record can span several physical lines), and `""` inside it stands for one `"`.
/// - Blank lines (empty, or only spaces and tabs, outside quotes) are not records.
/// - A malformed record (a `"` inside an unquoted field, text after a closing quote, a quote that is never
///   closed) becomes a `.malformed` row at its starting line; reading goes on at the next physical line.
/// - A record with a field that is not UTF-8 text (invalid bytes, or a NUL as UTF-16 has between
///   ASCII letters) becomes a `.malformed` row too: its values cannot be what they seem.
///
/// It works on UTF-8 bytes: every character it looks for is ASCII, and a grapheme such as `\r\n`
/// must not hide a line break.
enum CSVReader {
    enum Row: Hashable, Sendable {
        case record(line: Int, fields: [String])
        case malformed(line: Int, reason: CSVReason)

        var line: Int {
            switch self {
            case .record(let line, _), .malformed(let line, _): line
            }
        }
    }

    static func rows(in text: String) -> [Row] {
        var text = text
        var stream = Stream()
        var rows = text.withUTF8 { stream.feed($0) }
        rows += stream.finish()
        return rows
    }

    /// The reader over a file read in pieces: each `feed` returns the rows completed so far, so a
    /// file of any size is read in the memory of one piece and one record.
    struct Stream {
        private var parser = Parser()
        /// A `\r` ended the last piece: a `\n` starting the next belongs to it.
        private var pendingCarriageReturn = false

        mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> [Row] {
            var index = 0
            if pendingCarriageReturn {
                pendingCarriageReturn = false
                if index < bytes.count, bytes[index] == .lineFeed {
                    index += 1
                    parser.lineBreak(.carriageReturn, .lineFeed)
                } else {
                    parser.lineBreak(.carriageReturn)
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == .carriageReturn {
                    // `\r\n` is one line break; the `\n` goes with it.
                    if index == bytes.count {
                        pendingCarriageReturn = true
                    } else if bytes[index] == .lineFeed {
                        index += 1
                        parser.lineBreak(.carriageReturn, .lineFeed)
                    } else {
                        parser.lineBreak(.carriageReturn)
                    }
                } else if byte == .lineFeed {
                    parser.lineBreak(.lineFeed)
                } else {
                    parser.consume(byte)
                }
            }
            return parser.takeRows()
        }

        mutating func finish() -> [Row] {
            if pendingCarriageReturn {
                pendingCarriageReturn = false
                parser.lineBreak(.carriageReturn)
            }
            parser.finish()
            return parser.takeRows()
        }
    }

    private struct Parser {
        enum State {
            case fieldStart, unquoted, quoted, quoteInQuoted, skippingToLineEnd
        }

        var rows: [Row] = []
        private var state = State.fieldStart
        private var fields: [String] = []
        private var field: [UInt8] = []
        private var fieldWasQuoted = false
        private var recordIsNotText = false
        private var line = 1
        private var recordLine = 1

        mutating func consume(_ byte: UInt8) {
            switch state {
            case .fieldStart:
                if byte == .quote {
                    fieldWasQuoted = true
                    state = .quoted
                } else if byte == .comma {
                    endField()
                } else {
                    field.append(byte)
                    state = .unquoted
                }
            case .unquoted:
                if byte == .comma {
                    endField()
                    state = .fieldStart
                } else if byte == .quote {
                    fail(.quoteInUnquotedField)
                } else {
                    field.append(byte)
                }
            case .quoted:
                if byte == .quote {
                    state = .quoteInQuoted
                } else {
                    field.append(byte)
                }
            case .quoteInQuoted:
                if byte == .quote {
                    field.append(.quote)
                    state = .quoted
                } else if byte == .comma {
                    endField()
                    state = .fieldStart
                } else {
                    fail(.textAfterClosingQuote)
                }
            case .skippingToLineEnd:
                break
            }
        }

        /// A line break, kept as written when it is inside a quoted field.
        mutating func lineBreak(_ first: UInt8, _ second: UInt8? = nil) {
            line += 1
            switch state {
            case .quoted:
                field.append(first)
                if let second { field.append(second) }
            case .skippingToLineEnd:
                resetRecord()
            case .fieldStart, .unquoted, .quoteInQuoted:
                endRecord()
            }
        }

        mutating func takeRows() -> [Row] {
            defer { rows.removeAll(keepingCapacity: true) }
            return rows
        }

        mutating func finish() {
            switch state {
            case .quoted:
                rows.append(.malformed(line: recordLine, reason: .unclosedQuote))
            case .skippingToLineEnd:
                break
            case .fieldStart where fields.isEmpty && field.isEmpty && !fieldWasQuoted:
                break // nothing after the last line break
            case .fieldStart, .unquoted, .quoteInQuoted:
                endRecord()
            }
        }

        private mutating func endField() {
            if field.contains(0) { recordIsNotText = true }
            if let text = String(validating: field, as: UTF8.self) {
                fields.append(text)
            } else {
                recordIsNotText = true
                fields.append(String(decoding: field, as: UTF8.self))
            }
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }

        private mutating func endRecord() {
            let isBlank = fields.isEmpty && !fieldWasQuoted && field.allSatisfy { $0 == .space || $0 == .tab }
            if !isBlank {
                endField()
                rows.append(recordIsNotText ? .malformed(line: recordLine, reason: .notText)
                                            : .record(line: recordLine, fields: fields))
            }
            resetRecord()
        }

        private mutating func fail(_ reason: CSVReason) {
            rows.append(.malformed(line: recordLine, reason: reason))
            state = .skippingToLineEnd
        }

        private mutating func resetRecord() {
            fields.removeAll(keepingCapacity: true)
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
            recordIsNotText = false
            state = .fieldStart
            recordLine = line
        }
    }
}

private extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let comma = UInt8(ascii: ",")
}
