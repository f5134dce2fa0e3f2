/// The one JSON reader: text to a `JSONNode` tree, or a `JSONError` at the first fault.
/// Strict RFC 8259, as a format users write by hand and tools write by machine should be
/// read: no comments, no trailing commas, no duplicate keys, no NaN or infinities, no
/// leading zeros, strings of valid UTF-8 with no raw control characters and no lone
/// surrogates in `\u` escapes. Linear time; nesting and size bounded (`Options`), so no
/// input exhausts the stack or memory. Numbers are read by `Double(String)` from their
/// text, as everywhere in Strata, so a value reads back bit for bit.
///
/// A UTF-8 byte order mark is not JSON: a caller that allows one (a scene file) strips it.
public enum JSONReader {
    public struct Options: Sendable {
        /// Arrays and objects nested deeper than this are refused.
        public var maximumDepth: Int
        /// Texts larger than this are refused before reading.
        public var maximumBytes: Int
        /// What the text is: a file, or a line of a JSON Lines file.
        public var unit: JSONError.Unit
        /// The line the text starts on (a JSON Lines file's line number), so positions
        /// are the file's.
        public var firstLine: Int

        public init(maximumDepth: Int = 64, maximumBytes: Int = 1 << 30, unit: JSONError.Unit = .file, firstLine: Int = 1) {
            self.maximumDepth = maximumDepth; self.maximumBytes = maximumBytes; self.unit = unit; self.firstLine = firstLine
        }
    }

    /// The value of the whole text (white space around it allowed, nothing else).
    public static func read(_ bytes: ArraySlice<UInt8>, options: Options = Options()) throws(JSONError) -> JSONNode {
        let first = SourcePosition(line: options.firstLine, column: 1)
        guard bytes.count <= options.maximumBytes else {
            throw JSONError(.tooLarge(bytes: bytes.count, limit: options.maximumBytes), at: first, unit: options.unit)
        }
        let result: Result<JSONNode, JSONError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, options: options)
            do throws(JSONError) { return .success(try parser.document()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    public static func read(_ bytes: [UInt8], options: Options = Options()) throws(JSONError) -> JSONNode {
        try read(bytes[...], options: options)
    }
}

/// One pass over the bytes. Positions are kept cheaply: the line, where it starts, and
/// the UTF-8 continuation bytes passed on it (only strings hold any), so a column is
/// a subtraction. The path to the value being read is kept for messages.
private struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let options: JSONReader.Options
    private var index = 0
    private var line: Int
    private var lineStart = 0
    private var continuations = 0
    private var path: [JSONPath.Component] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONReader.Options) {
        self.bytes = bytes; self.options = options; self.line = options.firstLine
    }

    mutating func document() throws(JSONError) -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else { throw fail(.empty) }
        let node = try value(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw commentOr(.afterValue(found)) }
        return node
    }

    // MARK: Positions and errors

    private var here: SourcePosition { SourcePosition(line: line, column: index - lineStart - continuations + 1) }

    private func fail(_ reason: JSONError.Reason, at position: SourcePosition? = nil) -> JSONError {
        JSONError(reason, at: position ?? here, path: JSONPath.text(path), unit: options.unit)
    }

    /// `reason`, unless a comment stands here: then the comment is the real fault.
    private func commentOr(_ reason: JSONError.Reason) -> JSONError {
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"),
           bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
            return fail(.comment(bytes[index + 1] == UInt8(ascii: "/") ? "//" : "/*"))
        }
        return fail(reason)
    }

    private func unexpected(_ expected: JSONError.Expected) -> JSONError { commentOr(.unexpected(found, expected: expected)) }

    /// What stands at `index`: a character, a byte that is not UTF-8, or the end.
    private var found: JSONError.Found {
        guard index < bytes.count else { return .end }
        let b = bytes[index]
        if b < 0x80 { return .scalar(Unicode.Scalar(b)) }
        var decoder = UTF8()
        var iterator = bytes[index...].makeIterator()
        if case .scalarValue(let s) = decoder.decode(&iterator) { return .scalar(s) }
        return .byte(b)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index; continuations = 0
            default: return
            }
        }
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(JSONError) -> JSONNode {
        let start = here
        guard index < bytes.count else { throw unexpected(.value) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < options.maximumDepth else { throw fail(.tooDeep(options.maximumDepth)) }
            return JSONNode(value: try object(depth: depth + 1), position: start)
        case UInt8(ascii: "["):
            guard depth < options.maximumDepth else { throw fail(.tooDeep(options.maximumDepth)) }
            return JSONNode(value: try array(depth: depth + 1), position: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), position: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: try number(), position: start)
        default: throw unexpected(.value)
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        let start = here
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for b in text {
            guard index < bytes.count, bytes[index] == b else { throw fail(.notALiteral("\(word)"), at: start) }
            index += 1
        }
    }

    private mutating func object(depth: Int) throws(JSONError) -> JSONNode.Value {
        index += 1   // {
        var members: [JSONNode.Member] = []
        // Duplicate keys: a scan among a few members, an index past that.
        var seen: [String: Int] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected(.key) }
            let keyPosition = here
            let key = try string()
            let earlier = members.count <= 8 ? members.firstIndex { $0.key == key } : seen[key]
            if let earlier { throw fail(.duplicateKey(key, first: members[earlier].keyPosition), at: keyPosition) }
            if members.count >= 8 {
                if seen.isEmpty { for (i, m) in members.enumerated() { seen[m.key] = i } }
                seen[key] = members.count
            }
            path.append(.key(key))
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw unexpected(.colon(afterKey: key)) }
            index += 1
            skipWhitespace()
            let v = try value(depth: depth)
            path.removeLast()
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: v))
            if try !another(before: "}") { return .object(members) }
        }
    }

    private mutating func array(depth: Int) throws(JSONError) -> JSONNode.Value {
        index += 1   // [
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            path.append(.index(items.count))
            items.append(try value(depth: depth))
            path.removeLast()
            if try !another(before: "]") { return .array(items) }
        }
    }

    /// After an item: true when a ',' says another follows, false past the closing bracket.
    private mutating func another(before closing: Unicode.Scalar) throws(JSONError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw unexpected(.separator(closing: closing)) }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(closing.value) { throw fail(.trailingComma(before: closing)) }
            return true
        }
        if bytes[index] == UInt8(closing.value) { index += 1; return false }
        throw unexpected(.separator(closing: closing))
    }

    // MARK: Numbers

    private func isDigit(_ at: Int) -> Bool {
        at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")
    }

    /// Digits passed.
    private mutating func digits() -> Int {
        let from = index
        while isDigit(index) { index += 1 }
        return index - from
    }

    private mutating func number() throws(JSONError) -> JSONNode.Value {
        let start = here
        let from = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw fail(.malformedNumber(.digitAfterMinus), at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw fail(.malformedNumber(.leadingZero), at: start) }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail(.malformedNumber(.digitAfterPoint), at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail(.malformedNumber(.digitInExponent), at: start) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<index]), as: UTF8.self)
        guard let n = Double(text), n.isFinite else {
            throw fail(.numberOutOfRange(text.count > 40 ? String(text.prefix(40)) + "…" : text), at: start)
        }
        return .number(n, text)
    }

    // MARK: Strings

    /// A string from its opening quote. Runs without escapes are taken as they are; an
    /// escape moves the string into `decoded`.
    private mutating func string() throws(JSONError) -> String {
        let start = here
        index += 1   // "
        var runStart = index
        var decoded: [UInt8] = []
        var escaped = false
        while true {
            guard index < bytes.count else { throw fail(.unterminatedString(start: start)) }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                if !escaped { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                escaped = true
                try escape(into: &decoded)
                runStart = index
            case 0..<0x20:
                throw fail(.controlCharacter(b))
            case 0..<0x80:
                index += 1
            default:
                try utf8Character()
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws(JSONError) {
        let escapeStart = here
        index += 1   // backslash
        guard index < bytes.count else { throw fail(.unterminatedString(start: escapeStart)) }
        let e = bytes[index]
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            index += 1
            var code = try hex4()
            if code >= 0xD800 && code < 0xDC00 {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fail(.loneSurrogate(code), at: escapeStart)
                }
                index += 2
                let low = try hex4()
                guard low >= 0xDC00 && low < 0xE000 else { throw fail(.loneSurrogate(code), at: escapeStart) }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if code >= 0xDC00 && code < 0xE000 {
                throw fail(.loneSurrogate(code), at: escapeStart)
            }
            // Not a surrogate, so a scalar.
            out.append(contentsOf: String(Unicode.Scalar(code)!).utf8)
            return
        default:
            throw fail(.unknownEscape(found), at: escapeStart)
        }
        index += 1
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail(.shortUnicodeEscape(.end)) }
            let b = bytes[index]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail(.shortUnicodeEscape(found))
            }
            v = v * 16 + UInt32(d)
            index += 1
        }
        return v
    }

    /// One multi-byte UTF-8 character, checked: no overlong forms, no surrogates, nothing
    /// past U+10FFFF, not cut off.
    private mutating func utf8Character() throws(JSONError) {
        let b0 = bytes[index]
        let count: Int, minimum: UInt32
        var v: UInt32
        switch b0 {
        case 0xC2...0xDF: count = 2; v = UInt32(b0 & 0x1F); minimum = 0x80
        case 0xE0...0xEF: count = 3; v = UInt32(b0 & 0x0F); minimum = 0x800
        case 0xF0...0xF4: count = 4; v = UInt32(b0 & 0x07); minimum = 0x10000
        default: throw fail(.notUTF8(b0))
        }
        guard index + count <= bytes.count else { throw fail(.notUTF8(b0)) }
        for k in 1..<count {
            let b = bytes[index + k]
            guard b & 0xC0 == 0x80 else { throw fail(.notUTF8(b0)) }
            v = v << 6 | UInt32(b & 0x3F)
        }
        guard v >= minimum, v <= 0x10FFFF, !(0xD800...0xDFFF).contains(v) else { throw fail(.notUTF8(b0)) }
        index += count
        continuations += count - 1
    }
}
