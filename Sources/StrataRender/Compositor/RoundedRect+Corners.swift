import StrataModel

// A layer's rounded bounds as Core Animation shapes them: `cornerRadius` limited to half
// the shorter side, only at `maskedCorners`, bent as `cornerCurve` says. The continuous
// curve is UIKit's (`Path.addContinuousRoundedRect`), which has no room for its 1.53
// radii when the radius passes a third of the shorter side: there UIKit draws the short
// ends as half circles, and so does this shape, as a circular one of half the side.
extension RoundedRect {
    init(bounds: Rect, cornerRadius: Double, corners: CornerMask, curve: CornerCurve) {
        let half = min(bounds.width, bounds.height) / 2
        var radius = max(0, min(cornerRadius, half))
        var curve = curve
        if corners.isEmpty || radius == 0 {
            radius = 0
            curve = .circular
        } else if curve == .continuous && radius * Path.continuousCornerExtent > half {
            radius = half
            curve = .circular
        }
        self.init(rect: bounds, cornerRadius: radius, corners: radius == 0 ? .all : corners, curve: curve)
    }

    /// The layer's own rounded bounds.
    init(layer: Layer) {
        self.init(bounds: layer.bounds, cornerRadius: layer.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve)
    }

    /// True for the shape every layer had before per-corner and continuous corners: the
    /// same circular radius at each corner (a batch draws only these).
    var isUniform: Bool { curve == .circular && (corners == .all || cornerRadius == 0) }

    /// How far along each side from a rounded corner the side stays straight: the
    /// radius, or 1.53 radii for the continuous curve.
    var cornerExtent: Double { curve == .continuous ? cornerRadius * Path.continuousCornerExtent : cornerRadius }

    /// Each corner's radius, 0 where it is square, in the shaders' order: min x min y,
    /// max x min y, max x max y, min x max y (clockwise on screen from the top left).
    var radii: (Double, Double, Double, Double) {
        func r(_ c: CornerMask) -> Double { corners.contains(c) ? cornerRadius : 0 }
        return (r(.layerMinXMinYCorner), r(.layerMaxXMinYCorner), r(.layerMaxXMaxYCorner), r(.layerMinXMaxYCorner))
    }

    /// The same corners on a rectangle inset by `d` on every side, radius less `d`: the
    /// inside edge of a border.
    func inset(by d: Double) -> RoundedRect {
        RoundedRect(rect: rect.insetBy(dx: d, dy: d), cornerRadius: max(0, cornerRadius - d), corners: corners, curve: curve)
    }
}
