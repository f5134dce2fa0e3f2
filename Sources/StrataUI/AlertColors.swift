import StrataModel

/// The colours of an alert in one appearance: UIKit's system colours where an iOS
/// developer knows them by name, and the translucent materials of the box and its
/// hairlines (SystemMaterials.swift), drawn by backdrop layers.
public struct AlertColors: Hashable, Sendable {
    /// The presenting scene behind (systemBackground).
    public var sceneBackground: Color
    /// The dim over the presenting scene.
    public var dimming: Color
    /// The alert's box and the sheet's action group.
    public var material: Material
    /// An action sheet's cancel group, and the box without the dialog blur: opaque.
    public var cancelGroupBackground: Color
    /// The title and message of an alert (label).
    public var title: Color
    public var message: Color
    /// The title and message of an action sheet's header.
    public var sheetHeader: Color
    /// systemBlue: default and cancel actions, and the caret.
    public var action: Color
    /// systemRed.
    public var destructive: Color
    public var disabled: Color
    /// Behind a pressed button.
    public var highlight: Color
    /// Hairlines on the material (vibrancy).
    public var separatorMaterial: Material
    /// Hairlines on an opaque box (separator).
    public var separator: Color
    /// Bands of custom spacing between buttons.
    public var spacer: Color
    public var textFieldBackground: Color
    public var textFieldBorder: Color
    public var text: Color
    public var placeholder: Color

    public static let light = AlertColors(
        sceneBackground: .white,
        dimming: Color(white: 0, alpha: 0.2),
        material: .systemMaterial,
        cancelGroupBackground: .white,
        title: .black,
        message: .black,
        sheetHeader: Color(r8: 143, g8: 143, b8: 143),
        action: Color(r8: 0, g8: 122, b8: 255),
        destructive: Color(r8: 255, g8: 59, b8: 48),
        disabled: Color(r8: 148, g8: 148, b8: 148),
        highlight: Color(white: 0, alpha: 0.1),
        separatorMaterial: .systemSeparator,
        separator: Color(r8: 60, g8: 60, b8: 67, alpha: 0.29),
        spacer: Color(white: 0, alpha: 0.08),
        textFieldBackground: .white,
        textFieldBorder: Color(r8: 60, g8: 60, b8: 67, alpha: 0.29),
        text: .black,
        placeholder: Color(r8: 199, g8: 199, b8: 204))

    public static let dark = AlertColors(
        sceneBackground: .black,
        dimming: Color(white: 0, alpha: 0.48),
        material: .systemMaterialDark,
        cancelGroupBackground: Color(r8: 44, g8: 44, b8: 46),
        title: .white,
        message: .white,
        sheetHeader: Color(r8: 142, g8: 142, b8: 147),
        action: Color(r8: 10, g8: 132, b8: 255),
        destructive: Color(r8: 255, g8: 69, b8: 58),
        disabled: Color(r8: 104, g8: 104, b8: 108),
        highlight: Color(white: 1, alpha: 0.1),
        separatorMaterial: .systemSeparatorDark,
        separator: Color(r8: 84, g8: 84, b8: 88, alpha: 0.6),
        spacer: Color(white: 0, alpha: 0.3),
        textFieldBackground: Color(r8: 28, g8: 28, b8: 30),
        textFieldBorder: Color(r8: 84, g8: 84, b8: 88, alpha: 0.6),
        text: .white,
        placeholder: Color(r8: 99, g8: 99, b8: 102))

    public static func forStyle(_ style: UserInterfaceStyle) -> AlertColors {
        style == .dark ? .dark : .light
    }

    /// The title colour of a button for `action`.
    public func titleColor(for action: AlertAction) -> Color {
        guard action.isEnabled else { return disabled }
        return action.style == .destructive ? destructive : self.action
    }
}
