import StrataModel

/// The safe-area insets of the common iPhone screens in portrait, in points, by screen
/// size: what `UIWindow.safeAreaInsets` reports on each device with no bars shown.
///
/// Sources: Apple's Human Interface Guidelines, Layout (the device sizes; the 20 pt
/// status bar of the home-button iPhones; the iPhone X's 44 pt sensor housing, 34 pt
/// home indicator and 44 / 21 pt in landscape); usagimaru, "iPhone Xのセーフエリアやマージン幅
/// について" (qiita.com, iOS 12: X/XS 375x734 pt and XR/XS Max 414x818 pt safe areas);
/// Keith Harrison, "iPhone 12 Screen Sizes" (useyourloaf.com, 2020: 47 pt on the
/// iPhone 12 and 12 Pro Max); zhangwen.site "iPhone 14 系列屏幕尺寸变化" and csl.cool "iOS Layout
/// Adaptation" (2022-23: 59 / 34 pt under the Dynamic Island, 59 / 21 / 59 in landscape).
/// Where devices of one size differ, the row says which it follows.
public struct DeviceSafeArea: Hashable, Sendable {
    /// Portrait, points.
    public let size: Size
    public let top: Double
    public let bottom: Double
    /// The devices of this size, and which one the insets are from when they differ.
    public let devices: String

    /// The common iPhone sizes, smallest first.
    public static let iPhones: [DeviceSafeArea] = [
        DeviceSafeArea(320, 568, top: 20, bottom: 0, "iPhone 5s, SE (1st generation)"),
        DeviceSafeArea(375, 667, top: 20, bottom: 0, "iPhone 6, 6s, 7, 8, SE (2nd and 3rd generation)"),
        DeviceSafeArea(414, 736, top: 20, bottom: 0, "iPhone 6 Plus ... 8 Plus"),
        DeviceSafeArea(375, 812, top: 44, bottom: 34, "iPhone X, XS, 11 Pro (the 12 mini and 13 mini report 50 at the top)"),
        DeviceSafeArea(390, 844, top: 47, bottom: 34, "iPhone 12, 12 Pro, 13, 13 Pro, 14"),
        DeviceSafeArea(393, 852, top: 59, bottom: 34, "iPhone 14 Pro, 15, 15 Pro, 16"),
        DeviceSafeArea(414, 896, top: 44, bottom: 34, "iPhone XR, XS Max, 11, 11 Pro Max (iOS 12; the XR and 11 report 48 from iOS 14)"),
        DeviceSafeArea(428, 926, top: 47, bottom: 34, "iPhone 12 Pro Max, 13 Pro Max, 14 Plus"),
        DeviceSafeArea(430, 932, top: 59, bottom: 34, "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus"),
    ]

    /// Landscape on a phone without a home button: the home indicator's inset.
    public static let landscapeHomeIndicator = 21.0

    private init(_ width: Double, _ height: Double, top: Double, bottom: Double, _ devices: String) {
        size = Size(width: width, height: height); self.top = top; self.bottom = bottom; self.devices = devices
    }

    /// The row for a screen of `size` in either orientation, if it is one of the table's.
    public static func device(for size: Size) -> DeviceSafeArea? {
        let portrait = Size(width: min(size.width, size.height), height: max(size.width, size.height))
        return iPhones.first { $0.size == portrait }
    }

    /// The insets in the orientation of `size` (portrait when it is taller than wide).
    /// Landscape hides the status bar: a home-button phone has none, a notched one keeps
    /// its top inset on both sides (the housing may be on either) and 21 pt at the bottom.
    public func insets(for size: Size) -> EdgeInsets {
        if size.height >= size.width { return EdgeInsets(top: top, bottom: bottom) }
        guard bottom > 0 else { return .zero }
        return EdgeInsets(left: top, bottom: DeviceSafeArea.landscapeHomeIndicator, right: top)
    }
}
