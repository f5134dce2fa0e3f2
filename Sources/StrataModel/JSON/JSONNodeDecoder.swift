extension JSONReader {
    /// A `Decodable` value read strictly from `bytes`: the reader's rules, then each value
    /// of the wrong type or a missing key as a `JSONError` at its line and column.
    /// Keys the type does not ask for are passed over (a newer writer may add some).
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], options: Options = Options()) throws(JSONError) -> T {
        try decode(type, from: try read(bytes, options: options))
    }

    public static func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws(JSONError) -> T {
        do {
            return try T(from: JSONNodeDecoder(node: node, codingPath: []))
        } catch let error as JSONError {
            throw error
        } catch {
            // A type's own DecodingError (or any other): placed at the value it names.
            throw JSONNodeDecoder.placed(error, in: node)
        }
    }
}

/// `Decoder` over a `JSONNode`. Numbers are read as the reader read them (Double from the
/// text); whole numbers from their text, exactly, or from a Double that holds one.
struct JSONNodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(node: node, members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node.value else { throw mismatch("an array") }
        return UnkeyedContainer(node: node, items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueContainer(decoder: self) }

    func mismatch(_ expected: String) -> JSONError {
        JSONError(.typeMismatch(expected: expected, found: node.described), at: node.position, path: Self.path(codingPath))
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        JSONPath.text(codingPath.map { ($0 as? IndexKey).map { .index($0.index) } ?? .key($0.stringValue) })
    }

    // MARK: Values

    func decodeNil() -> Bool { if case .null = node.value { return true }; return false }

    func decode(_: Bool.Type) throws -> Bool {
        guard case .bool(let b) = node.value else { throw mismatch("true or false") }
        return b
    }

    func decode(_: String.Type) throws -> String {
        guard case .string(let s) = node.value else { throw mismatch("a string") }
        return s
    }

    func decode(_: Double.Type) throws -> Double {
        guard case .number(let n, _) = node.value else { throw mismatch("a number") }
        return n
    }

    func decode(_: Float.Type) throws -> Float {
        guard case .number(let n, _) = node.value, Float(n).isFinite else { throw mismatch("a number within Float's range") }
        return Float(n)
    }

    func decode<I: FixedWidthInteger>(integer: I.Type) throws -> I {
        guard case .number(let n, let text) = node.value, let i = I(text) ?? I(exactly: n) else {
            throw mismatch("a whole number from \(I.min) to \(I.max)")
        }
        return i
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Bool.Type: return try decode(Bool.self) as! T
        case is String.Type: return try decode(String.self) as! T
        case is Double.Type: return try decode(Double.self) as! T
        case is Int.Type: return try decode(integer: Int.self) as! T
        default: return try T(from: self)
        }
    }

    func child(_ node: JSONNode, _ key: any CodingKey) -> JSONNodeDecoder {
        JSONNodeDecoder(node: node, codingPath: codingPath + [key])
    }

    /// An error thrown by a type's own `init(from:)`, at the value its coding path leads to.
    static func placed(_ error: any Error, in root: JSONNode) -> JSONError {
        var codingPath: [any CodingKey] = []
        var words = "\(error)"
        switch error {
        case DecodingError.dataCorrupted(let c), DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            codingPath = c.codingPath; words = c.debugDescription
        case DecodingError.keyNotFound(let key, let c):
            codingPath = c.codingPath; words = "missing \(JSONNode.described(key.stringValue))"
        default: break
        }
        var node = root
        for key in codingPath {
            if let index = (key as? IndexKey)?.index ?? key.intValue, case .array(let items) = node.value, index < items.count {
                node = items[index]
            } else if let member = node[key.stringValue] {
                node = member
            } else {
                break
            }
        }
        return JSONError(.invalidValue(words), at: node.position, path: path(codingPath))
    }
}

/// An array's item as a coding key: `[3]` in paths.
struct IndexKey: CodingKey {
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }
    var stringValue: String { "\(index)" }
    var intValue: Int? { index }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: JSONNode
    let members: [JSONNode.Member]
    let codingPath: [any CodingKey]
    /// Large objects (a manifest's frames) are indexed once; a record's few keys are scanned.
    private let index: [String: Int]?

    init(node: JSONNode, members: [JSONNode.Member], codingPath: [any CodingKey]) {
        self.node = node; self.members = members; self.codingPath = codingPath
        index = members.count > 16 ? Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a }) : nil
    }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    private func member(_ key: Key) -> JSONNode? {
        if let index { return index[key.stringValue].map { members[$0].value } }
        return members.first { $0.key == key.stringValue }?.value
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    private func decoder(_ key: Key) throws -> JSONNodeDecoder {
        guard let value = member(key) else {
            throw JSONError(.missingKey(key.stringValue), at: node.position, path: JSONNodeDecoder.path(codingPath))
        }
        return JSONNodeDecoder(node: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).decode(integer: type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).decode(integer: type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).decode(integer: type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).decode(integer: type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).decode(integer: type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).decode(integer: type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).decode(integer: type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).decode(integer: type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).decode(integer: type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).decode(integer: type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(key).unkeyedContainer() }

    func superDecoder() throws -> any Decoder {
        JSONNodeDecoder(node: node, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let node: JSONNode
    let items: [JSONNode]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(node: JSONNode, items: [JSONNode], codingPath: [any CodingKey]) {
        self.node = node; self.items = items; self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The next item's decoder; the index moves on once it decoded.
    private func next() throws -> JSONNodeDecoder {
        guard !isAtEnd else {
            throw JSONError(.invalidValue("the array ends after \(items.count) item\(items.count == 1 ? "" : "s"); expected more"),
                            at: node.position, path: JSONNodeDecoder.path(codingPath))
        }
        return JSONNodeDecoder(node: items[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    private mutating func take<T>(_ read: (JSONNodeDecoder) throws -> T) throws -> T {
        let value = try read(try next())
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next().decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try take { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try take { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try take { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try take { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try take { try $0.decode(integer: type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try take { try $0.decode(integer: type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try take { try $0.decode(integer: type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try take { try $0.decode(integer: type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try take { try $0.decode(integer: type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try take { try $0.decode(integer: type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try take { try $0.decode(integer: type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try take { try $0.decode(integer: type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try take { try $0.decode(integer: type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try take { try $0.decode(integer: type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try take { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try take { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try take { try $0.unkeyedContainer() } }

    mutating func superDecoder() throws -> any Decoder { try take { $0 } }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONNodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.decodeNil() }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decode(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decode(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decode(integer: type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decode(integer: type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decode(integer: type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decode(integer: type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decode(integer: type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decode(integer: type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decode(integer: type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decode(integer: type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decode(integer: type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decode(integer: type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}
