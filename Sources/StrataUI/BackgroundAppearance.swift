import StrataModel

/// What covers the presenting scene behind an alert (SPBackgroundViewAppearanceStyle
/// with its alpha).
public enum BackgroundAppearance: Hashable, Sendable {
    /// UIBlurEffect.Style of a blurred backdrop.
    public enum BlurStyle: String, Hashable, Sendable, CaseIterable {
        case dark, extraLight, light
    }

    /// A black dim at `alpha`: UIKit's is 0.2 (white becomes 204).
    case translucent(alpha: Double)
    /// A blurred backdrop (`Material.blurEffect`), faded to `alpha`: the scene shows
    /// through blurred, saturated and tinted, drawn by a backdrop layer.
    case blur(BlurStyle, alpha: Double)

    /// UIKit's dim.
    public static let `default` = BackgroundAppearance.translucent(alpha: 0.2)

    /// The dim drawn over the scene, nil for a blur; `dark` is the appearance the alert
    /// draws in (the default dim is darker in dark mode, as UIKit's is).
    public func color(dark: Bool) -> Color? {
        switch self {
        case .translucent(let alpha):
            if dark && self == .default { return AlertColors.dark.dimming }
            return Color(white: 0, alpha: clamp(alpha))
        case .blur:
            return nil
        }
    }

    /// The blur's material, nil for a dim.
    public var material: Material? {
        if case .blur(let style, _) = self { return .blurEffect(style) }
        return nil
    }

    /// How much of the blur shows: the layer's opacity (1 for a dim, whose alpha is its colour's).
    public var opacity: Double {
        if case .blur(_, let alpha) = self { return clamp(alpha) }
        return 1
    }

    private func clamp(_ v: Double) -> Double { min(1, max(0, v.isFinite ? v : 0)) }
}
