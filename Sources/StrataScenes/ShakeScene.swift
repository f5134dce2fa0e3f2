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

/// The seed's `ViewController`: in `viewDidLoad` the buttons get their orange border and
/// the shaker its views; each button's IBAction shakes; the third one's completion
/// presents the alert. Taps come from a TapGestureRecognizer over the whole view; the
/// button under the touch-up point (by `Layer.hitTest`) acts.
///
/// The storyboard's controls are drawn as an iOS 9 app shows them: system buttons
/// (titles in system blue, the system font at 15 pt, centred), and text fields whose
/// placeholders (用户名, 密码) are UITextField's grey (199, 199, 204) at 14 pt, on a
/// light box over the 1 pt underline view.
public final class ShakeViewController: ViewController {
    public static let buttonTitleFont = Font.systemFont(ofSize: 15)
    /// UIButton's system type takes the tint colour: iOS's system blue.
    public static let buttonTitleColor = Color(r8: 0, g8: 122, b8: 255)
    public static let placeholderFont = Font.systemFont(ofSize: 14)
    /// UITextField's placeholder grey.
    public static let placeholderColor = Color(r8: 199, g8: 199, b8: 204)
    /// The placeholders, username then password (secure text entry).
    public static let placeholders = ["用户名", "密码"]
    /// Placeholder text keeps this far from the box's left edge.
    public static let placeholderInset = 8.0

    /// The seed's `allTextFields`: field, underline, field, underline.
    public let textFields: [Layer]
    /// The seed's `allButtons`, in the order of `ShakeScene.Button`.
    public let buttons: [Layer]
    public let buttonTitles: [TextLayer]
    public let placeholderLayers: [TextLayer]
    /// The seed's `viewShaker`, over `textFields`.
    public let viewShaker: Shaker
    public let tapGestureRecognizer = TapGestureRecognizer()

    /// Told of each button's action, and of each completion with the alert it presented
    /// (nil when the alert could not be presented: something else already is).
    var onAction: ((ShakeScene.Button) -> Void)?
    var onCompletion: ((ShakeScene.Alert?) -> Void)?

    /// Builds the form for a view of `screen`'s size (the window's bounds).
    public init(screen: Screen, fonts: FontLibrary = .shared) {
        let viewSize = screen.size
        // The form is 290 pt tall; centred vertically, 40 pt side margins (less on a
        // narrow view).
        let margin = min(40, viewSize.width / 8)
        let width = viewSize.width - 2 * margin
        let top = max(20, (viewSize.height - 290) / 2)

        var subviews: [Layer] = []
        func add(_ name: String, _ frame: Rect, _ configure: (Layer) -> Void) -> Layer {
            let layer = Layer()
            layer.name = name
            layer.frame = frame
            configure(layer)
            subviews.append(layer)
            return layer
        }
        /// A one-line label centred vertically in `bounds` (the baseline on a device
        /// pixel, at the cap height's middle), laid out as UIKit centres a control's text.
        func label(_ name: String, _ string: String, font: Font, color: Color, alignment: TextAlignment,
                   in bounds: Rect, inset: Double) -> TextLayer {
            let text = TextLayer()
            text.name = name
            text.string = string
            text.font = font
            text.foregroundColor = color
            text.alignmentMode = alignment
            text.numberOfLines = 1
            text.lineBreakMode = .byTruncatingTail
            let metrics = try? fonts.metrics(for: font)
            let ascender = metrics?.ascender ?? font.size * 0.97
            let descender = metrics?.descender ?? font.size * 0.24
            let capHeight = metrics?.capHeight ?? font.size * 0.73
            let baseline = screen.roundToPixels(bounds.midY + capHeight / 2)
            text.frame = Rect(x: inset, y: baseline - ascender, width: max(1, bounds.width - 2 * inset),
                              height: ascender + descender)
            return text
        }

        var placeholders: [TextLayer] = []
        let field = { (l: Layer) in
            l.backgroundColor = ShakeScene.fieldColor
            let index = placeholders.count
            let text = label("\(l.name ?? "field").placeholder", ShakeViewController.placeholders[index],
                             font: ShakeViewController.placeholderFont, color: ShakeViewController.placeholderColor,
                             alignment: .left, in: l.bounds, inset: ShakeViewController.placeholderInset)
            l.addSublayer(text)
            placeholders.append(text)
        }
        let underline = { (l: Layer) in l.backgroundColor = ShakeScene.underlineColor }
        textFields = [
            add("usernameField", Rect(x: margin, y: top, width: width, height: 30), field),
            add("usernameUnderline", Rect(x: margin, y: top + 31, width: width, height: 1), underline),
            add("passwordField", Rect(x: margin, y: top + 50, width: width, height: 30), field),
            add("passwordUnderline", Rect(x: margin, y: top + 81, width: width, height: 1), underline),
        ]
        placeholderLayers = placeholders
        // viewDidLoad: orange border, width 1, radius 5.
        var titles: [TextLayer] = []
        buttons = ShakeScene.Button.allCases.map { b in
            add("button.\(b.title)", Rect(x: margin, y: top + 130 + Double(b.rawValue) * 60, width: width, height: 40)) {
                $0.borderColor = .orange
                $0.borderWidth = 1
                $0.cornerRadius = 5
                let title = label("button.\(b.title).title", b.title, font: ShakeViewController.buttonTitleFont,
                                  color: ShakeViewController.buttonTitleColor, alignment: .center,
                                  in: $0.bounds, inset: 4)
                $0.addSublayer(title)
                titles.append(title)
            }
        }
        buttonTitles = titles
        viewShaker = Shaker(views: textFields)
        super.init()
        view.name = "shake.view"
        view.backgroundColor = .white
        for s in subviews { view.addSublayer(s) }
        tapGestureRecognizer.addTarget { [unowned self] gesture in
            if let button = self.button(at: gesture.location(in: nil)) { self.tap(button) }
        }
    }

    public override func handle(_ event: InputEvent) { tapGestureRecognizer.handle(event) }

    /// The button whose bounds hold `point` (the view fills the window: window
    /// coordinates), if any.
    public func button(at point: Point) -> ShakeScene.Button? {
        let o = view.bounds.origin
        var hit = view.hitTest(inBounds: Point(x: point.x + o.x, y: point.y + o.y))
        while let layer = hit {
            if let i = buttons.firstIndex(where: { $0 === layer }) { return ShakeScene.Button(rawValue: i) }
            hit = layer.superlayer
        }
        return nil
    }

    /// The centre of a button in the view's (and the window's) coordinates.
    public func center(of button: ShakeScene.Button) -> Point {
        let f = buttons[button.rawValue].frame
        let o = view.bounds.origin
        return Point(x: f.midX - o.x, y: f.midY - o.y)
    }

    /// The button's IBAction, as it runs on touch-up inside.
    public func tap(_ button: ShakeScene.Button) {
        onAction?(button)
        switch button {
        case .shakeOne:
            Shaker(view: buttons[0]).shake()
        case .shakeAll:
            viewShaker.shake()
        case .shakeAllWithCompletion:
            viewShaker.shake(duration: ShakeScene.completionShakeDuration) { [weak self] in
                self?.presentCompletionAlert()
            }
        }
    }

    /// The completion block: UIAlertController "提示" / "This is completions block" with
    /// an OK action (no handler: OK just dismisses), presented animated. As in UIKit, a
    /// controller that already presents something ignores the request.
    private func presentCompletionAlert() {
        let spec = ShakeScene.completionAlert
        let alert = AlertController(title: spec.title, message: spec.message, preferredStyle: .alert)
        for title in spec.actions {
            // A fresh default action in a fresh alert: addAction cannot fail.
            try? alert.addAction(AlertAction(title: title, style: .default))
        }
        let free = window != nil && presentedViewController == nil
        present(alert, animated: true)
        onCompletion?(free ? spec : nil)
    }
}
