/// A value being written by `JSONWriter`: a literal's text (a number, `true`, `null`), a
/// string, an array or an object (members in the order encoded; a key encoded again keeps
/// its place and takes the new value, as `JSONEncoder` keeps the last). A class, so nested
/// containers fill their node in place; appending is amortized constant time.
final class JSONOutputNode {
    enum Kind { case unset, literal(String), string(String), array, object }
    var kind = Kind.unset
    /// An array's elements.
    private(set) var items: [JSONOutputNode] = []
    /// An object's members, in the order first encoded.
    private(set) var keys: [String] = []
    private(set) var values: [JSONOutputNode] = []
    private var slots: [String: Int] = [:]

    /// `value` into this node: the standard library's scalars directly (their own
    /// `encode(to:)` would come back here), anything else through its `encode(to:)`.
    func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        switch value {
        case let v as String: kind = .string(v)
        case let v as Bool: kind = .literal(v ? "true" : "false")
        case let v as Double: kind = .literal(try Self.number(v, codingPath))
        case let v as Float: kind = .literal(try Self.number(v, codingPath))
        case let v as any FixedWidthInteger: kind = .literal(v.description)
        default: try value.encode(to: JSONOutputEncoder(node: self, codingPath: codingPath))
        }
    }

    private static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ v: F, _ codingPath: [any CodingKey]) throws -> String {
        guard v.isFinite else {
            throw EncodingError.invalidValue(v, .init(codingPath: codingPath, debugDescription: "JSON has no \(v)"))
        }
        return JSONWriter.spelled(v)
    }

    /// Makes this node an object (keeping its members when it is one already).
    func becomeObject() {
        if case .object = kind { return }
        kind = .object; keys = []; values = []; slots = [:]
    }

    /// Makes this node an array (keeping its elements when it is one already).
    func becomeArray() {
        if case .array = kind { return }
        kind = .array; items = []
    }

    /// A new value of this object under `key`.
    func member(_ key: String) -> JSONOutputNode {
        becomeObject()
        let node = JSONOutputNode()
        if let slot = slots[key] { values[slot] = node } else {
            slots[key] = keys.count
            keys.append(key)
            values.append(node)
        }
        return node
    }

    /// A new last element of this array.
    func appended() -> JSONOutputNode {
        becomeArray()
        let node = JSONOutputNode()
        items.append(node)
        return node
    }
}

/// The `Encoder` that fills a `JSONOutputNode`.
struct JSONOutputEncoder: Encoder {
    let node: JSONOutputNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(node: node, codingPath: codingPath) }

    /// An array element's place in a coding path.
    private struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: JSONOutputNode
        let codingPath: [any CodingKey]

        func encoder(_ key: any CodingKey) -> JSONOutputEncoder {
            JSONOutputEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
        }
        mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).kind = .literal("null") }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try node.member(key.stringValue).encode(value, codingPath: codingPath + [key])
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder(key).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { encoder(key).unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder(SuperKey()) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder(key) }
    }

    private struct SuperKey: CodingKey {
        var stringValue: String { "super" }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: JSONOutputNode
        let codingPath: [any CodingKey]
        var count: Int { node.items.count }

        func encoder() -> JSONOutputEncoder {
            let path = codingPath + [Index(intValue: count)]
            return JSONOutputEncoder(node: node.appended(), codingPath: path)
        }
        mutating func encodeNil() throws { node.appended().kind = .literal("null") }
        mutating func encode<T: Encodable>(_ value: T) throws {
            let path = codingPath + [Index(intValue: count)]
            try node.appended().encode(value, codingPath: path)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            encoder().container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder() }
    }

    private struct SingleValueContainer: SingleValueEncodingContainer {
        let node: JSONOutputNode
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.kind = .literal("null") }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.encode(value, codingPath: codingPath) }
    }
}
