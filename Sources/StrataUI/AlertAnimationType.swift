/// How an alert appears and goes (SPAlertAnimationType). `.default` is UIKit's: an
/// alert scales from 1.2 to 1 while fading in and fades out; an action sheet slides up
/// from the bottom and back down.
public enum AlertAnimationType: String, Hashable, Sendable, CaseIterable {
    case `default`
    /// Slides in from below the screen and back out.
    case fromBottom
    case fromTop
    case fromLeft
    case fromRight
    /// Starts larger (1.2x) and shrinks to size while fading in: UIKit's alert.
    case shrink
    /// Starts smaller (0.9x) and grows to size while fading in.
    case expand
    /// Only fades.
    case fade
    /// Appears and goes at once.
    case none

    /// What `.default` means for a style.
    public func resolved(for style: AlertController.Style) -> AlertAnimationType {
        guard self == .default else { return self }
        return style == .actionSheet ? .fromBottom : .shrink
    }
}
