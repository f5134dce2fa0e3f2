import StrataModel

/// Core Graphics' color, in device RGB (Strata draws sRGB-ish RGBA, as iOS's
/// `CGColor(red:green:blue:alpha:)`, whose space is sRGB). A class, as the CF type is.
public final class CGColor: Hashable, CustomStringConvertible {
    /// The Strata color this one draws as.
    public let strataColor: Color
    private let isGray: Bool

    public init(_ color: Color) { strataColor = color; isGray = false }
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        strataColor = Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
        isGray = false
    }
    public init(gray: CGFloat, alpha: CGFloat) {
        strataColor = Color(white: Double(gray), alpha: Double(alpha))
        isGray = true
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public var alpha: CGFloat { CGFloat(strataColor.alpha) }
    /// Gray colors have (gray, alpha), RGB ones (red, green, blue, alpha), as on iOS.
    public var components: [CGFloat]? {
        let c = strataColor
        return (isGray ? [c.red, c.alpha] : [c.red, c.green, c.blue, c.alpha]).map { CGFloat($0) }
    }
    public var numberOfComponents: Int { isGray ? 2 : 4 }

    public func copy(alpha: CGFloat) -> CGColor? {
        isGray ? CGColor(gray: CGFloat(strataColor.red), alpha: alpha) : CGColor(strataColor.withAlphaComponent(Double(alpha)))
    }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.strataColor == b.strataColor }
    public func hash(into h: inout Hasher) { h.combine(strataColor) }
    public var description: String { "CGColor(\(components ?? []))" }
}
