import StrataGestures
import StrataModel
import StrataText
import StrataUI

/// Seed 001's KitchenSinkViewController, on a 320 x 480 pt iPhone:
///
///     ┌──────────────────────────────┐
///     │ Cover │ Flip │ Dissolve│ Curl │  the Asker's modalTransitionStyle
///     │ Full Screen│Page Sheet│Form Sh│  its modalPresentationStyle
///     │ ┌──────────────────────────┐ │
///     │ │  kitchen sink            │ │  clips its labels (masksToBounds)
///     │ │        Hello             │ │
///     │ └──────────────────────────┘ │
///     │ [Add Label]      Move │ Fade │  what a tap on a label does
///     └──────────────────────────────┘
///
/// - "Add Label" presents an `AskerViewController` modally ("What do you want your label
///   to say?", placeholder "Label Text") with the chosen styles, as the seed's segue; its
///   delegate callback adds a label with the answer at a random place in the sink (48 pt
///   system font) and dismisses it. An empty answer adds nothing.
/// - Tapping the sink: every label whose frame holds the point moves to a new random
///   place with a 4 s view animation (the seed's `tap:`), or, in Fade mode, fades out
///   over 3 s and removes itself in the completion, only if the fade finished; tapping a
///   fading label sets its alpha back to 1, which interrupts the fade (finished false)
///   and keeps it.
/// - A repeating timer drains the sink: every `drainInterval` seconds the oldest label
///   goes down the drain. It runs only while the sink is on screen: invalidated in
///   viewWillDisappear (a full-screen modal covers the sink), scheduled again in
///   viewWillAppear.
///
/// Random places come from a seeded `KitchenSinkRandom`, so a replay is the recording.
public final class KitchenSinkViewController: ViewController, AskerViewControllerDelegate {
    public static let question = "What do you want your label to say?"
    public static let placeholder = "Label Text"
    public static let labelFont = Font.systemFont(ofSize: 48)
    /// The seed's `animateWithDuration:4.0` and `animateWithDuration:3.0`.
    public static let moveDuration = 4.0
    public static let fadeDuration = 3.0
    public static let drainAnimationDuration = 0.6
    /// Seconds between drains: long enough to add a second label before the first goes.
    public static let defaultDrainInterval = 4.0
    public static let sinkColor = Color(white: 0.9)
    public static let tintColor = KitchenSinkSegmentedControl.tintColor

    /// What a tap on a label does.
    public enum TapAction: Int, CaseIterable, Sendable {
        case move, fade
    }

    public let kitchenSink = Layer()
    public let addLabelButton = Layer()
    public let transitionControl: KitchenSinkSegmentedControl
    public let presentationControl: KitchenSinkSegmentedControl
    public let tapActionControl: KitchenSinkSegmentedControl
    public let tapGestureRecognizer = TapGestureRecognizer()

    public var random: KitchenSinkRandom
    /// Seconds between drains; 0 turns the drain off.
    public let drainInterval: Double
    public internal(set) var drainTimer: StrataModel.Timer?
    public var fonts: FontLibrary = .shared

    /// The labels in the sink, oldest first.
    public var labels: [TextLayer] { kitchenSink.sublayers.compactMap { $0 as? TextLayer } }
    /// Labels fading out (Fade mode) or going down the drain.
    public internal(set) var fadingLabels: [TextLayer] = []
    public internal(set) var drainingLabels: [TextLayer] = []
    /// Labels made so far: names them.
    private var labelSerial = 0
    /// Fades that ended: finished (label removed) or interrupted (label kept).
    public internal(set) var finishedFades = 0
    public internal(set) var interruptedFades = 0

    public var transitionStyle: ModalTransitionStyle {
        ModalTransitionStyle.allCases[transitionControl.selectedSegmentIndex]
    }
    public var presentationStyle: ModalPresentationStyle {
        ModalPresentationStyle.allCases[presentationControl.selectedSegmentIndex]
    }
    public var tapAction: TapAction { TapAction.allCases[tapActionControl.selectedSegmentIndex] }

    public init(seed: UInt64 = 1, drainInterval: Double = defaultDrainInterval, transitionStyle: ModalTransitionStyle = .coverVertical,
                presentationStyle: ModalPresentationStyle = .fullScreen, tapAction: TapAction = .move) {
        random = KitchenSinkRandom(seed: seed)
        self.drainInterval = max(0, drainInterval)
        transitionControl = KitchenSinkSegmentedControl(
            titles: ["Cover", "Flip", "Dissolve", "Curl"],
            selectedSegmentIndex: ModalTransitionStyle.allCases.firstIndex(of: transitionStyle) ?? 0,
            frame: .zero, name: "transitionStyle")
        presentationControl = KitchenSinkSegmentedControl(
            titles: ["Full Screen", "Page Sheet", "Form Sheet"],
            selectedSegmentIndex: ModalPresentationStyle.allCases.firstIndex(of: presentationStyle) ?? 0,
            frame: .zero, name: "presentationStyle")
        tapActionControl = KitchenSinkSegmentedControl(titles: ["Move", "Fade"], selectedSegmentIndex: tapAction.rawValue,
                                                       frame: .zero, name: "tapAction")
        super.init()
        view.name = "kitchenSink.view"
        view.backgroundColor = .white
        kitchenSink.name = "kitchenSink"
        kitchenSink.backgroundColor = KitchenSinkViewController.sinkColor
        kitchenSink.cornerRadius = 8
        // The storyboard's "Clip Subviews".
        kitchenSink.masksToBounds = true
        addLabelButton.name = "addLabel"
        addLabelButton.borderColor = KitchenSinkViewController.tintColor
        addLabelButton.borderWidth = 1
        addLabelButton.cornerRadius = 6
        let title = TextLayer()
        title.name = "addLabel.title"
        title.string = "Add Label"
        title.font = .systemFont(ofSize: 17)
        title.foregroundColor = KitchenSinkViewController.tintColor
        title.alignmentMode = .center
        addLabelButton.addSublayer(title)
        for l in [transitionControl.layer, presentationControl.layer, kitchenSink, addLabelButton, tapActionControl.layer] {
            view.addSublayer(l)
        }
        tapGestureRecognizer.addTarget { [unowned self] gesture in self.tapped(at: gesture.location(in: nil)) }
    }

    // MARK: Layout

    /// The storyboard, for the window's size: two rows of settings under the status
    /// bar, the sink filling the middle, the button row at the bottom.
    public override func viewWillLayoutSubviews() {
        let b = view.bounds
        let top = b.minY + (window?.screen.safeAreaInsets.top ?? 20)
        let m = 10.0, row = 29.0
        let width = b.width - 2 * m
        Transaction.perform(disableActions: true) {
            transitionControl.layer.frame = Rect(x: m, y: top + 8, width: width, height: row)
            presentationControl.layer.frame = Rect(x: m, y: top + 8 + row + 8, width: width, height: row)
            let sinkTop = top + 8 + 2 * (row + 8) + 2
            let bottomRow = b.maxY - 12 - 32
            kitchenSink.frame = Rect(x: m, y: sinkTop, width: width, height: max(0, bottomRow - 10 - sinkTop))
            addLabelButton.frame = Rect(x: m, y: bottomRow, width: 120, height: 32)
            tapActionControl.layer.frame = Rect(x: b.maxX - m - 130, y: bottomRow + 1.5, width: 130, height: row)
            if let title = addLabelButton.sublayers.first {
                title.frame = Rect(x: 0, y: 5, width: 120, height: 24)
            }
        }
        // The controls lay their segments out for their new frames.
        for c in [transitionControl, presentationControl, tapActionControl] { c.relayout() }
    }

    // MARK: Input

    public override func handle(_ event: InputEvent) {
        tapGestureRecognizer.handle(event)
    }

    /// A tap at `location` (window coordinates = the view's, full screen).
    func tapped(at location: Point) {
        for control in [transitionControl, presentationControl, tapActionControl] {
            if let i = control.segment(at: location) { return control.tap(segment: i) }
        }
        if addLabelButton.frame.contains(location) { return addLabelTapped() }
        if kitchenSink.frame.contains(location) {
            let f = kitchenSink.frame
            tap(inSink: Point(x: location.x - f.minX + kitchenSink.bounds.minX, y: location.y - f.minY + kitchenSink.bounds.minY))
        }
    }

    /// The seed's segue to the Asker.
    public func addLabelTapped() {
        let asker = AskerViewController()
        asker.fonts = fonts
        asker.question = KitchenSinkViewController.question
        asker.answer = KitchenSinkViewController.placeholder
        asker.delegate = self
        asker.modalTransitionStyle = transitionStyle
        asker.modalPresentationStyle = presentationStyle
        present(asker, animated: true)
    }

    public func askerViewController(_ sender: AskerViewController, didAskQuestion question: String,
                                    andGotAnswer answer: String) {
        addLabel(answer)
        dismiss(animated: true)
    }

    /// The seed's `tap:` at a point in the sink's coordinates: every label whose frame
    /// holds it (model frames: a moving label is hit where it is going).
    public func tap(inSink point: Point) {
        for label in labels where label.frame.contains(point) {
            switch tapAction {
            case .move:
                ViewAnimation.animate(withDuration: KitchenSinkViewController.moveDuration) {
                    setRandomLocation(for: label)
                }
            case .fade:
                if fadingLabels.contains(where: { $0 === label }) {
                    rescue(label)
                } else {
                    fadeOut(label)
                }
            }
        }
    }

    // MARK: Labels

    /// The seed's `addLabel:`: a 48 pt label sized to fit, at a random place in the sink.
    @discardableResult
    public func addLabel(_ text: String) -> TextLayer {
        let label = TextLayer()
        labelSerial += 1
        label.name = "sink.label.\(labelSerial)"
        label.string = text
        label.font = KitchenSinkViewController.labelFont
        label.foregroundColor = .black
        label.alignmentMode = .left
        let size = (try? label.sizeThatFits(Size(width: 0, height: 0), library: fonts)) ?? Size(width: 1, height: 1)
        label.bounds = Rect(origin: .zero, size: Size(width: size.width.rounded(.up), height: size.height.rounded(.up)))
        // Placed before it joins the sink, so it appears there rather than moving there.
        setRandomLocation(for: label)
        kitchenSink.addSublayer(label)
        return label
    }

    /// The seed's `setRandomLocationForView:`: a centre at least half the label's size in
    /// from every edge (`arc4random() % width + half`). A label wider or taller than the
    /// sink is centred on that axis (the seed would divide by zero).
    public func setRandomLocation(for label: Layer) {
        let sink = kitchenSink.bounds
        let w = label.bounds.width, h = label.bounds.height
        let spanX = Int(sink.width - w), spanY = Int(sink.height - h)
        let x = spanX > 0 ? Double(random.next(modulo: spanX)) + w / 2 : sink.width / 2
        let y = spanY > 0 ? Double(random.next(modulo: spanY)) + h / 2 : sink.height / 2
        label.position = Point(x: sink.minX + x, y: sink.minY + y)
    }

    /// The seed's fade: `alpha = 0` over 3 s from the current state, removed in the
    /// completion only if the fade finished.
    public func fadeOut(_ label: TextLayer) {
        fadingLabels.append(label)
        ViewAnimation.animate(withDuration: KitchenSinkViewController.fadeDuration, delay: 0,
                              options: .beginFromCurrentState, animations: { label.opacity = 0 }) { [weak self] finished in
            self?.fadingLabels.removeAll { $0 === label }
            if finished {
                self?.finishedFades += 1
                label.removeFromSuperlayer()
            } else {
                self?.interruptedFades += 1
            }
        }
    }

    /// Someone sets alpha during the fade: it shows at once (a UIView's property set
    /// outside an animation block does not animate) and the fade is interrupted.
    public func rescue(_ label: TextLayer) {
        Transaction.perform(animationDuration: 0) { label.opacity = 1 }
    }

    // MARK: Appearance

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        startDrainTimer()
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        stopDrainTimer()
    }

    public override var statusDescription: String {
        var texts = labels.prefix(8).map { SummaryText.quoted($0.string ?? "") }
        if labels.count > 8 { texts.append("… \(labels.count - 8) more") }
        var s = "labels: [\(texts.joined(separator: ", "))]"
        if let asker = presentedViewController { s += "; \(asker.statusDescription)" }
        return s
    }
}
