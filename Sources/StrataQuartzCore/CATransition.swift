import StrataModel

public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// The key iOS code conventionally adds a transition under.
public let kCATransition = "transition"

/// CATransition over Strata's `Transition`: from the layer as it is when added to the
/// layer as it is changed after (docs/QUARTZCORE.md says how that differs from iOS,
/// which starts from the last committed state).
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    open override func copyProperties(from a: CAAnimation) {
        super.copyProperties(from: a)
        guard let t = a as? CATransition else { return }
        type = t.type; subtype = t.subtype; startProgress = t.startProgress; endProgress = t.endProgress
    }

    open override func makeStrataAnimation() throws -> (any Animation)? {
        // A type iOS keeps private (cube, pageCurl, ...) fades, as unknown types do there.
        var t = Transition(type: Transition.Kind(rawValue: type.rawValue) ?? .fade,
                           subtype: subtype.flatMap { Transition.Direction(rawValue: $0.rawValue) })
        t.startProgress = Double(startProgress)
        t.endProgress = Double(endProgress)
        configure(&t)
        return t
    }
}
