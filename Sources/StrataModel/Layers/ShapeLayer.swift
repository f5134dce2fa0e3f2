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

    @Observed public var path: Path? = nil
    /// nil draws no fill.
    @Observed public var fillColor: Color? = .black
    public var fillRule: FillRule = .nonZero
    /// nil draws no stroke.
    @Observed public var strokeColor: Color? = nil
    @Observed public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    @Observed public var miterLimit: Double = 10
    /// Dash and gap lengths in points, repeated; nil or empty draws a solid line.
    public var lineDashPattern: [Double]?
    @Observed public var lineDashPhase: Double = 0
    /// The stroke runs from this fraction of the path's length ...
    @Observed public var strokeStart: Double = 0
    /// ... to this one (a progress ring animates it).
    @Observed public var strokeEnd: Double = 1

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

    open override class var declaration: LayerClassDeclaration { shapeDeclaration }

    private static let shapeDeclaration = LayerClassDeclaration("CAShapeLayer", inheriting: Layer.declaration,
                                                                make: { ShapeLayer() }, [
        Declare<ShapeLayer>.animatable("path", \.path, whenNil: { _ in Path() },
                                       "in the layer's coordinates; animates point by point between paths of one structure"),
        Declare<ShapeLayer>.animatable("fillColor", \.fillColor, whenNil: { _ in .clear }, kind: .optionalColor, "nil draws no fill"),
        Declare<ShapeLayer>.property("fillRule", \.fillRule, "nonZero or evenOdd"),
        Declare<ShapeLayer>.animatable("strokeColor", \.strokeColor, whenNil: { _ in .clear }, kind: .optionalColor, "nil draws no stroke"),
        Declare<ShapeLayer>.animatable("lineWidth", \.lineWidth, "the stroke's width"),
        Declare<ShapeLayer>.property("lineCap", \.lineCap, "butt, round or square"),
        Declare<ShapeLayer>.property("lineJoin", \.lineJoin, "miter, round or bevel"),
        Declare<ShapeLayer>.animatable("miterLimit", \.miterLimit, "longest miter, in line widths"),
        Declare<ShapeLayer>.property("lineDashPattern", \.lineDashPattern, "dash and gap lengths, repeated; nil or empty is solid"),
        Declare<ShapeLayer>.animatable("lineDashPhase", \.lineDashPhase, "where the dash pattern starts"),
        Declare<ShapeLayer>.animatable("strokeStart", \.strokeStart, "the stroke runs from this fraction of the length ..."),
        Declare<ShapeLayer>.animatable("strokeEnd", \.strokeEnd, "... to this one"),
    ])
}
