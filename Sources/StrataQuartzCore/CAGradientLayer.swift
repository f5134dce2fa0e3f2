import StrataModel

public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// CAGradientLayer over Strata's GradientLayer.
open class CAGradientLayer: CALayer {
    open override class func makeStrataLayer() -> Layer { GradientLayer() }
    private var gradient: GradientLayer { strataLayer as! GradientLayer }

    /// CGColors, as iOS code passes them (`[UIColor.red.cgColor, ...]`); other elements
    /// are dropped.
    open var colors: [Any]? {
        get { gradient.colors.isEmpty ? nil : gradient.colors.map(CGColor.init) }
        set { gradient.colors = (newValue ?? []).compactMap { ($0 as? CGColor)?.strataColor } }
    }
    open var locations: [NSNumber]? {
        get { gradient.locations?.map { NSNumber(value: $0) } }
        set { gradient.locations = newValue?.map(\.doubleValue) }
    }
    open var startPoint: CGPoint {
        get { CGPoint(gradient.startPoint) }
        set { gradient.startPoint = newValue.strata }
    }
    open var endPoint: CGPoint {
        get { CGPoint(gradient.endPoint) }
        set { gradient.endPoint = newValue.strata }
    }
    open var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: gradient.type.rawValue) }
        set { gradient.type = GradientLayer.GradientType(rawValue: newValue.rawValue) ?? .axial }
    }
}
