import StrataModel

/// Maps points between the scene's root coordinates (where events arrive) and a layer's
/// own bounds coordinates, as `convert(_:from:)` does for UIKit's `translation(in: view)`.
///
/// The layer-to-root matrix is built with the renderer's rules (an ordinary layer
/// flattens its sublayers into its plane, a TransformLayer does not), so a point lands
/// where the layer is drawn. Restricted to the layer's z = 0 plane that matrix is a 2D
/// projective map, a 3x3 matrix, which can be inverted even under perspective.
struct LayerCoordinateSpace {
    /// Row-vector 3x3 matrices: [x y 1] · m = [X Y W].
    private let toRoot: [Double]
    private let fromRoot: [Double]

    /// nil for the root itself (no conversion) and for a layer seen exactly edge-on,
    /// whose plane has no inverse; callers then keep root coordinates.
    init?(_ layer: Layer?) {
        guard let layer, layer.superlayer != nil else {
            // The root: its bounds origin is what the window's top-left shows.
            guard let root = layer, root.bounds.origin != .zero else { return nil }
            let o = root.bounds.origin
            self.toRoot = [1, 0, 0, 0, 1, 0, -o.x, -o.y, 1]
            self.fromRoot = [1, 0, 0, 0, 1, 0, o.x, o.y, 1]
            return
        }
        var m = Transform3D.identity
        var current = layer
        while let parent = current.superlayer {
            let a = current.transformToSuperlayer
            m = m.concatenating(parent is TransformLayer ? a : a.flattened)
            current = parent
        }
        let o = current.bounds.origin
        m = m.concatenating(.makeTranslation(-o.x, -o.y, 0))
        let h = [m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44]
        guard let inverse = LayerCoordinateSpace.inverted(h) else { return nil }
        toRoot = h
        fromRoot = inverse
    }

    func convertFromRoot(_ p: Point) -> Point { LayerCoordinateSpace.apply(fromRoot, p) ?? p }
    func convertToRoot(_ p: Point) -> Point { LayerCoordinateSpace.apply(toRoot, p) ?? p }

    private static func apply(_ m: [Double], _ p: Point) -> Point? {
        let x = p.x * m[0] + p.y * m[3] + m[6]
        let y = p.x * m[1] + p.y * m[4] + m[7]
        let w = p.x * m[2] + p.y * m[5] + m[8]
        guard w != 0, (x / w).isFinite, (y / w).isFinite else { return nil }
        return Point(x: x / w, y: y / w)
    }

    private static func inverted(_ m: [Double]) -> [Double]? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let c00 = e * i - f * h, c01 = -(d * i - f * g), c02 = d * h - e * g
        let det = a * c00 + b * c01 + c * c02
        guard det != 0, det.isFinite else { return nil }
        let adjugate = [c00, -(b * i - c * h), b * f - c * e,
                        c01, a * i - c * g, -(a * f - c * d),
                        c02, -(a * h - b * g), a * e - b * d]
        return adjugate.map { $0 / det }
    }
}

extension Optional where Wrapped == LayerCoordinateSpace {
    func convertFromRoot(_ p: Point) -> Point { self?.convertFromRoot(p) ?? p }
    func convertToRoot(_ p: Point) -> Point { self?.convertToRoot(p) ?? p }
}
