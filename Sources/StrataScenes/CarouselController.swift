import StrataGestures
import StrataModel

/// The seed's view controller, input side: a pan turns the carousel, half a degree per
/// point of horizontal drag, exactly as the seed's `pan:` action does.
public final class CarouselController {
    public let scene: CarouselScene
    public let panGestureRecognizer: PanGestureRecognizer

    /// The seed's ivar: degrees the current pan has turned the carousel so far. The
    /// handler turns by the difference each time, so a pan adds to the angle it starts
    /// from instead of replacing it.
    public private(set) var xPanOffset: Double = 0

    public init(scene: CarouselScene) {
        self.scene = scene
        panGestureRecognizer = PanGestureRecognizer()
        panGestureRecognizer.addTarget { [unowned self] gesture in self.pan(gesture) }
    }

    public func handle(_ event: InputEvent) {
        panGestureRecognizer.handle(event)
    }

    /// The seed's `pan:`, line for line.
    private func pan(_ gesture: PanGestureRecognizer) {
        let xOffset = gesture.translation(in: scene.rootLayer).x
        if gesture.state == .began { xPanOffset = 0 }
        let movedBy = xOffset * 0.5 - xPanOffset
        xPanOffset += movedBy
        scene.angle += movedBy
    }
}
