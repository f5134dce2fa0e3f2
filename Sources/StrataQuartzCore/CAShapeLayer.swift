import StrataModel

public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// CAShapeLayer over Strata's ShapeLayer: the same names, types and defaults (`fillColor`
/// opaque black, no stroke, `lineWidth` 1, `miterLimit` 10, `strokeEnd` 1). The raw values
/// of the fill rule, cap and join are iOS's string constants (`kCAFillRuleEvenOdd` is
/// "even-odd").
open class CAShapeLayer: CALayer {
    open override class func makeStrataLayer() -> Layer { ShapeLayer() }
    private var shape: ShapeLayer { strataLayer as! ShapeLayer }

    /// A copy is kept, as iOS copies the path it is given.
    open var path: CGPath? {
        get { shape.path.map(CGPath.init) }
        set { shape.path = newValue?.strataPath }
    }
    open var fillColor: CGColor? {
        get { shape.fillColor.map(CGColor.init) }
        set { shape.fillColor = newValue?.strataColor }
    }
    open var fillRule: CAShapeLayerFillRule {
        get { shape.fillRule == .evenOdd ? .evenOdd : .nonZero }
        set { shape.fillRule = newValue == .evenOdd ? .evenOdd : .nonZero }
    }
    open var strokeColor: CGColor? {
        get { shape.strokeColor.map(CGColor.init) }
        set { shape.strokeColor = newValue?.strataColor }
    }
    open var lineWidth: CGFloat {
        get { CGFloat(shape.lineWidth) }
        set { shape.lineWidth = Double(newValue) }
    }
    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: shape.lineCap.rawValue) }
        set { shape.lineCap = ShapeLayer.LineCap(rawValue: newValue.rawValue) ?? .butt }
    }
    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: shape.lineJoin.rawValue) }
        set { shape.lineJoin = ShapeLayer.LineJoin(rawValue: newValue.rawValue) ?? .miter }
    }
    open var miterLimit: CGFloat {
        get { CGFloat(shape.miterLimit) }
        set { shape.miterLimit = Double(newValue) }
    }
    open var lineDashPattern: [NSNumber]? {
        get { shape.lineDashPattern?.map { NSNumber(value: $0) } }
        set { shape.lineDashPattern = newValue?.map(\.doubleValue) }
    }
    open var lineDashPhase: CGFloat {
        get { CGFloat(shape.lineDashPhase) }
        set { shape.lineDashPhase = Double(newValue) }
    }
    open var strokeStart: CGFloat {
        get { CGFloat(shape.strokeStart) }
        set { shape.strokeStart = Double(newValue) }
    }
    open var strokeEnd: CGFloat {
        get { CGFloat(shape.strokeEnd) }
        set { shape.strokeEnd = Double(newValue) }
    }
}
