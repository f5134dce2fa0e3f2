import StrataGestures
import StrataModel
import StrataText
import StrataUI

/// The AFViewShaker demo of seed 004: a login form (two text fields, each with a 1 pt
/// underline view) and three buttons with an orange border (width 1, radius 5).
///
/// - "shake one" shakes the first button itself (the seed's `allButtons[0]`);
/// - "shake all" shakes `allTextFields` (both fields and both underlines), 0.5 s;
/// - "shake all with completion" shakes them for 0.6 s and then presents a
///   UIAlertController titled "提示" with message "This is completions block" and an OK
///   action, drawn by StrataUI over the form; OK dismisses it.
///
/// Built as the seed's app is: a `Window` (its layer is the scene's root, its clock the
/// scene's clock) whose root controller, `ShakeViewController`, is the seed's
/// `ViewController`. Every event goes through `window.handle`, so while the alert is up
/// only the alert gets input (and nobody while it appears or goes).
public final class ShakeScene: Scene {
    /// The storyboard's iPhone (4-inch) view, in points.
    public static let defaultViewSize = Size(width: 320, height: 568)

    public enum Button: Int, CaseIterable, Sendable {
        case shakeOne, shakeAll, shakeAllWithCompletion

        public var title: String {
            switch self {
            case .shakeOne: return "shake one"
            case .shakeAll: return "shake all"
            case .shakeAllWithCompletion: return "shake all with completion"
            }
        }
    }

    /// UIAlertController as the completion asks for it.
    public struct Alert: Hashable, Sendable {
        public var title: String
        public var message: String
        public var actions: [String]

        public init(title: String, message: String, actions: [String]) {
            self.title = title; self.message = message; self.actions = actions
        }
    }

    public static let completionAlert = Alert(title: "提示", message: "This is completions block", actions: ["OK"])
    /// The seed's duration for "shake all with completion".
    public static let completionShakeDuration = 0.6

    public static let fieldColor = Color(white: 0.94)
    public static let underlineColor = Color(white: 0.8)

    public let window: Window
    /// The seed's `ViewController`: the form, the shaker and the buttons' actions.
    public let viewController: ShakeViewController

    /// The last alert the completion presented (it stays set after OK dismisses it).
    public private(set) var presentedAlert: Alert?
    /// Called when the completion presents its alert.
    public var onAlert: ((Alert) -> Void)?
    /// Buttons acted on, and shake completions run.
    public private(set) var tapCount = 0
    public private(set) var completionCount = 0

    /// `scale`: the screen's pixels per point (the 4-inch iPhone is @2x); the alert rounds
    /// its layout to it, as UIKit does.
    public init(viewSize: Size = ShakeScene.defaultViewSize, scale: Double = 2) {
        window = Window(screen: Screen(size: viewSize, scale: scale))
        viewController = ShakeViewController(screen: window.screen)
        window.rootViewController = viewController
        viewController.onAction = { [unowned self] _ in self.tapCount += 1 }
        viewController.onCompletion = { [unowned self] alert in
            self.completionCount += 1
            guard let alert else { return }
            self.presentedAlert = alert
            self.onAlert?(alert)
        }
    }

    // MARK: The seed's outlets, through the controller

    public var clock: SceneClock { window.clock }
    /// The form's view: the root controller's view, filling the window.
    public var view: Layer { viewController.view }
    /// The seed's `allTextFields` outlet collection: field, underline, field, underline.
    public var textFields: [Layer] { viewController.textFields }
    /// The seed's `allButtons`, in the order of `Button`.
    public var buttons: [Layer] { viewController.buttons }
    /// The seed's `viewShaker`, over `textFields`.
    public var viewShaker: Shaker { viewController.viewShaker }
    public var tapGestureRecognizer: TapGestureRecognizer { viewController.tapGestureRecognizer }

    /// The completion's alert while it is presented (appearing, up, or going).
    public var alertController: AlertController? {
        viewController.presentedViewController as? AlertController
    }

    // MARK: Scene

    public var rootLayer: Layer { window.layer }

    public func handle(_ event: InputEvent) { window.handle(event) }

    public func advance(to time: Double) { window.advance(to: time) }

    public var hasRunningAnimations: Bool { !window.clock.isIdle }

    public var statusDescription: String {
        var s = "taps: \(tapCount), completions: \(completionCount)"
        if let alert = presentedAlert {
            s += ", alert: \(alert.title)"
            if alertController == nil { s += " (dismissed)" }
        }
        return s
    }

    /// What is drawn now: the tree with running animations applied.
    public var presentationLayer: Layer { window.presentationLayer }

    // MARK: Buttons

    /// The button whose bounds hold `point` (window coordinates), if any.
    public func button(at point: Point) -> Button? { viewController.button(at: point) }

    /// The centre of a button in window coordinates: where a trace taps it.
    public func center(of button: Button) -> Point { viewController.center(of: button) }

    /// The button's action, as its IBAction runs on touch-up inside.
    public func tap(_ button: Button) { viewController.tap(button) }
}
