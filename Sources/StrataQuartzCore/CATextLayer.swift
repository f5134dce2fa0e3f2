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

/// CATextLayer over Strata's TextLayer, drawn in the system font (Inter) at `fontSize`, at
/// the weight `font` says.
open class CATextLayer: CALayer {
    open override class func makeStrataLayer() -> Layer { TextLayer() }
    private var text: TextLayer { strataLayer as! TextLayer }
    /// What `font` was set to, given back as it was.
    private var fontObject: CFTypeRef?

    /// A CTFont (or a UIFont, which is one), a CGFont, or a font name (a CFString, an
    /// NSString or a String boxed `as CFTypeRef`), as on iOS; the font's own size is
    /// ignored, as on iOS: `fontSize` is the size. Every family draws as the system font at
    /// the weight the font or its name's style says (`Font.Weight(iOSFontName:)`); nil, or
    /// anything else, is the default: regular. Reads back the object set; before any (and
    /// on a presentation) a CTFont of the system font at the layer's weight and size.
    open var font: CFTypeRef? {
        get { fontObject ?? CTFont(text.font) }
        set {
            fontObject = newValue
            text.font = Font.systemFont(ofSize: text.fontSize, weight: Self.weight(of: newValue))
        }
    }

    private static func weight(of font: CFTypeRef?) -> Font.Weight {
        switch font {
        case let f as CTFont: return f.strataFont.weight
        case let f as CGFont: return f.weight
        case let name as CFString: return Font.Weight(iOSFontName: name.string)
        case let name as String: return Font.Weight(iOSFontName: name)
        default: return .regular
        }
    }

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
