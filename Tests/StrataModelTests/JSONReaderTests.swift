import Foundation
import Testing
import StrataModel

/// The one JSON reader: every kind of fault at its line and column with its typed reason,
/// and valid texts read to the values and positions written.
@Suite struct JSONReaderTests {
    struct Fault: CustomTestStringConvertible, Sendable {
        var text: [UInt8]
        var line: Int, column: Int
        var reason: JSONError.Reason
        var path = ""
        var options = JSONReader.Options()
        var testDescription: String { String(decoding: text, as: UTF8.self) }

        init(_ text: String, _ line: Int, _ column: Int, _ reason: JSONError.Reason, path: String = "",
             options: JSONReader.Options = JSONReader.Options()) {
            self.init(bytes: Array(text.utf8), line, column, reason, path: path, options: options)
        }

        init(bytes: [UInt8], _ line: Int, _ column: Int, _ reason: JSONError.Reason, path: String = "",
             options: JSONReader.Options = JSONReader.Options()) {
            text = bytes; self.line = line; self.column = column; self.reason = reason; self.path = path; self.options = options
        }
    }

    static let faults: [Fault] = [
        .init("", 1, 1, .empty),
        .init("  \n\t ", 2, 3, .empty),
        .init(#"{"a": 1,}"#, 1, 9, .trailingComma(before: "}")),
        .init("[1,\n]", 2, 1, .trailingComma(before: "]")),
        .init(#"{"a": 1 "b": 2}"#, 1, 9, .unexpected(.scalar("\""), expected: .separator(closing: "}"))),
        .init("[1, 2", 1, 6, .unexpected(.end, expected: .separator(closing: "]"))),
        .init(#"{"a" 1}"#, 1, 6, .unexpected(.scalar("1"), expected: .colon(afterKey: "a")), path: "a"),
        .init("{1: 2}", 1, 2, .unexpected(.scalar("1"), expected: .key)),
        .init("'a'", 1, 1, .unexpected(.scalar("'"), expected: .value)),
        .init("[NaN]", 1, 2, .unexpected(.scalar("N"), expected: .value), path: "[0]"),
        .init("[-Infinity]", 1, 2, .malformedNumber(.digitAfterMinus), path: "[0]"),
        .init("[é]", 1, 2, .unexpected(.scalar("é"), expected: .value), path: "[0]"),
        // A byte order mark is not JSON (a scene file strips one before reading).
        .init(bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], 1, 1, .unexpected(.scalar("\u{FEFF}"), expected: .value)),
        .init(bytes: [0x5B, 0xFF, 0x5D], 1, 2, .unexpected(.byte(0xFF), expected: .value), path: "[0]"),
        .init(#"{"a": 1, "b": 2, "a": 3}"#, 1, 18, .duplicateKey("a", first: SourcePosition(line: 1, column: 2))),
        // Past eight members the reader looks keys up in an index: the same error.
        .init("{" + (0..<12).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + #", "k3": 0}"#, 1, 114,
              .duplicateKey("k3", first: SourcePosition(line: 1, column: 29))),
        .init("[01]", 1, 2, .malformedNumber(.leadingZero), path: "[0]"),
        .init("[-]", 1, 2, .malformedNumber(.digitAfterMinus), path: "[0]"),
        .init("[1.]", 1, 2, .malformedNumber(.digitAfterPoint), path: "[0]"),
        .init("[.5]", 1, 2, .unexpected(.scalar("."), expected: .value), path: "[0]"),
        .init("[1e+]", 1, 2, .malformedNumber(.digitInExponent), path: "[0]"),
        .init("[1, -1e999]", 1, 5, .numberOutOfRange("-1e999"), path: "[1]"),
        .init("[tru]", 1, 2, .notALiteral("true"), path: "[0]"),
        .init("nul", 1, 1, .notALiteral("null")),
        .init("[True]", 1, 2, .unexpected(.scalar("T"), expected: .value), path: "[0]"),
        .init("[\"a\u{01}\"]", 1, 4, .controlCharacter(1), path: "[0]"),
        .init("[\"a\nb\"]", 1, 4, .controlCharacter(0x0A), path: "[0]"),
        .init(#"["abc"#, 1, 6, .unterminatedString(start: SourcePosition(line: 1, column: 2)), path: "[0]"),
        .init(#"["\x"]"#, 1, 3, .unknownEscape(.scalar("x")), path: "[0]"),
        .init(#"["\u12G4"]"#, 1, 7, .shortUnicodeEscape(.scalar("G")), path: "[0]"),
        .init(#"["\u12"#, 1, 7, .shortUnicodeEscape(.end), path: "[0]"),
        .init(#"["a\uD800"]"#, 1, 4, .loneSurrogate(0xD800), path: "[0]"),
        .init(#"["\uD800\u0041"]"#, 1, 3, .loneSurrogate(0xD800), path: "[0]"),
        .init(#"["\uDC00"]"#, 1, 3, .loneSurrogate(0xDC00), path: "[0]"),
        .init(bytes: Array(#"["a"#.utf8) + [0xFF] + Array(#""]"#.utf8), 1, 4, .notUTF8(0xFF), path: "[0]"),
        // Overlong (C0 80 is NUL), a UTF-16 surrogate encoded in UTF-8, a character cut off.
        .init(bytes: [0x5B, 0x22, 0xC0, 0x80, 0x22, 0x5D], 1, 3, .notUTF8(0xC0), path: "[0]"),
        .init(bytes: [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], 1, 3, .notUTF8(0xED), path: "[0]"),
        .init(bytes: [0x5B, 0x22, 0xE2, 0x82], 1, 3, .notUTF8(0xE2), path: "[0]"),
        .init("{} x", 1, 4, .afterValue(.scalar("x"))),
        .init("[1]\n\n  ]", 3, 3, .afterValue(.scalar("]"))),
        .init(#"{"a": 1} // why"#, 1, 10, .comment("//")),
        .init("/* a */ {}", 1, 1, .comment("/*")),
        .init("[1, // one\n2]", 1, 5, .comment("//"), path: "[1]"),
        // Columns count characters, not bytes; the path names the value at fault.
        .init(#"{"é": "ü", x}"#, 1, 12, .unexpected(.scalar("x"), expected: .key)),
        .init("{\"a\":\n  [1,\n   {\"bé\": x}]}", 3, 11, .unexpected(.scalar("x"), expected: .value), path: "a[1].bé"),
        .init("[[[[[]]]]]", 1, 5, .tooDeep(4), path: "[0][0][0][0]", options: .init(maximumDepth: 4)),
        .init("[1, 2]", 1, 1, .tooLarge(bytes: 6, limit: 5), options: .init(maximumBytes: 5)),
        // A line of a JSON Lines file: positions are the file's.
        .init(#"{"t": 0,"#, 7, 9, .unexpected(.end, expected: .key), options: .init(unit: .line, firstLine: 7)),
    ]

    @Test(arguments: faults)
    func eachFaultHasItsPlaceAndReason(_ fault: Fault) {
        do {
            let node = try JSONReader.read(fault.text, options: fault.options)
            Issue.record("read \(node.described) instead of failing")
        } catch {
            #expect(error == JSONError(fault.reason, at: SourcePosition(line: fault.line, column: fault.column),
                                       path: fault.path, unit: fault.options.unit))
        }
    }

    /// The words of each reason (the scene file and trace messages are built on them).
    @Test(arguments: [
        (#"{"a": 1 "b": 2}"#, #"1:9: expected ',' or '}' after a value, found '"'"#),
        ("[1, 2", "1:6: expected ',' or ']' after a value, found the end of the file"),
        ("[é]", "1:2: [0]: expected a value (object, array, string, number, true, false or null), found 'é' (U+00E9)"),
        (#"{"a": 1, "a": 2}"#, #"1:10: duplicate key "a" (first at line 1, column 2)"#),
        ("[1e999]", "1:2: [0]: number out of range: 1e999 is beyond ±1.8e308"),
        ("[\"a\u{01}\"]", "1:4: [0]: control character U+0001 in a string (write it as an escape such as \\n)"),
        ("[\"abc", "1:6: [0]: unterminated string: no closing '\"' before the end of the file (it starts at line 1, column 2)"),
        (#"["\uDC00"]"#, #"1:3: [0]: lone surrogate \uDC00: a low surrogate must follow a high one"#),
        (#"["\q"]"#, #"1:3: [0]: invalid escape '\q' in a string"#),
        ("[tru]", "1:2: [0]: not a JSON value (did you mean true? strings need double quotes)"),
        (String(repeating: "[", count: 70), "1:65: " + String(repeating: "[0]", count: 64) + ": nesting too deep: more than 64 levels of arrays and objects"),
    ])
    func reasonsInWords(_ text: String, _ words: String) {
        do {
            _ = try JSONReader.read(Array(text.utf8))
            Issue.record("no error")
        } catch {
            #expect(error.description == words)
        }
    }

    @Test func aMillionBracketsAreOneErrorNotAStackOverflow() {
        let huge = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let error = #expect(throws: JSONError.self) { try JSONReader.read(huge) }
        #expect(error?.reason == .tooDeep(64))
    }

    @Test func valuesAndPositionsReadAsWritten() throws {
        let text = "{\"é\": [1, -0, 2.5e-3, true, false, null],\n \"s\": \"a\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00 ü\",\n \"o\": {}}"
        let node = try JSONReader.read(Array(text.utf8))
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["é", "s", "o"])
        #expect(members.map(\.keyPosition) == [SourcePosition(line: 1, column: 2), SourcePosition(line: 2, column: 2),
                                               SourcePosition(line: 3, column: 2)])
        guard case .array(let items) = node["é"]?.value else { Issue.record("no array"); return }
        #expect(items.map(\.described) == ["1", "-0", "2.5e-3", "true", "false", "null"])
        #expect(items.map(\.position.column) == [8, 11, 15, 23, 29, 36])
        #expect(items[1].doubleValue?.sign == .minus && items[2].doubleValue == 2.5e-3)
        #expect(node["s"]?.stringValue == "a\"\\/\u{8}\u{C}\n\r\té😀 ü")
        #expect(node["s"]?.position == SourcePosition(line: 2, column: 7))
        #expect(node["o"]?.position == SourcePosition(line: 3, column: 7))
        #expect(node["missing"] == nil)
    }

    /// Numbers are Double(String) of their text, so every Double writes and reads back
    /// bit for bit (`JSONWriter.number` is the shortest such text).
    @Test func numbersReadBackBitForBit() throws {
        var values: [Double] = [0.1, 0.1 + 0.2, 1e-5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude, 1 / 3, 480, 2.5e16]
        // Finite doubles of every exponent from a fixed sequence (xorshift64).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let value = Double(bitPattern: state)
            if value.isFinite { values.append(value) }
        }
        let text = try JSONWriter.encode(values)
        let read = try JSONReader.decode([Double].self, from: Array(text.utf8))
        #expect(read.map(\.bitPattern) == values.map(\.bitPattern))
        #expect(try JSONReader.read(Array("1e-400".utf8)).doubleValue == 0)
    }

    @Test func nestingUpToTheLimitReads() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try JSONReader.read(Array(text.utf8))
    }
}
