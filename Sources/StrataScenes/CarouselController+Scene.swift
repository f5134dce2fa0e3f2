import StrataGestures
import StrataModel

/// The carousel as the window and the replay drive it: the controller takes the input,
/// the scene holds the layers. Nothing animates yet, so time changes nothing.
extension CarouselController: Scene {
    public var rootLayer: Layer { scene.rootLayer }

    public func advance(to time: Double) {}

    public var hasRunningAnimations: Bool { false }

    public var statusDescription: String { "angle: \(CarouselController.format(scene.angle))" }

    /// 47.5 rather than 47.50000000000001; whole numbers without ".0".
    static func format(_ angle: Double) -> String {
        let rounded = (angle * 1e6).rounded() / 1e6
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
