/// A presentation tree as plain values, for `strata dump` and for the trees issue 27
/// stores beside references: each layer's name (or its path when unnamed), its class by
/// Core Animation's name, and only the properties that differ from that class's defaults,
/// under CA's key names, as each class declares them (`LayerClassDeclaration`). Text and JSON forms come from the same values, so they agree.
public struct LayerTreeSnapshot: Codable, Equatable, Sendable {
    /// `name`, or `parent.sublayers[i]` (`root` for an unnamed root).
    public var id: String
    public var className: String
    /// Key name to value, only those differing from the class's defaults.
    public var properties: [String: SnapshotValue]
    public var sublayers: [LayerTreeSnapshot]

    enum CodingKeys: String, CodingKey { case id, className = "class", properties, sublayers }

    public init(id: String, className: String, properties: [String: SnapshotValue], sublayers: [LayerTreeSnapshot]) {
        self.id = id; self.className = className; self.properties = properties; self.sublayers = sublayers
    }

    /// The tree under `layer` as it is now (pass a presentation layer for what is drawn).
    public init(_ layer: Layer, id: String? = nil) {
        let own = id ?? layer.name ?? "root"
        let declaration = type(of: layer).declaration
        var properties: [String: SnapshotValue] = [:]
        for (key, value) in declaration.snapshotValues(of: layer) where declaration.defaults[key] != value {
            properties[key] = value
        }
        self.init(id: own, className: declaration.className, properties: properties,
                  sublayers: layer.sublayers.enumerated().map { i, sub in
                      LayerTreeSnapshot(sub, id: sub.name ?? "\(own).sublayers[\(i)]")
                  })
    }

    /// The properties in the class's declared order (the text form's).
    public var orderedProperties: [(key: String, value: SnapshotValue)] {
        LayerTreeSnapshot.order(of: properties.keys, className: className).map { ($0, properties[$0]!) }
    }

    /// Indented text, one layer a line (`name (Class)`) followed by its properties
    /// (`key: value`, in the class's declared order), then its sublayers two spaces in.
    public var text: String {
        var lines: [String] = []
        append(to: &lines, depth: 0)
        return lines.joined(separator: "\n") + "\n"
    }

    private func append(to lines: inout [String], depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        lines.append("\(indent)\(id) (\(className))")
        for key in LayerTreeSnapshot.order(of: properties.keys, className: className) {
            lines.append("\(indent)  \(key): \(properties[key]!.text)")
        }
        for s in sublayers { s.append(to: &lines, depth: depth + 1) }
    }
}

extension LayerTreeSnapshot {
    /// `keys` in the order the class declares them (its superclass's first); keys it
    /// does not declare after them, sorted.
    static func order<S: Sequence>(of keys: S, className: String) -> [String] where S.Element == String {
        let declared = LayerClassDeclaration.named(className)?.properties ?? []
        let rank = Dictionary(declared.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        return keys.sorted { (rank[$0] ?? Int.max, $0) < (rank[$1] ?? Int.max, $1) }
    }
}

/// One property's value in a snapshot: numbers (a point, size, rect or matrix is a list),
/// a color as `#RRGGBB(AA)`, text or a flag.
public enum SnapshotValue: Codable, Equatable, Sendable {
    case number(Double)
    case numbers([Double])
    case text(String)
    case flag(Bool)
    case texts([String])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { self = .flag(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .text(s) }
        else if let a = try? c.decode([Double].self) { self = .numbers(a) }
        else { self = .texts(try c.decode([String].self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let v): try c.encode(v)
        case .numbers(let v): try c.encode(v)
        case .text(let v): try c.encode(v)
        case .flag(let v): try c.encode(v)
        case .texts(let v): try c.encode(v)
        }
    }

    /// The text form: numbers shortest round-trip, -0 as 0, lists space separated.
    public var text: String {
        switch self {
        case .number(let v): return SnapshotValue.format(v)
        case .numbers(let v): return v.map(SnapshotValue.format).joined(separator: " ")
        case .text(let s): return s
        case .flag(let b): return b ? "true" : "false"
        case .texts(let v): return v.joined(separator: " ")
        }
    }

    /// Shortest round-trip digits (Swift's), integers without `.0`, -0 as 0.
    public static func format(_ v: Double) -> String {
        if v == 0 { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    static func color(_ c: Color) -> SnapshotValue {
        func byte(_ v: Double) -> String {
            let b = Int((min(1, max(0, v)) * 255).rounded())
            let hex = String(b, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }
        return .text("#" + byte(c.red) + byte(c.green) + byte(c.blue) + (c.alpha == 1 ? "" : byte(c.alpha)))
    }
}
