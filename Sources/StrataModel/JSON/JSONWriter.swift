/// The one JSON writer: an `Encodable` value as text, deterministic, for every JSON line
/// and file Strata writes by hand (trace lines, `--json` lines, reports' data). Keys come
/// in the order the value encodes them (Foundation's `JSONEncoder` sorts them or not, but
/// never keeps that order); numbers are the shortest text that reads back as the same
/// Double, without a `.0` on whole numbers; strings are escaped by `string(_:)`, the one
/// escaper. Non-finite numbers are an error, as JSON has none.
public enum JSONWriter {
    /// How values are separated: `compact` `{"a":1,"b":[1,2]}`, `spaced`
    /// `{"a": 1, "b": [1, 2]}` (trace files, written for people to read line by line).
    public enum Style: Sendable {
        case compact, spaced
    }

    /// `value` as one line of JSON text.
    public static func encode<T: Encodable>(_ value: T, style: Style = .compact) throws -> String {
        let root = OutputNode()
        try root.encode(value, codingPath: [])
        var out = ""
        root.write(into: &out, style: style)
        return out
    }

    /// A JSON string literal of `s`: quotes, backslashes and control characters escaped
    /// (the short forms where JSON has one, else `\u00XX`); everything else as it is.
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
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The shortest text that reads back as the same Double, without a ".0" on whole
    /// numbers: "480", "0.25", "0.016666666666666666", "1e-05". `n` must be finite.
    public static func number(_ n: Double) -> String {
        precondition(n.isFinite, "JSON has no \(n)")
        if n == n.rounded(.towardZero) && abs(n) < 1e16 { return String(Int64(n)) }
        return n.description
    }
}

/// A value being encoded: a scalar's text, an array or an object (keys in order).
private final class OutputNode {
    enum Kind {
        case unset
        case scalar(String)
        case array([OutputNode])
        case object([(String, OutputNode)])
    }
    var kind = Kind.unset

    func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        switch value {
        case let v as String: kind = .scalar(JSONWriter.string(v))
        case let v as Bool: kind = .scalar(v ? "true" : "false")
        case let v as Double: kind = .scalar(try OutputNode.number(v, codingPath))
        case let v as Float: kind = .scalar(try OutputNode.number(Double(v), codingPath))
        case let v as Int: kind = .scalar(String(v))
        case let v as Int64: kind = .scalar(String(v))
        case let v as Int32: kind = .scalar(String(v))
        case let v as UInt: kind = .scalar(String(v))
        case let v as UInt64: kind = .scalar(String(v))
        case let v as UInt32: kind = .scalar(String(v))
        case let v as UInt8: kind = .scalar(String(v))
        default: try value.encode(to: OutputNodeEncoder(node: self, codingPath: codingPath))
        }
    }

    static func number(_ v: Double, _ codingPath: [any CodingKey]) throws -> String {
        guard v.isFinite else {
            throw EncodingError.invalidValue(v, .init(codingPath: codingPath, debugDescription: "JSON has no \(v)"))
        }
        return JSONWriter.number(v)
    }

    func write(into out: inout String, style: JSONWriter.Style) {
        let comma = style == .compact ? "," : ", ", colon = style == .compact ? ":" : ": "
        switch kind {
        case .unset: out += "{}"
        case .scalar(let text): out += text
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += comma }
                item.write(into: &out, style: style)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += comma }
                out += JSONWriter.string(key) + colon
                value.write(into: &out, style: style)
            }
            out += "}"
        }
    }

    /// A new child of this object under `key` (replacing one of the same key).
    func child(_ key: String) -> OutputNode {
        var fields: [(String, OutputNode)] = []
        if case .object(let existing) = kind { fields = existing }
        let node = OutputNode()
        if let i = fields.firstIndex(where: { $0.0 == key }) { fields[i].1 = node } else { fields.append((key, node)) }
        kind = .object(fields)
        return node
    }

    /// A new last element of this array.
    func appended() -> OutputNode {
        var items: [OutputNode] = []
        if case .array(let existing) = kind { items = existing }
        let node = OutputNode()
        items.append(node)
        kind = .array(items)
        return node
    }

    var count: Int {
        if case .array(let items) = kind { return items.count }
        return 0
    }
}

private struct OutputNodeEncoder: Encoder {
    let node: OutputNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.kind {} else { node.kind = .object([]) }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.kind {} else { node.kind = .array([]) }
        return JSONUnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValueContainer(node: node, codingPath: codingPath) }
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: OutputNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(key.stringValue).kind = .scalar("null") }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.child(key.stringValue).encode(value, codingPath: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        OutputNodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        OutputNodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { OutputNodeEncoder(node: node.child("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        OutputNodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let node: OutputNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws { node.appended().kind = .scalar("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.appended().encode(value, codingPath: codingPath) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        OutputNodeEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        OutputNodeEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { OutputNodeEncoder(node: node.appended(), codingPath: codingPath) }
}

private struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let node: OutputNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.kind = .scalar("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.encode(value, codingPath: codingPath) }
}
