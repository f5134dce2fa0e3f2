/// Why a JSON text, or a value read from it, cannot be used: one value with the line and
/// column (`SourcePosition`), the JSON path of the value at fault and the reason, typed so
/// that tests and callers match it and worded once (`message`). Files put their name in
/// front: `FILE:LINE:COLUMN: PATH: MESSAGE` (`description` is all but the file).
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: SourcePosition
    /// Where the value at fault stands in the tree: `root.sublayers[2].cornerRadius`,
    /// `[0][1]`; empty for the text as a whole.
    public var path: String
    public var reason: Reason
    /// What the text is, for the words "the end of the file" or "of the line".
    public var unit: Unit

    public init(_ reason: Reason, at position: SourcePosition, path: String = "", unit: Unit = .file) {
        self.reason = reason; self.position = position; self.path = path; self.unit = unit
    }

    public var line: Int { position.line }
    public var column: Int { position.column }

    /// A whole file, or one line of a JSON Lines file (a trace).
    public enum Unit: String, Hashable, Sendable {
        case file, line
    }

    /// What stood where something else was expected.
    public enum Found: Hashable, Sendable {
        case end
        case scalar(Unicode.Scalar)
        /// A byte that starts no UTF-8 character.
        case byte(UInt8)
    }

    /// What the reader expected in the place of what it found.
    public enum Expected: Hashable, Sendable {
        case value, key
        case colon(afterKey: String)
        /// `,` or the bracket that closes the array or object: `]` or `}`.
        case separator(closing: Unicode.Scalar)
    }

    public enum NumberFault: Hashable, Sendable {
        case digitAfterMinus, leadingZero, digitAfterPoint, digitInExponent
    }

    public enum Reason: Hashable, Sendable {
        /// No value at all, only white space.
        case empty
        /// The text is larger than the reader takes (`JSONReader.Options.maximumBytes`).
        case tooLarge(bytes: Int, limit: Int)
        case unexpected(Found, expected: Expected)
        case trailingComma(before: Unicode.Scalar)
        case afterValue(Found)
        /// `//` or `/*`, which JSON does not have.
        case comment(String)
        /// A bare word: the literal it resembles (`true`, `false`, `null`).
        case notALiteral(String)
        case duplicateKey(String, first: SourcePosition)
        case malformedNumber(NumberFault)
        /// The number as written (cut to 40 characters); Double cannot hold it.
        case numberOutOfRange(String)
        case unterminatedString(start: SourcePosition)
        case controlCharacter(UInt8)
        /// The character after the backslash.
        case unknownEscape(Found)
        /// What stood where `\u`'s four hex digits were expected.
        case shortUnicodeEscape(Found)
        /// A `\u` escape of a UTF-16 surrogate with no partner.
        case loneSurrogate(UInt32)
        case notUTF8(UInt8)
        /// Arrays and objects nested deeper than this many levels.
        case tooDeep(Int)
        /// A value of another type than a `Decodable` asks for: what it asked, what is there.
        case typeMismatch(expected: String, found: String)
        case missingKey(String)
        /// A `Decodable`'s own complaint about a value.
        case invalidValue(String)
    }

    /// The reason in words.
    public var message: String {
        switch reason {
        case .empty: return "the \(unit) is empty"
        case let .tooLarge(bytes, limit): return "the \(unit) is \(bytes) bytes; at most \(limit) are read"
        case let .unexpected(found, expected):
            let what: String
            switch expected {
            case .value: what = "a value (object, array, string, number, true, false or null)"
            case .key: what = "a key in double quotes"
            case .colon(let key): what = "':' after the key \(JSONNode.described(key))"
            case .separator(let closing): what = "',' or '\(closing)' after a value"
            }
            return "expected \(what), found \(describe(found))"
        case .trailingComma(let closing): return "trailing comma before '\(closing)'"
        case .afterValue(let found): return "unexpected \(describe(found)) after the end of the JSON value"
        case .comment(let opening): return "comments are not allowed in JSON; remove the \(opening) comment"
        case .notALiteral(let word): return "not a JSON value (did you mean \(word)? strings need double quotes)"
        case let .duplicateKey(key, first):
            return "duplicate key \(JSONNode.described(key)) (first at line \(first.line), column \(first.column))"
        case .malformedNumber(let fault):
            switch fault {
            case .digitAfterMinus: return "a number needs digits after '-'"
            case .leadingZero: return "numbers have no leading zeros"
            case .digitAfterPoint: return "a number needs digits after '.'"
            case .digitInExponent: return "a number needs digits in its exponent"
            }
        case .numberOutOfRange(let text): return "number out of range: \(text) is beyond ±1.8e308"
        case .unterminatedString(let start):
            let end = "unterminated string: no closing '\"' before the end of the \(unit)"
            // In a line the start is near; in a file, say where.
            return unit == .line ? end : end + " (it starts at line \(start.line), column \(start.column))"
        case .controlCharacter(let byte):
            return "control character U+\(JSONError.hex(UInt32(byte))) in a string (write it as an escape such as \\n)"
        case .unknownEscape(let found):
            if case .scalar(let s) = found, s.value > 0x20, s.value < 0x7F { return "invalid escape '\\\(s)' in a string" }
            return "invalid escape in a string: '\\' before \(describe(found))"
        case .shortUnicodeEscape(let found): return "invalid escape: \\u needs four hex digits, found \(describe(found))"
        case .loneSurrogate(let code):
            return code < 0xDC00
                ? "lone surrogate \\u\(JSONError.hex(code)): a high surrogate must be followed by a low one (\\uDC00...\\uDFFF)"
                : "lone surrogate \\u\(JSONError.hex(code)): a low surrogate must follow a high one"
        case .notUTF8(let byte): return "the \(unit) is not UTF-8 (byte 0x\(JSONError.hex(UInt32(byte), digits: 2)))"
        case .tooDeep(let levels): return "nesting too deep: more than \(levels) levels of arrays and objects"
        case let .typeMismatch(expected, found): return "expected \(expected), found \(found)"
        case .missingKey(let key): return "missing \(JSONNode.described(key))"
        case .invalidValue(let words): return words
        }
    }

    /// `LINE:COLUMN: PATH: MESSAGE`; a file's name goes in front.
    public var description: String {
        "\(line):\(column): " + (path.isEmpty ? "" : "\(path): ") + message
    }

    /// `FILE:LINE:COLUMN: WHAT: PATH: MESSAGE`, for an error in a file of `what`
    /// (`not a Strata references manifest`).
    public func located(in file: String, _ what: String? = nil) -> String {
        "\(file):\(line):\(column): " + (what.map { "\($0): " } ?? "") + (path.isEmpty ? "" : "\(path): ") + message
    }

    private func describe(_ found: Found) -> String {
        switch found {
        case .end: return "the end of the \(unit)"
        case .byte(let b): return "byte 0x\(JSONError.hex(UInt32(b), digits: 2)) (not UTF-8)"
        case .scalar(let s) where s.value < 0x20 || s.value == 0x7F: return "control character U+\(JSONError.hex(s.value))"
        case .scalar(let s) where s.value < 0x7F: return "'\(s)'"
        case .scalar(let s): return "'\(s)' (U+\(JSONError.hex(s.value)))"
        }
    }

    /// Upper-case hex, at least `digits` of them: `000A`.
    static func hex(_ v: UInt32, digits: Int = 4) -> String {
        let hex = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }
}

/// The parts of a JSON path, rendered as scene files' messages show them: keys joined by
/// dots, indices in brackets (`root.sublayers[2].cornerRadius`).
enum JSONPath {
    enum Component {
        case key(String)
        case index(Int)
    }

    static func text(_ components: [Component]) -> String {
        var out = ""
        for c in components {
            switch c {
            case .key(let k): out += out.isEmpty ? k : "." + k
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }
}
