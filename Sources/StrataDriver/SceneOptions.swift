import StrataGestures
import StrataModel

/// A scene's option values, validated against its declarations, with the declared
/// defaults filled in: a scene reads `options.number("angle")` and never repeats the
/// default it declared.
public struct SceneOptions: Sendable {
    public let specs: [OptionSpec]
    /// The values given (validated, canonical), without defaults.
    public let given: [String: TraceValue]

    /// Validates `values` against `specs`; `subject` says whose options they are in
    /// messages (`scene "carousel"`).
    public init(specs: [OptionSpec], values: [String: TraceValue], subject: String) throws {
        self.specs = specs
        var checked: [String: TraceValue] = [:]
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let spec = specs.first(where: { $0.name == key }) else {
                let known = specs.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw SceneError("unknown option \"\(key)\" for \(subject); its options: \(known.isEmpty ? "none" : known)")
            }
            checked[key] = try spec.validate(value, subject: "option \"\(key)\" of \(subject)")
        }
        given = checked
    }

    /// The value given, else the declared default, else nil.
    public func value(_ name: String) -> TraceValue? {
        precondition(specs.contains { $0.name == name }, "option \"\(name)\" is not declared")
        return given[name] ?? specs.first { $0.name == name }?.defaultValue
    }

    /// Every declared option with a value (given or default): what a recording writes,
    /// so a replay does not depend on the defaults of the day.
    public var resolved: [String: TraceValue] {
        var all: [String: TraceValue] = [:]
        for spec in specs { if let v = value(spec.name) { all[spec.name] = v } }
        return all
    }

    public func isGiven(_ name: String) -> Bool { given[name] != nil }

    public func integer(_ name: String) -> Int { value(name)?.doubleValue.flatMap { Checked.int($0) } ?? 0 }
    public func optionalInteger(_ name: String) -> Int? { value(name)?.doubleValue.flatMap { Checked.int($0) } }
    public func number(_ name: String) -> Double { value(name)?.doubleValue ?? 0 }
    public func optionalNumber(_ name: String) -> Double? { value(name)?.doubleValue }
    public func bool(_ name: String) -> Bool { value(name)?.boolValue ?? false }
    public func string(_ name: String) -> String { value(name)?.stringValue ?? "" }
    public func optionalString(_ name: String) -> String? { value(name)?.stringValue }
    /// A repeatable option's values, in the order given.
    public func strings(_ name: String) -> [String] {
        switch value(name) {
        case .array(let items)?: return items.compactMap(\.stringValue)
        case .string(let s)?: return [s]
        default: return []
        }
    }
}
