/// UIAlertAction: a button of an alert or action sheet, with the block run when the user
/// picks it. A reference type, as in UIKit: an alert's handlers and text-field observers
/// hold the same action the alert shows, and `isEnabled` changes show at once.
public final class AlertAction {
    /// UIAlertAction.Style.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// System blue.
        case `default`
        /// At most one per alert: on the left of two side-by-side buttons, last when
        /// stacked, in its own group at the bottom of an action sheet; emphasised
        /// (semibold) unless another action is preferred.
        case cancel
        /// System red: for actions that change or delete data.
        case destructive
    }

    public let title: String?
    public let style: Style
    /// Called after the user picks the action, before the alert is dismissed.
    public let handler: ((AlertAction) -> Void)?

    /// A disabled action is drawn grey and ignores touches.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { controller?.actionDidChange() } }
    }

    /// The alert showing this action, told of changes so it redraws.
    weak var controller: AlertController?

    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
