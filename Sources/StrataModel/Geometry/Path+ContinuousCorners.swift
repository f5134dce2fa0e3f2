/// The rounded rectangle UIKit has drawn since iOS 7 (`UIBezierPath(roundedRect:cornerRadius:)`,
/// and CALayer's `cornerCurve = .continuous`): each corner is not a quarter circle but a
/// curve whose curvature grows gradually, leaving the straight side about 1.53 radii from
/// the corner instead of 1. The shape is three cubics per corner (an easing-in curve, a
/// near-circular middle, an easing-out curve) at fixed multiples of the radius, measured
/// from UIKit's own paths; here they are written once, for one corner in its own frame,
/// and turned onto each corner.
extension Path {
    /// Where the curve leaves the straight side, in radii from the corner.
    public static let continuousCornerExtent = 1.52866483

    /// One corner's outline from the side before it to the side after it, as (u, v): u
    /// radii back along the side arriving at the corner, v radii along the side leaving it.
    /// The corner is symmetric: its second half is its first with u and v swapped, reversed.
    private static let continuousCornerHalf: [(end: (Double, Double), c1: (Double, Double), c2: (Double, Double))] = [
        (end: (0.66993427, 0.06549600), c1: (1.08849323, 0), c2: (0.86840689, 0)),
    ]
    /// The middle curve, from (0.63149399, 0.07491100) to its mirror image.
    private static let continuousCornerMiddle = (start: (0.63149399, 0.07491100), c1: (0.37282392, 0.16905899))

    /// Which corners a per-corner rounded rectangle rounds, in iOS's y-down terms
    /// (UIRectCorner, and CALayer's `maskedCorners` with min/max names).
    public struct Corners: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let topLeft = Corners(rawValue: 1 << 0)
        public static let topRight = Corners(rawValue: 1 << 1)
        public static let bottomLeft = Corners(rawValue: 1 << 2)
        public static let bottomRight = Corners(rawValue: 1 << 3)
        public static let all: Corners = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    }

    /// UIKit's rounded rectangle: starts where the top side leaves the top-left corner and
    /// runs clockwise on screen (towards +x first), as UIBezierPath's does. When the radius
    /// leaves no straight side (1.53 radii past half the shorter side) UIKit draws the short
    /// ends as half circles (a capsule, or a circle for a square), and so does this.
    public mutating func addContinuousRoundedRect(in r: Rect, cornerRadius: Double, corners: Corners = .all) {
        let radius = max(0, cornerRadius), half = min(r.width, r.height) / 2
        guard radius > 0, !corners.isEmpty, r.width > 0, r.height > 0 else { addRect(r); return }
        if radius * Path.continuousCornerExtent > half {
            addCircularRoundedRect(in: r, radius: half, corners: corners)
            return
        }
        // Each corner: the point, the direction the outline arrives in, the one it leaves in.
        let ring: [(Corners, Point, Point, Point)] = [
            (.topRight, Point(r.maxX, r.minY), Point(1, 0), Point(0, 1)),
            (.bottomRight, Point(r.maxX, r.maxY), Point(0, 1), Point(-1, 0)),
            (.bottomLeft, Point(r.minX, r.maxY), Point(-1, 0), Point(0, -1)),
            (.topLeft, Point(r.minX, r.minY), Point(0, -1), Point(1, 0)),
        ]
        let e = Path.continuousCornerExtent
        move(to: Point(r.minX + (corners.contains(.topLeft) ? e * radius : 0), r.minY))
        for (corner, c, arrive, leave) in ring {
            guard corners.contains(corner) else { addLine(to: c); continue }
            let at = { (uv: (Double, Double)) in
                Point(c.x - uv.0 * radius * arrive.x + uv.1 * radius * leave.x,
                      c.y - uv.0 * radius * arrive.y + uv.1 * radius * leave.y)
            }
            let swap = { (uv: (Double, Double)) in (uv.1, uv.0) }
            addLine(to: at((e, 0)))
            for s in Path.continuousCornerHalf { addCurve(to: at(s.end), control1: at(s.c1), control2: at(s.c2)) }
            let m = Path.continuousCornerMiddle
            addLine(to: at(m.start))
            addCurve(to: at(swap(m.start)), control1: at(m.c1), control2: at(swap(m.c1)))
            for s in Path.continuousCornerHalf.reversed() {
                addLine(to: at(swap(s.end)))
                addCurve(to: at((0, e)), control1: at(swap(s.c2)), control2: at(swap(s.c1)))
            }
        }
        closeSubpath()
    }

    /// Quarter circles of `radius` at the chosen corners, the same start and direction.
    public mutating func addCircularRoundedRect(in r: Rect, radius: Double, corners: Corners = .all) {
        let k = min(max(0, radius), min(r.width, r.height) / 2)
        let rx = { (c: Corners) in corners.contains(c) ? k : 0 }
        move(to: Point(r.minX + rx(.topLeft), r.minY))
        addLine(to: Point(r.maxX - rx(.topRight), r.minY))
        appendArc(cx: r.maxX - rx(.topRight), cy: r.minY + rx(.topRight), rx: rx(.topRight), ry: rx(.topRight), from: -.pi / 2, sweep: rx(.topRight) > 0 ? .pi / 2 : 0)
        addLine(to: Point(r.maxX, r.maxY - rx(.bottomRight)))
        appendArc(cx: r.maxX - rx(.bottomRight), cy: r.maxY - rx(.bottomRight), rx: rx(.bottomRight), ry: rx(.bottomRight), from: 0, sweep: rx(.bottomRight) > 0 ? .pi / 2 : 0)
        addLine(to: Point(r.minX + rx(.bottomLeft), r.maxY))
        appendArc(cx: r.minX + rx(.bottomLeft), cy: r.maxY - rx(.bottomLeft), rx: rx(.bottomLeft), ry: rx(.bottomLeft), from: .pi / 2, sweep: rx(.bottomLeft) > 0 ? .pi / 2 : 0)
        addLine(to: Point(r.minX, r.minY + rx(.topLeft)))
        appendArc(cx: r.minX + rx(.topLeft), cy: r.minY + rx(.topLeft), rx: rx(.topLeft), ry: rx(.topLeft), from: .pi, sweep: rx(.topLeft) > 0 ? .pi / 2 : 0)
        closeSubpath()
    }

    public static func continuousRoundedRect(_ r: Rect, cornerRadius: Double, corners: Corners = .all) -> Path {
        var p = Path(); p.addContinuousRoundedRect(in: r, cornerRadius: cornerRadius, corners: corners); return p
    }
}
