import StrataModel

extension Point {
    /// Straight-line distance: UIKit's movement thresholds are radii, not boxes.
    func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}
