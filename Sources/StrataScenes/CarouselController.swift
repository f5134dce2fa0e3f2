import StrataGestures
import StrataModel

/// The seed's view controller, input side: a pan turns the carousel, half a degree per
/// point of horizontal drag, exactly as the seed's `pan:` action does.
///
/// Beyond the seed, opt-in: with `isMomentumEnabled` a release keeps the carousel
/// turning, slowing down as a scroll view does (see `Momentum`); with `snapsToPlanes` it
/// comes to rest with a plane facing front. Both off (the default) is the seed.
public final class CarouselController {
    public let scene: CarouselScene
    public let panGestureRecognizer: PanGestureRecognizer

    /// The seed's ivar: degrees the current pan has turned the carousel so far. The
    /// handler turns by the difference each time, so a pan adds to the angle it starts
    /// from instead of replacing it.
    public private(set) var xPanOffset: Double = 0

    /// Glide on after a release, at the release velocity.
    public let isMomentumEnabled: Bool
    /// Come to rest with a plane facing front: after a release the glide (or, without
    /// momentum, a glide from rest) is aimed at the nearest such angle.
    public let snapsToPlanes: Bool
    /// The glide under way, if any. The scene's angle follows it in `advance(to:)`.
    public internal(set) var momentum: Momentum?

    /// Scene time of the event being handled: a glide starts at its release, exactly.
    private var eventTime = 0.0

    public init(scene: CarouselScene, momentum: Bool = false, snap: Bool = false) {
        self.scene = scene
        isMomentumEnabled = momentum
        snapsToPlanes = snap
        panGestureRecognizer = PanGestureRecognizer()
        panGestureRecognizer.addTarget { [unowned self] gesture in self.pan(gesture) }
    }

    /// True while a glide runs (UIScrollView.isDecelerating).
    public var isDecelerating: Bool { momentum != nil }

    /// The driver has advanced the scene to the event's time first, so a running glide
    /// is where it has got to by now, not where the last frame saw it.
    public func handle(_ event: InputEvent) {
        eventTime = event.t
        guard case .pointer(let pointer) = event else { return }
        // A touch stops a glide where it is, as a finger stops a decelerating scroll view.
        if pointer.kind == .down { momentum = nil }
        panGestureRecognizer.handle(event)
        if (pointer.kind == .up || pointer.kind == .cancel) && snapsToPlanes && momentum == nil {
            // A touch that stopped a glide without panning, or a pan that ended without
            // gliding, still leaves a plane facing front.
            settle(velocity: 0)
        }
    }

    /// The seed's `pan:`, line for line; then, when it ends, the opt-in glide.
    private func pan(_ gesture: PanGestureRecognizer) {
        let xOffset = gesture.translation(in: scene.rootLayer).x
        if gesture.state == .began { xPanOffset = 0 }
        let movedBy = xOffset * 0.5 - xPanOffset
        xPanOffset += movedBy
        scene.angle += movedBy

        if gesture.state == .ended && (isMomentumEnabled || snapsToPlanes) {
            // The same half degree per point as the drag, per second.
            let velocity = isMomentumEnabled ? gesture.velocity(in: scene.rootLayer).x * 0.5 : 0
            settle(velocity: velocity)
        }
    }

    /// Starts the glide for a release at `velocity` degrees per second.
    private func settle(velocity: Double) {
        let natural = Momentum(startTime: eventTime, angle: scene.angle, velocity: velocity)
        guard snapsToPlanes else {
            momentum = natural
            return
        }
        let target = CarouselController.frontFacingAngle(nearestTo: natural?.restingAngle ?? scene.angle,
                                                         planeCount: scene.planes.count,
                                                         degreesPerPlane: scene.degreesPerPlane)
        momentum = Momentum(startTime: eventTime, angle: scene.angle, landingOn: target)
    }
}
