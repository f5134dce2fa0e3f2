import StrataModel

/// CACornerMask, as QuartzCore declares it: an option set of the corners
/// `maskedCorners` rounds, with Apple's raw values (those of Strata's `CornerMask`).
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: CornerMask.layerMinXMinYCorner.rawValue)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: CornerMask.layerMaxXMinYCorner.rawValue)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: CornerMask.layerMinXMaxYCorner.rawValue)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: CornerMask.layerMaxXMaxYCorner.rawValue)
}

/// CALayerCornerCurve, as QuartzCore declares it: a string-backed name, `.circular` or
/// `.continuous` (UIKit's curve).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let circular = CALayerCornerCurve(rawValue: CornerCurve.circular.rawValue)
    public static let continuous = CALayerCornerCurve(rawValue: CornerCurve.continuous.rawValue)
}
