/// A Core Animation layer: geometry, appearance and sublayers, in points with the origin
/// top-left and y down. Properties carry CALayer's names and defaults. The model holds
/// no GL: the render library reads it to build a draw list.
open class Layer {
    public init() {}

    /// A name for debugging and for finding layers in tests.
    public var name: String?

    // MARK: Geometry

    public var bounds: Rect = .zero
    /// Where the anchor point sits in the superlayer's coordinate space.
    public var position: Point = .zero
    /// In unit coordinates of the bounds; the transform applies about this point.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var anchorPointZ: Double = 0
    public var zPosition: Double = 0
    public var transform: Transform3D = .identity
    /// Applied to sublayers about the center of this layer's bounds.
    public var sublayerTransform: Transform3D = .identity

    // MARK: Appearance

    public var backgroundColor: Color?
    public var opacity: Double = 1
    public var isHidden = false
    public var cornerRadius: Double = 0
    /// Drawn inside the bounds, above the content and the sublayers, as in Core Animation.
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    /// Clips sublayers and contents to the bounds, rounded by `cornerRadius`.
    public var masksToBounds = false
    public var shadowColor: Color = .black
    public var shadowOpacity: Double = 0
    public var shadowRadius: Double = 3
    /// Core Animation's default (0, -3) moves the shadow 3 pt up on iOS.
    public var shadowOffset = Size(width: 0, height: -3)
    /// When false, the layer (and its sublayers) are not drawn while facing away.
    public var isDoubleSided = true
    /// A bitmap stretched over the bounds.
    public var contents: Image?

    // MARK: Tree

    public private(set) var sublayers: [Layer] = []
    public private(set) weak var superlayer: Layer?

    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(0, index), sublayers.count))
        layer.superlayer = self
    }

    public func insertSublayer(_ layer: Layer, below sibling: Layer) {
        layer.removeFromSuperlayer()
        insertSublayer(layer, at: sublayers.firstIndex { $0 === sibling } ?? 0)
    }

    public func insertSublayer(_ layer: Layer, above sibling: Layer) {
        layer.removeFromSuperlayer()
        insertSublayer(layer, at: (sublayers.firstIndex { $0 === sibling }).map { $0 + 1 } ?? sublayers.count)
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// The first layer in this subtree (depth first, self included) with the given name.
    public func firstLayer(named name: String) -> Layer? {
        if self.name == name { return self }
        for s in sublayers { if let hit = s.firstLayer(named: name) { return hit } }
        return nil
    }

    // MARK: Derived geometry

    /// The anchor point in this layer's own (bounds) coordinate space.
    public var anchorInBounds: Point {
        Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width,
              y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Maps this layer's bounds space into its superlayer's space: the transform applied
    /// about the anchor point, then placed at `position` and `zPosition`, then the
    /// superlayer's `sublayerTransform` about the center of its bounds. Not flattened.
    public var transformToSuperlayer: Transform3D {
        let a = anchorInBounds
        var m = Transform3D.makeTranslation(-a.x, -a.y, -anchorPointZ)
            .concatenating(transform)
            .concatenating(.makeTranslation(position.x, position.y, zPosition + anchorPointZ))
        if let parent = superlayer, !parent.sublayerTransform.isIdentity {
            let c = parent.bounds.center
            m = m.concatenating(.makeTranslation(-c.x, -c.y, 0))
                .concatenating(parent.sublayerTransform)
                .concatenating(.makeTranslation(c.x, c.y, 0))
        }
        return m
    }

    /// The bounding box, in the superlayer's space, of the bounds after the transform,
    /// as CALayer.frame. Setting it moves `position` and resizes `bounds`.
    public var frame: Rect {
        get {
            let a = anchorInBounds
            let m = Transform3D.makeTranslation(-a.x, -a.y, -anchorPointZ)
                .concatenating(transform)
                .concatenating(.makeTranslation(position.x, position.y, anchorPointZ))
            let b = bounds
            let corners = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY),
                           Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY)].map { m.project($0) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        set {
            bounds.size = newValue.size
            position = Point(x: newValue.origin.x + anchorPoint.x * newValue.size.width,
                             y: newValue.origin.y + anchorPoint.y * newValue.size.height)
        }
    }

    /// True when this layer draws nothing of its own (a container only).
    open var drawsOwnContent: Bool {
        backgroundColor.map { $0.alpha > 0 } ?? false || contents != nil || borderWidth > 0
    }
}
