import StrataModel

/// Misuse of an alert controller that UIKit answers with an
/// NSInternalInconsistencyException: here a thrown error carrying UIKit's reason.
public enum AlertControllerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A second action of style cancel.
    case multipleCancelActions
    /// `addTextField` on an action sheet.
    case textFieldInActionSheet
    /// A preferred action that was never added.
    case preferredActionNotAdded
    /// The same action added twice, or to two controllers.
    case actionAlreadyAdded

    /// UIKit's reason, with Swift's names for the styles.
    public var description: String {
        switch self {
        case .multipleCancelActions:
            return "UIAlertController can only have one action with a style of UIAlertActionStyleCancel"
        case .textFieldInActionSheet:
            return "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert"
        case .preferredActionNotAdded:
            return "The preferred action must be an action of the alert controller"
        case .actionAlreadyAdded:
            return "An action can only be added to one alert controller, once"
        }
    }
}

extension AlertControllerError: DiagnosticConvertible {}
