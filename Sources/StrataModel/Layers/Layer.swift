/// A Core Animation layer: geometry, appearance and sublayers, in points with the origin
/// top-left and y down. Properties carry CALayer's names and defaults. The model holds
/// no GL: the render library reads it to build a draw list. What the presentation
/// engine keeps for each layer (its record, links and animations) is its superclass's
/// (`PresentationNode`).
open class Layer: PresentationNode {
    public override init() {}

    /// CALayer's `init(layer:)`: a shadow copy of `layer`'s own properties (not its
    /// sublayers, animations or clock), as presentation copies are made. A convenience
    /// initializer so that subclasses which override `init()` inherit it; they copy their
    /// own properties by overriding `copyProperties(from:)`.
    public required convenience init(layer: Layer) {
        self.init()
        isCopying = true
        copyProperties(from: layer)
        isCopying = false
    }

    /// Copies every stored property a presentation copy needs from `layer`: the record
    /// and the properties the class declares (`declaration`). A subclass with stored
    /// state it does not declare overrides it, calls super, and copies that.
    open func copyProperties(from layer: Layer) {
        copyRecord(from: layer)
        // A subclass's declared properties, value by value (a plain layer has none).
        if type(of: self) != Layer.self { type(of: self).declaration.copyValues(from: layer, to: self) }
    }

    /// What a class adds to its presentation copy once the copy's own properties and
    /// sublayers are made (a replicator's copies at their delayed times); here, the mask as
    /// presented at the same time, as a sublayer is, and the snapshots of sublayers in a
    /// transition, when the model holds records at all.
    func completePresentation(from model: Layer, at time: Double) {
        if let m = model.mask { properties.mask = m.presentation(at: time) }
        if model.recordList != nil { presentTransitions(of: model, at: time) }
    }

    /// A name for debugging and for finding layers in tests.
    public var name: String? {
        get { storage.values.name }
        set { properties.name = newValue }
    }

    // MARK: Geometry

    //
    // Animatable properties tell their declaration (`propertyDidChange`) when they are set: in a
    // layer tree attached to a `SceneClock` that makes an implicit animation (see
    // `Transaction`); anywhere else it costs a walk up to the root and nothing more.

    public var bounds: Rect {
        get { placement.bounds }
        set { let old = placement.bounds; placement.bounds = newValue; propertyDidChange(\Layer.bounds, from: old) }
    }
    /// Where the anchor point sits in the superlayer's coordinate space.
    public var position: Point {
        get { placement.position }
        set { let old = placement.position; placement.position = newValue; propertyDidChange(\Layer.position, from: old) }
    }
    /// In unit coordinates of the bounds; the transform applies about this point.
    public var anchorPoint: Point {
        get { placement.anchorPoint }
        set { let old = placement.anchorPoint; placement.anchorPoint = newValue; propertyDidChange(\Layer.anchorPoint, from: old) }
    }
    public var anchorPointZ: Double {
        get { placement.anchorPointZ }
        set { let old = placement.anchorPointZ; placement.anchorPointZ = newValue; propertyDidChange(\Layer.anchorPointZ, from: old) }
    }
    public var zPosition: Double {
        get { placement.zPosition }
        set { let old = placement.zPosition; placement.zPosition = newValue; propertyDidChange(\Layer.zPosition, from: old) }
    }
    public var transform: Transform3D {
        get { placement.transform }
        set { let old = placement.transform; placement.transform = newValue; propertyDidChange(\Layer.transform, from: old) }
    }
    /// Applied to sublayers about the center of this layer's bounds.
    public var sublayerTransform: Transform3D {
        get { storage.values.sublayerTransform }
        set { let old = storage.values.sublayerTransform; properties.sublayerTransform = newValue; propertyDidChange(\Layer.sublayerTransform, from: old) }
    }

    // MARK: Appearance

    public var backgroundColor: Color? {
        get { storage.values.backgroundColor }
        set { let old = storage.values.backgroundColor; properties.backgroundColor = newValue; propertyDidChange(\Layer.backgroundColor, from: old) }
    }
    public var opacity: Double {
        get { placement.opacity }
        set { let old = placement.opacity; placement.opacity = newValue; propertyDidChange(\Layer.opacity, from: old) }
    }
    public var isHidden: Bool {
        get { storage.values.isHidden }
        set { properties.isHidden = newValue }
    }
    public var cornerRadius: Double {
        get { storage.values.cornerRadius }
        set { let old = storage.values.cornerRadius; properties.cornerRadius = newValue; propertyDidChange(\Layer.cornerRadius, from: old) }
    }
    /// Drawn inside the bounds, above the content and the sublayers, as in Core Animation.
    public var borderWidth: Double {
        get { storage.values.borderWidth }
        set { let old = storage.values.borderWidth; properties.borderWidth = newValue; propertyDidChange(\Layer.borderWidth, from: old) }
    }
    public var borderColor: Color {
        get { storage.values.borderColor }
        set { let old = storage.values.borderColor; properties.borderColor = newValue; propertyDidChange(\Layer.borderColor, from: old) }
    }
    /// Clips sublayers and contents to the bounds, rounded by `cornerRadius`.
    public var masksToBounds: Bool {
        get { storage.values.masksToBounds }
        set { properties.masksToBounds = newValue }
    }
    public var shadowColor: Color {
        get { storage.values.shadowColor }
        set { let old = storage.values.shadowColor; properties.shadowColor = newValue; propertyDidChange(\Layer.shadowColor, from: old) }
    }
    public var shadowOpacity: Double {
        get { storage.values.shadowOpacity }
        set { let old = storage.values.shadowOpacity; properties.shadowOpacity = newValue; propertyDidChange(\Layer.shadowOpacity, from: old) }
    }
    public var shadowRadius: Double {
        get { storage.values.shadowRadius }
        set { let old = storage.values.shadowRadius; properties.shadowRadius = newValue; propertyDidChange(\Layer.shadowRadius, from: old) }
    }
    /// Core Animation's default (0, -3) moves the shadow 3 pt up on iOS.
    public var shadowOffset: Size {
        get { storage.values.shadowOffset }
        set { let old = storage.values.shadowOffset; properties.shadowOffset = newValue; propertyDidChange(\Layer.shadowOffset, from: old) }
    }
    /// The shadow's shape, filled non-zero, in the layer's coordinates (not clipped to the
    /// bounds); nil casts the shadow of the layer's composited alpha, as Core Animation does.
    public var shadowPath: Path? {
        get { storage.values.shadowPath }
        set { properties.shadowPath = newValue }
    }
    /// When false, the layer (and its sublayers) are not drawn while facing away.
    public var isDoubleSided: Bool {
        get { storage.values.isDoubleSided }
        set { properties.isDoubleSided = newValue }
    }
    /// A bitmap drawn over the background, placed by `contentsGravity`.
    public var contents: Image? {
        get { storage.values.contents }
        set { properties.contents = newValue }
    }
    /// Where `contents` sit in the bounds and how they scale (`resize`: stretched over them).
    public var contentsGravity: ContentsGravity {
        get { storage.values.contentsGravity }
        set { properties.contentsGravity = newValue }
    }
    /// The part of the image drawn, in its unit coordinates (origin top-left, as on iOS).
    public var contentsRect: Rect {
        get { storage.values.contentsRect }
        set { let old = storage.values.contentsRect; properties.contentsRect = newValue; propertyDidChange(\Layer.contentsRect, from: old) }
    }
    /// The part of the image that stretches, in unit coordinates of `contentsRect`'s part;
    /// the rest keeps its size (nine-slice). (0, 0, 1, 1): everything stretches.
    public var contentsCenter: Rect {
        get { storage.values.contentsCenter }
        set { let old = storage.values.contentsCenter; properties.contentsCenter = newValue; propertyDidChange(\Layer.contentsCenter, from: old) }
    }
    /// Image pixels per point: a 200-pixel image with scale 2 is 100 points wide.
    public var contentsScale: Double {
        get { storage.values.contentsScale }
        set { properties.contentsScale = newValue }
    }
    public var minificationFilter: ContentsFilter {
        get { storage.values.minificationFilter }
        set { properties.minificationFilter = newValue }
    }
    public var magnificationFilter: ContentsFilter {
        get { storage.values.magnificationFilter }
        set { properties.magnificationFilter = newValue }
    }
    /// In a presentation copy while `contents` animates: the cross-fade drawn instead of
    /// `contents` alone (`contents` holds the bitmap it fades to).
    public var contentsFade: ContentsFade? { storage.values.contentsFade }
    /// `contents` as an animation reads and writes it (`ContentsFade`).
    var contentsAnimationValue: AnimationValue {
        get { .contents(storage.values.contentsFade ?? .still(contents)) }
        set {
            guard case .contents(let fade) = newValue else { return }
            // Mid-way: the bitmap faded to, and the fade for the draw; at an end, that end's.
            properties.contents = fade.isFading ? fade.to : fade.nearer
            properties.contentsFade = fade.isFading ? fade : nil
        }
    }

    // MARK: Tree

    public private(set) var sublayers: [Layer] {
        get { sublayerList ?? [] }
        set { sublayerList = newValue }
        _modify {
            if sublayerList == nil { sublayerList = [] }
            yield &sublayerList!
        }
    }

    /// The layer whose `sublayers` hold this one, nil once it is removed or gone.
    public var superlayer: Layer? { parent }

    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(0, index), sublayers.count))
        layer.parent = self
        // Animations the newcomer brings are now the clock's to start and end.
        if !isPresentation, let clock { clock.animationsChanged() }
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
        self.parent = nil
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
        let a = anchorInBounds, t = transform, p = position, z = zPosition, az = anchorPointZ
        var m: Transform3D
        if t.isIdentity, a.x.isFinite, a.y.isFinite, az.isFinite, p.x.isFinite, p.y.isFinite, z.isFinite {
            // A layer that only moves (most of them): the two products' values without
            // the multiplications by 1 and 0 (their sum is the same; a zero's sign aside).
            m = .makeTranslation(-a.x + p.x, -a.y + p.y, -az + (z + az))
        } else {
            m = Transform3D.makeTranslation(-a.x, -a.y, -az).concatenating(t).concatenating(.makeTranslation(p.x, p.y, z + az))
        }
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

    // MARK: Animation

    /// The class's properties, each declared once (`LayerDeclaration.swift` for Layer's).
    /// A subclass with properties of its own overrides this with a declaration
    /// inheriting its superclass's; one without is described as its superclass.
    open class var declaration: LayerClassDeclaration { layerDeclaration }

    /// The key paths this class animates, from its declaration.
    public final class var animatableProperties: AnimatableProperties { declaration.animatable }

    /// The value of an animatable key path, nil when the layer's class has no such key path.
    public func animatableValue(forKeyPath keyPath: String) -> AnimationValue? {
        type(of: self).animatableProperties[keyPath]?.value(of: self)
    }

    /// Sets an animatable key path; false when the key path is unknown or the value of
    /// the wrong kind.
    @discardableResult
    public func setAnimatableValue(_ value: AnimationValue, forKeyPath keyPath: String) -> Bool {
        type(of: self).animatableProperties[keyPath]?.setValue(value, of: self) ?? false
    }

    // MARK: Hit testing

    /// CALayer.hitTest: the farthest descendant (or self) whose bounds contain `point`,
    /// given in the superlayer's coordinates; nil if none. Layers are tested in exactly
    /// the reverse of the order they are drawn in (`LayerGeometry.sublayersInDrawingOrder`),
    /// so the layer seen on top wins, in a TransformLayer's 3D space too. Hidden layers
    /// and their sublayers are skipped; a layer that masks to its bounds hides sublayers
    /// outside them; a transform layer, which draws nothing, is never the answer itself.
    /// A layer in a running view animation without `.allowUserInteraction` is skipped,
    /// as UIKit ignores touches on it. Uses model values, as UIKit does.
    public func hitTest(_ point: Point) -> Layer? {
        let a = transformToSuperlayer
        return Layer.hitTest(LayerGeometry(layer: self, transform: superlayer is TransformLayer ? a : a.flattened),
                             point, at: clock?.now ?? 0)
    }

    /// `hitTest(_:)` with the point already in this layer's own bounds coordinates (for
    /// the root of a scene, whose bounds are what the window shows).
    public func hitTest(inBounds point: Point) -> Layer? {
        Layer.hitTest(LayerGeometry(layer: self), point, at: clock?.now ?? 0)
    }

    /// `point` is in the space of the geometry's root.
    private static func hitTest(_ geometry: LayerGeometry, _ point: Point, at time: Double) -> Layer? {
        let layer = geometry.layer
        guard !layer.isHidden, !layer.isInteractionBlocked(at: time) else { return nil }
        if layer is TransformLayer {
            for participant in geometry.sublayersInDrawingOrder.reversed()
            where !participant.isInteractionBlockedBelow(layer, at: time) {
                if let hit = hitTest(participant, point, at: time) { return hit }
            }
            return nil
        }
        // Seen edge-on, the layer and what it flattens into its plane cover nothing.
        guard let local = geometry.convertFromRoot(point) else { return nil }
        if layer.masksToBounds && !layer.contains(local) { return nil }
        for sublayer in geometry.sublayersInDrawingOrder.reversed() {
            if let hit = hitTest(sublayer, point, at: time) { return hit }
        }
        return layer.contains(local) ? layer : nil
    }

    /// CALayer.contains: whether a point in this layer's bounds coordinates is inside them.
    open func contains(_ point: Point) -> Bool {
        bounds.contains(point)
    }

    /// A point in the superlayer's coordinates mapped into this layer's bounds space,
    /// through the inverse of `transformToSuperlayer` restricted to the layer's z = 0
    /// plane (a 2D projective map, invertible even under perspective); nil when the
    /// layer is seen edge-on.
    public func convertFromSuperlayer(_ point: Point) -> Point? {
        LayerGeometry(layer: self, transform: transformToSuperlayer).convertFromRoot(point)
    }
}

private extension LayerGeometry {
    /// True when a nested transform layer between `context` and this participant is in
    /// a view animation that blocks touches: the participant is skipped with it.
    func isInteractionBlockedBelow(_ context: Layer, at time: Double) -> Bool {
        var parent = layer.superlayer
        while let p = parent, p !== context {
            if p.isInteractionBlocked(at: time) { return true }
            parent = p.superlayer
        }
        return false
    }
}

