/// A font as UIFont describes one: a family, a point size and a weight. Only a
/// description: the text engine (StrataText) finds the face through fontconfig, so the
/// model stays free of FreeType.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// A family name as fontconfig knows it, e.g. "Inter" or "Noto Sans CJK SC".
    public var family: String
    /// Point size: the em square, in points.
    public var size: Double
    public var weight: Weight

    public init(family: String, size: Double, weight: Weight = .regular) {
        self.family = family; self.size = size; self.weight = weight
    }

    /// iOS's system font is San Francisco, which Linux lacks; Inter is the closest open
    /// design (and ships as Debian's fonts-inter).
    public static let systemFontFamily = "Inter"

    /// San Francisco has two optical sizes: SF Pro Text below 20 pt and SF Pro Display,
    /// tighter and finer, from 20 pt (Apple's typography guidelines). Inter ships the same
    /// pair (Inter and Inter Display, both in fonts-inter), so the system font switches
    /// at the same size.
    public static let systemDisplayFamily = "Inter Display"
    public static let displayOpticalSize = 20.0

    /// The family whose faces draw this font: the system family's display cut from 20 pt,
    /// any other family as it is.
    public var opticalFamily: String {
        family == Font.systemFontFamily && size >= Font.displayOpticalSize ? Font.systemDisplayFamily : family
    }

    /// UIFont.systemFont(ofSize:weight:).
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(family: systemFontFamily, size: size, weight: weight)
    }

    /// UIFont.boldSystemFont(ofSize:).
    public static func boldSystemFont(ofSize size: Double) -> Font {
        systemFont(ofSize: size, weight: .bold)
    }

    public func withSize(_ size: Double) -> Font { Font(family: family, size: size, weight: weight) }

    public func withWeight(_ weight: Weight) -> Font { Font(family: family, size: size, weight: weight) }

    public var description: String { "\(family) \(weight) \(size) pt" }

    /// A weight on the OpenType scale (400 regular, 700 bold). Each one is drawn with the
    /// family's own face of the nearest weight (Inter SemiBold for .semibold), never
    /// emboldened by the renderer.
    public struct Weight: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// OpenType usWeightClass: 100...900.
        public let value: Int

        public init(_ value: Int) { self.value = min(max(value, 1), 1000) }

        public static let ultraLight = Weight(100)
        public static let thin = Weight(200)
        public static let light = Weight(300)
        public static let regular = Weight(400)
        public static let medium = Weight(500)
        public static let semibold = Weight(600)
        public static let bold = Weight(700)
        public static let heavy = Weight(800)
        public static let black = Weight(900)

        public static func < (a: Weight, b: Weight) -> Bool { a.value < b.value }

        public var description: String {
            switch value {
            case 100: return "ultraLight"
            case 200: return "thin"
            case 300: return "light"
            case 400: return "regular"
            case 500: return "medium"
            case 600: return "semibold"
            case 700: return "bold"
            case 800: return "heavy"
            case 900: return "black"
            default: return "weight \(value)"
            }
        }
    }
}
