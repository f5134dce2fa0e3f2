/// CAGradientLayer: a gradient over the bounds, drawn above the background color.
open class GradientLayer: Layer {
    public enum GradientType: String, Sendable, CaseIterable {
        /// Along the line from startPoint to endPoint.
        case axial
        /// An ellipse centered at startPoint whose radii reach endPoint.
        case radial
        /// Around startPoint, starting in the direction of endPoint, clockwise on screen.
        case conic
    }

    /// Up to 8 colors; the renderer uses the first 8.
    public var colors: [Color] = [] {
        didSet { animatablePropertyDidChange("colors", from: .colors(oldValue)) }
    }
    /// Stop positions in 0...1, one per color; nil spreads the colors evenly.
    public var locations: [Double]? {
        didSet { animatablePropertyDidChange("locations", from: .doubles(oldValue ?? evenLocations)) }
    }
    /// In unit coordinates of the bounds.
    public var startPoint = Point(x: 0.5, y: 0) {
        didSet { animatablePropertyDidChange("startPoint", from: .point(oldValue)) }
    }
    public var endPoint = Point(x: 0.5, y: 1) {
        didSet { animatablePropertyDidChange("endPoint", from: .point(oldValue)) }
    }
    public var type: GradientType = .axial

    /// The (location, color) stops the renderer draws: any number, as CAGradientLayer
    /// takes (they are baked into one ramp texture, so a stop costs nothing per pixel),
    /// locations clamped to 0...1 and non-decreasing, evenly spread when `locations` is
    /// nil or mismatched.
    public var resolvedStops: [(location: Double, color: Color)] {
        let cs = colors
        guard !cs.isEmpty else { return [] }
        if cs.count == 1 { return [(0, cs[0])] }
        let locs: [Double]
        if let l = locations, l.count >= cs.count {
            var last = 0.0
            locs = l.prefix(cs.count).map { v in last = max(last, min(1, max(0, v))); return last }
        } else {
            locs = (0..<cs.count).map { Double($0) / Double(cs.count - 1) }
        }
        return zip(locs, cs).map { ($0, $1) }
    }

    open override var drawsOwnContent: Bool { super.drawsOwnContent || !colors.isEmpty }

    /// What nil `locations` means: the colors spread evenly from 0 to 1.
    var evenLocations: [Double] {
        colors.count < 2 ? colors.map { _ in 0 } : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
    }

    open override func copyProperties(from layer: Layer) {
        super.copyProperties(from: layer)
        guard let g = layer as? GradientLayer else { return }
        colors = g.colors
        locations = g.locations
        startPoint = g.startPoint
        endPoint = g.endPoint
        type = g.type
    }

    /// Adds "colors" (colors), "locations" (doubles; nil reads as evenly spread),
    /// "startPoint" and "endPoint" (points) to the layer's key paths.
    open override class var animatableProperties: AnimatableProperties { gradientAnimatableProperties }

    private static let gradientAnimatableProperties = AnimatableProperties([
        AnimatableProperty("colors", \GradientLayer.colors),
        AnimatableProperty("locations", \GradientLayer.locations, whenNil: { $0.evenLocations }),
        AnimatableProperty("startPoint", \GradientLayer.startPoint),
        AnimatableProperty("endPoint", \GradientLayer.endPoint),
    ], inheriting: Layer.animatableProperties)
}
