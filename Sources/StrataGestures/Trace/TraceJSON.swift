import Foundation
import StrataModel

/// The JSON of trace lines: examples and descriptions of values for messages, and values
/// written as compact, deterministic text (`JSONReader` reads them).
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
        case .string(let s): return JSONNode.described(s)
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static func describe(_ n: Double) -> String { n.isFinite ? JSONWriter.number(n) : "\(n)" }

    // MARK: Writing

    /// Each line through `JSONWriter` (spaced, keys in the order below); a value JSON cannot
    /// hold (the rules refuse them before) is the line's error.
    static func line<T: Encodable>(_ value: T, file: String, line: Int) throws -> String {
        do { return try JSONWriter.encode(value, format: .spaced) } catch {
            throw TraceError(file: file, line: line, message: "cannot be written as JSON: \(error)")
        }
    }

    /// Known keys in `TraceHeader.knownKeys` order, then unknown ones sorted.
    static func headerLine(_ h: TraceHeader, file: String) throws -> String { try line(HeaderLine(header: h), file: file, line: 1) }

    /// `{"t": ..., "kind": "scene", "text": "..."}`.
    static func sceneLine(_ s: TraceSceneText, file: String, line number: Int) throws -> String {
        try line(SceneLine(scene: s), file: file, line: number)
    }

    /// Keys in the order t, kind, then x, y or text or key.
    static func eventLine(_ e: InputEvent, file: String, line number: Int) throws -> String {
        try line(EventLine(event: e), file: file, line: number)
    }

    private struct HeaderLine: Encodable {
        let header: TraceHeader
        func encode(to encoder: any Encoder) throws {
            let h = header
            var c = encoder.container(keyedBy: LineKey.self)
            try c.encode(TraceHeader.version, forKey: LineKey("trace"))
            try c.encode(h.scene, forKey: LineKey("scene"))
            try c.encode(h.width, forKey: LineKey("width"))
            try c.encode(h.height, forKey: LineKey("height"))
            try c.encode(h.scale, forKey: LineKey("scale"))
            try c.encode(h.fps, forKey: LineKey("fps"))
            if !h.options.isEmpty { try c.encode(TraceValue.object(h.options), forKey: LineKey("options")) }
            try c.encodeIfPresent(h.recorded, forKey: LineKey("recorded"))
            try c.encodeIfPresent(h.generator, forKey: LineKey("generator"))
            try c.encodeIfPresent(h.note, forKey: LineKey("note"))
            if !h.masks.isEmpty {
                try c.encode(h.masks.map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }, forKey: LineKey("masks"))
            }
            for (key, value) in h.otherKeys.sorted(by: { $0.key < $1.key }) { try c.encode(value, forKey: LineKey(key)) }
        }
    }

    private struct SceneLine: Encodable {
        let scene: TraceSceneText
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: LineKey.self)
            try c.encode(scene.t, forKey: LineKey("t"))
            try c.encode(TraceSceneText.kind, forKey: LineKey("kind"))
            try c.encode(scene.text, forKey: LineKey("text"))
        }
    }

    private struct EventLine: Encodable {
        let event: InputEvent
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: LineKey.self)
            try c.encode(event.t, forKey: LineKey("t"))
            try c.encode(event.kindName, forKey: LineKey("kind"))
            switch event {
            case .pointer(let p):
                try c.encode(p.x, forKey: LineKey("x"))
                try c.encode(p.y, forKey: LineKey("y"))
            case .key(let k):
                switch k.input {
                case .text(let text): try c.encode(text, forKey: LineKey("text"))
                case .key(let key): try c.encode(key.rawValue, forKey: LineKey("key"))
                }
            }
        }
    }
}

/// Object keys sorted, so the same value always writes the same text.
extension TraceValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .number(let n):
            var c = encoder.singleValueContainer()
            try c.encode(n)
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .object(let fields):
            var c = encoder.container(keyedBy: LineKey.self)
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) { try c.encode(value, forKey: LineKey(key)) }
        }
    }
}

/// A key of a trace line or of a header object, any string.
private struct LineKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
