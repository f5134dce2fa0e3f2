import Foundation

/// CGPath as a value: subpaths of moves, lines, quadratic and cubic Béziers and closes.
/// Arcs, rectangles, rounded rectangles and ellipses are stored as the lines and cubic
/// curves they are made of, as CGPath stores them, so two paths built by the same calls
/// have the same structure and can be interpolated point by point (`path` animations).
public struct Path: Hashable, Sendable, CustomStringConvertible {
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case closeSubpath

        /// The points, control points first, the end point last.
        public var points: [Point] {
            switch self {
            case .move(let p), .line(let p): return [p]
            case .quadCurve(let p, let c): return [c, p]
            case .curve(let p, let c1, let c2): return [c1, c2, p]
            case .closeSubpath: return []
            }
        }

        /// The same kind of element through `f`'s points (given in `points`' order).
        func mapped(_ f: (Point) -> Point) -> Element {
            switch self {
            case .move(let p): return .move(to: f(p))
            case .line(let p): return .line(to: f(p))
            case .quadCurve(let p, let c): return .quadCurve(to: f(p), control: f(c))
            case .curve(let p, let c1, let c2): return .curve(to: f(p), control1: f(c1), control2: f(c2))
            case .closeSubpath: return .closeSubpath
            }
        }

        /// 0 move, 1 line, 2 quad, 3 cubic, 4 close: what two paths must share to interpolate.
        var kind: UInt8 {
            switch self {
            case .move: return 0
            case .line: return 1
            case .quadCurve: return 2
            case .curve: return 3
            case .closeSubpath: return 4
            }
        }
    }

    public private(set) var elements: [Element] = []
    /// Where the next element starts; nil in an empty path (CGPath's `currentPoint` is then .zero).
    public private(set) var currentPoint: Point?
    /// The start of the subpath being built: where `closeSubpath` returns to.
    private var subpathStart: Point?

    public init() {}

    public init(elements: [Element]) {
        for e in elements { append(e) }
    }

    public var isEmpty: Bool { elements.isEmpty }

    public var description: String { "Path(\(elements.count) elements)" }

    /// The kinds of the elements in order: paths of one structure interpolate point by point.
    public var structure: [UInt8] { elements.map(\.kind) }

    /// Every point of every element in order (the components a `path` animation interpolates).
    public var points: [Point] { elements.flatMap(\.points) }

    /// A path of this one's structure with `points` (as many as `self.points` has).
    public func with(points: [Point]) -> Path {
        var i = 0
        return Path(elements: elements.map { e in e.mapped { _ in defer { i += 1 }; return points[i] } })
    }

    private mutating func append(_ e: Element) {
        switch e {
        case .move(let p): subpathStart = p; currentPoint = p
        case .closeSubpath: currentPoint = subpathStart
        default:
            // CGPath starts a subpath at the end point when nothing was moved to; here a
            // line or curve with no current point begins with an implicit move to (0, 0)'s
            // stand-in, its own start, so the path stays well formed.
            if currentPoint == nil { append(.move(to: e.points.last!)) }
            currentPoint = e.points.last
        }
        elements.append(e)
    }

    // MARK: CGPath's building operations

    public mutating func move(to p: Point) { append(.move(to: p)) }
    public mutating func addLine(to p: Point) { append(.line(to: p)) }
    public mutating func addQuadCurve(to p: Point, control c: Point) { append(.quadCurve(to: p, control: c)) }
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        append(.curve(to: p, control1: c1, control2: c2))
    }
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        append(.closeSubpath)
    }

    /// CGPath's `addLines(between:)`: a move to the first point, lines to the others.
    public mutating func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// CGPath's `addRect`: a closed subpath from the origin along x first, as CGPath winds it.
    public mutating func addRect(_ r: Rect) {
        addLines(between: [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)])
        closeSubpath()
    }

    /// CGPath's `addEllipse(in:)`: four quarter cubics starting at the right-most point,
    /// winding towards increasing y as CGPath does.
    public mutating func addEllipse(in r: Rect) {
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(to: Point(cx + rx, cy))
        appendArc(cx: cx, cy: cy, rx: rx, ry: ry, from: 0, sweep: 2 * .pi)
        closeSubpath()
    }

    /// CGPath's `addRoundedRect(in:cornerWidth:cornerHeight:)`: corner radii clamped to
    /// half the sides (CGPath rejects larger ones; clamping draws what UIKit shows).
    public mutating func addRoundedRect(in r: Rect, cornerWidth: Double, cornerHeight: Double) {
        let rx = min(max(0, cornerWidth), r.width / 2), ry = min(max(0, cornerHeight), r.height / 2)
        guard rx > 0, ry > 0 else { addRect(r); return }
        move(to: Point(r.maxX - rx, r.minY))
        appendArc(cx: r.maxX - rx, cy: r.minY + ry, rx: rx, ry: ry, from: -.pi / 2, sweep: .pi / 2)
        addLine(to: Point(r.maxX, r.maxY - ry))
        appendArc(cx: r.maxX - rx, cy: r.maxY - ry, rx: rx, ry: ry, from: 0, sweep: .pi / 2)
        addLine(to: Point(r.minX + rx, r.maxY))
        appendArc(cx: r.minX + rx, cy: r.maxY - ry, rx: rx, ry: ry, from: .pi / 2, sweep: .pi / 2)
        addLine(to: Point(r.minX, r.minY + ry))
        appendArc(cx: r.minX + rx, cy: r.minY + ry, rx: rx, ry: ry, from: .pi, sweep: .pi / 2)
        addLine(to: Point(r.maxX - rx, r.minY))
        closeSubpath()
    }

    /// CGPath's `addArc(center:radius:startAngle:endAngle:clockwise:)`. Angles go from +x
    /// towards +y; as in CGPath, `clockwise` means decreasing angle, which on iOS's y-down
    /// screen turns counterclockwise (UIBezierPath's `clockwise` is the opposite).
    /// A line joins the current point to the arc's start, or a move begins it.
    public mutating func addArc(center c: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        // Measured in the direction of travel, wrapped into 0..<2π; a difference of a
        // whole turn or more draws the full circle, as CGPath does.
        let full = 2 * Double.pi
        var sweep = (endAngle - startAngle) * (clockwise ? -1 : 1)
        if sweep >= full { sweep = full } else if sweep < 0 {
            sweep = sweep.truncatingRemainder(dividingBy: full)
            if sweep < 0 { sweep += full }
        }
        if clockwise { sweep = -sweep }
        let start = Point(c.x + radius * cos(startAngle), c.y + radius * sin(startAngle))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        appendArc(cx: c.x, cy: c.y, rx: radius, ry: radius, from: startAngle, sweep: sweep)
    }

    /// CGPath's `addArc(tangent1End:tangent2End:radius:)`: a line from the current point
    /// towards `t1` and an arc of `radius` tangent to both (current→t1) and (t1→t2).
    /// Collinear points or a zero radius give a line to `t1`, as CGPath does.
    public mutating func addArc(tangent1End t1: Point, tangent2End t2: Point, radius: Double) {
        guard let p0 = currentPoint else { move(to: t1); return }
        let ax = p0.x - t1.x, ay = p0.y - t1.y, bx = t2.x - t1.x, by = t2.y - t1.y
        let la = (ax * ax + ay * ay).squareRoot(), lb = (bx * bx + by * by).squareRoot()
        let cross = ax * by - ay * bx
        guard radius > 0, la > 0, lb > 0, abs(cross) > 1e-12 * la * lb else { addLine(to: t1); return }
        let cosTheta = max(-1, min(1, (ax * bx + ay * by) / (la * lb)))
        let theta = acos(cosTheta) // angle at t1 between the two legs
        let d = radius / tan(theta / 2) // t1 to each tangent point
        let ua = Point(ax / la, ay / la), ub = Point(bx / lb, by / lb)
        let s = Point(t1.x + ua.x * d, t1.y + ua.y * d)
        let e = Point(t1.x + ub.x * d, t1.y + ub.y * d)
        // The centre lies along the bisector, radius / sin(theta / 2) from t1.
        let bisx = ua.x + ub.x, bisy = ua.y + ub.y, bl = (bisx * bisx + bisy * bisy).squareRoot()
        let h = radius / sin(theta / 2)
        let c = Point(t1.x + bisx / bl * h, t1.y + bisy / bl * h)
        let a0 = atan2(s.y - c.y, s.x - c.x), a1 = atan2(e.y - c.y, e.x - c.x)
        var sweep = a1 - a0
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        addLine(to: s)
        appendArc(cx: c.x, cy: c.y, rx: radius, ry: radius, from: a0, sweep: sweep)
    }

    /// An elliptical arc from the current point (at angle `from`) as cubics of at most a
    /// quarter turn each, control arms 4/3 tan(θ/4) of the radius (exact at the ends).
    mutating func appendArc(cx: Double, cy: Double, rx: Double, ry: Double, from a0: Double, sweep: Double) {
        guard sweep != 0 else { return }
        let n = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = a0
        for i in 0..<n {
            let b = i == n - 1 ? a0 + sweep : a + step
            let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
            addCurve(to: Point(cx + rx * cb, cy + ry * sb),
                     control1: Point(cx + rx * (ca - k * sa), cy + ry * (sa + k * ca)),
                     control2: Point(cx + rx * (cb + k * sb), cy + ry * (sb - k * cb)))
            a = b
        }
    }

    /// Elements appended as they are: a line or curve first continues the current subpath
    /// (CGPath joining an arc to the current point), where a path of its own would begin
    /// with a move.
    public mutating func append(contentsOf elements: [Element]) {
        for e in elements { append(e) }
    }

    /// Another path's elements appended (CGPath's `addPath`).
    public mutating func addPath(_ other: Path) {
        for e in other.elements { append(e) }
    }

    // MARK: Transformed copies

    /// CGPath's `copy(using:)` with an affine transform: `t`'s 2D part (m11, m12, m21,
    /// m22, m41, m42: CGAffineTransform's a, b, c, d, tx, ty) applied to every point.
    public func applying(_ t: Transform3D) -> Path {
        Path(elements: elements.map { $0.mapped { p in
            Point(p.x * t.m11 + p.y * t.m21 + t.m41, p.x * t.m12 + p.y * t.m22 + t.m42)
        } })
    }

    /// The smallest rectangle holding every point, control points included
    /// (CGPath's `boundingBox`); `.zero` for an empty path.
    public var boundingBox: Rect {
        let ps = points
        guard let f = ps.first else { return .zero }
        var minX = f.x, minY = f.y, maxX = f.x, maxY = f.y
        for p in ps { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Path {
    public static func rect(_ r: Rect) -> Path { var p = Path(); p.addRect(r); return p }
    public static func ellipse(in r: Rect) -> Path { var p = Path(); p.addEllipse(in: r); return p }
    public static func roundedRect(_ r: Rect, cornerWidth: Double, cornerHeight: Double) -> Path {
        var p = Path(); p.addRoundedRect(in: r, cornerWidth: cornerWidth, cornerHeight: cornerHeight); return p
    }
}
