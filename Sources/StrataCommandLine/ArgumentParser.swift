import StrataDriver
import StrataGestures
import StrataModel

/// Options under one heading of a command's help.
struct OptionGroup {
    var title: String
    var options: [OptionSpec]
}

/// A command's arguments after parsing: positional words, and the options given, each
/// checked against its declaration. Defaults come from the declarations.
struct ParsedArguments {
    var positionals: [String]
    /// Options given, validated, by name.
    var given: [String: TraceValue]
    let specs: [String: OptionSpec]

    func isGiven(_ name: String) -> Bool { given[name] != nil }

    /// The value given, or the declared default.
    func value(_ name: String) -> TraceValue? {
        precondition(specs[name] != nil, "--\(name) is not declared for this command")
        return given[name] ?? specs[name]?.defaultValue
    }

    func string(_ name: String) -> String? { value(name)?.stringValue }
    func number(_ name: String) -> Double? { value(name)?.doubleValue }
    func integer(_ name: String) -> Int? { value(name)?.doubleValue.flatMap { Checked.int($0) } }
    func flag(_ name: String) -> Bool { value(name)?.boolValue ?? false }
    func strings(_ name: String) -> [String] {
        if case .array(let items)? = value(name) { return items.compactMap(\.stringValue) }
        return string(name).map { [$0] } ?? []
    }

    /// A size option's value in points.
    func size(_ name: String) throws -> Size? {
        guard let text = string(name), let spec = specs[name] else { return nil }
        let s = try spec.parseSize(text, subject: "--\(name)")
        return Size(width: s.width, height: s.height)
    }

    /// The given values of `declared` options (a scene's), by name.
    func values(of declared: [OptionSpec]) -> [String: TraceValue] {
        var out: [String: TraceValue] = [:]
        for spec in declared { if let v = given[spec.name] { out[spec.name] = v } }
        return out
    }
}

/// One small declarative parser, in the shape of swift-argument-parser: the options are
/// declared (`OptionSpec`), the parser reads `--name value`, `--name=value` and flags,
/// and every error is one line naming the flag.
enum ArgumentParser {
    static func parse(_ args: [String], groups: [OptionGroup], command: String) throws -> ParsedArguments {
        var specs: [String: OptionSpec] = [:]
        for spec in groups.flatMap(\.options) { specs[spec.name] = spec }
        var positionals: [String] = []
        var given: [String: TraceValue] = [:]
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let word = args[i]
            i += 1
            if optionsEnded || !word.hasPrefix("--") || word == "--" {
                if word == "--" && !optionsEnded { optionsEnded = true; continue }
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = specs[name] else {
                throw UsageError("unknown option --\(name) for '\(command)'\(suggestion(for: name, among: Array(specs.keys))) (see 'strata help \(command)')")
            }
            let text: String
            if spec.isFlag {
                text = inline ?? "true"
            } else if let inline {
                text = inline
            } else {
                guard i < args.count else { throw UsageError("--\(name) needs a value (see 'strata help \(command)')") }
                text = args[i]
                i += 1
            }
            let value = try spec.parse(word: text, subject: "--\(name)")
            if spec.isRepeatable {
                var list: [TraceValue] = []
                if case .array(let items)? = given[name] { list = items }
                given[name] = .array(list + [value])
            } else {
                guard given[name] == nil else { throw UsageError("--\(name) is given twice; give it once") }
                given[name] = value
            }
        }
        return ParsedArguments(positionals: positionals, given: given, specs: specs)
    }

    /// The first positional word, for commands whose options depend on it (the scene of
    /// `render` and `window`, the trace of `replay`): the options before it must be ones
    /// in `groups`, so their values can be told from it.
    static func leadingPositional(_ args: [String], groups: [OptionGroup], command: String, what: String) throws -> String? {
        var specs: [String: OptionSpec] = [:]
        for spec in groups.flatMap(\.options) { specs[spec.name] = spec }
        var i = 0
        while i < args.count {
            let word = args[i]
            if word == "--" { return i + 1 < args.count ? args[i + 1] : nil }
            guard word.hasPrefix("--") else { return word }
            let name = String(word.dropFirst(2).prefix { $0 != "=" })
            guard let spec = specs[name] else {
                throw UsageError("--\(name) before the \(what): give the \(what) first, as in 'strata \(command) \(what.uppercased()) --\(name) ...'")
            }
            i += (spec.isFlag || word.contains("=")) ? 1 : 2
        }
        return nil
    }

    /// The value of one option, read before the rest of the command line can be parsed
    /// (`replay` needs `--max-trace-size` to read the trace that declares its options).
    static func prescan(_ spec: OptionSpec, in args: [String]) throws -> TraceValue? {
        var i = 0
        while i < args.count, args[i] != "--" {
            let word = args[i]
            i += 1
            if word == "--\(spec.name)", i < args.count {
                return try spec.parse(word: args[i], subject: word)
            }
            if word.hasPrefix("--\(spec.name)=") {
                return try spec.parse(word: String(word.dropFirst(spec.name.count + 3)), subject: "--\(spec.name)")
            }
        }
        return nil
    }

    /// ` (did you mean --angle?)` when a declared name is one or two edits away.
    static func suggestion(for name: String, among names: [String]) -> String {
        let close = names.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        return close.first.map { " (did you mean --\($0.0)?)" } ?? ""
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                let next = min(row[j] + 1, row[j - 1] + 1, previous + cost)
                previous = row[j]
                row[j] = next
            }
        }
        return row[b.count]
    }
}
