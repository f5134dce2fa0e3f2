/// iOS's system colours (iOS 15's sRGB values, as `UIColor.systemBlue` and friends
/// resolve them in the default, not increased, contrast), light and dark. The one table:
/// scene files read their names from it.
public struct SystemColor: Hashable, Sendable {
    /// Which of the two values a colour resolves to (StrataUI's `UserInterfaceStyle`'s
    /// light and dark; the model cannot see UIKit's roles).
    public enum Appearance: String, Hashable, Sendable, CaseIterable {
        case light, dark
    }

    public let name: String
    public let light: Color
    public let dark: Color

    public func resolved(for style: Appearance) -> Color { style == .light ? light : dark }

    private init(_ name: String, _ light: Color, _ dark: Color) { self.name = name; self.light = light; self.dark = dark }
    private init(_ name: String, _ l: (Int, Int, Int), _ d: (Int, Int, Int)) {
        self.init(name, Color(r8: l.0, g8: l.1, b8: l.2), Color(r8: d.0, g8: d.1, b8: d.2))
    }

    public static let all: [SystemColor] = [
        SystemColor("systemRed", (255, 59, 48), (255, 69, 58)),
        SystemColor("systemOrange", (255, 149, 0), (255, 159, 10)),
        SystemColor("systemYellow", (255, 204, 0), (255, 214, 10)),
        SystemColor("systemGreen", (52, 199, 89), (48, 209, 88)),
        SystemColor("systemMint", (0, 199, 190), (102, 212, 207)),
        SystemColor("systemTeal", (48, 176, 199), (64, 200, 224)),
        SystemColor("systemCyan", (50, 173, 230), (100, 210, 255)),
        SystemColor("systemBlue", (0, 122, 255), (10, 132, 255)),
        SystemColor("systemIndigo", (88, 86, 214), (94, 92, 230)),
        SystemColor("systemPurple", (175, 82, 222), (191, 90, 242)),
        SystemColor("systemPink", (255, 45, 85), (255, 55, 95)),
        SystemColor("systemBrown", (162, 132, 94), (172, 142, 104)),
        SystemColor("systemGray", (142, 142, 147), (142, 142, 147)),
        SystemColor("systemGray2", (174, 174, 178), (99, 99, 102)),
        SystemColor("systemGray3", (199, 199, 204), (72, 72, 74)),
        SystemColor("systemGray4", (209, 209, 214), (58, 58, 60)),
        SystemColor("systemGray5", (229, 229, 234), (44, 44, 46)),
        SystemColor("systemGray6", (242, 242, 247), (28, 28, 30)),
        SystemColor("label", .black, .white),
        SystemColor("secondaryLabel", Color(r8: 60, g8: 60, b8: 67, alpha: 0.6), Color(r8: 235, g8: 235, b8: 245, alpha: 0.6)),
        SystemColor("separator", Color(r8: 60, g8: 60, b8: 67, alpha: 0.29), Color(r8: 84, g8: 84, b8: 88, alpha: 0.6)),
    ]

    /// The colour of that name, or nil.
    public static func named(_ name: String) -> SystemColor? { all.first { $0.name == name } }
}

extension Color {
    /// A system colour's value in `style`; the static properties below are the light ones.
    public static func system(_ name: String, _ style: SystemColor.Appearance = .light) -> Color? {
        SystemColor.named(name)?.resolved(for: style)
    }

    private static func light(_ name: String) -> Color { SystemColor.named(name)!.light }

    public static let systemRed = light("systemRed")
    public static let systemOrange = light("systemOrange")
    public static let systemYellow = light("systemYellow")
    public static let systemGreen = light("systemGreen")
    public static let systemMint = light("systemMint")
    public static let systemTeal = light("systemTeal")
    public static let systemCyan = light("systemCyan")
    public static let systemBlue = light("systemBlue")
    public static let systemIndigo = light("systemIndigo")
    public static let systemPurple = light("systemPurple")
    public static let systemPink = light("systemPink")
    public static let systemBrown = light("systemBrown")
    public static let systemGray = light("systemGray")
    public static let systemGray2 = light("systemGray2")
    public static let systemGray3 = light("systemGray3")
    public static let systemGray4 = light("systemGray4")
    public static let systemGray5 = light("systemGray5")
    public static let systemGray6 = light("systemGray6")
    public static let label = light("label")
    public static let secondaryLabel = light("secondaryLabel")
    public static let separator = light("separator")
}
