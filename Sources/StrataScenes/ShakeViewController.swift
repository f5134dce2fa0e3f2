import StrataGestures
import StrataModel
import StrataText
import StrataUI

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
