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
    /// A blurred backdrop, faded to `alpha`. The compositor has no blur, so the
    /// effect's tint is drawn over the scene as it is; over a plain scene (the default
    /// white presenter) a blur changes nothing else.
    case blur(BlurStyle, alpha: Double)

    /// UIKit's dim.
    public static let `default` = BackgroundAppearance.translucent(alpha: 0.2)

    /// The colour drawn over the scene; `dark` is the appearance the alert draws in (the
    /// default dim is darker in dark mode, as UIKit's is).
    public func color(dark: Bool) -> Color {
        switch self {
        case .translucent(let alpha):
            if dark && self == .default { return AlertColors.dark.dimming }
            return Color(white: 0, alpha: clamp(alpha))
        case .blur(let style, let alpha):
            switch style {
            case .dark: return Color(r8: 28, g8: 28, b8: 30, alpha: 0.73 * clamp(alpha))
            case .light: return Color(white: 1, alpha: 0.3 * clamp(alpha))
            case .extraLight: return Color(white: 0.97, alpha: 0.8 * clamp(alpha))
            }
        }
    }

    private func clamp(_ v: Double) -> Double { min(1, max(0, v.isFinite ? v : 0)) }
}
