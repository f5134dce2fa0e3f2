import Foundation

/// The JSON of trace lines: examples and descriptions of values for messages, and values
/// written as compact, deterministic text (`TraceJSONParser` reads them).
public enum TraceJSON {
    static let headerExample = #"{"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 60}"#
    static let eventExample = #"{"t": 0.25, "kind": "down", "x": 120.5, "y": 160}"#

    // MARK: Reading

    /// A found value, for "expected …, found X" messages.
    static func describe(_ value: TraceValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return describe(n)
        case .string(let s): return s.count > 40 ? string(String(s.prefix(40))) + "…" : string(s)
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static func describe(_ n: Double) -> String { n.isFinite ? number(n) : "\(n)" }

    // MARK: Writing

    /// The shortest text that reads back as the same Double, without a ".0" on whole
    /// numbers: "480", "0.25", "0.016666666666666666", "1e-05".
    static func number(_ n: Double) -> String {
        precondition(n.isFinite, "JSON has no \(n)")
        if n == n.rounded(.towardZero) && abs(n) < 1e16 { return String(Int64(n)) }
        return n.description
    }

    /// A JSON string literal of `s` (also the scene file reader's way of quoting values).
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Object keys sorted, so the same value always writes the same text.
    static func encode(_ value: TraceValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return number(n)
        case .string(let s): return string(s)
        case .array(let a): return "[" + a.map(encode).joined(separator: ", ") + "]"
        case .object(let o): return object(o.sorted { $0.key < $1.key }.map { ($0.key, encode($0.value)) })
        }
    }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    /// Known keys in `TraceHeader.knownKeys` order, then unknown ones sorted.
    static func headerLine(_ h: TraceHeader) -> String {
        var fields: [(String, String)] = [
            ("trace", String(TraceHeader.version)), ("scene", string(h.scene)),
            ("width", number(h.width)), ("height", number(h.height)),
            ("scale", number(h.scale)), ("fps", number(h.fps)),
        ]
        if !h.options.isEmpty { fields.append(("options", encode(.object(h.options)))) }
        if let r = h.recorded { fields.append(("recorded", string(r))) }
        if let g = h.generator { fields.append(("generator", string(g))) }
        if let n = h.note { fields.append(("note", string(n))) }
        if !h.masks.isEmpty {
            let boxes = h.masks.map { "[" + [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height].map(number).joined(separator: ", ") + "]" }
            fields.append(("masks", "[" + boxes.joined(separator: ", ") + "]"))
        }
        for (key, value) in h.otherKeys.sorted(by: { $0.key < $1.key }) { fields.append((key, encode(value))) }
        return object(fields)
    }

    /// `{"t": ..., "kind": "scene", "text": "..."}`.
    static func sceneLine(_ s: TraceSceneText) -> String {
        object([("t", number(s.t)), ("kind", string(TraceSceneText.kind)), ("text", string(s.text))])
    }

    /// Keys in the order t, kind, then x, y or text or key.
    static func eventLine(_ e: InputEvent) -> String {
        var fields: [(String, String)] = [("t", number(e.t)), ("kind", string(e.kindName))]
        switch e {
        case .pointer(let p):
            fields += [("x", number(p.x)), ("y", number(p.y))]
        case .key(let k):
            switch k.input {
            case .text(let text): fields.append(("text", string(text)))
            case .key(let key): fields.append(("key", string(key.rawValue)))
            }
        }
        return object(fields)
    }
}
