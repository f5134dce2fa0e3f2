import StrataModel

/// The tiny expression language of numbers in a scene file: a string `"{360/n*i}"`
/// where a number goes. Numbers, the variables `i` (the copy's index in a `repeat`, from
/// 0) and `n` (the repeat's count), the scene's options by name, `+ - * /`, unary minus,
/// parentheses. Nothing else: no functions, no comparisons, so every expression ends and
/// costs at most its length. What cannot be read or computed throws a `Diagnostic`
/// with no place; the scene file reader adds it.
public indirect enum SceneExpression: Sendable, Equatable {
    case constant(Double)
    case variable(String)
    case negate(SceneExpression)
    case binary(Character, SceneExpression, SceneExpression)

    /// The variables it reads.
    public var variables: Set<String> {
        switch self {
        case .constant: return []
        case .variable(let v): return [v]
        case .negate(let e): return e.variables
        case .binary(_, let a, let b): return a.variables.union(b.variables)
        }
    }

    /// Its value; nil when a variable has none here. Throws on a division by zero or a
    /// result too large for a Double.
    public func evaluate(_ variables: [String: Double]) throws -> Double {
        let v: Double
        switch self {
        case .constant(let c): v = c
        case .variable(let name):
            guard let x = variables[name] else { throw Diagnostic("\(name) has no value here") }
            v = x
        case .negate(let e): v = -(try e.evaluate(variables))
        case .binary(let op, let a, let b):
            let x = try a.evaluate(variables), y = try b.evaluate(variables)
            switch op {
            case "+": v = x + y
            case "-": v = x - y
            case "*": v = x * y
            default:
                guard y != 0 else { throw Diagnostic("division by zero") }
                v = x / y
            }
        }
        guard v.isFinite else { throw Diagnostic("the result is too large") }
        return v
    }

    /// Parses the text between the braces. `known` are the variables that have a value
    /// where the expression stands; any other name is an error (with a did-you-mean).
    public static func parse(_ text: String, known: Set<String>, maximumDepth: Int = 32) throws -> SceneExpression {
        var p = Parser(chars: Array(text), known: known, maximumDepth: maximumDepth)
        p.skipSpaces()
        guard p.index < p.chars.count else { throw Diagnostic("the expression is empty") }
        let e = try p.sum(depth: 0)
        p.skipSpaces()
        if p.index < p.chars.count { throw Diagnostic("unexpected '\(p.chars[p.index])' at character \(p.index + 1)") }
        return e
    }

    private struct Parser {
        let chars: [Character]
        let known: Set<String>
        let maximumDepth: Int
        var index = 0

        mutating func skipSpaces() { while index < chars.count && chars[index] == " " { index += 1 } }

        mutating func sum(depth: Int) throws -> SceneExpression {
            var e = try product(depth: depth)
            while true {
                skipSpaces()
                guard index < chars.count, chars[index] == "+" || chars[index] == "-" else { return e }
                let op = chars[index]; index += 1
                e = .binary(op, e, try product(depth: depth))
            }
        }

        mutating func product(depth: Int) throws -> SceneExpression {
            var e = try unary(depth: depth)
            while true {
                skipSpaces()
                guard index < chars.count, chars[index] == "*" || chars[index] == "/" else { return e }
                let op = chars[index]; index += 1
                e = .binary(op, e, try unary(depth: depth))
            }
        }

        mutating func unary(depth: Int) throws -> SceneExpression {
            guard depth < maximumDepth else { throw Diagnostic("the expression is nested too deeply") }
            skipSpaces()
            guard index < chars.count else { throw Diagnostic("the expression ends where a number or a name was expected") }
            let c = chars[index]
            if c == "-" { index += 1; return .negate(try unary(depth: depth + 1)) }
            if c == "+" { index += 1; return try unary(depth: depth + 1) }
            if c == "(" {
                index += 1
                let e = try sum(depth: depth + 1)
                skipSpaces()
                guard index < chars.count, chars[index] == ")" else { throw Diagnostic("a '(' is not closed") }
                index += 1
                return e
            }
            if c.isASCII && (c.isNumber || c == ".") {
                let start = index
                while index < chars.count, chars[index].isASCII, chars[index].isNumber || chars[index] == "." { index += 1 }
                // An exponent, 1e-3, only right after digits.
                if index < chars.count, chars[index] == "e" || chars[index] == "E" {
                    var j = index + 1
                    if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
                    if j < chars.count, chars[j].isASCII, chars[j].isNumber {
                        index = j
                        while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1 }
                    }
                }
                let text = String(chars[start..<index])
                guard let v = Double(text), v.isFinite, text.filter({ $0 == "." }).count <= 1 else {
                    throw Diagnostic("'\(text)' is not a number")
                }
                return .constant(v)
            }
            if c.isLetter || c == "_" {
                let start = index
                while index < chars.count, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" { index += 1 }
                let name = String(chars[start..<index])
                guard known.contains(name) else {
                    let close = closestNames(to: name, in: known)
                    let hint = close.isEmpty ? "" : "; did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?"
                    let all = known.sorted().joined(separator: ", ")
                    throw Diagnostic("unknown name '\(name)' in the expression\(hint) (names here: \(all.isEmpty ? "none" : all))")
                }
                return .variable(name)
            }
            throw Diagnostic("unexpected '\(c)' at character \(index + 1)")
        }
    }
}

/// Names a spelling or two away from `name`, for did-you-mean.
func closestNames(to name: String, in candidates: some Sequence<String>) -> [String] {
    AnimationError.closest(to: name, in: Array(candidates))
}
