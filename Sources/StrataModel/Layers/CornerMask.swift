/// CACornerMask: which corners `cornerRadius` rounds (`maskedCorners`), named by the
/// bounds' edges they join. Min Y is the top edge, as on iOS (a layer's y runs down
/// there; macOS's would be the bottom). The raw values are Apple's, and the same bits as
/// `Path.Corners` (topLeft, topRight, bottomLeft, bottomRight).
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    /// CALayer's default: every corner.
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    /// Each corner with its name, in Apple's bit order: the words scene files and
    /// snapshots use.
    public static let named: [(name: String, corner: CornerMask)] = [
        ("layerMinXMinYCorner", .layerMinXMinYCorner), ("layerMaxXMinYCorner", .layerMaxXMinYCorner),
        ("layerMinXMaxYCorner", .layerMinXMaxYCorner), ("layerMaxXMaxYCorner", .layerMaxXMaxYCorner),
    ]

    /// The corners as a path's rounded rectangle names them.
    public var pathCorners: Path.Corners { Path.Corners(rawValue: rawValue & 0xF) }
}

/// CALayerCornerCurve: how `cornerRadius` rounds a corner. `continuous` is the curve
/// UIKit draws (`UIBezierPath(roundedRect:cornerRadius:)`, iOS 13's `.continuous`),
/// whose curvature grows gradually from the straight side ~1.53 radii from the corner
/// (`Path.addContinuousRoundedRect`).
public enum CornerCurve: String, Sendable, CaseIterable {
    case circular
    case continuous
}
