import StrataModel
import StrataQuartzCore

/// UIKit's font, as layer code hands one to `CATextLayer.font`
/// (`UIFont.systemFont(ofSize: 17, weight: .semibold)`): a CTFont, as on iOS, where the
/// two are toll-free bridged. The system font is Inter, San Francisco's stand-in
/// everywhere in Strata; a named font draws as the system font at the weight its name's
/// style says (`Font.Weight(iOSFontName:)`). There is no italic.
open class UIFont: CTFont, @unchecked Sendable {
    /// UIFont's weights, with iOS's raw values (-0.8 ... 0.62).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4)
        public static let regular = Weight(0), medium = Weight(0.23), semibold = Weight(0.3)
        public static let bold = Weight(0.4), heavy = Weight(0.56), black = Weight(0.62)

        /// The Strata weight drawn: that of the nearest of UIFont's nine.
        public var strataWeight: Font.Weight {
            let pairs: [(Weight, Font.Weight)] = [(.ultraLight, .ultraLight), (.thin, .thin), (.light, .light),
                                                  (.regular, .regular), (.medium, .medium), (.semibold, .semibold),
                                                  (.bold, .bold), (.heavy, .heavy), (.black, .black)]
            return pairs.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
        }
    }

    /// nil for an empty name. iOS answers nil for a name it has no font of; here every
    /// family is the system font, so any other name makes one.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.init(Font.systemFont(ofSize: Double(fontSize), weight: Font.Weight(iOSFontName: fontName)), name: fontName)
    }

    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(Font.systemFont(ofSize: Double(fontSize), weight: weight.strataWeight))
    }
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }

    public var pointSize: CGFloat { CGFloat(strataFont.size) }
    public var fontName: String { postScriptName }
    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(strataFont.withSize(Double(fontSize)), name: postScriptName)
    }
}
