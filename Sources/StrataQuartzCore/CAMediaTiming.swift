import StrataModel

public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    var strata: FillMode { FillMode(rawValue: rawValue) ?? .removed }
}

public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// CAMediaTimingFunction: a cubic Bézier from (0,0) to (1,1), Strata's TimingFunction.
open class CAMediaTimingFunction: NSObject {
    public let strataFunction: TimingFunction

    public init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: strataFunction = .easeIn
        case .easeOut: strataFunction = .easeOut
        case .easeInEaseOut: strataFunction = .easeInEaseOut
        case .default: strataFunction = .default
        default: strataFunction = .linear
        }
    }

    /// Control points outside 0...1 in x are clamped into it, as Core Animation does.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        let clamp = { (x: Float) in Double(min(max(x, 0), 1)) }
        strataFunction = (try? TimingFunction(controlPoints: clamp(c1x), Double(c1y), clamp(c2x), Double(c2y))) ?? .linear
    }

    init(_ function: TimingFunction) { strataFunction = function }

    open func getControlPointValues(_ index: Int, _ values: UnsafeMutablePointer<Float>) {
        let p = strataFunction.controlPoint(at: index)
        values[0] = Float(p.x); values[1] = Float(p.y)
    }
}

/// The scene's time (seconds): the clock of the tree this thread renders (renderPNG,
/// advanceClock) or builds (QuartzScene), 0 before any.
/// Never the wall clock, so every run computes the same frames.
public func CACurrentMediaTime() -> CFTimeInterval { QuartzClock.current?.now ?? 0 }

enum QuartzClock {
    private static let key = "StrataQuartzCore.QuartzClock"
    /// The clock of the layer tree this thread rendered, advanced or built last (set by
    /// renderPNG, advanceClock and QuartzScene). Per thread, as the renderer is: trees
    /// drawn on other threads at once (Swift Testing runs tests in parallel) each read
    /// their own time.
    static var current: SceneClock? {
        get { Thread.current.threadDictionary[key] as? SceneClock }
        set { Thread.current.threadDictionary[key] = newValue }
    }
}
