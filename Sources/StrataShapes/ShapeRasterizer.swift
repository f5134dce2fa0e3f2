import CCairo
import Foundation
import StrataModel

/// A shape's coverage: two bytes a texel, the fill's then the stroke's, rows top-down.
public struct ShapeCoverage: Sendable {
    public let width: Int
    public let height: Int
    public let texels: [UInt8]
}

/// Fills and strokes a `ShapeGeometry` into 8-bit coverage masks with Cairo's image
/// backend, anti-aliased by the area each pixel's scanlines cover (Cairo's scan
/// converter: exact horizontally, 15 rows a pixel vertically) as Core Graphics' CPU
/// rasterizer does for a CAShapeLayer, never by multisampling. Deterministic: the same
/// geometry and transform give the same bytes.
public enum ShapeRasterizer {
    /// Largest side and area of a raster (the renderer's texture limits).
    public static let maximumSide = 4096
    public static let maximumTexels = 16 << 20
    /// Cairo keeps coordinates as 24.8 fixed point: points further out than this many
    /// texels would wrap, so such a geometry is not drawn.
    static let coordinateLimit = 4_000_000.0

    /// The coverage of `geometry` through `toRaster` (path units -> texels: the 2D part
    /// m11 m12 m21 m22 m41 m42, as `Path.applying` reads it) in a raster of `width` x
    /// `height` texels. nil when the size is outside the limits, the transform is singular
    /// or not finite, or a point lies too far out to rasterize.
    public static func rasterize(_ geometry: ShapeGeometry, toRaster t: Transform3D, width: Int, height: Int) -> ShapeCoverage? {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide, width * height <= maximumTexels else { return nil }
        let linear = [t.m11, t.m12, t.m21, t.m22, t.m41, t.m42]
        guard linear.allSatisfy(\.isFinite), abs(t.m11 * t.m22 - t.m12 * t.m21) > 1e-12 else { return nil }
        for p in geometry.path.points {
            let x = p.x * t.m11 + p.y * t.m21 + t.m41, y = p.x * t.m12 + p.y * t.m22 + t.m42
            guard x.isFinite, y.isFinite, abs(x) < coordinateLimit, abs(y) < coordinateLimit else { return nil }
        }
        var matrix = cairo_matrix_t(xx: t.m11, yx: t.m12, xy: t.m21, yy: t.m22, x0: t.m41, y0: t.m42)
        var texels = [UInt8](repeating: 0, count: width * height * 2)
        if let rule = geometry.fillRule {
            guard draw(width, height, into: &texels, channel: 0, { cr in
                cairo_set_matrix(cr, &matrix)
                cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                appendPath(geometry.path, cr)
                cairo_fill(cr)
            }) else { return nil }
        }
        if let stroke = geometry.stroke {
            // Trimmed pieces are cut from the path flattened to within 1/50 of a texel.
            let scale = max(hypot(t.m11, t.m12), hypot(t.m21, t.m22))
            guard draw(width, height, into: &texels, channel: 1, { cr in
                cairo_set_matrix(cr, &matrix)
                strokePath(geometry.path, stroke, tolerance: 0.02 / scale, cr)
            }) else { return nil }
        }
        return ShapeCoverage(width: width, height: height, texels: texels)
    }

    /// Runs `body` on a cleared A8 surface and copies its coverage into every second byte
    /// of `texels` from `channel`. False when Cairo reports an error.
    private static func draw(_ width: Int, _ height: Int, into texels: inout [UInt8], channel: Int,
                             _ body: (OpaquePointer) -> Void) -> Bool {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return false }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return false }
        defer { cairo_destroy(cr) }
        // Curves Cairo flattens itself stay within 1/50 of a texel of the true curve.
        cairo_set_tolerance(cr, 0.02)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
        body(cr)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return false }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        texels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = data + y * stride
                var o = y * width * 2 + channel
                for x in 0..<width {
                    out[o] = row[x]
                    o += 2
                }
            }
        }
        return true
    }

    /// The path's elements as Cairo path operations (a quadratic as the cubic it equals).
    private static func appendPath(_ path: Path, _ cr: OpaquePointer) {
        var current = Point(0, 0)
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y); current = p
            case .line(let p): cairo_line_to(cr, p.x, p.y); current = p
            case .quadCurve(let p, let c):
                let c1 = Point(current.x + 2 / 3 * (c.x - current.x), current.y + 2 / 3 * (c.y - current.y))
                let c2 = Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .curve(let p, let c1, let c2): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y); current = p
            case .closeSubpath:
                cairo_close_path(cr)
                var x = 0.0, y = 0.0
                cairo_get_current_point(cr, &x, &y)
                current = Point(x, y)
            }
        }
    }

    /// Strokes with CGContext's semantics: caps, joins and miter limit as given; the dash
    /// pattern laid from each subpath's start (Cairo, like Core Graphics, restarts it at
    /// every move), and for a trimmed stroke from where the piece lies in its subpath.
    private static func strokePath(_ path: Path, _ s: StrokeStyle, tolerance: Double, _ cr: OpaquePointer) {
        cairo_set_line_width(cr, s.lineWidth)
        cairo_set_line_cap(cr, s.lineCap == .round ? CAIRO_LINE_CAP_ROUND : s.lineCap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, s.lineJoin == .round ? CAIRO_LINE_JOIN_ROUND : s.lineJoin == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, max(1, s.miterLimit))
        func dash(offset: Double) {
            guard !s.dashPattern.isEmpty else { return }
            s.dashPattern.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), offset) }
        }
        guard s.isTrimmed else {
            dash(offset: s.dashPhase)
            appendPath(path, cr)
            cairo_stroke(cr)
            return
        }
        let pieces = path.trimmedPieces(from: s.strokeStart, to: s.strokeEnd, tolerance: tolerance)
        func append(_ line: Polyline) {
            guard let first = line.points.first else { return }
            cairo_move_to(cr, first.x, first.y)
            for p in line.points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        }
        if s.dashPattern.isEmpty {
            pieces.forEach { append($0.line) }
            cairo_stroke(cr)
        } else {
            // Each piece has its own dash offset, so each is its own stroke.
            for piece in pieces {
                dash(offset: s.dashPhase + piece.distanceIntoSubpath)
                append(piece.line)
                cairo_stroke(cr)
            }
        }
    }
}
