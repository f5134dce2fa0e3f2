import StrataGestures
import StrataModel

/// UIWindow: the root of a scene's layer tree, its clock, and the controller whose view
/// fills it. Input goes to the top of the presentation stack only, and to nobody while a
/// presentation or dismissal is animating (UIKit ignores interaction during transitions).
public final class Window {
    /// The root layer: its bounds are the screen, in points.
    public let layer: Layer
    public let clock: SceneClock
    public let screen: Screen
    /// The trait collection's style; controllers may override it.
    public var userInterfaceStyle: UserInterfaceStyle

    public var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            oldValue?.view.removeFromSuperlayer()
            oldValue?.window = nil
            if let root = rootViewController {
                root.window = self
                Transaction.perform(disableActions: true) {
                    root.view.frame = layer.bounds
                    root.viewWillLayoutSubviews()
                    layer.insertSublayer(root.view, at: 0)
                }
            }
        }
    }

    public init(screen: Screen, userInterfaceStyle: UserInterfaceStyle = .light, clock: SceneClock = SceneClock()) {
        self.screen = screen
        self.userInterfaceStyle = userInterfaceStyle
        self.clock = clock
        layer = Layer()
        layer.name = "window"
        layer.bounds = screen.bounds
        layer.position = Point(x: screen.size.width / 2, y: screen.size.height / 2)
        // Attached after the first layers exist: building is immediate, later changes animate.
        clock.attach(layer)
    }

    /// The controller input goes to: the top of the root's presentation stack.
    public var topViewController: ViewController? { rootViewController?.topmostViewController }

    /// Gives the event to the top controller unless a transition runs. The scene's driver
    /// has brought the clock to the event's time, so what the event starts begins then.
    public func handle(_ event: InputEvent) {
        guard let root = rootViewController, !root.isTransitioning else { return }
        root.topmostViewController.handle(event)
    }

    public func advance(to time: Double) {
        clock.advance(to: time)
    }

    /// What is on screen now: a presentation copy with animations applied while any layer
    /// holds one, else the model itself (a copy would be equal).
    public var presentationLayer: Layer { layer.subtreeHasAnimations ? layer.presentation(at: clock.now) : layer }
}
