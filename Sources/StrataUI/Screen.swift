import StrataModel

/// UIScreen and the window's safe area: the size in points, the pixels per point, and
/// the insets the status bar and home indicator take. Layout rounds to this screen's
/// pixels, as UIKit does, so hairlines are one device pixel and edges land on pixels.
public struct Screen: Hashable, Sendable {
    public var size: Size
    /// Pixels per point: 2 for an iPhone 8, 3 for a Plus or most notched iPhones.
    public var scale: Double
    public var safeAreaInsets: EdgeInsets

    public init(size: Size, scale: Double = 2, safeAreaInsets: EdgeInsets? = nil) {
        self.size = size
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        self.safeAreaInsets = safeAreaInsets ?? Screen.iPhoneSafeAreaInsets(for: size)
    }

    /// An iPhone 8 (4.7-inch, 375 x 667 pt) at @2x: the default presenting scene.
    public static let iPhone8 = Screen(size: Size(width: 375, height: 667), scale: 2)

    /// The insets an iPhone of this size has: the device's own from `DeviceSafeArea`'s
    /// table, else by shape: a tall screen (19.5:9, the notched iPhones) the iPhone X's
    /// 44 pt sensor housing and 34 pt home indicator, any other the 20 pt status bar.
    /// Landscape (wider than tall) has no status bar.
    public static func iPhoneSafeAreaInsets(for size: Size) -> EdgeInsets {
        if let device = DeviceSafeArea.device(for: size) { return device.insets(for: size) }
        let portrait = size.height >= size.width
        let long = max(size.width, size.height), short = min(size.width, size.height)
        let notched = short > 0 && long / short > 2
        switch (portrait, notched) {
        case (true, true): return EdgeInsets(top: 44, bottom: 34)
        case (true, false): return EdgeInsets(top: 20)
        case (false, true): return EdgeInsets(left: 44, bottom: DeviceSafeArea.landscapeHomeIndicator, right: 44)
        case (false, false): return .zero
        }
    }

    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The part of the screen the status bar and home indicator leave free.
    public var safeArea: Rect { bounds.inset(by: safeAreaInsets) }

    /// One device pixel in points: UIKit's hairline (0.5 pt at @2x, 0.33 pt at @3x).
    public var hairline: Double { 1 / scale }

    /// `value` down to a device pixel, and up to one: UIRectIntegral's origin and size.
    /// A value within a billionth of a pixel counts as on it.
    public func floorToPixels(_ value: Double) -> Double { ((value * scale) + 1e-9).rounded(.down) / scale }
    public func ceilToPixels(_ value: Double) -> Double { ((value * scale) - 1e-9).rounded(.up) / scale }

    /// `value` rounded to the nearest device pixel (halves away from zero).
    public func roundToPixels(_ value: Double) -> Double {
        (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}
