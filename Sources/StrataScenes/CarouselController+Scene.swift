import StrataGestures
import StrataModel

/// The carousel as the window and the replay drive it: the controller takes the input,
/// the scene holds the layers. Only the opt-in glide after a release depends on time.
extension CarouselController: Scene {
    public var rootLayer: Layer { scene.rootLayer }

    public func advance(to time: Double) {
        guard let glide = momentum else { return }
        scene.angle = glide.angle(at: time)
        if time >= glide.endTime { momentum = nil }
    }

    /// A glide is an animation in all but name: the replay runs on until it has ended.
    public var hasRunningAnimations: Bool { momentum != nil }

    public var statusDescription: String { "angle: \(CarouselController.format(scene.angle))" }

    /// 47.5 rather than 47.50000000000001; whole numbers without ".0".
    static func format(_ angle: Double) -> String {
        let rounded = (angle * 1e6).rounded() / 1e6
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
