/// The one JSON writer: an `Encodable` value as text, deterministic, for every JSON file and
/// line Strata writes (trace lines, `--json` lines, `dump --json`, references' manifests,
/// layer trees and tracks, results, the check cache, reports' data). Values become a tree
/// (`JSONOutputEncoder`), which is written in a `Format`. Numbers and strings are spelled as
/// Foundation's `JSONEncoder` spells them and its output options are `Format`'s, so the
/// files it wrote before (references' manifests, `layers.json`) come back byte for byte:
/// a number is Swift's shortest text that reads back as the same value, without a trailing
/// `.0` (`480`, `0.1`, `1e-07`, `1e+21`, `-0`); a string escapes quotes, backslashes and
/// control characters (`\b \f \n \r \t`, else `\u00xx`), and slashes when asked; anything
/// else is written as it is, in UTF-8. Non-finite numbers are an error, as JSON has none.
/// `Data`, `Date`, `URL` and `Decimal` are written through their own `Encodable`, not as
/// `JSONEncoder` special-cases them (base64, ...): no file of Strata's holds one.
public enum JSONWriter {
    /// How a value is written; the three choices `JSONEncoder.OutputFormatting` offers, and
    /// the spaced lines of traces.
    public struct Format: Sendable, Equatable {
        /// `compact` `{"a":1,"b":[1,2]}`; `spaced` `{"a": 1, "b": [1, 2]}` (trace files,
        /// read by people a line at a time); `indented`, `JSONEncoder`'s `.prettyPrinted`:
        /// each member and element on its own line two spaces in, `"key" : value`, an
        /// empty array or object as `[`, an empty line and `]`.
        public enum Layout: Sendable { case compact, spaced, indented }
        /// `encoded`: in the order the value encodes them (a struct's is fixed, a
        /// `Dictionary`'s is its hash order, which differs run to run: sort those);
        /// `sorted`: by their UTF-8 bytes, `JSONEncoder`'s `.sortedKeys` on Linux.
        public enum KeyOrder: Sendable { case encoded, sorted }
        /// `plain` `"a/b"`; `escaped` `"a\/b"`, `JSONEncoder`'s default (without
        /// `.withoutEscapingSlashes`).
        public enum Slashes: Sendable { case plain, escaped }

        public var layout: Layout
        public var keys: KeyOrder
        public var slashes: Slashes

        public init(_ layout: Layout, keys: KeyOrder = .encoded, slashes: Slashes = .plain) {
            self.layout = layout; self.keys = keys; self.slashes = slashes
        }

        /// One line, keys in the order encoded: `--json` lines, the check cache.
        public static let compact = Format(.compact)
        /// One line for people: trace files.
        public static let spaced = Format(.spaced)
    }

    /// `value` as JSON text (no newline after it).
    public static func encode<T: Encodable>(_ value: T, format: Format = .compact) throws -> String {
        String(decoding: try bytes(value, format: format), as: UTF8.self)
    }

    /// `value` as the UTF-8 bytes of its JSON text (no newline after it).
    public static func bytes<T: Encodable>(_ value: T, format: Format = .compact) throws -> [UInt8] {
        let root = JSONOutputNode()
        try root.encode(value, codingPath: [])
        if case .unset = root.kind {
            // Foundation's rule; nested, such a value is `{}`.
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(T.self) encoded no value"))
        }
        var out: [UInt8] = []
        root.write(into: &out, format: format, level: 0)
        return out
    }

    /// A JSON string literal of `s`, slashes as they are (see `JSONWriter`).
    public static func string(_ s: String) -> String {
        var out: [UInt8] = []
        appendString(s, to: &out, slashes: .plain)
        return String(decoding: out, as: UTF8.self)
    }

    /// The spelling of a finite number (see `JSONWriter`): "480", "0.25", "1e-05", "-0".
    public static func number(_ n: Double) -> String { spelled(n) }

    static func spelled<F: BinaryFloatingPoint & CustomStringConvertible>(_ n: F) -> String {
        precondition(n.isFinite, "JSON has no \(n)")
        var text = n.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    static func appendString(_ s: String, to out: inout [UInt8], slashes: Format.Slashes) {
        let backslash = UInt8(ascii: "\\")
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""), backslash: out += [backslash, byte]
            case UInt8(ascii: "/") where slashes == .escaped: out += [backslash, byte]
            case 0x08: out += [backslash, UInt8(ascii: "b")]
            case 0x0C: out += [backslash, UInt8(ascii: "f")]
            case 0x0A: out += [backslash, UInt8(ascii: "n")]
            case 0x0D: out += [backslash, UInt8(ascii: "r")]
            case 0x09: out += [backslash, UInt8(ascii: "t")]
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONOutputNode {
    /// This value's text at nesting `level` (its closing bracket's indent when indented).
    func write(into out: inout [UInt8], format: JSONWriter.Format, level: Int) {
        switch kind {
        case .literal(let text): out.append(contentsOf: text.utf8)
        case .string(let s): JSONWriter.appendString(s, to: &out, slashes: format.slashes)
        case .array:
            writeContainer(items.count, open: "[", close: "]", into: &out, format: format, level: level) { i, out in
                items[i].write(into: &out, format: format, level: level + 1)
            }
        case .object, .unset:  // a value that encoded nothing is an empty object
            var order = Array(keys.indices)
            if format.keys == .sorted { order.sort { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) } }
            let colon = format.layout == .compact ? ":" : format.layout == .spaced ? ": " : " : "
            writeContainer(order.count, open: "{", close: "}", into: &out, format: format, level: level) { i, out in
                JSONWriter.appendString(keys[order[i]], to: &out, slashes: format.slashes)
                out.append(contentsOf: colon.utf8)
                values[order[i]].write(into: &out, format: format, level: level + 1)
            }
        }
    }

    private func writeContainer(_ count: Int, open: Unicode.Scalar, close: Unicode.Scalar, into out: inout [UInt8],
                                format: JSONWriter.Format, level: Int, element: (Int, inout [UInt8]) -> Void) {
        let indented = format.layout == .indented
        func newline(_ level: Int) {
            out.append(UInt8(ascii: "\n"))
            out += repeatElement(UInt8(ascii: " "), count: 2 * level)
        }
        out.append(UInt8(ascii: open))
        // JSONEncoder's pretty form keeps the line break inside an empty container.
        if indented && count == 0 { out.append(UInt8(ascii: "\n")) }
        for i in 0..<count {
            if i > 0 { out.append(contentsOf: (format.layout == .spaced ? ", " : ",").utf8) }
            if indented { newline(level + 1) }
            element(i, &out)
        }
        if indented { newline(level) }
        out.append(UInt8(ascii: close))
    }
}
