import StrataGestures
import StrataModel

/// One option, declared once: its name, type, range, default and one line of help. The
/// command line's flags, `strata help`, the validation of a trace header's `options`
/// and every message about a wrong value are made from this declaration alone.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        case integer(ClosedRange<Int>)
        case number(ClosedRange<Double>)
        /// A flag on the command line (`--momentum`, or `--momentum=false`); true/false in
        /// a trace header (or 1/0, as a hand-written header may say it).
        case boolean
        case choice([String])
        /// Free text of at most `maxLength` characters.
        case text(maxLength: Int)
        /// `WIDTHxHEIGHT` in points, e.g. 480x320; each side in the range.
        case size(ClosedRange<Double>)
    }

    public var name: String
    public var kind: Kind
    /// nil: the option has no default (absent means "not given").
    public var defaultValue: TraceValue?
    public var help: String
    /// The placeholder in usage lines: `--angle DEG`.
    public var valueName: String
    /// May be given more than once; the values are kept in order, as an array.
    public var isRepeatable: Bool
    /// The text is a path the scene reads (the alert's `backdrop`): in a trace header it is
    /// relative to the trace and must stay in the trace's folder (`FileContainment`); a
    /// trace saved by `render` records it relative to the trace.
    public var namesFile: Bool

    public init(_ name: String, _ kind: Kind, default defaultValue: TraceValue? = nil, valueName: String? = nil,
                repeatable: Bool = false, namesFile: Bool = false, help: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
        self.isRepeatable = repeatable
        self.namesFile = namesFile
        self.valueName = valueName ?? OptionSpec.placeholder(for: kind)
    }

    private static func placeholder(for kind: Kind) -> String {
        switch kind {
        case .integer: return "N"
        case .number: return "X"
        case .boolean: return ""
        case .choice(let words): return words.count <= 4 ? words.joined(separator: "|") : "NAME"
        case .text: return "TEXT"
        case .size: return "WxH"
        }
    }

    public var isFlag: Bool { kind == .boolean }

    // MARK: Values

    /// Checks a value as a trace header (or a Swift caller) gives it; returns it in its
    /// canonical form (whole numbers for integers, booleans for 1/0). `subject` names
    /// where it came from in the message, e.g. `option "angle" of scene "carousel"`.
    public func validate(_ value: TraceValue, subject: String) throws -> TraceValue {
        if isRepeatable, case .array(let items) = value {
            return .array(try items.map { try validateOne($0, subject: subject) })
        }
        return try validateOne(value, subject: subject)
    }

    private func validateOne(_ value: TraceValue, subject: String) throws -> TraceValue {
        switch kind {
        case .integer(let range):
            guard let n = value.doubleValue, n.isFinite, n == n.rounded(), let i = Int(exactly: n) else {
                throw SceneError("\(subject) must be a whole number (\(range.lowerBound)...\(range.upperBound)), found \(OptionSpec.describe(value))")
            }
            guard range.contains(i) else {
                throw SceneError("\(subject) must be between \(range.lowerBound) and \(range.upperBound), found \(i)")
            }
            return .number(Double(i))
        case .number(let range):
            guard let n = value.doubleValue, n.isFinite else {
                throw SceneError("\(subject) must be a number, found \(OptionSpec.describe(value))")
            }
            guard range.contains(n) else {
                throw SceneError("\(subject) must be between \(OptionSpec.format(range.lowerBound)) and \(OptionSpec.format(range.upperBound)), found \(OptionSpec.format(n))")
            }
            return value
        case .boolean:
            if let b = value.boolValue { return .bool(b) }
            if let n = value.doubleValue, n == 0 || n == 1 { return .bool(n == 1) }
            throw SceneError("\(subject) must be true or false (or 1 or 0), found \(OptionSpec.describe(value))")
        case .choice(let words):
            guard let word = value.stringValue, words.contains(word) else {
                throw SceneError("\(subject) must be one of \(words.joined(separator: ", ")), found \(OptionSpec.describe(value))")
            }
            return value
        case .text(let maxLength):
            guard let text = value.stringValue else {
                throw SceneError("\(subject) must be text, found \(OptionSpec.describe(value))")
            }
            if let problem = TextLimit.problem(text, maximum: maxLength) { throw SceneError("\(subject) \(problem)") }
            return value
        case .size:
            guard let text = value.stringValue else {
                throw SceneError("\(subject) must be WIDTHxHEIGHT, e.g. 480x320, found \(OptionSpec.describe(value))")
            }
            return .string(try parseSize(text, subject: subject).text)
        }
    }

    /// Reads a command-line word for this option (`--NAME WORD`). Numbers are plain
    /// decimals: `nan`, `inf`, `1e999` and `0x10` are refused, as is anything out of range.
    public func parse(word: String, subject: String) throws -> TraceValue {
        switch kind {
        case .integer(let range):
            guard OptionSpec.isDecimalInteger(word), let i = Int(word) else {
                throw SceneError("\(subject) expects a whole number (\(range.lowerBound)...\(range.upperBound)), got '\(word)'")
            }
            return try validateOne(.number(Double(i)), subject: subject)
        case .number:
            guard let n = OptionSpec.decimal(word) else {
                throw SceneError("\(subject) expects a finite decimal number, got '\(word)'")
            }
            return try validateOne(.number(n), subject: subject)
        case .boolean:
            switch word {
            case "true", "yes", "1": return .bool(true)
            case "false", "no", "0": return .bool(false)
            default: throw SceneError("\(subject) is a flag: give it alone, or =true / =false, got '\(word)'")
            }
        case .choice(let words):
            guard words.contains(word) else {
                throw SceneError("\(subject) expects one of \(words.joined(separator: ", ")), got '\(word)'")
            }
            return .string(word)
        case .text, .size:
            return try validateOne(.string(word), subject: subject)
        }
    }

    /// `W x H` from text, each side a finite decimal within the kind's range.
    public func parseSize(_ text: String, subject: String) throws -> (width: Double, height: Double, text: String) {
        guard case .size(let range) = kind else { preconditionFailure("\(name) is not a size option") }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = OptionSpec.decimal(String(parts[0])), let h = OptionSpec.decimal(String(parts[1])) else {
            throw SceneError("\(subject) expects WIDTHxHEIGHT in points, e.g. 480x320, got '\(text)'")
        }
        guard range.contains(w), range.contains(h), w > 0, h > 0 else {
            throw SceneError("\(subject) must have each side between \(OptionSpec.format(range.lowerBound)) and \(OptionSpec.format(range.upperBound)) points, got '\(text)'")
        }
        return (w, h, "\(OptionSpec.format(w))x\(OptionSpec.format(h))")
    }

    // MARK: Help

    /// `(default 5; 1...1000)`-style tail of a help line.
    public var helpSuffix: String {
        var parts: [String] = []
        if let d = defaultValue { parts.append("default \(OptionSpec.describeBare(d))") }
        switch kind {
        case .integer(let r): parts.append("\(r.lowerBound)...\(r.upperBound)")
        case .number(let r): parts.append("\(OptionSpec.format(r.lowerBound))...\(OptionSpec.format(r.upperBound))")
        case .choice(let words) where words.count > 4: parts.append("one of " + words.joined(separator: ", "))
        default: break
        }
        if isRepeatable { parts.append("repeatable") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    /// `--angle DEG`, `--momentum`.
    public var usage: String { isFlag ? "--\(name)" : "--\(name) \(valueName)" }

    // MARK: Words

    static func isDecimalInteger(_ s: String) -> Bool {
        var chars = Substring(s)
        if chars.first == "-" || chars.first == "+" { chars = chars.dropFirst() }
        return !chars.isEmpty && chars.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A finite number in plain decimal notation (digits, one point, an exponent), or nil.
    public static func decimal(_ s: String) -> Double? {
        var rest = Substring(s)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let exponent = rest.dropFirst(mantissa.count)
        let digits = mantissa.filter { $0 != "." }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              mantissa.filter({ $0 == "." }).count <= 1 else { return nil }
        if !exponent.isEmpty {
            var e = exponent.dropFirst()
            if e.first == "-" || e.first == "+" { e = e.dropFirst() }
            guard !e.isEmpty, e.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        guard let v = Double(s), v.isFinite else { return nil }
        return v
    }

    /// 2 rather than 2.0.
    public static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    static func describe(_ value: TraceValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return format(n)
        case .string(let s): return "\"\(s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static func describeBare(_ value: TraceValue) -> String {
        if case .string(let s) = value { return s.isEmpty ? "''" : s }
        return describe(value)
    }
}
