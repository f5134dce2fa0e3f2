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

    /// The options a trace header or `strata replay` may set.
    public static let options: [SceneOption] = [
        SceneOption(name: "seed", kind: .integer(0...Int(Int32.max)), summary: "seeds where labels go (default 1)"),
        SceneOption(name: "drain", kind: .number(0...3600),
                    summary: "seconds between drains of the oldest label; 0 turns the drain off (default 4)"),
        SceneOption(name: "transition", kind: .choice(ModalTransitionStyle.allCases.map(\.rawValue)),
                    summary: "the transition selected at start (default coverVertical)"),
        SceneOption(name: "presentation", kind: .choice(ModalPresentationStyle.allCases.map(\.rawValue)),
                    summary: "the presentation style selected at start (default fullScreen)"),
        SceneOption(name: "fade", kind: .boolean, summary: "a tap fades a label instead of moving it (default false)"),
    ]

    /// - Parameters:
    ///   - seed: seeds the random places of labels.
    ///   - drainInterval: seconds between drains (0: no drain).
    ///   - transitionStyle, presentationStyle, tapAction: the settings selected at start.
    public init(viewSize: Size = KitchenSinkScene.defaultViewSize, seed: UInt64 = 1,
                drainInterval: Double = KitchenSinkViewController.defaultDrainInterval,
                transitionStyle: ModalTransitionStyle = .coverVertical,
                presentationStyle: ModalPresentationStyle = .fullScreen,
                tapAction: KitchenSinkViewController.TapAction = .move) {
        window = Window(screen: Screen(size: viewSize, scale: 2))
        // UIWindow shows black where no view is, as during a flip.
        window.layer.backgroundColor = .black
        controller = KitchenSinkViewController(seed: seed, drainInterval: drainInterval, transitionStyle: transitionStyle,
                                               presentationStyle: presentationStyle, tapAction: tapAction)
        window.rootViewController = controller
        // The window comes on screen with its root controller's view.
        controller.viewWillAppear(false)
        controller.viewDidAppear(false)
    }

    /// From validated registry options.
    public convenience init(options: SceneOptions, viewSize: Size) throws {
        self.init(viewSize: viewSize, seed: UInt64(options.integer("seed", default: 1)),
                  drainInterval: options.number("drain", default: KitchenSinkViewController.defaultDrainInterval),
                  transitionStyle: ModalTransitionStyle(rawValue: options.string("transition", default: "coverVertical")) ?? .coverVertical,
                  presentationStyle: ModalPresentationStyle(rawValue: options.string("presentation", default: "fullScreen")) ?? .fullScreen,
                  tapAction: options.bool("fade", default: false) ? .fade : .move)
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
