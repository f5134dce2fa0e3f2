import Foundation
import StrataModel

/// SVG path data (`d`), read strictly: M L H V C S Q T A Z, absolute (upper case) and
/// relative (lower case), numbers separated by white space or commas, a command's
/// arguments repeated for more segments (after M they are lines). Anything else is an
/// error naming the character offset and what was expected.
struct SVGPathData {
    private let chars: [Character]
    private var i = 0

    private init(_ s: String) { chars = Array(s) }

    static func parse(_ s: String) throws -> Path {
        var reader = SVGPathData(s)
        return try reader.read()
    }

    private mutating func skipSeparators() {
        while i < chars.count, chars[i] == " " || chars[i] == "\t" || chars[i] == "\n" || chars[i] == "\r" || chars[i] == "," { i += 1 }
    }

    private func fail(_ message: String) -> Diagnostic { Diagnostic("path data, character \(i + 1): \(message)") }

    private mutating func atNumber() -> Bool {
        skipSeparators()
        guard i < chars.count else { return false }
        let c = chars[i]
        return c.isASCII && (c.isNumber || c == "-" || c == "+" || c == ".")
    }

    private mutating func number() throws -> Double {
        skipSeparators()
        let start = i
        if i < chars.count, chars[i] == "-" || chars[i] == "+" { i += 1 }
        var digits = 0
        while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1; digits += 1 }
        if i < chars.count, chars[i] == "." {
            i += 1
            while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1; digits += 1 }
        }
        guard digits > 0 else { i = start; throw fail("expected a number") }
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            i += 1
            if i < chars.count, chars[i] == "-" || chars[i] == "+" { i += 1 }
            var e = 0
            while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1; e += 1 }
            guard e > 0 else { throw fail("expected the exponent's digits") }
        }
        guard let v = Double(String(chars[start..<i])), v.isFinite else { i = start; throw fail("number out of range") }
        return v
    }

    private mutating func flag() throws -> Bool {
        skipSeparators()
        guard i < chars.count, chars[i] == "0" || chars[i] == "1" else { throw fail("expected an arc flag, 0 or 1") }
        defer { i += 1 }
        return chars[i] == "1"
    }

    private mutating func read() throws -> Path {
        var path = Path()
        var current = Point.zero, start = Point.zero
        var lastControl: Point?, lastKind: Character = " "
        skipSeparators()
        guard i < chars.count else { return path }
        guard chars[i] == "M" || chars[i] == "m" else { throw fail("path data starts with M or m") }
        while true {
            skipSeparators()
            guard i < chars.count else { return path }
            let command = chars[i]
            guard "MLHVCSQTAZmlhvcsqtaz".contains(command) else { throw fail("expected a command (M L H V C S Q T A Z), got \"\(command)\"") }
            i += 1
            let relative = command.isLowercase
            let upper = Character(command.uppercased())
            func abs(_ x: Double, _ y: Double) -> Point { relative ? Point(current.x + x, current.y + y) : Point(x, y) }
            if upper == "Z" {
                path.closeSubpath(); current = start; lastControl = nil; lastKind = "Z"
                continue
            }
            var first = true
            repeat {
                switch upper {
                case "M":
                    let p = abs(try number(), try number())
                    if first { path.move(to: p); start = p } else { path.addLine(to: p) }
                    current = p; lastControl = nil
                case "L":
                    let p = abs(try number(), try number()); path.addLine(to: p); current = p; lastControl = nil
                case "H":
                    let x = try number(); let p = Point(relative ? current.x + x : x, current.y)
                    path.addLine(to: p); current = p; lastControl = nil
                case "V":
                    let y = try number(); let p = Point(current.x, relative ? current.y + y : y)
                    path.addLine(to: p); current = p; lastControl = nil
                case "C", "S":
                    let c1: Point
                    if upper == "C" { c1 = abs(try number(), try number()) } else {
                        c1 = (lastKind == "C" || lastKind == "S") ? Point(2 * current.x - lastControl!.x, 2 * current.y - lastControl!.y) : current
                    }
                    let c2 = abs(try number(), try number()), p = abs(try number(), try number())
                    path.addCurve(to: p, control1: c1, control2: c2); current = p; lastControl = c2
                case "Q", "T":
                    let c: Point
                    if upper == "Q" { c = abs(try number(), try number()) } else {
                        c = (lastKind == "Q" || lastKind == "T") ? Point(2 * current.x - lastControl!.x, 2 * current.y - lastControl!.y) : current
                    }
                    let p = abs(try number(), try number())
                    path.addQuadCurve(to: p, control: c); current = p; lastControl = c
                default: // "A"
                    let rx = try number(), ry = try number(), rotation = try number()
                    let large = try flag(), sweep = try flag()
                    let p = abs(try number(), try number())
                    SVGPathData.addArc(&path, from: current, to: p, rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep)
                    current = p; lastControl = nil
                }
                lastKind = upper
                first = false
            } while atNumber()
        }
    }

    /// SVG's endpoint arc (implementation notes F.6: radii scaled up when too small, a
    /// zero radius a line) as cubics through the centre parameterisation.
    static func addArc(_ path: inout Path, from p0: Point, to p1: Point, rx rx0: Double, ry ry0: Double,
                       degrees: Double, large: Bool, sweep: Bool) {
        guard p0 != p1 else { return }
        var rx = Swift.abs(rx0), ry = Swift.abs(ry0)
        guard rx > 0, ry > 0 else { path.addLine(to: p1); return }
        let phi = degrees * .pi / 180, cp = cos(phi), sp = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cp * dx + sp * dy, y1 = -sp * dx + cp * dy
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = max(0, rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1)
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = den > 0 ? (num / den).squareRoot() : 0
        if large == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        let cx = cp * cx1 - sp * cy1 + (p0.x + p1.x) / 2, cy = sp * cx1 + cp * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double) -> Double { atan2(uy, ux) }
        let t1 = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var dt = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - t1
        if sweep && dt < 0 { dt += 2 * .pi } else if !sweep && dt > 0 { dt -= 2 * .pi }
        // An axis-aligned unit-circle arc, then scaled, rotated and moved onto the ellipse.
        var unit = Path()
        unit.addArc(center: .zero, radius: 1, startAngle: t1, endAngle: t1 + dt, clockwise: dt < 0)
        var t = Transform3D.identity
        t.m11 = rx * cp; t.m12 = rx * sp; t.m21 = -ry * sp; t.m22 = ry * cp; t.m41 = cx; t.m42 = cy
        for e in unit.applying(t).elements.dropFirst() {
            if case .curve(let p, let c1, let c2) = e { path.addCurve(to: p, control1: c1, control2: c2) }
        }
    }
}
