import Foundation

/// A keyframe animation's `path` as Core Animation follows it: the first point and the
/// end point of each line or curve are the keyframes; between two keyframes the value
/// runs along the element's own line or curve (at its Bézier parameter); a move-to
/// makes no keyframe of its own, so the value jumps to it at the next segment's start;
/// a close runs straight back to its subpath's start.
///
/// Each segment also keeps its arc length (sampled), for the paced modes, which move at
/// one speed along the whole length, and the tangent, for `rotationMode`.
struct KeyframePath: Sendable {
    /// One line or curve from the keyframe before it to its end point.
    struct Segment: Sendable {
        /// Bézier control points, start first: 2 for a line, 3 for a quad, 4 for a cubic.
        let controls: [Point]
        /// Arc length at `samples` equal parameter steps (the first is 0).
        let lengths: [Double]

        var length: Double { lengths.last ?? 0 }

        init(_ controls: [Point]) {
            self.controls = controls
            let n = controls.count == 2 ? 1 : Segment.samples
            var lengths = [0.0], last = controls[0]
            for i in 1...n {
                let p = Segment.point(controls, Double(i) / Double(n))
                lengths.append(lengths.last! + distance(last, p))
                last = p
            }
            self.lengths = lengths
        }

        /// Steps a curve's length is sampled at: a quarter circle's length is then
        /// within 1e-6 of its own.
        static let samples = 256

        func point(at t: Double) -> Point { Segment.point(controls, t) }

        static func point(_ c: [Point], _ t: Double) -> Point {
            let u = 1 - t
            switch c.count {
            case 2: return Point(u * c[0].x + t * c[1].x, u * c[0].y + t * c[1].y)
            case 3:
                return Point(u * u * c[0].x + 2 * u * t * c[1].x + t * t * c[2].x,
                             u * u * c[0].y + 2 * u * t * c[1].y + t * t * c[2].y)
            default:
                let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t
                return Point(a * c[0].x + b * c[1].x + d * c[2].x + e * c[3].x,
                             a * c[0].y + b * c[1].y + d * c[2].y + e * c[3].y)
            }
        }

        /// The direction of travel at `t`: the derivative, or, where it vanishes (a
        /// control point on an end), the direction to the next distinct control point.
        func tangent(at t: Double) -> Point {
            let c = controls, u = 1 - t
            let d: Point
            switch c.count {
            case 2: d = Point(c[1].x - c[0].x, c[1].y - c[0].y)
            case 3:
                d = Point(2 * u * (c[1].x - c[0].x) + 2 * t * (c[2].x - c[1].x),
                          2 * u * (c[1].y - c[0].y) + 2 * t * (c[2].y - c[1].y))
            default:
                d = Point(3 * u * u * (c[1].x - c[0].x) + 6 * u * t * (c[2].x - c[1].x) + 3 * t * t * (c[3].x - c[2].x),
                          3 * u * u * (c[1].y - c[0].y) + 6 * u * t * (c[2].y - c[1].y) + 3 * t * t * (c[3].y - c[2].y))
            }
            if d.x != 0 || d.y != 0 { return d }
            // Degenerate: the chord from the point towards the far end.
            let from = point(at: t), to = t < 0.5 ? c.last! : c.first!
            return t < 0.5 ? Point(to.x - from.x, to.y - from.y) : Point(from.x - to.x, from.y - to.y)
        }

        /// The parameter at arc length `s` into the segment (linear between samples).
        func parameter(atLength s: Double) -> Double {
            guard length > 0 else { return 0 }
            if s <= 0 { return 0 }
            if s >= length { return 1 }
            var lo = 0, hi = lengths.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if lengths[mid] <= s { lo = mid } else { hi = mid }
            }
            let span = lengths[hi] - lengths[lo]
            let f = span > 0 ? (s - lengths[lo]) / span : 0
            return (Double(lo) + f) / Double(lengths.count - 1)
        }
    }

    /// The keyframes: the path's first point, then each segment's end.
    let keyframes: [Point]
    let segments: [Segment]
    /// Arc length from the start to each keyframe.
    let cumulative: [Double]

    init(_ path: Path) {
        var keyframes: [Point] = [], segments: [Segment] = []
        var current: Point?, subpathStart: Point?
        for e in path.elements {
            switch e {
            case .move(let p):
                if keyframes.isEmpty { keyframes.append(p) }
                current = p
                subpathStart = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                guard let from = current else { continue }
                segments.append(Segment([from] + e.points))
                keyframes.append(p)
                current = p
            case .closeSubpath:
                guard let from = current, let start = subpathStart else { continue }
                segments.append(Segment([from, start]))
                keyframes.append(start)
                current = start
            }
        }
        self.keyframes = keyframes
        self.segments = segments
        var cumulative = [0.0]
        for s in segments { cumulative.append(cumulative.last! + s.length) }
        self.cumulative = cumulative
    }

    var totalLength: Double { cumulative.last ?? 0 }

    /// Where a value and its direction are: segment `i` at parameter `t`.
    struct Place { var segment: Int; var parameter: Double }

    /// The place at arc length `s` from the start (paced modes).
    func place(atLength s: Double) -> Place? {
        guard !segments.isEmpty else { return nil }
        var i = 0
        while i < segments.count - 1 && cumulative[i + 1] < s { i += 1 }
        return Place(segment: i, parameter: segments[i].parameter(atLength: s - cumulative[i]))
    }

    func point(at place: Place) -> Point { segments[place.segment].point(at: place.parameter) }

    /// The tangent's angle in radians (atan2 of y over x: with y down, clockwise on screen,
    /// as a rotation about z turns a layer).
    func angle(at place: Place) -> Double {
        let d = segments[place.segment].tangent(at: place.parameter)
        return atan2(d.y, d.x)
    }
}
