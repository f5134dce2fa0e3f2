/// Where a layer lands on screen, by the compositing rules of Core Animation that the
/// renderer draws with, so that drawing, hit testing and gesture coordinates agree:
///
/// - an ordinary layer flattens its sublayers into its own plane (their matrices drop z)
///   and draws them sorted stably by zPosition;
/// - a TransformLayer keeps its sublayers' z: they join one 3D space with the sublayers
///   of nested transform layers, and are drawn back to front by the depth of their
///   centers in that space.
///
/// A geometry is made for the root of a tree and derived for each sublayer on the way
/// down (`sublayer(_:)`), or for any layer at once (`init(_:)`).
public struct LayerGeometry {
    public let layer: Layer
    /// The layer's bounds space to root space: the root's bounds origin at (0, 0), times
    /// the scale given at the root (pixels per point for the renderer, 1 for events).
    public let transform: Transform3D
    /// The layer's bounds space to the 3D space its depth is measured in: the space of
    /// the nearest superlayer that flattens, before it does. Kept apart from `transform`
    /// because flattening has already dropped z there.
    public let depthTransform: Transform3D

    /// The root of a tree: its bounds fill the screen, whatever its position, so its
    /// bounds origin is the top-left corner.
    public init(root: Layer, scale: Double = 1) {
        self.init(layer: root,
                  transform: Transform3D.makeTranslation(-root.bounds.origin.x, -root.bounds.origin.y, 0)
                      .concatenating(.makeScale(scale, scale, 1)),
                  depthTransform: .identity)
    }

    /// `layer` in the tree it belongs to, through every superlayer up to the root.
    public init(_ layer: Layer) {
        var path: [Layer] = []
        var top = layer
        while let parent = top.superlayer {
            path.append(top)
            top = parent
        }
        var geometry = LayerGeometry(root: top)
        for l in path.reversed() { geometry = geometry.sublayer(l) }
        self = geometry
    }

    /// `layer` with its own bounds space taken as root space (CALayer.hitTest's view of
    /// a layer that is asked directly).
    public init(layer: Layer, transform: Transform3D = .identity, depthTransform: Transform3D = .identity) {
        self.layer = layer
        self.transform = transform
        self.depthTransform = depthTransform
    }

    /// The geometry of one of this layer's sublayers.
    public func sublayer(_ sublayer: Layer) -> LayerGeometry {
        let a = sublayer.transformToSuperlayer
        if layer is TransformLayer {
            return LayerGeometry(layer: sublayer, transform: a.concatenating(transform),
                                 depthTransform: a.concatenating(depthTransform))
        }
        return LayerGeometry(layer: sublayer, transform: a.flattened.concatenating(transform), depthTransform: a)
    }

    // MARK: Drawing order

    /// What is drawn inside this layer, back to front, hidden layers left out.
    ///
    /// For an ordinary layer: its sublayers, stably by zPosition. For a TransformLayer:
    /// every layer of its 3D space (its sublayers, with nested transform layers replaced
    /// by their own), by the depth of their centers, ties in sublayer order. Each one
    /// draws itself and its own sublayers as a unit.
    public var sublayersInDrawingOrder: [LayerGeometry] {
        guard layer is TransformLayer else {
            return layer.sublayers.filter { !$0.isHidden }.enumerated().sorted { a, b in
                a.element.zPosition != b.element.zPosition ? a.element.zPosition < b.element.zPosition : a.offset < b.offset
            }.map { sublayer($0.element) }
        }
        var participants: [(geometry: LayerGeometry, depth: Double)] = []
        func gather(_ context: LayerGeometry) {
            for sub in context.layer.sublayers where !sub.isHidden {
                let g = context.sublayer(sub)
                if sub is TransformLayer {
                    gather(g)
                } else {
                    participants.append((g, g.depth))
                }
            }
        }
        gather(self)
        return participants.enumerated().sorted { a, b in
            a.element.depth != b.element.depth ? a.element.depth < b.element.depth : a.offset < b.offset
        }.map(\.element.geometry)
    }

    /// `sublayersInDrawingOrder` one at a time, without building the array: for an
    /// ordinary layer whose sublayers share one zPosition (a table's cells) there is
    /// nothing to sort, and a walk of many sublayers allocates nothing for them.
    public func forEachSublayerInDrawingOrder(_ body: (LayerGeometry) throws -> Void) rethrows {
        let subs = layer.sublayers
        if !(layer is TransformLayer), let z = subs.first?.zPosition, subs.allSatisfy({ $0.zPosition == z }) {
            for s in subs where !s.isHidden { try body(sublayer(s)) }
            return
        }
        for g in sublayersInDrawingOrder { try body(g) }
    }

    /// The depth of the bounds' center in the 3D space it is sorted in, larger is nearer.
    /// Rounded so that layers at mirror-image angles tie exactly and keep their sublayer
    /// order, instead of being ordered by floating-point noise.
    var depth: Double {
        let c = layer.bounds.center
        let v = depthTransform.apply(x: c.x, y: c.y)
        return ((v.w != 0 ? v.z / v.w : v.z) * 1e6).rounded() / 1e6
    }

    // MARK: Converting points

    /// A point of the layer's bounds space where it is drawn in root space; nil when it
    /// lands at infinity.
    public func convertToRoot(_ point: Point) -> Point? {
        PlaneMap(restricting: transform).apply(point)
    }

    /// True when the layer is seen exactly edge-on: its plane covers no area on screen,
    /// and no point of root space maps back into it.
    public var isEdgeOn: Bool { PlaneMap(restricting: transform).inverted() == nil }

    /// The point of the layer's plane (its z = 0) drawn at `point` of root space; nil when
    /// the layer is seen edge-on.
    public func convertFromRoot(_ point: Point) -> Point? {
        PlaneMap(restricting: transform).inverted()?.apply(point)
    }
}

/// A 4x4 transform restricted to points with z = 0, dropping the output z: a 2D
/// projective map (3x3, row vector: [x y 1] · m = [X Y W]), which unlike the 4x4 has an
/// inverse under perspective and flattening whenever the plane is not seen edge-on.
private struct PlaneMap {
    let m: [Double]

    init(restricting t: Transform3D) {
        m = [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44]
    }

    private init(_ m: [Double]) { self.m = m }

    func apply(_ p: Point) -> Point? {
        let x = p.x * m[0] + p.y * m[3] + m[6]
        let y = p.x * m[1] + p.y * m[4] + m[7]
        let w = p.x * m[2] + p.y * m[5] + m[8]
        guard w != 0, (x / w).isFinite, (y / w).isFinite else { return nil }
        return Point(x: x / w, y: y / w)
    }

    func inverted() -> PlaneMap? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let c00 = e * i - f * h, c01 = -(d * i - f * g), c02 = d * h - e * g
        let det = a * c00 + b * c01 + c * c02
        guard det != 0, det.isFinite else { return nil }
        let adjugate = [c00, -(b * i - c * h), b * f - c * e,
                        c01, a * i - c * g, -(a * f - c * d),
                        c02, -(a * h - b * g), a * e - b * d]
        return PlaneMap(adjugate.map { $0 / det })
    }
}
