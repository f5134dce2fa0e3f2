import StrataModel
import StrataUI

/// An alert described as data, so the command line, a trace's options and the named
/// examples can all ask for one: what `AlertScene` presents.
public struct AlertSpecification: Hashable, Sendable {
    public struct Action: Hashable, Sendable {
        public var title: String
        public var style: AlertAction.Style
        public var isEnabled: Bool
        public init(_ title: String, style: AlertAction.Style = .default, isEnabled: Bool = true) {
            self.title = title; self.style = style; self.isEnabled = isEnabled
        }
    }

    public struct Field: Hashable, Sendable {
        public var placeholder: String
        public var isSecure: Bool
        public init(placeholder: String, isSecure: Bool = false) {
            self.placeholder = placeholder; self.isSecure = isSecure
        }
    }

    /// Seed 002's observer: `action` is enabled while `field` holds at least
    /// `minimumCount` characters (the seed's "more than 2" is 3), re-evaluated on every
    /// change.
    public struct EnableRule: Hashable, Sendable {
        public var field: Int
        public var action: Int
        public var minimumCount: Int
        public init(field: Int, action: Int, minimumCount: Int) {
            self.field = field; self.action = action; self.minimumCount = minimumCount
        }
    }

    public var style: AlertController.Style
    /// Light or dark: the presenting scene's and the alert's appearance.
    public var appearance: UserInterfaceStyle = .light
    public var title: String?
    public var message: String?
    public var actions: [Action]
    public var textFields: [Field]
    /// Index into `actions`.
    public var preferredAction: Int?
    public var enableRule: EnableRule?
    /// Seed 000: dismissed by a one-shot timer this many seconds after presentation.
    public var autoDismissAfter: Double?

    // SPAlertController's extras.
    public var animationType: AlertAnimationType = .default
    public var actionAxis: LayoutAxis?
    public var cornerRadius: Double?
    public var backgroundAppearance: BackgroundAppearance = .default
    public var tapBackgroundViewDismiss: Bool?
    public var needDialogBlur = true
    public var offsetForAlert: Point = .zero
    public var minDistanceToEdges: Double?
    /// Space after the action at each index, in a stacked layout.
    public var customSpacing: [Int: Double] = [:]
    /// A checkmark badge above the title, this many points square.
    public var headerBadgeSize: Double?

    public init(style: AlertController.Style = .alert, title: String? = nil, message: String? = nil,
                actions: [Action] = [], textFields: [Field] = [], preferredAction: Int? = nil) {
        self.style = style; self.title = title; self.message = message; self.actions = actions
        self.textFields = textFields; self.preferredAction = preferredAction
    }

    /// The controller, its actions reporting to `onAction` after their own behaviour.
    /// Throws the controller's misuse errors (a second cancel, a field on a sheet), and
    /// for a preferred index out of range.
    public func makeController(scale: Double = 2, onAction: ((AlertAction, AlertController) -> Void)? = nil) throws -> AlertController {
        let alert = AlertController(title: title, message: message, preferredStyle: style, animationType: animationType)
        for field in textFields {
            try alert.addTextField { f in
                f.placeholder = field.placeholder
                f.isSecureTextEntry = field.isSecure
            }
        }
        for a in actions {
            let action = AlertAction(title: a.title, style: a.style) { [weak alert] action in
                if let alert { onAction?(action, alert) }
            }
            action.isEnabled = a.isEnabled
            try alert.addAction(action)
        }
        if let p = preferredAction {
            guard alert.actions.indices.contains(p) else {
                throw Diagnostic("the preferred action is number \(p + 1), but there are \(actions.count) actions")
            }
            try alert.setPreferredAction(alert.actions[p])
        }
        if let rule = enableRule, alert.textFields.indices.contains(rule.field), alert.actions.indices.contains(rule.action) {
            let target = alert.actions[rule.action]
            target.isEnabled = alert.textFields[rule.field].text.count >= rule.minimumCount
            alert.textFields[rule.field].addAction(for: .editingChanged) { [weak target] field in
                target?.isEnabled = field.text.count >= rule.minimumCount
            }
        }
        alert.actionAxis = actionAxis
        if let r = cornerRadius { alert.cornerRadius = r }
        alert.backgroundAppearance = backgroundAppearance
        alert.tapBackgroundViewDismiss = tapBackgroundViewDismiss
        alert.needDialogBlur = needDialogBlur
        alert.offsetForAlert = offsetForAlert
        alert.minDistanceToEdges = minDistanceToEdges
        for (index, spacing) in customSpacing where alert.actions.indices.contains(index) {
            alert.setCustomSpacing(spacing, after: alert.actions[index])
        }
        if let side = headerBadgeSize {
            alert.image = AlertBadge.checkmark(side: side, scale: scale)
        }
        return alert
    }
}

