import StrataModel

/// Colours by name, as UIKit spells them: UIColor's class colours and iOS's system
/// colours (their light-mode values, from the Swift API's one table: `SystemColor.all`).
enum SceneColors {
    static let named: [(String, Color)] = [
        ("clear", .clear), ("black", .black), ("white", .white), ("darkGray", .darkGray), ("lightGray", .lightGray),
        ("gray", .gray), ("red", .red), ("green", .green), ("blue", .blue), ("cyan", .cyan), ("yellow", .yellow),
        ("magenta", .magenta), ("orange", .orange), ("purple", .purple), ("brown", .brown),
    ] + SystemColor.all.map { ($0.name, $0.light) }

    static var names: [String] { named.map(\.0) }
}

extension Field {
    /// `"#RRGGBB"`, `"#RRGGBBAA"` (or `#RGB`, `#RGBA`), a UIKit name, `{"white": W, "alpha": A}` or
    /// `{"red": R, "green": G, "blue": B, "alpha": A}` (components 0...1; alpha defaults to 1).
    func color(_ scope: Scope) throws -> Template<Color> {
        switch node.value {
        case .string(let s) where s.hasPrefix("#"):
            // CSS's short forms too: #RGB and #RGBA double each digit (#F80 is #FF8800).
            var hex = Array(s.dropFirst())
            if hex.count == 3 || hex.count == 4 { hex = hex.flatMap { [$0, $0] } }
            guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let v = UInt32(String(hex), radix: 16) else {
                throw error("expected a colour #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got \(node.described)")
            }
            let c: Color
            if hex.count == 6 {
                c = Color(r8: Int(v >> 16 & 0xFF), g8: Int(v >> 8 & 0xFF), b8: Int(v & 0xFF))
            } else {
                c = Color(r8: Int(v >> 24 & 0xFF), g8: Int(v >> 16 & 0xFF), b8: Int(v >> 8 & 0xFF), alpha: Double(v & 0xFF) / 255)
            }
            return .constant(c)
        case .string:
            return .constant(try choice(SceneColors.named, what: "colour name"))
        case .object:
            let o = try object(allowing: ["white", "red", "green", "blue", "alpha"], what: "a colour")
            func component(_ key: String, _ fallback: Double?) throws -> SceneNumber? {
                guard let f = o[key] else { return fallback.map { .constant($0) } }
                return try f.number(scope)
            }
            let alpha = try component("alpha", 1)!
            if let white = try component("white", nil) {
                if o["red"] != nil || o["green"] != nil || o["blue"] != nil {
                    throw error("a colour is either {\"white\", \"alpha\"} or {\"red\", \"green\", \"blue\", \"alpha\"}, not both")
                }
                return Template(variables: white.variables.union(alpha.variables)) { env in
                    Color(white: try white.value(env), alpha: try alpha.value(env))
                }
            }
            guard let r = try component("red", nil), let g = try component("green", nil), let b = try component("blue", nil) else {
                throw error("a colour object needs \"white\", or \"red\", \"green\" and \"blue\"")
            }
            return Template(variables: [r, g, b, alpha].reduce(into: Set<String>()) { $0.formUnion($1.variables) }) { env in
                Color(red: try r.value(env), green: try g.value(env), blue: try b.value(env), alpha: try alpha.value(env))
            }
        default:
            throw expected("a colour (\"#RRGGBB\", \"#RRGGBBAA\", a name such as \"systemBlue\", or {\"white\": 1, \"alpha\": 0.5})")
        }
    }

    /// A transform: 16 numbers (m11 m12 ... m44, row by row, as CATransform3D lays them
    /// out), or a list of operations, each composed as CATransform3DTranslate/Rotate/
    /// Scale compose (the new operation acts on the layer first): `{"perspective": D}`
    /// (m34 = -1/D), `{"rotate": [DEGREES, X, Y, Z]}`, `{"translate": [X, Y, Z]}`,
    /// `{"scale": [X, Y, Z]}` (or one number for all three).
    func transform(_ scope: Scope) throws -> Template<Transform3D> {
        guard case .array(let items) = node.value else {
            throw expected("a transform (a list of operations such as {\"rotate\": [30, 0, 1, 0]}, or 16 numbers)")
        }
        if !items.isEmpty, items.allSatisfy({ if case .object = $0.value { return false } else { return true } }) {
            let numbers = try array(count: 16...16, what: "a matrix").map { try $0.number(scope) }
            return Template(variables: numbers.reduce(into: Set<String>()) { $0.formUnion($1.variables) }) { env in
                Transform3D(elements: try numbers.map { try $0.value(env) })
            }
        }
        typealias Op = @Sendable (Transform3D, [String: Double]) throws -> Transform3D
        var ops: [Op] = []
        var variables = Set<String>()
        for f in try array() {
            let o = try f.object(allowing: ["perspective", "rotate", "translate", "scale"], what: "a transform operation")
            guard o.keys.count == 1, let key = o.keys.first, let arg = o[key] else {
                throw f.error("a transform operation has one key (perspective, rotate, translate or scale), got \(o.keys.count)")
            }
            switch key {
            case "perspective":
                let d = try arg.number(scope)
                variables.formUnion(d.variables)
                ops.append { t, env in
                    let distance = try d.value(env)
                    guard distance != 0 else { throw arg.error("the perspective distance must not be 0") }
                    var p = Transform3D.identity
                    p.m34 = -1 / distance
                    return p.concatenating(t)
                }
            case "rotate":
                let a = try arg.array(count: 4...4, what: "[degrees, x, y, z]").map { try $0.number(scope) }
                a.forEach { variables.formUnion($0.variables) }
                ops.append { t, env in
                    t.rotated(Transform3D.degrees(try a[0].value(env)), try a[1].value(env), try a[2].value(env), try a[3].value(env))
                }
            case "translate":
                let a = try arg.array(count: 2...3, what: "[x, y, z]").map { try $0.number(scope) }
                a.forEach { variables.formUnion($0.variables) }
                ops.append { t, env in
                    t.translated(try a[0].value(env), try a[1].value(env), a.count > 2 ? try a[2].value(env) : 0)
                }
            default:
                if case .array = arg.node.value {
                    let a = try arg.array(count: 2...3, what: "[x, y, z]").map { try $0.number(scope) }
                    a.forEach { variables.formUnion($0.variables) }
                    ops.append { t, env in
                        t.scaled(try a[0].value(env), try a[1].value(env), a.count > 2 ? try a[2].value(env) : 1)
                    }
                } else {
                    let s = try arg.number(scope)
                    variables.formUnion(s.variables)
                    ops.append { t, env in let v = try s.value(env); return t.scaled(v, v, v) }
                }
            }
        }
        let operations = ops
        return Template(variables: variables) { env in
            var t = Transform3D.identity
            for op in operations { t = try op(t, env) }
            return t
        }
    }

    func point(_ scope: Scope) throws -> Template<Point> {
        let n = try array(count: 2...2, what: "[x, y]").map { try $0.number(scope) }
        return Template(variables: n[0].variables.union(n[1].variables)) { env in Point(x: try n[0].value(env), y: try n[1].value(env)) }
    }

    func size(_ scope: Scope) throws -> Template<Size> {
        let n = try array(count: 2...2, what: "[width, height]").map { try $0.number(scope) }
        return Template(variables: n[0].variables.union(n[1].variables)) { env in Size(width: try n[0].value(env), height: try n[1].value(env)) }
    }

    func rect(_ scope: Scope) throws -> Template<Rect> {
        let n = try array(count: 4...4, what: "[x, y, width, height]").map { try $0.number(scope) }
        return Template(variables: n.reduce(into: Set<String>()) { $0.formUnion($1.variables) }) { env in
            Rect(x: try n[0].value(env), y: try n[1].value(env), width: try n[2].value(env), height: try n[3].value(env))
        }
    }

    func numberTemplate(_ scope: Scope) throws -> Template<Double> {
        let n = try number(scope)
        return Template(variables: n.variables) { env in try n.value(env) }
    }

    func numbers(_ scope: Scope, maxCount: Int) throws -> Template<[Double]> {
        let items = try array()
        guard items.count <= maxCount else { throw error("at most \(maxCount) numbers, got \(items.count)") }
        let n = try items.map { try $0.number(scope) }
        return Template(variables: n.reduce(into: Set<String>()) { $0.formUnion($1.variables) }) { env in try n.map { try $0.value(env) } }
    }

    func colors(_ scope: Scope, maxCount: Int) throws -> Template<[Color]> {
        let items = try array()
        guard items.count <= maxCount else { throw error("at most \(maxCount) colours, got \(items.count)") }
        let c = try items.map { try $0.color(scope) }
        return Template(variables: c.reduce(into: Set<String>()) { $0.formUnion($1.variables) }) { env in try c.map { try $0.value(env) } }
    }
}

/// A value of the file, made when the scene is (expressions evaluated then), with the
/// variables it reads, so a change of an option it depends on can make it again.
struct Template<Value>: @unchecked Sendable {
    let variables: Set<String>
    let make: @Sendable ([String: Double]) throws -> Value

    init(variables: Set<String>, make: @escaping @Sendable ([String: Double]) throws -> Value) {
        self.variables = variables; self.make = make
    }

    static func constant(_ v: Value) -> Template<Value> {
        let box = UncheckedBox(v)
        return Template(variables: []) { _ in box.value }
    }

    func value(_ env: [String: Double]) throws -> Value { try make(env) }

    func map<T>(_ f: @escaping @Sendable (Value) -> T) -> Template<T> {
        Template<T>(variables: variables) { env in f(try self.make(env)) }
    }
}

/// Values that are immutable once read (colours, images) carried into Sendable closures.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
