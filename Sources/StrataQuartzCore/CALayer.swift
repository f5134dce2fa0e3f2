import StrataModel

/// CALayer: a thin class over one Strata `Layer` (`strataLayer`), which is what the engine
/// animates and renders: nothing is copied per frame. The wrapper keeps its sublayers'
/// wrappers (so `sublayers` gives back the objects added) and a weak superlayer; a
/// presentation wrapper wraps the engine's presentation copy.
open class CALayer: NSObject {
    /// The Strata layer this one is.
    public let strataLayer: Layer
    private var sublayerWrappers: [CALayer] = []
    public private(set) weak var superlayer: CALayer?
    /// For a presentation wrapper: the model it was made from.
    private weak var modelWrapper: CALayer?
    /// The CAAnimation objects added, by key, for `animation(forKey:)`.
    var animationObjects: [String: CAAnimation] = [:]
    var needsLayout = false
    /// What `contents` was set to, given back as it was (CALayer+Contents.swift).
    var contentsObject: Any?
    /// The mask's wrapper, so `mask` gives back the object set.
    private var maskWrapper: CALayer?

    /// The Strata class a wrapper of this class makes; subclasses override.
    open class func makeStrataLayer() -> Layer { Layer() }

    public override init() {
        strataLayer = Self.makeStrataLayer()
        super.init()
    }

    /// Wraps an existing Strata layer (the engine's, e.g. a presentation copy).
    public required init(strataLayer: Layer) {
        self.strataLayer = strataLayer
        super.init()
    }

    /// CALayer's `init(layer:)`: a copy of `layer`'s own properties (not its sublayers).
    public convenience init(layer: Any) {
        guard let other = layer as? CALayer else { self.init(); return }
        self.init(strataLayer: type(of: other.strataLayer).init(layer: other.strataLayer))
    }

    /// A wrapper of the right CA class for an engine layer that has none.
    static func wrap(_ layer: Layer) -> CALayer {
        switch layer {
        case is GradientLayer: return CAGradientLayer(strataLayer: layer)
        case is TextLayer: return CATextLayer(strataLayer: layer)
        case is TransformLayer: return CATransformLayer(strataLayer: layer)
        case is ShapeLayer: return CAShapeLayer(strataLayer: layer)
        case is ReplicatorLayer: return CAReplicatorLayer(strataLayer: layer)
        default: return CALayer(strataLayer: layer)
        }
    }

    open var name: String? {
        get { strataLayer.name }
        set { strataLayer.name = newValue }
    }

    // MARK: Geometry

    open var bounds: CGRect {
        get { CGRect(strataLayer.bounds) }
        set { strataLayer.bounds = newValue.strata; setNeedsLayout() }
    }
    open var position: CGPoint {
        get { CGPoint(strataLayer.position) }
        set { strataLayer.position = newValue.strata }
    }
    open var frame: CGRect {
        get { CGRect(strataLayer.frame) }
        set { strataLayer.frame = newValue.strata; setNeedsLayout() }
    }
    open var anchorPoint: CGPoint {
        get { CGPoint(strataLayer.anchorPoint) }
        set { strataLayer.anchorPoint = newValue.strata }
    }
    open var anchorPointZ: CGFloat {
        get { CGFloat(strataLayer.anchorPointZ) }
        set { strataLayer.anchorPointZ = Double(newValue) }
    }
    open var zPosition: CGFloat {
        get { CGFloat(strataLayer.zPosition) }
        set { strataLayer.zPosition = Double(newValue) }
    }
    open var transform: CATransform3D {
        get { CATransform3D(strataLayer.transform) }
        set { strataLayer.transform = newValue.strataTransform }
    }
    open var sublayerTransform: CATransform3D {
        get { CATransform3D(strataLayer.sublayerTransform) }
        set { strataLayer.sublayerTransform = newValue.strataTransform }
    }
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    // MARK: Appearance

    open var backgroundColor: CGColor? {
        get { strataLayer.backgroundColor.map(CGColor.init) }
        set { strataLayer.backgroundColor = newValue?.strataColor }
    }
    open var opacity: Float {
        get { Float(strataLayer.opacity) }
        set { strataLayer.opacity = Double(newValue) }
    }
    open var isHidden: Bool {
        get { strataLayer.isHidden }
        set { strataLayer.isHidden = newValue }
    }
    open var cornerRadius: CGFloat {
        get { CGFloat(strataLayer.cornerRadius) }
        set { strataLayer.cornerRadius = Double(newValue) }
    }
    open var borderWidth: CGFloat {
        get { CGFloat(strataLayer.borderWidth) }
        set { strataLayer.borderWidth = Double(newValue) }
    }
    /// iOS's default is opaque black; nil draws no border, as on iOS.
    open var borderColor: CGColor? {
        get { CGColor(strataLayer.borderColor) }
        set { strataLayer.borderColor = newValue?.strataColor ?? .clear }
    }
    open var masksToBounds: Bool {
        get { strataLayer.masksToBounds }
        set { strataLayer.masksToBounds = newValue }
    }
    /// Which corners `cornerRadius` rounds.
    open var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: strataLayer.maskedCorners.rawValue) }
        set { strataLayer.maskedCorners = CornerMask(rawValue: newValue.rawValue) }
    }
    /// A name Strata does not know draws circular corners, as an unknown curve does on iOS.
    open var cornerCurve: CALayerCornerCurve {
        get { CALayerCornerCurve(rawValue: strataLayer.cornerCurve.rawValue) }
        set { strataLayer.cornerCurve = CornerCurve(rawValue: newValue.rawValue) ?? .circular }
    }
    /// A layer whose alpha masks this one, in this layer's coordinates (no superlayer).
    open var mask: CALayer? {
        get {
            if strataLayer.isPresentation { return strataLayer.mask.map(CALayer.wrap) }
            return maskWrapper
        }
        set {
            maskWrapper = newValue
            strataLayer.mask = newValue?.strataLayer
        }
    }
    open var shadowColor: CGColor? {
        get { CGColor(strataLayer.shadowColor) }
        set { strataLayer.shadowColor = newValue?.strataColor ?? .clear }
    }
    open var shadowOpacity: Float {
        get { Float(strataLayer.shadowOpacity) }
        set { strataLayer.shadowOpacity = Double(newValue) }
    }
    open var shadowRadius: CGFloat {
        get { CGFloat(strataLayer.shadowRadius) }
        set { strataLayer.shadowRadius = Double(newValue) }
    }
    open var shadowOffset: CGSize {
        get { CGSize(strataLayer.shadowOffset) }
        set { strataLayer.shadowOffset = newValue.strata }
    }
    /// Filled non-zero as the shadow's shape; nil shadows the composited alpha. A copy is
    /// kept, as iOS copies the path it is given; setting it never animates implicitly.
    open var shadowPath: CGPath? {
        get { strataLayer.shadowPath.map(CGPath.init) }
        set { strataLayer.shadowPath = newValue?.strataPath }
    }
    open var isDoubleSided: Bool {
        get { strataLayer.isDoubleSided }
        set { strataLayer.isDoubleSided = newValue }
    }

    // MARK: Tree

    open var sublayers: [CALayer]? {
        get {
            if modelWrapper != nil || strataLayer.isPresentation {
                // A presentation copy's sublayers are the engine's copies: wrap them.
                let copies = strataLayer.sublayers
                return copies.isEmpty ? nil : copies.map(CALayer.wrap)
            }
            return sublayerWrappers.isEmpty ? nil : sublayerWrappers
        }
        set {
            for s in sublayerWrappers { s.removeFromSuperlayer() }
            for s in newValue ?? [] { addSublayer(s) }
        }
    }

    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayerWrappers.count)) }

    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        layer.removeFromSuperlayer()
        let i = min(Int(index), sublayerWrappers.count)
        sublayerWrappers.insert(layer, at: i)
        layer.superlayer = self
        strataLayer.insertSublayer(layer.strataLayer, at: i)
        setNeedsLayout()
    }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        // Removed first, so that the index counts the sublayers without it.
        layer.removeFromSuperlayer()
        let i = sibling.flatMap { s in sublayerWrappers.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(i))
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        layer.removeFromSuperlayer()
        let i = sibling.flatMap { s in sublayerWrappers.firstIndex { $0 === s }.map { $0 + 1 } } ?? sublayerWrappers.count
        insertSublayer(layer, at: UInt32(i))
    }

    open func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard let i = sublayerWrappers.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: UInt32(i))
    }

    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayerWrappers.removeAll { $0 === self }
        superlayer = nil
        strataLayer.removeFromSuperlayer()
        parent.setNeedsLayout()
    }

    /// The wrapper in this subtree (self included) of an engine layer.
    func wrapper(of layer: Layer) -> CALayer? {
        if strataLayer === layer { return self }
        for s in sublayerWrappers { if let w = s.wrapper(of: layer) { return w } }
        return nil
    }

    // MARK: Presentation

    /// The layer as drawn now on its tree's clock (`CACurrentMediaTime()`); nil for a
    /// layer that is itself a presentation copy, as on iOS.
    open func presentation() -> Self? {
        guard !strataLayer.isPresentation else { return nil }
        let copy = Self.init(strataLayer: strataLayer.presentation())
        copy.modelWrapper = self
        return copy
    }

    open func model() -> Self { (modelWrapper as? Self) ?? self }

    // MARK: Layout

    /// Marks the layer for `layoutSublayers()`, which `layoutIfNeeded()` runs; renderPNG
    /// lays out the tree before it draws (on iOS the transaction's commit does).
    open func setNeedsLayout() { needsLayout = true }
    open func needsLayoutNow() -> Bool { needsLayout }
    /// Subclasses override it to place their sublayers.
    open func layoutSublayers() {}
    open func layoutIfNeeded() {
        if needsLayout { needsLayout = false; layoutSublayers() }
        for s in sublayerWrappers { s.layoutIfNeeded() }
        maskWrapper?.layoutIfNeeded()
    }

    // MARK: Coordinates

    /// The chain from this layer up to its root, this layer first.
    private var ancestors: [Layer] {
        var chain: [Layer] = [], l: Layer? = strataLayer
        while let x = l { chain.append(x); l = x.superlayer }
        return chain
    }

    private func toRoot(_ p: Point) -> Point {
        ancestors.dropLast().reduce(p) { $1.transformToSuperlayer.project($0) }
    }

    private func fromRoot(_ p: Point) -> Point {
        ancestors.dropLast().reversed().reduce(p) { $1.convertFromSuperlayer($0) ?? Point(x: .nan, y: .nan) }
    }

    /// `point` in this layer's bounds space, in `layer`'s (nil: the root's). Through
    /// the layers' full transforms, perspective included.
    open func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        let root = toRoot(point.strata)
        return CGPoint(layer?.fromRoot(root) ?? root)
    }

    open func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        let root = layer?.toRoot(point.strata) ?? point.strata
        return CGPoint(fromRoot(root))
    }

    /// The bounding box of the rectangle's converted corners.
    open func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        boundingBox(rect) { self.convert($0, to: layer) }
    }

    open func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        boundingBox(rect) { self.convert($0, from: layer) }
    }

    private func boundingBox(_ r: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let c = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                 CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)].map(map)
        let xs = c.map(\.x), ys = c.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The farthest descendant (or self) under `point`, given in the superlayer's space.
    open func hitTest(_ point: CGPoint) -> CALayer? {
        strataLayer.hitTest(point.strata).flatMap { wrapper(of: $0) }
    }

    open func contains(_ point: CGPoint) -> Bool { strataLayer.contains(point.strata) }
}
