import StrataGestures
import StrataModel
import StrataUI

/// Seed 001's Kitchen Sink as a scene: a window on a 320 x 480 pt iPhone (the seed's
/// 3.5-inch screen) whose root controller is the `KitchenSinkViewController`. Input
/// goes through the window to the top of its presentation stack (the Asker while it is
/// presented), time through the window's clock.
public final class KitchenSinkScene: Scene {
    public static let defaultViewSize = Size(width: 320, height: 480)

    public let window: Window
    public let controller: KitchenSinkViewController

    /// - Parameters:
    ///   - seed: seeds the random places of labels.
    ///   - drainInterval: seconds between drains (0: no drain).
    ///   - transitionStyle, presentationStyle, tapAction: the settings selected at start.
    public init(viewSize: Size = KitchenSinkScene.defaultViewSize, scale: Double = 2, seed: UInt64 = 1,
                drainInterval: Double = KitchenSinkViewController.defaultDrainInterval,
                transitionStyle: ModalTransitionStyle = .coverVertical,
                presentationStyle: ModalPresentationStyle = .fullScreen,
                tapAction: KitchenSinkViewController.TapAction = .move) {
        window = Window(screen: Screen(size: viewSize, scale: scale))
        // UIWindow shows black where no view is, as during a flip.
        window.layer.backgroundColor = .black
        controller = KitchenSinkViewController(seed: seed, drainInterval: drainInterval, transitionStyle: transitionStyle,
                                               presentationStyle: presentationStyle, tapAction: tapAction)
        window.rootViewController = controller
        // The window comes on screen with its root controller's view.
        controller.viewWillAppear(false)
        controller.viewDidAppear(false)
    }

    /// From validated options (see `descriptor`): the labels given are added at time 0,
    /// in order, each at its random place.
    public convenience init(options: SceneOptions, viewSize: Size, scale: Double) throws {
        self.init(viewSize: viewSize, scale: scale, seed: UInt64(options.integer("seed")),
                  drainInterval: options.number("drain"),
                  transitionStyle: ModalTransitionStyle(rawValue: options.string("transition")) ?? .coverVertical,
                  presentationStyle: ModalPresentationStyle(rawValue: options.string("presentation")) ?? .fullScreen,
                  tapAction: options.bool("fade") ? .fade : .move)
        if let labels = options.optionalString("labels") {
            for text in labels.split(separator: ",", omittingEmptySubsequences: false) { controller.addLabel(String(text)) }
        }
    }

    /// Where a label's centre is in the window (where a tap on it lands).
    public func windowPoint(ofLabel label: Layer) -> Point {
        let sink = controller.kitchenSink
        return Point(x: sink.frame.minX + label.position.x - sink.bounds.minX,
                     y: sink.frame.minY + label.position.y - sink.bounds.minY)
    }

    /// Seconds the Asker takes to come in (and go) with the selected transition.
    public var askerTransitionDuration: Double { controller.transitionStyle.duration }

    public var rootLayer: Layer { window.layer }

    public func handle(_ event: InputEvent) { window.handle(event) }

    public func advance(to time: Double) { window.advance(to: time) }

    public var presentationLayer: Layer { window.presentationLayer }

    /// Animations run (the caret blinks while the Asker edits), or the drain has labels
    /// left to take: the next frames differ from this one.
    public var hasRunningAnimations: Bool { window.clock.hasRunningAnimations || controller.isDraining }

    public var statusDescription: String { controller.statusDescription }
}
