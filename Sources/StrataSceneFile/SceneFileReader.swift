import StrataModel

/// One value of the file being read, with its JSON path: everything the reader says
/// about it names the file, its line and column, and the path.
struct Field: Sendable {
    let node: JSONNode
    let path: String
    let file: String

    func error(_ message: String) -> SceneFileError {
        SceneFileError(file: file, position: node.position, path: path, message: message)
    }

    func expected(_ what: String) -> SceneFileError { error("expected \(what), got \(node.described)") }

    func child(_ key: String, _ node: JSONNode) -> Field {
        Field(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    func item(_ index: Int, _ node: JSONNode) -> Field { Field(node: node, path: "\(path)[\(index)]", file: file) }

    // MARK: Shapes

    func array(count: ClosedRange<Int>? = nil, what: String = "an array") throws -> [Field] {
        guard case .array(let items) = node.value else { throw expected(what) }
        if let count, !count.contains(items.count) {
            let n = count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
            throw error("expected \(what) of \(n) items, got \(items.count)")
        }
        return items.enumerated().map { item($0.offset, $0.element) }
    }

    func object(allowing keys: [String], what: String = "an object") throws -> ObjectFields {
        guard case .object(let members) = node.value else { throw expected(what) }
        for m in members where !keys.contains(m.key) {
            let close = closestNames(to: m.key, in: keys)
            let hint = close.isEmpty ? "; known keys: " + keys.joined(separator: ", ")
                                     : "; did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
            throw SceneFileError(file: file, position: m.keyPosition, path: path.isEmpty ? m.key : "\(path).\(m.key)",
                                 message: "unknown key \"\(m.key)\"\(hint)")
        }
        return ObjectFields(owner: self, members: members)
    }

    // MARK: Scalars

    func string(maxLength: Int = SceneFileLimits.standard.stringLength) throws -> String {
        guard case .string(let s) = node.value else { throw expected("a string") }
        if let problem = TextLimit.problem(s, maximum: maxLength) { throw error("the string \(problem)") }
        return s
    }

    func bool() throws -> Bool {
        guard case .bool(let b) = node.value else { throw expected("true or false") }
        return b
    }

    /// A plain number, no expression: for what is read before any variable exists.
    func plainNumber(in range: ClosedRange<Double>? = nil) throws -> Double {
        guard case .number(let v, _) = node.value else { throw expected("a number") }
        if let range, !range.contains(v) { throw error("must be between \(clean(range.lowerBound)) and \(clean(range.upperBound)), got \(clean(v))") }
        return v
    }

    /// A number, or `"{expression}"` over the variables `known` here.
    func number(_ scope: Scope) throws -> SceneNumber {
        switch node.value {
        case .number(let v, _): return .constant(v)
        case .string(let s) where s.hasPrefix("{") && s.hasSuffix("}") && s.count >= 2:
            let body = String(s.dropFirst().dropLast())
            guard body.count <= scope.limits.expressionLength else {
                throw error("the expression is longer than \(scope.limits.expressionLength) characters")
            }
            do {
                return .expression(try SceneExpression.parse(body, known: scope.variables), self)
            } catch let e as Diagnostic {
                throw error("in the expression \(node.described): \(e.description)")
            }
        default:
            throw expected("a number")
        }
    }

    /// A string in which `{expression}` parts are replaced by their values (layer names
    /// such as `"plane{i}"`).
    func text(_ scope: Scope) throws -> SceneText {
        let s = try string()
        var parts: [SceneText.Part] = []
        var literal = ""
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { throw error("a '{' in the string is not closed by '}'") }
            let body = String(rest[rest.index(after: open)..<close])
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            do {
                parts.append(.number(try SceneExpression.parse(body, known: scope.variables)))
            } catch let e as Diagnostic {
                throw error("in the expression {\(body)}: \(e.description)")
            }
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return SceneText(parts: parts, field: self)
    }

    func choice<T>(_ choices: [(String, T)], what: String) throws -> T {
        let words = choices.map(\.0)
        guard case .string(let s) = node.value else { throw expected(what + " (" + words.joined(separator: ", ") + ")") }
        if let found = choices.first(where: { $0.0 == s }) { return found.1 }
        let close = closestNames(to: s, in: words)
        let hint = close.isEmpty ? "one of " + words.joined(separator: ", ") : "did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
        throw error("unknown \(what) \(node.described); \(hint)")
    }
}

/// The members of one object, after its keys were checked.
struct ObjectFields {
    let owner: Field
    let members: [JSONNode.Member]

    subscript(key: String) -> Field? {
        members.first { $0.key == key }.map { owner.child(key, $0.value) }
    }

    func require(_ key: String, _ what: String) throws -> Field {
        guard let f = self[key] else { throw owner.error("missing \"\(key)\" (\(what))") }
        return f
    }

    var keys: [String] { members.map(\.key) }
}

/// What is in reach where a value is read: the variables an expression may name, and
/// the limits.
struct Scope: Sendable {
    var variables: Set<String>
    var limits: SceneFileLimits
    /// Where images named in animations (`contents` values) are read from.
    var context: SceneFileContext?
}

/// A number of the file: a constant, or an expression evaluated when the scene is made
/// (and again when an option it reads changes).
enum SceneNumber: Sendable {
    case constant(Double)
    case expression(SceneExpression, Field)

    var variables: Set<String> {
        if case .expression(let e, _) = self { return e.variables }
        return []
    }

    func value(_ env: [String: Double]) throws -> Double {
        switch self {
        case .constant(let v): return v
        case .expression(let e, let field):
            do { return try e.evaluate(env) } catch let x as Diagnostic {
                throw field.error("the expression \(field.node.described) cannot be computed: \(x.description)")
            }
        }
    }

    /// A whole number within `range`.
    func integer(_ env: [String: Double], _ range: ClosedRange<Int>, at field: Field, what: String) throws -> Int {
        let v = try value(env)
        guard v == v.rounded(), let i = Int(exactly: v) else { throw field.error("\(what) must be a whole number, got \(clean(v))") }
        guard range.contains(i) else { throw field.error("\(what) must be between \(range.lowerBound) and \(range.upperBound), got \(i)") }
        return i
    }
}

/// A string with `{expression}` parts.
struct SceneText: Sendable {
    enum Part: Sendable { case literal(String), number(SceneExpression) }
    let parts: [Part]
    let field: Field

    var variables: Set<String> {
        parts.reduce(into: Set<String>()) { set, p in if case .number(let e) = p { set.formUnion(e.variables) } }
    }

    func value(_ env: [String: Double]) throws -> String {
        var out = ""
        for p in parts {
            switch p {
            case .literal(let s): out += s
            case .number(let e):
                do { out += clean(try e.evaluate(env)) } catch let x as Diagnostic {
                    throw field.error("the string \(field.node.described) cannot be made: \(x.description)")
                }
            }
        }
        return out
    }
}

/// 2 rather than 2.0.
func clean(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}
