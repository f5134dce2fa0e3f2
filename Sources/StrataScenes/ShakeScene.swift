import StrataGestures
import StrataModel

/// The AFViewShaker demo of seed 004: a login form (two text fields, each with a 1 pt
/// underline view) and three buttons with an orange border (width 1, radius 5).
///
/// - "shake one" shakes the first button itself (the seed's `allButtons[0]`);
/// - "shake all" shakes `allTextFields` (both fields and both underlines), 0.5 s;
/// - "shake all with completion" shakes them for 0.6 s and then presents an alert
///   titled "提示" with message "This is completions block" and an OK action. Until alerts
///   are drawn, the alert is recorded in `presentedAlert` and reported to `onAlert`.
///
/// Taps come from a TapGestureRecognizer over the whole view; the button under the
/// touch-up point (by `Layer.hitTest`) acts. Each event first brings the scene clock to
/// the event's time, so a shake starts exactly when its tap ends. Placeholder text waits
/// for text rendering: the fields are drawn as light boxes.
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

    public let rootLayer: Layer
    public let clock: SceneClock
    /// The seed's `allTextFields` outlet collection: field, underline, field, underline.
    public let textFields: [Layer]
    /// The seed's `allButtons`, in the order of `Button`.
    public let buttons: [Layer]
    /// The seed's `viewShaker`, over `textFields`.
    public let viewShaker: Shaker
    public let tapGestureRecognizer: TapGestureRecognizer

    /// The last alert the completion presented.
    public private(set) var presentedAlert: Alert?
    /// Called when the completion presents its alert.
    public var onAlert: ((Alert) -> Void)?
    /// Buttons acted on, and shake completions run.
    public private(set) var tapCount = 0
    public private(set) var completionCount = 0

    public static let fieldColor = Color(white: 0.94)
    public static let underlineColor = Color(white: 0.8)

    public init(viewSize: Size = ShakeScene.defaultViewSize) {
        let root = Layer()
        root.name = "view"
        root.bounds = Rect(origin: .zero, size: viewSize)
        root.position = Point(x: viewSize.width / 2, y: viewSize.height / 2)
        root.backgroundColor = .white

        // The form is 290 pt tall; centred vertically, 40 pt side margins (less on a
        // narrow view).
        let margin = min(40, viewSize.width / 8)
        let width = viewSize.width - 2 * margin
        let top = max(20, (viewSize.height - 290) / 2)

        func add(_ name: String, _ frame: Rect, _ configure: (Layer) -> Void) -> Layer {
            let layer = Layer()
            layer.name = name
            layer.frame = frame
            configure(layer)
            root.addSublayer(layer)
            return layer
        }
        let field = { (l: Layer) in l.backgroundColor = ShakeScene.fieldColor }
        let underline = { (l: Layer) in l.backgroundColor = ShakeScene.underlineColor }
        textFields = [
            add("usernameField", Rect(x: margin, y: top, width: width, height: 30), field),
            add("usernameUnderline", Rect(x: margin, y: top + 31, width: width, height: 1), underline),
            add("passwordField", Rect(x: margin, y: top + 50, width: width, height: 30), field),
            add("passwordUnderline", Rect(x: margin, y: top + 81, width: width, height: 1), underline),
        ]
        // viewDidLoad: orange border, width 1, radius 5.
        buttons = Button.allCases.map { b in
            add("button.\(b.title)", Rect(x: margin, y: top + 130 + Double(b.rawValue) * 60, width: width, height: 40)) {
                $0.borderColor = .orange
                $0.borderWidth = 1
                $0.cornerRadius = 5
            }
        }
        rootLayer = root
        viewShaker = Shaker(views: textFields)
        tapGestureRecognizer = TapGestureRecognizer()
        // Attached last: building the form is immediate, later changes animate.
        clock = SceneClock()
        clock.attach(root)
        tapGestureRecognizer.addTarget { [unowned self] gesture in
            if let button = self.button(at: gesture.location(in: nil)) { self.tap(button) }
        }
    }

    // MARK: Scene

    public func handle(_ event: InputEvent) {
        clock.advance(to: event.t)
        tapGestureRecognizer.handle(event)
    }

    public func advance(to time: Double) {
        clock.advance(to: time)
    }

    public var hasRunningAnimations: Bool { !clock.isIdle }

    public var statusDescription: String {
        var s = "taps: \(tapCount), completions: \(completionCount)"
        if let alert = presentedAlert { s += ", alert: \(alert.title)" }
        return s
    }

    /// What is drawn now: the tree with running animations applied.
    public var presentationLayer: Layer { rootLayer.presentation(at: clock.now) }

    // MARK: Buttons

    /// The button whose bounds hold `point` (root coordinates), if any.
    public func button(at point: Point) -> Button? {
        let o = rootLayer.bounds.origin
        var hit = rootLayer.hitTest(inBounds: Point(x: point.x + o.x, y: point.y + o.y))
        while let layer = hit {
            if let i = buttons.firstIndex(where: { $0 === layer }) { return Button(rawValue: i) }
            hit = layer.superlayer
        }
        return nil
    }

    /// The centre of a button in root coordinates: where a trace taps it.
    public func center(of button: Button) -> Point {
        let f = buttons[button.rawValue].frame
        let o = rootLayer.bounds.origin
        return Point(x: f.midX - o.x, y: f.midY - o.y)
    }

    /// The button's action, as its IBAction runs on touch-up inside.
    public func tap(_ button: Button) {
        tapCount += 1
        switch button {
        case .shakeOne:
            Shaker(view: buttons[0]).shake()
        case .shakeAll:
            viewShaker.shake()
        case .shakeAllWithCompletion:
            viewShaker.shake(duration: ShakeScene.completionShakeDuration) { [unowned self] in
                self.completionCount += 1
                self.presentedAlert = ShakeScene.completionAlert
                self.onAlert?(ShakeScene.completionAlert)
            }
        }
    }
}
