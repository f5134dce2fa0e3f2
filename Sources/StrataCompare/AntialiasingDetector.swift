/// pixelmatch's anti-aliasing test, after Vyšniauskas, "Anti-aliased Pixel and Intensity
/// Slope Detector" (2009): a pixel is anti-aliasing when it lies on a brightness slope
/// between a darker and a brighter neighbour, and one of those extremes sits inside a
/// flat area in both frames. A rasteriser that moves an edge by a fraction of a pixel
/// changes exactly such pixels, which is noise, not a rendering change.
enum AntialiasingDetector {
    /// Whether the pixel at (x, y) of `image` is anti-aliasing; `other` is the frame it is
    /// compared with, whose flat areas must agree.
    static func isAntialiased(x: Int, y: Int, in image: PixelGrid, comparedWith other: PixelGrid) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, image.height - 1)
        let centre = image.word(x: x, y: y)
        // A border pixel has fewer neighbours to show it is flat, so, as in pixelmatch, the
        // missing side counts as one equal neighbour.
        var equalNeighbours = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest: Int64 = 0, brightest: Int64 = 0
        var darkestAt = (x: 0, y: 0), brightestAt = (x: 0, y: 0)

        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let delta = YIQDistance.brightnessDifference(image.word(x: nx, y: ny), centre)
                if delta == 0 {
                    equalNeighbours += 1
                    // Three equal neighbours make a flat area, not an edge.
                    if equalNeighbours > 2 { return false }
                } else if delta < darkest {
                    darkest = delta; darkestAt = (nx, ny)
                } else if delta > brightest {
                    brightest = delta; brightestAt = (nx, ny)
                }
            }
        }
        // A slope needs both a darker and a brighter side.
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(darkestAt.x, darkestAt.y, in: image) && hasManySiblings(darkestAt.x, darkestAt.y, in: other))
            || (hasManySiblings(brightestAt.x, brightestAt.y, in: image) && hasManySiblings(brightestAt.x, brightestAt.y, in: other))
    }

    /// Whether the pixel has three or more identical neighbours (the border counting as one).
    static func hasManySiblings(_ x: Int, _ y: Int, in image: PixelGrid) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, image.height - 1)
        let centre = image.word(x: x, y: y)
        var equalNeighbours = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                if image.word(x: nx, y: ny) == centre {
                    equalNeighbours += 1
                    if equalNeighbours > 2 { return true }
                }
            }
        }
        return false
    }
}
