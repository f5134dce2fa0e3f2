import StrataModel

/// A JSON value as a trace holds it: header options, and header keys this version does
/// not know (kept so that rewriting a trace loses nothing).
public enum TraceValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TraceValue])
    case object([String: TraceValue])

    /// Options may only be these: a scene parameter is a plain setting, not a structure.
    public var isScalar: Bool {
        switch self {
        case .bool, .number, .string: return true
        case .null, .array, .object: return false
        }
    }

    /// What an option may hold: a plain setting, or a list of them (a repeatable option).
    public var isOptionValue: Bool {
        if case .array(let items) = self { return items.allSatisfy(\.isScalar) }
        return isScalar
    }

    /// The value `JSONReader` read, without its positions.
    public init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n, _): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(TraceValue.init))
        case .object(let members):
            // The reader refused duplicate keys.
            self = .object(Dictionary(members.map { ($0.key, TraceValue($0.value)) }, uniquingKeysWith: { a, _ in a }))
        }
    }

    public var doubleValue: Double? { if case .number(let n) = self { return n }; return nil }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
}

extension TraceValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
                      ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
                      ExpressibleByNilLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: TraceValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, TraceValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
