import StrataModel

/// UIKit's blur and vibrancy materials as `Material`s: what alerts, sheets and blurred
/// backdrops draw with.
///
/// The alert materials are fitted to iOS 14 screenshots: over a white scene under the
/// 20 % dim (204) the box is 240 and its hairlines 176-181; over (0, 84, 147) under the
/// same dim, (0, 67, 118), the box is (184, 215, 239) and the hairlines (113, 168, 208).
/// `Material.apply` gives the box 240 and (184, 216, 239), the hairlines 178 and
/// (113, 167, 208) (AlertMaterialTests). The dark ones keep the flat colours Strata
/// drew before over the black scene: box (37, 37, 39), hairlines (65, 65, 68).
extension Material {
    /// The alert's box and the sheet's action group (UIBlurEffect.Style.systemMaterial).
    public static let systemMaterial = Material(blurRadius: 30, saturation: 2.35,
                                                tint: Color(r8: 249, g8: 249, b8: 249, alpha: 0.8))
    /// UIBlurEffect.Style.systemMaterialDark.
    public static let systemMaterialDark = Material(blurRadius: 30, saturation: 2.35,
                                                    tint: Color(r8: 46, g8: 46, b8: 49, alpha: 0.8))
    /// Hairlines on the material (UIVibrancyEffectStyle.separator): the scene behind
    /// the box, strongly saturated, under a grey.
    public static let systemSeparator = Material(blurRadius: 30, saturation: 6.2,
                                                 tint: Color(r8: 174, g8: 174, b8: 174, alpha: 0.87))
    public static let systemSeparatorDark = Material(blurRadius: 30, saturation: 6.2,
                                                     tint: Color(r8: 75, g8: 75, b8: 78, alpha: 0.87))

    /// UIBlurEffect's original styles (SPAlertController's blurred backdrop): blur radius
    /// and saturation as UIKit's effects have them, the tint each style lays over.
    public static func blurEffect(_ style: BackgroundAppearance.BlurStyle) -> Material {
        switch style {
        case .dark: return Material(blurRadius: 20, saturation: 1.8, tint: Color(r8: 28, g8: 28, b8: 30, alpha: 0.73))
        case .light: return Material(blurRadius: 30, saturation: 1.8, tint: Color(white: 1, alpha: 0.3))
        case .extraLight: return Material(blurRadius: 20, saturation: 1.8, tint: Color(white: 0.97, alpha: 0.8))
        }
    }
}
