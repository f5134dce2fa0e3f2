import StrataModel

/// UIEdgeInsets: distances in from each edge of a rectangle, in points.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public static let zero = EdgeInsets()

    public var description: String { "(top: \(top), left: \(left), bottom: \(bottom), right: \(right))" }
}

extension Rect {
    /// The rectangle with `insets` taken off its edges (UIEdgeInsetsInsetRect).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
