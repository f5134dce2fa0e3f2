import StrataModel

public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Drawn as `.natural`: Strata does not justify text.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
}

/// CATextLayer over Strata's TextLayer (system font; `font` is not taken yet).
open class CATextLayer: CALayer {
    open override class func makeStrataLayer() -> Layer { TextLayer() }
    private var text: TextLayer { strataLayer as! TextLayer }

    /// A String (an NSAttributedString's plain string is drawn without its attributes).
    open var string: Any? {
        get { text.string }
        set { text.string = (newValue as? String) ?? (newValue as? NSAttributedString)?.string }
    }
    open var fontSize: CGFloat {
        get { CGFloat(text.fontSize) }
        set { text.fontSize = Double(newValue) }
    }
    open var foregroundColor: CGColor? {
        get { CGColor(text.foregroundColor) }
        set { text.foregroundColor = newValue?.strataColor ?? .white }
    }
    open var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: text.alignmentMode.rawValue) }
        set { text.alignmentMode = TextAlignment(rawValue: newValue.rawValue) ?? .natural }
    }
    open var isWrapped: Bool {
        get { text.isWrapped }
        set { text.isWrapped = newValue }
    }
    open var truncationMode: CATextLayerTruncationMode {
        get { CATextLayerTruncationMode(rawValue: text.truncationMode.rawValue) }
        set { text.truncationMode = TextLayer.TruncationMode(rawValue: newValue.rawValue) ?? .none }
    }
}
