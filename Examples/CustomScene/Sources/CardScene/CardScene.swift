import StrataDriver
import StrataGestures
import StrataModel

/// A card on a plain background: drag it anywhere (it follows the pointer, as a view
/// moved by a pan recognizer's translation does); tap it and it spins once around its
/// vertical axis in perspective, over `spinDuration` seconds.
public final class CardScene: Scene {
    public static let spinDuration = 0.8
    public static let spinKey = "spin"

    public let rootLayer = Layer()
    public let card = GradientLayer()
    private let pan = PanGestureRecognizer()
    private let tap = TapGestureRecognizer()
    private let clock = SceneClock()
    /// Where the card was when the current drag began.
    private var dragStart = Point.zero
    public private(set) var spins = 0

    public static let descriptor = SceneDescriptor(
        name: "card",
        summary: "a card you drag; a tap spins it once in perspective",
        options: [
            OptionSpec("color", .choice(["blue", "purple"]), default: "blue", help: "the card's gradient"),
            OptionSpec("corner-radius", .number(0...60), default: 16, valueName: "PT", help: "the card's corner radius"),
        ],
        scriptOptions: [
            OptionSpec("tap", .boolean, default: false, help: "tap the card at time 0: it starts its spin"),
        ],
        defaultViewSize: Size(width: 400, height: 300),
        script: { options, scene in
            guard options.bool("tap"), let card = scene as? CardScene else { return [] }
            let p = card.card.position
            return [.down(x: p.x, y: p.y, t: 0), .up(x: p.x, y: p.y, t: 0)]
        }
    ) { context in CardScene(context) }

    public init(_ context: SceneContext) {
        let view = context.viewSize
        rootLayer.bounds = Rect(x: 0, y: 0, width: view.width, height: view.height)
        rootLayer.backgroundColor = Color(white: 0.96)
        card.bounds = Rect(x: 0, y: 0, width: 160, height: 100)
        card.position = Point(x: view.width / 2, y: view.height / 2)
        card.colors = context.options.string("color") == "purple" ? [.purple, .red] : [Color(red: 0, green: 0.48, blue: 1), Color(red: 0.35, green: 0.8, blue: 1)]
        card.startPoint = Point(x: 0, y: 0)
        card.endPoint = Point(x: 1, y: 1)
        card.cornerRadius = context.options.number("corner-radius")
        card.shadowOpacity = 0.3
        card.shadowRadius = 8
        card.shadowOffset = Size(width: 0, height: 4)
        // Perspective for the spin, as a superlayer's sublayerTransform gives it.
        rootLayer.sublayerTransform.m34 = -1.0 / 500
        rootLayer.addSublayer(card)
        clock.attach(rootLayer)

        pan.addTarget { [unowned self] gesture in
            if gesture.state == .began { self.dragStart = self.card.position }
            let t = gesture.translation(in: self.rootLayer)
            Transaction.perform(disableActions: true) {
                self.card.position = Point(x: self.dragStart.x + t.x, y: self.dragStart.y + t.y)
            }
        }
        tap.addTarget { [unowned self] gesture in
            guard self.card.frame.contains(gesture.location(in: self.rootLayer)) else { return }
            self.spin()
        }
    }

    /// One turn around y, eased in and out.
    func spin() {
        spins += 1
        var animation = KeyframeAnimation(keyPath: "transform.rotation.y", values: [.double(0), .double(2 * Double.pi)])
        animation.duration = CardScene.spinDuration
        animation.timingFunction = .easeInEaseOut
        // The key path is a literal of Layer's own table: add(_:forKey:) cannot throw here.
        try! card.add(animation, forKey: CardScene.spinKey)
    }

    // MARK: Scene

    public func handle(_ event: InputEvent) {
        pan.handle(event)
        tap.handle(event)
    }

    public func advance(to time: Double) { clock.advance(to: time) }

    public var hasRunningAnimations: Bool { !clock.isIdle }

    public var presentationLayer: Layer { rootLayer.subtreeHasAnimations ? rootLayer.presentation(at: clock.now) : rootLayer }

    public var statusDescription: String {
        "card at (\(Int(card.position.x.rounded())), \(Int(card.position.y.rounded()))), spins: \(spins)"
    }
}
