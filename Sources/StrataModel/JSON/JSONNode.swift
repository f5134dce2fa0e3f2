/// A JSON value with where it stands in its text, as `JSONReader` reads it: the one tree
/// scene files, trace lines, manifests and results are read from, so each of their errors
/// can name the line and column. Objects keep their members in the text's order.
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number, and its text as written (messages show it; whole numbers are read
        /// from it exactly).
        case number(Double, String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        public var keyPosition: SourcePosition
        public var value: JSONNode
        public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
            self.key = key; self.keyPosition = keyPosition; self.value = value
        }
    }

    public var value: Value
    public var position: SourcePosition

    public init(value: Value, position: SourcePosition) { self.value = value; self.position = position }

    /// The value of the member `key` of an object; nil for a missing key or another kind
    /// of value. Linear: for the few keys of a line or a record (`JSONReader.decode`
    /// indexes large objects).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var doubleValue: Double? { if case .number(let n, _) = value { return n }; return nil }
    public var stringValue: String? { if case .string(let s) = value { return s }; return nil }

    /// What a value is, for "expected a number, found …": the value itself when short.
    public var described: String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let text): return text
        case .string(let s): return JSONNode.described(s)
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A string as messages show it: a JSON literal, cut after 40 characters.
    public static func described(_ s: String) -> String {
        s.count > 40 ? JSONWriter.string(String(s.prefix(40))) + "…" : JSONWriter.string(s)
    }
}

/// A line and column in a text, both from 1; columns count characters (Unicode scalars),
/// not bytes, so an editor's "go to" lands on the spot.
public struct SourcePosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

