import StrataModel

/// A shape with continuous corners drawn in two parts. The curve's distance (prelude.glsl)
/// is dear, and llvmpipe computes it for every pixel of a draw, though only pixels within
/// 1.53 radii of a corner along both sides take it: the rest take the straight sides'
/// distance. So on the pixel grid the draw's pixels are cut in a 3 x 3 grid: the four
/// corner cells, which hold every pixel that can take the curve, are drawn by the program
/// with it (`CONTINUOUS_CORNERS`); the others by the program with only the sides'
/// distance (`CONTINUOUS_SIDES`), which gives those pixels the very values the whole
/// program gives them. The cuts fall on even pixels with a pixel to spare: llvmpipe
/// shades pixels in 2 x 2 quads and an edge's anti-aliasing reads its neighbours in the
/// quad (`dFdx`), so each quad is shaded whole by one program, as in one draw.
enum ContinuousCornerSplit {
    /// The pixels of a draw of `shape` through `matrix` (local points to pixels) inside
    /// `bounds` (its pixel bounds), as the corner cells and the rest; nil when the shape
    /// has no continuous corner or the matrix does more than scale and move (then the
    /// whole draw takes the curve's program).
    static func cells(of shape: RoundedRect, matrix m: Transform3D, bounds b: PixelRect)
        -> (corners: [PixelRect], sides: [PixelRect])? {
        guard shape.curve == .continuous, shape.cornerRadius > 0,
              m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1, m.m11 > 0, m.m22 > 0 else { return nil }
        let (topLeft, topRight, bottomRight, bottomLeft) = shape.radii
        let extent = Path.continuousCornerExtent
        let r = shape.rect
        // Where the corners' reach ends, in pixels, each side taking its larger corner.
        let left = m.m41 + m.m11 * (r.minX + extent * max(topLeft, bottomLeft))
        let right = m.m41 + m.m11 * (r.maxX - extent * max(topRight, bottomRight))
        let top = m.m42 + m.m22 * (r.minY + extent * max(topLeft, topRight))
        let bottom = m.m42 + m.m22 * (r.maxY - extent * max(bottomLeft, bottomRight))
        guard [left, right, top, bottom].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return nil }
        func up(_ v: Double) -> Int { let i = Int((v + 1).rounded(.up)); return i + (i & 1) }
        func down(_ v: Double) -> Int { let i = Int((v - 1).rounded(.down)); return i - (i & 1) }
        let x0 = b.x0, x1 = b.x1, y0 = b.y0, y1 = b.y1
        let xl = min(max(up(left), x0), x1), xr = max(min(down(right), x1), x0)
        let yt = min(max(up(top), y0), y1), yb = max(min(down(bottom), y1), y0)
        guard xl <= xr, yt <= yb else { return nil }
        let corners = [PixelRect(x0: x0, y0: y0, x1: xl, y1: yt), PixelRect(x0: xr, y0: y0, x1: x1, y1: yt),
                       PixelRect(x0: x0, y0: yb, x1: xl, y1: y1), PixelRect(x0: xr, y0: yb, x1: x1, y1: y1)]
        let sides = [PixelRect(x0: xl, y0: y0, x1: xr, y1: y1), PixelRect(x0: x0, y0: yt, x1: xl, y1: yb),
                     PixelRect(x0: xr, y0: yt, x1: x1, y1: yb)]
        return (corners.filter { !$0.isEmpty }, sides.filter { !$0.isEmpty })
    }

    /// The cells of `shape` drawn as `quad` (its matrix the shape's) in the frame, cut to
    /// what `visibility` draws: the pieces each program draws; nil when not split.
    static func pieces(of shape: RoundedRect, drawnAs quad: Quad, in frame: FrameContext, _ visibility: DrawVisibility)
        -> (corners: DrawVisibility, sides: DrawVisibility)? {
        guard shape.curve == .continuous, shape.cornerRadius > 0,
              let bounds = OcclusionCulling.bounds(of: quad, in: PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height)),
              let cells = cells(of: shape, matrix: quad.matrix, bounds: bounds) else { return nil }
        let within: [PixelRect]
        switch visibility {
        case .hidden: return nil
        case .whole: within = [bounds]
        case .pieces(let pieces): within = pieces
        }
        func cut(_ rects: [PixelRect]) -> DrawVisibility {
            let parts = rects.flatMap { r in within.map { $0.intersection(r) } }.filter { !$0.isEmpty }
            return parts.isEmpty ? .hidden : .pieces(parts)
        }
        return (cut(cells.corners), cut(cells.sides))
    }
}
