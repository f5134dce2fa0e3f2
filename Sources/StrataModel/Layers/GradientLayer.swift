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

    /// Any number of colors (see `resolvedStops`).
    @Observed public var colors: [Color] = []
    /// Stop positions in 0...1, one per color; nil spreads the colors evenly.
    @Observed public var locations: [Double]? = nil
    /// In unit coordinates of the bounds.
    @Observed public var startPoint = Point(x: 0.5, y: 0)
    @Observed public var endPoint = Point(x: 0.5, y: 1)
    public var type: GradientType = .axial

    /// The (location, color) stops the renderer draws: any number, as CAGradientLayer
    /// takes (they are baked into one ramp texture, so a stop costs nothing per pixel),
    /// locations non-decreasing, evenly spread when `locations` is nil or mismatched.
    /// Locations outside 0...1 are stops off the bounds, as Core Animation draws them: a
    /// shimmer's band slides in from -0.3, the colour at the edge between its stops.
    public var resolvedStops: [(location: Double, color: Color)] {
        let cs = colors
        guard !cs.isEmpty else { return [] }
        if cs.count == 1 { return [(0, cs[0])] }
        let locs: [Double]
        if let l = locations, l.count >= cs.count {
            var last = -Double.infinity
            locs = l.prefix(cs.count).map { v in last = max(last, v.isFinite ? v : (v > 0 ? 1 : 0)); return last }
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

    open override class var declaration: LayerClassDeclaration { gradientDeclaration }

    private static let gradientDeclaration = LayerClassDeclaration(
        "CAGradientLayer", inheriting: Layer.declaration, make: { GradientLayer() }, [
            Declare<GradientLayer>.animatable("colors", \.colors, "the gradient's colours, any number"),
            Declare<GradientLayer>.animatable("locations", \.locations, whenNil: { $0.evenLocations },
                                              "stop positions in 0...1; nil (and animating from nil) spreads them evenly"),
            Declare<GradientLayer>.animatable("startPoint", \.startPoint, "in unit coordinates of the bounds"),
            Declare<GradientLayer>.animatable("endPoint", \.endPoint, "in unit coordinates of the bounds"),
            Declare<GradientLayer>.property("type", \.type, "axial, radial or conic"),
        ])
}
