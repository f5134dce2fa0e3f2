import StrataGestures
import StrataModel

/// A JSON value with where it stands in the file. Foundation's JSONSerialization gives no
/// positions, and a scene file's errors must name line and column, so scene files have
/// their own small reader: strict RFC 8259 (no comments, no trailing commas, no duplicate
/// keys, no NaN), objects keep their keys in file order.
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number, and its text as written (for messages).
        case number(Double, String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        public var keyPosition: SourcePosition
        public var value: JSONNode
    }

    public var value: Value
    public var position: SourcePosition

    /// What a value is, for "expected a number, got …": the value itself when short.
    public var described: String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let text): return text
        case .string(let s): return s.count > 40 ? JSONWriter.string(String(s.prefix(40))) + "…" : JSONWriter.string(s)
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// The reader: bytes to `JSONNode`, or a `SceneFileError` at the first fault. Nesting is
/// limited (`SceneFileLimits.maximumDepth`) so that no input can exhaust the stack.
struct JSONReader {
    private let bytes: [UInt8]
    private let file: String
    private let maximumDepth: Int
    private var index = 0
    private var line = 1
    private var column = 1

    init(bytes: [UInt8], file: String, maximumDepth: Int) {
        self.bytes = bytes; self.file = file; self.maximumDepth = maximumDepth
    }

    static func parse(_ bytes: [UInt8], file: String, maximumDepth: Int) throws -> JSONNode {
        var reader = JSONReader(bytes: bytes, file: file, maximumDepth: maximumDepth)
        // A UTF-8 byte order mark is allowed before the value, as editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw reader.fail("the file is empty; a scene file is a JSON object") }
        let node = try reader.value(path: "", depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.fail("unexpected \(reader.describeHere()) after the end of the JSON value")
        }
        return node
    }

    private var here: SourcePosition { SourcePosition(line: line, column: column) }

    private func fail(_ message: String, path: String = "", at position: SourcePosition? = nil) -> SceneFileError {
        // Editors and JSONC invite comments; the stray '/' is then the real fault.
        if position == nil, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"),
           bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
            return SceneFileError(file: file, position: here, path: path,
                                  message: "comments are not allowed in JSON; remove the \(bytes[index + 1] == UInt8(ascii: "/") ? "//" : "/*") comment (a \"summary\" or an option's \"help\" can hold notes)")
        }
        return SceneFileError(file: file, position: position ?? here, path: path, message: message)
    }

    private func describeHere() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x20 || b == 0x7F { return "control character U+\(hexDigits4(Int(b)))" }
        return "character"
    }

    /// Moves one byte on, keeping line and column (UTF-8 continuation bytes take no column).
    private mutating func advance() {
        let b = bytes[index]
        index += 1
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            default: return
            }
        }
    }

    private mutating func value(path: String, depth: Int) throws -> JSONNode {
        let start = here
        guard index < bytes.count else { throw fail("unexpected end of file; a value was expected", path: path) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels", path: path) }
            return JSONNode(value: .object(try object(path: path, depth: depth)), position: start)
        case UInt8(ascii: "["):
            guard depth < maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels", path: path) }
            return JSONNode(value: .array(try array(path: path, depth: depth)), position: start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try string(path: path)), position: start)
        case UInt8(ascii: "t"): try word("true", path: path); return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"): try word("false", path: path); return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"): try word("null", path: path); return JSONNode(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number(path: path)
        default:
            throw fail("unexpected \(describeHere()); a value (object, array, string, number, true, false or null) was expected", path: path)
        }
    }

    private mutating func word(_ w: String, path: String) throws {
        let start = here
        for b in w.utf8 {
            guard index < bytes.count, bytes[index] == b else {
                throw fail("not a JSON value (did you mean \(w)? strings need double quotes)", path: path, at: start)
            }
            advance()
        }
    }

    private mutating func object(path: String, depth: Int) throws -> [JSONNode.Member] {
        advance()   // {
        var members: [JSONNode.Member] = []
        var seen: [String: SourcePosition] = [:]
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { advance(); return members }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a key in double quotes, got \(describeHere())", path: path)
            }
            let keyPosition = here
            let key = try string(path: path)
            let memberPath = path.isEmpty ? key : "\(path).\(key)"
            if let first = seen[key] {
                throw fail("duplicate key \"\(key)\" (first at line \(first.line), column \(first.column))", path: path, at: keyPosition)
            }
            seen[key] = keyPosition
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the key \"\(key)\", got \(describeHere())", path: memberPath)
            }
            advance()
            skipWhitespace()
            let v = try value(path: memberPath, depth: depth + 1)
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: v))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file; expected ',' or '}'", path: path) }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") { throw fail("trailing comma before '}'", path: path) }
                continue
            }
            if bytes[index] == UInt8(ascii: "}") { advance(); return members }
            throw fail("expected ',' or '}' after a value, got \(describeHere())", path: path)
        }
    }

    private mutating func array(path: String, depth: Int) throws -> [JSONNode] {
        advance()   // [
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { advance(); return items }
        while true {
            skipWhitespace()
            items.append(try value(path: "\(path)[\(items.count)]", depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file; expected ',' or ']'", path: path) }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "]") { throw fail("trailing comma before ']'", path: path) }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") { advance(); return items }
            throw fail("expected ',' or ']' after a value, got \(describeHere())", path: path)
        }
    }

    private mutating func string(path: String) throws -> String {
        let start = here
        advance()   // "
        var out = String.UnicodeScalarView()
        while true {
            guard index < bytes.count else { throw fail("unterminated string (it starts at line \(start.line), column \(start.column))", path: path) }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                advance()
                return String(out)
            case UInt8(ascii: "\\"):
                advance()
                guard index < bytes.count else { continue }
                let e = bytes[index]
                switch e {
                case UInt8(ascii: "\""): out.append("\""); advance()
                case UInt8(ascii: "\\"): out.append("\\"); advance()
                case UInt8(ascii: "/"): out.append("/"); advance()
                case UInt8(ascii: "b"): out.append("\u{08}"); advance()
                case UInt8(ascii: "f"): out.append("\u{0C}"); advance()
                case UInt8(ascii: "n"): out.append("\n"); advance()
                case UInt8(ascii: "r"): out.append("\r"); advance()
                case UInt8(ascii: "t"): out.append("\t"); advance()
                case UInt8(ascii: "u"):
                    advance()
                    let u = try hex4(path: path)
                    if (0xD800...0xDBFF).contains(u) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw fail("a \\u escape of a high surrogate must be followed by a low one", path: path)
                        }
                        advance(); advance()
                        let low = try hex4(path: path)
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("a \\u escape of a high surrogate must be followed by a low one", path: path) }
                        out.append(Unicode.Scalar(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00))!)
                    } else if let s = Unicode.Scalar(u) {
                        out.append(s)
                    } else {
                        throw fail("a lone low surrogate \\u\(hexDigits4(u)) is not a character", path: path)
                    }
                default:
                    throw fail("unknown escape \\\(Character(Unicode.Scalar(e))) in a string", path: path)
                }
            case 0x00..<0x20:
                throw fail("control character U+\(hexDigits4(Int(b))) in a string (write it as an escape such as \\n)", path: path)
            case 0x00..<0x80:
                out.append(Unicode.Scalar(b))
                advance()
            default:
                out.append(try utf8Scalar(path: path))
            }
        }
    }

    private mutating func hex4(path: String) throws -> Int {
        var v = 0
        for _ in 0..<4 {
            guard index < bytes.count, let d = JSONReader.hexDigit(bytes[index]) else {
                throw fail("a \\u escape needs four hex digits", path: path)
            }
            v = v * 16 + d
            advance()
        }
        return v
    }

    private static func hexDigit(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(b - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(b - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// One multi-byte UTF-8 character, checked (no overlong forms, no surrogates).
    private mutating func utf8Scalar(path: String) throws -> Unicode.Scalar {
        let b0 = bytes[index]
        let count: Int, minimum: UInt32
        var v: UInt32
        switch b0 {
        case 0xC2...0xDF: count = 2; v = UInt32(b0 & 0x1F); minimum = 0x80
        case 0xE0...0xEF: count = 3; v = UInt32(b0 & 0x0F); minimum = 0x800
        case 0xF0...0xF4: count = 4; v = UInt32(b0 & 0x07); minimum = 0x10000
        default: throw fail("the file is not UTF-8 (byte 0x\(String(b0, radix: 16, uppercase: true)))", path: path)
        }
        guard index + count <= bytes.count else { throw fail("the file is not UTF-8 (a character is cut off)", path: path) }
        for k in 1..<count {
            let b = bytes[index + k]
            guard b & 0xC0 == 0x80 else { throw fail("the file is not UTF-8 (byte 0x\(String(b, radix: 16, uppercase: true)))", path: path) }
            v = v << 6 | UInt32(b & 0x3F)
        }
        guard v >= minimum, let scalar = Unicode.Scalar(v) else { throw fail("the file is not UTF-8 (an invalid character)", path: path) }
        for _ in 0..<count { advance() }
        return scalar
    }

    private mutating func number(path: String) throws -> JSONNode {
        let start = here
        let from = index
        func digits() -> Int {
            var n = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { advance(); n += 1 }
            return n
        }
        if bytes[index] == UInt8(ascii: "-") { advance() }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw fail("a number needs digits after '-'", path: path, at: start)
        }
        if bytes[index] == UInt8(ascii: "0") {
            advance()
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw fail("numbers have no leading zeros", path: path, at: start)
            }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            guard digits() > 0 else { throw fail("a number needs digits after '.'", path: path, at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            advance()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
            guard digits() > 0 else { throw fail("a number needs digits in its exponent", path: path, at: start) }
        }
        let text = String(decoding: bytes[from..<index], as: UTF8.self)
        guard text.count <= 64, let v = Double(text), v.isFinite else {
            throw fail("the number \(text.prefix(64)) is out of range (finite numbers only)", path: path, at: start)
        }
        return JSONNode(value: .number(v, text), position: start)
    }
}

/// Four upper-case hex digits: U+000A.
func hexDigits4(_ v: Int) -> String {
    let hex = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
