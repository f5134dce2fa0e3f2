/// CAMediaTimingFunction: a cubic Bézier from (0, 0) to (1, 1) through two control
/// points, mapping the fraction of a duration that has passed (x) to the fraction of the
/// change that has happened (y).
///
/// The solver follows WebKit's UnitBezier: Newton steps on x(t) from t = x, and when they
/// stall (a flat derivative) bisection, both to within `epsilon` in x (1e-6 by default).
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// CAMediaTimingFunctionName.
    public enum Name: String, CaseIterable, Sendable {
        case linear, easeIn, easeOut, easeInEaseOut
        /// The curve of Core Animation's implicit animations.
        case `default`
    }

    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// A control point's x outside 0...1 would make time run backwards; non-finite
        /// numbers have no curve.
        case invalidControlPoints(Double, Double, Double, Double)

        public var description: String {
            switch self {
            case let .invalidControlPoints(x1, y1, x2, y2):
                return "timing function control points (\(x1), \(y1)) (\(x2), \(y2)): x must be in 0...1 and every value finite"
            }
        }
    }

    /// The first control point (index 1 of CAMediaTimingFunction's four).
    public let c1: Point
    /// The second control point (index 2).
    public let c2: Point

    // Polynomial coefficients of x(t) and y(t) = ((a t + b) t + c) t.
    private let ax, bx, cx, ay, by, cy: Double

    public static let linear = TimingFunction(unchecked: 0, 0, 1, 1)
    public static let easeIn = TimingFunction(unchecked: 0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(unchecked: 0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(unchecked: 0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction(unchecked: 0.25, 0.1, 0.25, 1)

    public init(name: Name) {
        switch name {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInEaseOut: self = .easeInEaseOut
        case .default: self = .default
        }
    }

    /// `functionWithControlPoints::::`. y may leave 0...1 (overshoot); x may not.
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else {
            throw Error.invalidControlPoints(x1, y1, x2, y2)
        }
        self.init(unchecked: x1, y1, x2, y2)
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        c1 = Point(x: x1, y: y1)
        c2 = Point(x: x2, y: y2)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// `getControlPointAtIndex:values:`: 0 is (0, 0), 3 is (1, 1).
    public func controlPoint(at index: Int) -> Point {
        switch index {
        case 0: return .zero
        case 1: return c1
        case 2: return c2
        case 3: return Point(x: 1, y: 1)
        default: preconditionFailure("a timing function has control points 0...3, not \(index)")
        }
    }

    public var isLinear: Bool { c1.x == c1.y && c2.x == c2.y }

    /// The eased fraction at `x` (clamped to 0...1): y(t) where x(t) = x.
    public func solve(_ x: Double, epsilon: Double = 1e-6) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        return sampleY(solveT(x, epsilon: epsilon))
    }

    public func callAsFunction(_ x: Double) -> Double { solve(x) }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter t with x(t) = x, to within epsilon.
    func solveT(_ x: Double, epsilon: Double) -> Double {
        // Newton's method converges in a few steps where the curve is not flat in x.
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let d = derivativeX(t)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        // Bisection always converges: x(t) is monotonic on 0...1 when x1, x2 are in 0...1.
        var lo = 0.0, hi = 1.0
        t = x
        while lo < hi {
            let value = sampleX(t)
            if abs(value - x) < epsilon { return t }
            if x > value { lo = t } else { hi = t }
            let next = (hi - lo) * 0.5 + lo
            if next == t { break }
            t = next
        }
        return t
    }

    public var description: String {
        for name in Name.allCases where TimingFunction(name: name) == self { return "TimingFunction.\(name.rawValue)" }
        return "TimingFunction(\(c1.x), \(c1.y), \(c2.x), \(c2.y))"
    }

    public static func == (a: TimingFunction, b: TimingFunction) -> Bool { a.c1 == b.c1 && a.c2 == b.c2 }
    public func hash(into h: inout Hasher) { h.combine(c1); h.combine(c2) }
}

extension TimingFunction.Error: DiagnosticConvertible {}
