import StrataModel

/// A strict JSON parser for one trace line (RFC 8259), in linear time and bounded depth,
/// giving `TraceValue`s and errors that name the column (counted in characters from 1):
/// numbers out of Double's range, lone UTF-16 surrogates in `\u` escapes, control
/// characters in strings, duplicate keys and nesting deeper than `maximumDepth` each have
/// their own message. The line is known to be UTF-8 (the reader checks it first).
struct TraceJSONParser {
    /// Arrays and objects nested deeper than this are refused: a trace needs two levels.
    static let maximumDepth = 16

    struct SyntaxError: Error, Equatable {
        /// Byte offset in the line; the reader turns it into a character column.
        var offset: Int
        var message: String
    }

    private let bytes: [UInt8]
    private var i = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value of a whole line (surrounding spaces allowed, nothing else after it).
    static func parse(_ line: [UInt8]) throws -> TraceValue {
        var p = TraceJSONParser(line)
        p.skipSpace()
        let value = try p.value(depth: 0)
        p.skipSpace()
        if p.i < p.bytes.count { throw p.fail("unexpected \(p.found) after the JSON value") }
        return value
    }

    /// The 1-based column of byte `offset` in `line`: UTF-8 continuation bytes do not count.
    static func column(of offset: Int, in line: [UInt8]) -> Int {
        1 + line.prefix(min(offset, line.count)).reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    private func fail(_ message: String, at offset: Int? = nil) -> SyntaxError {
        SyntaxError(offset: offset ?? i, message: message)
    }

    private var found: String {
        guard i < bytes.count else { return "end of line" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return b < 0x80 ? "character 0x\(String(b, radix: 16, uppercase: true))" : "a non-ASCII character"
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 }
    }

    private mutating func value(depth: Int) throws -> TraceValue {
        guard i < bytes.count else { throw fail("expected a value, found the end of the line") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("expected a value (object, array, string, number, true, false or null), found \(found)")
        }
    }

    private mutating func literal(_ word: String) throws {
        let start = i
        for c in word.utf8 {
            guard i < bytes.count, bytes[i] == c else { throw fail("invalid literal; expected \(word)", at: start) }
            i += 1
        }
    }

    private mutating func nest(_ depth: Int) throws {
        if depth > TraceJSONParser.maximumDepth {
            throw fail("nesting too deep: more than \(TraceJSONParser.maximumDepth) levels of arrays and objects")
        }
    }

    private mutating func object(depth: Int) throws -> TraceValue {
        try nest(depth)
        i += 1
        var fields: [String: TraceValue] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes, found \(found)") }
            let keyStart = i
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after the key, found \(found)") }
            i += 1
            skipSpace()
            let v = try value(depth: depth)
            if fields.updateValue(v, forKey: key) != nil {
                throw fail("duplicate key \(JSONWriter.string(String(key.prefix(40))))", at: keyStart)
            }
            skipSpace()
            guard i < bytes.count else { throw fail("expected ',' or '}', found the end of the line (unclosed object)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            throw fail("expected ',' or '}', found \(found)")
        }
    }

    private mutating func array(depth: Int) throws -> TraceValue {
        try nest(depth)
        i += 1
        var items: [TraceValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth))
            skipSpace()
            guard i < bytes.count else { throw fail("expected ',' or ']', found the end of the line (unclosed array)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("expected ',' or ']', found \(found)")
        }
    }

    private mutating func number() throws -> Double {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") else {
            throw fail("invalid number: expected a digit after '-'", at: start)
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                throw fail("invalid number: no leading zeros in JSON", at: start)
            }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("invalid number: expected a digit after '.'", at: start) }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("invalid number: expected a digit in the exponent", at: start) }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let n = Double(text), n.isFinite else {
            throw fail("number out of range: \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is beyond ±1.8e308", at: start)
        }
        return n
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("invalid escape: \\u needs four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail("invalid escape: \\u needs four hex digits, found \(found)")
            }
            v = v * 16 + UInt32(d)
            i += 1
        }
        return v
    }

    private mutating func string() throws -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("unterminated string: no closing '\"' before the end of the line") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escapeStart = i
                i += 1
                guard i < bytes.count else { throw fail("unterminated string: no closing '\"' before the end of the line") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if code >= 0xD800 && code < 0xDC00 {
                        guard i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("lone surrogate \\u\(String(code, radix: 16, uppercase: true)): a high surrogate must be followed by a low one (\\uDC00...\\uDFFF)", at: escapeStart)
                        }
                        i += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else {
                            throw fail("lone surrogate \\u\(String(code, radix: 16, uppercase: true)): a high surrogate must be followed by a low one (\\uDC00...\\uDFFF)", at: escapeStart)
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if code >= 0xDC00 && code < 0xE000 {
                        throw fail("lone surrogate \\u\(String(code, radix: 16, uppercase: true)): a low surrogate must follow a high one", at: escapeStart)
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
                default:
                    throw fail("invalid escape '\\\(e < 0x80 && e >= 0x20 ? String(Character(Unicode.Scalar(e))) : "?")' in a string", at: escapeStart)
                }
            case 0..<0x20:
                throw fail("control character 0x\(String(b, radix: 16, uppercase: true)) in a string; write it as an escape (\\n, \\t, \\u00XX)")
            default:
                out.append(b)
                i += 1
            }
        }
    }
}
