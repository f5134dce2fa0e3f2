import StrataModel

// A local rectangle as a layer-to-pixel matrix draws it: what the builder measures for
// anti-aliasing and back faces, and occlusion culling for what a draw covers. Tuples,
// not arrays: these run for every draw of every layer, and allocate nothing.
extension Transform3D {
    /// The rectangle's corners in output pixels (min-min, max-min, max-max, min-max), or
    /// nil when one is at or behind the eye plane (w <= 0).
    func pixelCorners(of r: Rect) -> (Point, Point, Point, Point)? {
        // No perspective (most draws): w is 1 exactly (finite coordinates times zeros, plus
        // m44 = 1) and dividing by it changes nothing, so x and y are `apply`'s own sums,
        // computed without the z and w rows or a division.
        if m14 == 0, m24 == 0, m34 == 0, m44 == 1,
           r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite {
            func p(_ x: Double, _ y: Double) -> Point {
                Point(x: x * m11 + y * m21 + 0 * m31 + m41, y: x * m12 + y * m22 + 0 * m32 + m42)
            }
            return (p(r.minX, r.minY), p(r.maxX, r.minY), p(r.maxX, r.maxY), p(r.minX, r.maxY))
        }
        return projectedCorners(of: r)
    }

    /// `pixelCorners` the long way, for any matrix: each corner through `apply`, divided by w.
    func projectedCorners(of r: Rect) -> (Point, Point, Point, Point)? {
        let v0 = apply(x: r.minX, y: r.minY), v1 = apply(x: r.maxX, y: r.minY)
        let v2 = apply(x: r.maxX, y: r.maxY), v3 = apply(x: r.minX, y: r.maxY)
        guard v0.w > 0, v1.w > 0, v2.w > 0, v3.w > 0 else { return nil }
        return (Point(x: v0.x / v0.w, y: v0.y / v0.w), Point(x: v1.x / v1.w, y: v1.y / v1.w),
                Point(x: v2.x / v2.w, y: v2.y / v2.w), Point(x: v3.x / v3.w, y: v3.y / v3.w))
    }

    /// Output pixels per point along the rectangle's least magnified edge (edges of a
    /// zero side skipped: infinity when both sides are zero); nil when a corner is at or
    /// behind the eye plane.
    func smallestMagnification(of r: Rect) -> Double? {
        guard let c = pixelCorners(of: r) else { return nil }
        func dist(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        var perPoint = Double.infinity
        if r.width > 0 { perPoint = min(perPoint, dist(c.0, c.1) / r.width, dist(c.3, c.2) / r.width) }
        if r.height > 0 { perPoint = min(perPoint, dist(c.1, c.2) / r.height, dist(c.0, c.3) / r.height) }
        return perPoint
    }
}
