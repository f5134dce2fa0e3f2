import StrataDriver
import StrataGestures
import StrataModel

/// Layer code as a scene: a tree built by a closure, which every `strata` command (a
/// package's own `StrataCommand.main(scenes:)`) and StrataTesting's `assertFrames` and
/// `assertScene` take, through `descriptor`:
///
///     let spinner = QuartzScene(name: "spinner", size: CGSize(width: 200, height: 200)) { root in
///         let dot = CAShapeLayer()
///         ...
///         root.addSublayer(dot)
///     }
///     StrataCommand.main(scenes: [spinner.descriptor])
///
/// `root` fills the view. The closure runs with the scene's clock at 0 (so
/// `CACurrentMediaTime()` is 0 and animations it adds begin then); what it sets is the
/// tree's first state, not an implicit animation, as layers set up before their first
/// frame on iOS. The scene takes no input: a replay of it is its animations over time.
public struct QuartzScene: Sendable {
    public let descriptor: SceneDescriptor

    public init(name: String, summary: String = "layer code", size: CGSize = CGSize(width: 480, height: 320),
                scale: CGFloat = 2, time: TimeInterval = 0, build: @escaping @Sendable (_ root: CALayer) -> Void) {
        descriptor = SceneDescriptor(name: name, summary: summary, defaultViewSize: size.strata,
                                     defaultScale: Double(scale), defaultTime: time) { context in
            QuartzTreeScene(size: context.viewSize, build: build)
        }
    }
}

/// The tree a QuartzScene builds, driven like any scene: time moves only when asked.
final class QuartzTreeScene: Scene {
    let root = CALayer()
    let clock = SceneClock()

    init(size: Size, build: (CALayer) -> Void) {
        root.frame = CGRect(x: 0, y: 0, width: CGFloat(size.width), height: CGFloat(size.height))
        QuartzClock.current = clock
        // Built before the clock is attached: settings are the first state, not actions.
        build(root)
        clock.attach(root.strataLayer)
        root.layoutIfNeeded()
    }

    var rootLayer: Layer { root.strataLayer }
    func handle(_ event: InputEvent) {}

    func advance(to time: Double) {
        QuartzClock.current = clock
        root.layoutIfNeeded()
        clock.advance(to: time)
    }

    var hasRunningAnimations: Bool { clock.hasRunningAnimations }
    var statusDescription: String { "t = \(OptionSpec.format(clock.now)) s" }
}
