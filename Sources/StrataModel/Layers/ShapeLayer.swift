/// CAShapeLayer: a path filled and stroked as the layer's content, above the background
/// and below the sublayers and the border, in the layer's coordinates (the path is not
/// scaled to the bounds and may draw outside them, as in Core Animation).
///
/// Names and defaults are CAShapeLayer's: a nil path draws nothing; `fillColor` opaque
/// black, `strokeColor` nil, `lineWidth` 1, butt caps, miter joins, `miterLimit` 10, no
/// dashes, `strokeStart` 0 and `strokeEnd` 1. `path`, `fillColor`, `strokeColor`,
/// `lineWidth`, `miterLimit`, `lineDashPhase`, `strokeStart` and `strokeEnd` animate.
open class ShapeLayer: Layer {
    /// CAShapeLayerFillRule.
    public enum FillRule: String, Hashable, Sendable, CaseIterable {
        case nonZero, evenOdd
    }
    /// CAShapeLayerLineCap.
    public enum LineCap: String, Hashable, Sendable, CaseIterable {
        case butt, round, square
    }
    /// CAShapeLayerLineJoin.
    public enum LineJoin: String, Hashable, Sendable, CaseIterable {
        case miter, round, bevel
    }

    public override init() { super.init() }

    public var path: Path? {
        didSet { animatablePropertyDidChange("path", from: .path(oldValue ?? Path())) }
    }
    /// nil draws no fill.
    public var fillColor: Color? = .black {
        didSet { animatablePropertyDidChange("fillColor", from: .color(oldValue ?? .clear)) }
    }
    public var fillRule: FillRule = .nonZero
    /// nil draws no stroke.
    public var strokeColor: Color? {
        didSet { animatablePropertyDidChange("strokeColor", from: .color(oldValue ?? .clear)) }
    }
    public var lineWidth: Double = 1 {
        didSet { animatablePropertyDidChange("lineWidth", from: .double(oldValue)) }
    }
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var miterLimit: Double = 10 {
        didSet { animatablePropertyDidChange("miterLimit", from: .double(oldValue)) }
    }
    /// Dash and gap lengths in points, repeated; nil or empty draws a solid line.
    public var lineDashPattern: [Double]?
    public var lineDashPhase: Double = 0 {
        didSet { animatablePropertyDidChange("lineDashPhase", from: .double(oldValue)) }
    }
    /// The stroke runs from this fraction of the path's length ...
    public var strokeStart: Double = 0 {
        didSet { animatablePropertyDidChange("strokeStart", from: .double(oldValue)) }
    }
    /// ... to this one (a progress ring animates it).
    public var strokeEnd: Double = 1 {
        didSet { animatablePropertyDidChange("strokeEnd", from: .double(oldValue)) }
    }

    /// Whether the fill draws anything.
    public var hasVisibleFill: Bool {
        guard let p = path, !p.isEmpty, let c = fillColor else { return false }
        return c.alpha > 0
    }

    /// Whether the stroke draws anything.
    public var hasVisibleStroke: Bool {
        guard let p = path, !p.isEmpty, let c = strokeColor else { return false }
        return c.alpha > 0 && lineWidth > 0 && min(1, strokeEnd) > max(0, strokeStart)
    }

    open override var drawsOwnContent: Bool { super.drawsOwnContent || hasVisibleFill || hasVisibleStroke }

    open override func copyProperties(from layer: Layer) {
        super.copyProperties(from: layer)
        guard let s = layer as? ShapeLayer else { return }
        path = s.path
        fillColor = s.fillColor
        fillRule = s.fillRule
        strokeColor = s.strokeColor
        lineWidth = s.lineWidth
        lineCap = s.lineCap
        lineJoin = s.lineJoin
        miterLimit = s.miterLimit
        lineDashPattern = s.lineDashPattern
        lineDashPhase = s.lineDashPhase
        strokeStart = s.strokeStart
        strokeEnd = s.strokeEnd
    }

    /// Adds "path" (path; nil reads as empty), "fillColor" and "strokeColor" (colors; nil
    /// reads as clear), "lineWidth", "miterLimit", "lineDashPhase", "strokeStart" and
    /// "strokeEnd" (doubles) to the layer's key paths.
    open override class var animatableProperties: AnimatableProperties { shapeAnimatableProperties }

    private static let shapeAnimatableProperties = AnimatableProperties([
        AnimatableProperty("path", \ShapeLayer.path, whenNil: { _ in Path() }),
        AnimatableProperty("fillColor", \ShapeLayer.fillColor, whenNil: { _ in .clear }),
        AnimatableProperty("strokeColor", \ShapeLayer.strokeColor, whenNil: { _ in .clear }),
        AnimatableProperty("lineWidth", \ShapeLayer.lineWidth),
        AnimatableProperty("miterLimit", \ShapeLayer.miterLimit),
        AnimatableProperty("lineDashPhase", \ShapeLayer.lineDashPhase),
        AnimatableProperty("strokeStart", \ShapeLayer.strokeStart),
        AnimatableProperty("strokeEnd", \ShapeLayer.strokeEnd),
    ], inheriting: Layer.animatableProperties)
}
