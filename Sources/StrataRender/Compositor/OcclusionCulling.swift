import StrataModel

/// A rectangle of whole output pixels, half-open: columns x0..<x1, rows y0..<y1, y down
/// from the top (which is also GL's window space here: pixel row 0 is GL's row 0).
public struct PixelRect: Equatable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    public var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    public var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

    func intersects(_ o: PixelRect) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
    func contains(_ o: PixelRect) -> Bool { x0 <= o.x0 && y0 <= o.y0 && o.x1 <= x1 && o.y1 <= y1 }

    /// What is left of this rectangle outside `o`: up to four bands (above, below, then
    /// left and right of `o` between them).
    func subtracting(_ o: PixelRect) -> [PixelRect] {
        guard intersects(o) else { return [self] }
        var out: [PixelRect] = []
        if y0 < o.y0 { out.append(PixelRect(x0: x0, y0: y0, x1: x1, y1: o.y0)) }
        if o.y1 < y1 { out.append(PixelRect(x0: x0, y0: o.y1, x1: x1, y1: y1)) }
        let top = max(y0, o.y0), bottom = min(y1, o.y1)
        if x0 < o.x0 { out.append(PixelRect(x0: x0, y0: top, x1: o.x0, y1: bottom)) }
        if o.x1 < x1 { out.append(PixelRect(x0: o.x1, y0: top, x1: x1, y1: bottom)) }
        return out
    }
}

/// How much of a draw can change the frame.
public enum DrawVisibility: Equatable, Sendable {
    /// Drawn as it is.
    case whole
    /// Every pixel it could touch is outside the frame or painted over by an opaque draw
    /// later in the same target: skipped.
    case hidden
    /// Only these rectangles can show: the draw is issued once per rectangle, scissored.
    case pieces([PixelRect])
}

/// Occlusion and viewport culling of a draw list, before GL sees it. Walking the list
/// from the last command back, it keeps the pixel rectangles that opaque layer draws
/// already cover (the interior of an opaque fill with opacity 1: background or gradient
/// with alpha 1, border or not, minus the rounded corners and a 3-pixel anti-aliasing
/// rim); a draw that lies wholly under them, or outside the frame, is hidden, and one
/// that lies partly under them is cut to the rectangles left. A covered pixel is written
/// whole by the opaque draw, its blend taking nothing from below (alpha 1), so culling
/// changes no byte of the frame; scissoring keeps each pixel's fragment as it was.
///
/// Groups: the draws inside a group inherit what covers the group's pixels later in the
/// target below (a group is put back pixel for pixel), except a page curl, which moves
/// its pixels; what covers pixels inside a group covers nothing outside it (the group's
/// opacity or mask blends it). Shadows and text never count as cover; text, composites
/// and curls are always drawn whole. A backdrop draw is drawn whole and hides nothing
/// before it: its capture reads the pixels there.
public struct OcclusionCulling {
    /// Covered rectangles kept per target: the largest, so the walk stays linear.
    static let maximumOccluders = 16
    /// A draw cut into more rectangles than this is drawn whole instead.
    static let maximumPieces = 12

    /// One entry per command of `list`. Allocation-free per draw: a frame of many small
    /// layers (a table's cells) pays a few comparisons for each, and only a draw that an
    /// occluder actually overlaps is cut into pieces.
    public static func visibility(of list: DrawList) -> [DrawVisibility] {
        let frame = PixelRect(x0: 0, y0: 0, x1: list.pixelWidth, y1: list.pixelHeight)
        var result = [DrawVisibility](repeating: .whole, count: list.commands.count)
        var covered: [PixelRect] = []
        covered.reserveCapacity(maximumOccluders + 1)
        var outer: [[PixelRect]] = []
        func cover(_ d: LayerDraw) {
            let (a, b) = opaqueRects(d, in: frame)
            if let a { add(a, to: &covered) }
            if let b { add(b, to: &covered) }
        }
        for i in list.commands.indices.reversed() {
            switch list.commands[i] {
            case .layer(let d):
                let v = visibility(of: bounds(of: d.quad, in: frame), frame: frame, covered: covered)
                result[i] = v
                if v != .hidden { cover(d) }
            case .shadow(let d):
                result[i] = visibility(of: bounds(of: d.quad, in: frame), frame: frame, covered: covered)
            case .shadowPath(let d):
                result[i] = visibility(of: bounds(of: d.quad, in: frame), frame: frame, covered: covered)
            case .stack(let d):
                // The last copy's fill is on top: it covers what a single layer would.
                let v = visibility(of: bounds(of: d.quad, in: frame), frame: frame, covered: covered)
                result[i] = v
                if v != .hidden { cover(d.layer) }
            case .endGroup(let composite):
                // Walking backwards, this is where the group's draws begin.
                outer.append(covered)
                // A shadow is made of the group's alpha, which what covers it later does not hide.
                if composite.shadow != nil { covered.removeAll(keepingCapacity: true) }
                if composite.curl != nil { covered.removeAll(keepingCapacity: true) }
            case .endMask:
                // Two groups end here: the mask's, then (walking on) the masked layer's.
                outer.append(covered)
                outer.append(covered)
            case .beginGroup:
                covered = outer.popLast() ?? []
            case .text, .shape:
                // Covers only where its coverage is full, which the list does not know.
                break
            case .backdrop:
                // Its capture reads what every open target holds here: nothing drawn
                // before it may be left out, whatever covers it later.
                covered.removeAll(keepingCapacity: true)
                outer = outer.map { _ in [] }
            }
        }
        return result
    }

    static func visibility(of box: PixelRect?, frame: PixelRect, covered: [PixelRect]) -> DrawVisibility {
        guard let box else { return .whole }
        let clipped = PixelRect(x0: max(box.x0, frame.x0), y0: max(box.y0, frame.y0),
                                x1: min(box.x1, frame.x1), y1: min(box.y1, frame.y1))
        if clipped.isEmpty { return .hidden }
        // Most draws overlap no occluder: settled without building the list of pieces.
        guard covered.contains(where: { $0.intersects(clipped) }) else { return .whole }
        var pieces = [clipped]
        var cut = false
        for o in covered where o.intersects(clipped) {
            var next: [PixelRect] = []
            for p in pieces { next += p.subtracting(o) }
            if next.isEmpty { return .hidden }
            if next.count > maximumPieces { break }
            if next != pieces { cut = true; pieces = next }
        }
        return cut ? .pieces(pieces) : .whole
    }

    /// Keeps the largest covered rectangles, dropping any inside another.
    static func add(_ r: PixelRect, to covered: inout [PixelRect]) {
        guard !r.isEmpty else { return }
        let area = r.area
        // A full list whose smallest is at least as large keeps it out (the common case in
        // a frame of many equal cells): it could only hold one of them strictly if it were
        // larger, so it would go last and be dropped.
        if covered.count >= maximumOccluders, let last = covered.last, last.area >= area { return }
        var inside = false
        for o in covered {
            if o.contains(r) { return }
            if r.contains(o) { inside = true }
        }
        if inside { covered.removeAll { r.contains($0) } }
        let at = covered.firstIndex { $0.area < area } ?? covered.count
        covered.insert(r, at: at)
        if covered.count > maximumOccluders { covered.removeLast() }
    }

    /// The pixels a quad's rasterisation can touch, a pixel wider all round for the
    /// difference between this arithmetic and GL's single precision; nil when a corner
    /// is at or behind the eye (GL clips it, and its extent is not the corners').
    static func bounds(of quad: Quad, in frame: PixelRect) -> PixelRect? {
        guard let c = quad.matrix.pixelCorners(of: quad.rect) else { return nil }
        let (minX, maxX) = extremes(c.0.x, c.1.x, c.2.x, c.3.x), (minY, maxY) = extremes(c.0.y, c.1.y, c.2.y, c.3.y)
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        // Far off screen: clamp before converting, so the integers cannot overflow.
        func px(_ v: Double) -> Int { Int(max(-1e6, min(1e6, v))) }
        return PixelRect(x0: px((minX).rounded(.down)) - 1, y0: px((minY).rounded(.down)) - 1,
                         x1: px((maxX).rounded(.up)) + 1, y1: px((maxY).rounded(.up)) + 1)
    }

    /// The smallest and largest of four values, compared in order as `Sequence.min()` and
    /// `max()` compare them (so a NaN is treated the same way), without an array.
    static func extremes(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> (min: Double, max: Double) {
        var lo = a, hi = a
        if b < lo { lo = b }; if c < lo { lo = c }; if d < lo { lo = d }
        if hi < b { hi = b }; if hi < c { hi = c }; if hi < d { hi = d }
        return (lo, hi)
    }

    /// Pixels the draw paints with alpha 1 whatever lies below: the shape's interior as
    /// two crossing rectangles (each clear of the rounded corners one way), inset by
    /// three output pixels, each taken to the largest pixel rectangle inside its
    /// projection. None when the draw is not opaque.
    static func opaqueRects(_ d: LayerDraw, in frame: PixelRect) -> (PixelRect?, PixelRect?) {
        guard d.opacity >= 1, isOpaque(d) else { return (nil, nil) }
        let m = d.quad.matrix, r = d.shape.rect
        guard let perPoint = m.smallestMagnification(of: r), perPoint.isFinite, perPoint > 1e-6 else { return (nil, nil) }
        let margin = 3 / perPoint, radius = d.shape.cornerExtent
        // Checked before insetting: Rect's width is the absolute value, so a shape thinner
        // than the insets would turn into a rectangle beside it.
        func inset(_ dx: Double, _ dy: Double) -> PixelRect? {
            guard r.width > 2 * dx && r.height > 2 * dy else { return nil }
            return inscribedPixels(r.insetBy(dx: dx, dy: dy), m, frame: frame)
        }
        let a = inset(radius + margin, margin), b = inset(margin, radius + margin)
        return a == nil ? (b, nil) : (a, b)
    }

    /// True when the fill covers its whole shape with alpha 1: an opaque background, or
    /// a gradient whose stops are all opaque (a border is blended over it, so alpha stays 1).
    static func isOpaque(_ d: LayerDraw) -> Bool {
        switch d.fill {
        case .none: return (d.backgroundColor?.alpha ?? 0) >= 1
        case let .gradient(_, _, _, stops): return !stops.isEmpty && stops.allSatisfy { $0.color.alpha >= 1 }
        case .contents: return false
        }
    }

    /// The largest-looking axis-aligned pixel rectangle whose pixel centers all lie in the
    /// projection of `r` (a convex quadrilateral): the box between the second-smallest
    /// and second-largest corner coordinates, which is exact for a rectangle turned about
    /// one axis of the screen, shrunk toward the center until its corners are inside.
    static func inscribedPixels(_ r: Rect, _ m: Transform3D, frame: PixelRect) -> PixelRect? {
        guard let quad = m.pixelCorners(of: r), let box = squareBox(quad) ?? shrunkBox(quad) else { return nil }
        let (x0, x1, y0, y1) = box
        // Pixel i's center is i + 0.5: keep the pixels whose centers are within [x0, x1].
        let p = PixelRect(x0: max(frame.x0, Int(max(-1e6, (x0 - 0.5).rounded(.up)))),
                          y0: max(frame.y0, Int(max(-1e6, (y0 - 0.5).rounded(.up)))),
                          x1: min(frame.x1, Int(min(1e6, (x1 - 0.5).rounded(.down))) + 1),
                          y1: min(frame.y1, Int(min(1e6, (y1 - 0.5).rounded(.down))) + 1))
        return p.isEmpty ? nil : p
    }

    typealias Corners = (Point, Point, Point, Point)

    /// `shrunkBox` of a quad square on the screen (no rotation or perspective), at once:
    /// the box is the quad itself, whose corners lie on its own edges and so count as
    /// inside. Nil when the quad is not square, not finite or empty: `shrunkBox` decides.
    static func squareBox(_ q: Corners) -> (x0: Double, x1: Double, y0: Double, y1: Double)? {
        guard q.0.x == q.3.x && q.1.x == q.2.x && q.0.y == q.1.y && q.2.y == q.3.y,
              (q.1.x - q.0.x).isFinite && (q.2.y - q.1.y).isFinite else { return nil }
        let (x0, x1) = q.0.x < q.1.x ? (q.0.x, q.1.x) : (q.1.x, q.0.x)
        let (y0, y1) = q.1.y < q.2.y ? (q.1.y, q.2.y) : (q.2.y, q.1.y)
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0, x1, y0, y1)
    }

    /// The box between the second-smallest and second-largest corner coordinates, shrunk
    /// toward its center until its corners are inside the quad; nil when it never fits.
    static func shrunkBox(_ quad: Corners) -> (x0: Double, x1: Double, y0: Double, y1: Double)? {
        let xs = sorted4(quad.0.x, quad.1.x, quad.2.x, quad.3.x), ys = sorted4(quad.0.y, quad.1.y, quad.2.y, quad.3.y)
        var x0 = xs.1, x1 = xs.2, y0 = ys.1, y1 = ys.2
        guard x0 < x1, y0 < y1 else { return nil }
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        for _ in 0..<4 {
            if isInside(Point(x: x0, y: y0), quad) && isInside(Point(x: x1, y: y0), quad)
                && isInside(Point(x: x1, y: y1), quad) && isInside(Point(x: x0, y: y1), quad) { return (x0, x1, y0, y1) }
            x0 = cx + (x0 - cx) * 0.7; x1 = cx + (x1 - cx) * 0.7
            y0 = cy + (y0 - cy) * 0.7; y1 = cy + (y1 - cy) * 0.7
        }
        return nil
    }

    /// Four values in increasing order, by insertion with `<` as `Array.sorted()` orders
    /// so few (the same order, NaN included), without an array.
    static func sorted4(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> (Double, Double, Double, Double) {
        var v = (a, b, c, d)
        withUnsafeMutableBytes(of: &v) { raw in
            let e = raw.bindMemory(to: Double.self)
            for i in 1..<4 {
                let x = e[i]
                var j = i
                while j > 0 && x < e[j - 1] { e[j] = e[j - 1]; j -= 1 }
                e[j] = x
            }
        }
        return v
    }

    /// Inside a convex quadrilateral given in order, either way round.
    static func isInside(_ p: Point, _ q: Corners) -> Bool {
        var sign = 0.0
        func edge(_ a: Point, _ b: Point) -> Bool {
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { return true }
            if sign == 0 { sign = cross; return true }
            return (cross > 0) == (sign > 0)
        }
        return edge(q.0, q.1) && edge(q.1, q.2) && edge(q.2, q.3) && edge(q.3, q.0) && sign != 0
    }
}
