import Foundation

/// A layer drawn as a sheet of paper with one corner rolled up over a cylinder: the
/// page curl of UIKit's `partialCurl` modal transition (and of
/// `UIView.AnimationOptions.transitionCurlUp`), which Core Animation draws with a private
/// filter. Its own background and its sublayers are rendered flat first, then bent.
///
/// The geometry, in the layer's bounds space: the page lifts toward `curlDirection`
/// (radians from +x toward +y, y down; 70° lifts the bottom-right corner with the fold
/// rising to the right). The fold line is perpendicular to that direction and has moved
/// `curlDistance` points in from the page's farthest corner along it. Beyond the fold
/// the paper wraps around a cylinder of radius `curlRadius` lying on the page, and what
/// is longer than half the cylinder's circumference lies back over the page, face down:
/// the reader sees the back of the paper there (the content, faint and mirrored, as
/// through thin paper). Where the paper has lifted away, what is below shows through.
///
/// With `curlDistance` 0 the layer is drawn like any other layer (no offscreen pass).
open class PageCurlLayer: Layer {
    public override init() { super.init() }

    /// How far the fold line has travelled from the lifted corner, in points.
    @Observed public var curlDistance: Double = 0
    /// Radius of the roll, in points.
    @Observed public var curlRadius: Double = 40
    /// The way the lifted corner points, from the fold: radians from +x toward +y.
    public var curlDirection: Double = 70 * Double.pi / 180

    /// True when the page is bent at all.
    public var isCurled: Bool { curlDistance > 0 && curlRadius > 0 }

    /// The unit vector of `curlDirection`.
    public var curlDirectionVector: Point { Point(x: cos(curlDirection), y: sin(curlDirection)) }

    /// The corner of the bounds farthest along the curl direction: where the curl starts.
    public var liftedCorner: Point {
        let d = curlDirectionVector, b = bounds
        return Point(x: d.x >= 0 ? b.maxX : b.minX, y: d.y >= 0 ? b.maxY : b.minY)
    }

    /// How far a point is past the fold line, toward the lifted corner, in points:
    /// positive on the part that has lifted off the page.
    public func distancePastFold(_ p: Point) -> Double {
        let d = curlDirectionVector, c = liftedCorner
        return (p.x - c.x) * d.x + (p.y - c.y) * d.y + curlDistance
    }

    open override class var declaration: LayerClassDeclaration { curlDeclaration }

    private static let curlDeclaration = LayerClassDeclaration("PageCurlLayer", inheriting: Layer.declaration,
                                                               make: { PageCurlLayer() }, [
        Declare<PageCurlLayer>.animatable("curlDistance", \.curlDistance, "how far the fold has travelled from the lifted corner"),
        Declare<PageCurlLayer>.animatable("curlRadius", \.curlRadius, "the roll's radius"),
        Declare<PageCurlLayer>.property("curlDirection", \.curlDirection, "radians from +x toward +y: the way the lifted corner points"),
    ])
}
