import Foundation

/// A path as straight lines: what arc length, `strokeStart`/`strokeEnd` trimming and a
/// rasterizer need. Curves are cut into equal parameter steps, as many as keep the chord
/// within `tolerance` of the curve (the bound from the second derivative: deviation <=
/// max|B''| / (8 n²)).
public struct Polyline: Hashable, Sendable {
    public var points: [Point]
    /// A closed subpath: the last point joins the first (a join, not two caps, when stroked).
    public var isClosed: Bool

    public init(points: [Point], isClosed: Bool) { self.points = points; self.isClosed = isClosed }

    /// The length along the points, the closing segment included when closed.
    public var length: Double {
        var total = 0.0
        for (a, b) in segments { total += distance(a, b) }
        return total
    }

    var segments: [(Point, Point)] {
        var s = zip(points, points.dropFirst()).map { ($0, $1) }
        if isClosed, let f = points.first, let l = points.last, f != l { s.append((l, f)) }
        return s
    }
}

func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

extension Path {
    /// Each subpath as a polyline, curves within `tolerance` (in the path's units).
    public func flattened(tolerance: Double = 0.05) -> [Polyline] {
        let tol = max(tolerance, 1e-6)
        var lines: [Polyline] = []
        var current: [Point] = []
        func finish(closed: Bool) {
            if !current.isEmpty { lines.append(Polyline(points: current, isClosed: closed)) }
            current = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish(closed: false)
                current = [p]
            case .line(let p):
                current.append(p)
            case .quadCurve(let p, let c):
                let p0 = current.last ?? p
                let m = hypot(p0.x - 2 * c.x + p.x, p0.y - 2 * c.y + p.y) * 2
                let n = Path.steps(m, tol)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(Point(u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                         u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .curve(let p, let c1, let c2):
                let p0 = current.last ?? p
                let m = 6 * max(hypot(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y),
                                hypot(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y))
                let n = Path.steps(m, tol)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(Point(a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                         a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .closeSubpath:
                let start = current.first
                finish(closed: true)
                // CGPath: after a close the current point is the subpath's start.
                if let s = start { current = [s] }
            }
        }
        // A lone point left by a close starts nothing.
        if current.count > 1 { finish(closed: false) }
        return lines
    }

    /// Steps for a curve whose second derivative is at most `m`; at most 1024.
    private static func steps(_ m: Double, _ tol: Double) -> Int {
        guard m.isFinite, m > 0 else { return 1 }
        return min(1024, max(1, Int((m / (8 * tol)).squareRoot().rounded(.up))))
    }

    /// The arc length of every subpath together (closing segments included).
    public func length(tolerance: Double = 0.05) -> Double {
        flattened(tolerance: tolerance).reduce(0) { $0 + $1.length }
    }

    /// CAShapeLayer's `strokeStart`/`strokeEnd`: the part of the path between those
    /// fractions of its whole length (all subpaths end to end), as open polylines; the
    /// untrimmed path (0...1) keeps its closed subpaths closed. Fractions are clamped to
    /// 0...1; start >= end gives nothing.
    public func trimmed(from start: Double, to end: Double, tolerance: Double = 0.05) -> [Polyline] {
        trimmedPieces(from: start, to: end, tolerance: tolerance).map(\.line)
    }

    /// A part of a trimmed path, and how far along its own subpath it begins: a dash
    /// pattern is laid from each subpath's start, so a stroke cut by `strokeStart` keeps
    /// its dashes where the whole path has them (they do not slide as the ends move).
    public struct TrimmedPiece: Hashable, Sendable {
        public var line: Polyline
        public var distanceIntoSubpath: Double
    }

    /// `trimmed(from:to:)` with each piece's distance into its subpath.
    public func trimmedPieces(from start: Double, to end: Double, tolerance: Double = 0.05) -> [TrimmedPiece] {
        let lines = flattened(tolerance: tolerance)
        let s = min(1, max(0, start)), e = min(1, max(0, end))
        if s <= 0 && e >= 1 { return lines.map { TrimmedPiece(line: $0, distanceIntoSubpath: 0) } }
        guard s < e else { return [] }
        let total = lines.reduce(0) { $0 + $1.length }
        guard total > 0 else { return [] }
        let from = s * total, to = e * total
        var result: [TrimmedPiece] = []
        var walked = 0.0
        for line in lines {
            let subpathStart = walked
            var piece: [Point] = []
            var pieceStart = 0.0
            for (a, b) in line.segments {
                let len = distance(a, b)
                let a0 = walked, a1 = walked + len
                walked = a1
                guard a1 > from, a0 < to, len > 0 else { continue }
                let t0 = max(0, (from - a0) / len), t1 = min(1, (to - a0) / len)
                let p0 = Point(a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0)
                let p1 = Point(a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1)
                if piece.isEmpty { piece.append(p0); pieceStart = a0 + t0 * len - subpathStart }
                piece.append(p1)
            }
            if piece.count > 1 {
                result.append(TrimmedPiece(line: Polyline(points: piece, isClosed: false), distanceIntoSubpath: pieceStart))
            }
        }
        return result
    }
}
