import Foundation
import StrataModel

/// The page curl of `ModalTransitionStyle.partialCurl`, in one place for the transition
/// that plays it and for the presented controller that lays itself out below it.
///
/// As in iOS, the curl stops part way: the presenter's view stays curled, its fold half
/// way across the page, and the presented view shows below and to the right of the
/// roll. The fold rises toward the right (the page is pulled from the bottom-right
/// corner, 20° left of straight up), so more is uncovered on the right.
public enum ModalPartialCurl {
    /// The way the lifted corner points from the fold: 70° from +x toward +y (y down).
    public static let direction = 70 * Double.pi / 180
    /// How far across the page the fold travels, as a fraction of the page's extent along
    /// the curl direction.
    public static let foldFraction = 0.5

    /// The roll's radius for a page of `size`: about a tenth of its longer side (43 pt
    /// on a 320 x 480 page).
    public static func radius(for size: Size) -> Double { 0.09 * max(size.width, size.height) }

    /// The page's extent along the curl direction: how far the fold would travel to lift
    /// the whole page.
    public static func extent(of size: Size) -> Double {
        size.width * abs(cos(direction)) + size.height * abs(sin(direction))
    }

    /// Where the fold stops, as `PageCurlLayer.curlDistance`.
    public static func finalDistance(for size: Size) -> Double { foldFraction * extent(of: size) }

    /// The top of the band along the bottom of `bounds` that the curled page leaves
    /// uncovered across its whole width: on the left edge, where the fold is lowest, a
    /// point this high is one roll radius past the fold. Lay the presented view's
    /// controls out below it.
    public static func uncoveredTop(in bounds: Rect) -> Double {
        let size = bounds.size
        let r = radius(for: size), d = finalDistance(for: size)
        // distancePastFold((minX, y)) = -w cos + (y - maxY) sin + d = r.
        return min(bounds.maxY, bounds.maxY + (r - d + size.width * cos(direction)) / sin(direction))
    }

    /// A curl layer in the curl's resting geometry, flat (`curlDistance` 0), over `frame`.
    public static func makeLayer(frame: Rect) -> PageCurlLayer {
        let curl = PageCurlLayer()
        configure(curl, frame: frame)
        return curl
    }

    static func configure(_ curl: PageCurlLayer, frame: Rect) {
        curl.name = "modal.partialCurl"
        curl.frame = frame
        curl.curlDirection = direction
        curl.curlRadius = radius(for: frame.size)
    }
}
