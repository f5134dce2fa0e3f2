/// pixelmatch's anti-aliasing test, after Vyšniauskas, "Anti-aliased Pixel and Intensity
/// Slope Detector" (2009): a pixel is anti-aliasing when it lies on a brightness slope
/// between a darker and a brighter neighbour, and one of those extremes sits inside a
/// flat area in both frames. A rasteriser that moves an edge by a fraction of a pixel
/// changes exactly such pixels, which is noise, not a rendering change.
enum AntialiasingDetector {
    /// Whether the pixel at (x, y) of `image` is anti-aliasing; `other` is the frame it is
    /// compared with, whose flat areas must agree. `luma` holds `image`'s brightness rows,
    /// so each neighbour costs a load and a subtraction (brightness is linear: the
    /// difference of two lumas is the luma of the difference, exactly: integers held in Doubles).
    static func isAntialiased(x: Int, y: Int, in image: PixelGrid, luma: inout LumaRows,
                              comparedWith other: PixelGrid) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, image.height - 1)
        let (above, middle, below) = luma.rows(around: y)
        let centre = middle[x]
        // A border pixel has fewer neighbours to show it is flat, so, as in pixelmatch, the
        // missing side counts as one equal neighbour.
        var equalNeighbours = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest: Double = 0, brightest: Double = 0
        var darkestAt = (x: 0, y: 0), brightestAt = (x: 0, y: 0)
        /// One neighbour; true when the area turns out flat.
        @inline(__always) func neighbour(_ row: UnsafePointer<Double>, _ nx: Int, _ ny: Int) -> Bool {
            let delta = row[nx] - centre
            if delta == 0 {
                equalNeighbours += 1
                // Three equal neighbours make a flat area, not an edge.
                return equalNeighbours > 2
            }
            if delta < darkest {
                darkest = delta; darkestAt = (nx, ny)
            } else if delta > brightest {
                brightest = delta; brightestAt = (nx, ny)
            }
            return false
        }
        // pixelmatch's order (columns, then rows within each), which decides ties.
        if x0 < x && x < x2 && y0 < y && y < y2 {
            // Inside the frame, the same test without a branch per neighbour: count the
            // equal ones, then the first darkest and first brightest in that order.
            let d = (above[x0] - centre, middle[x0] - centre, below[x0] - centre, above[x] - centre,
                     below[x] - centre, above[x2] - centre, middle[x2] - centre, below[x2] - centre)
            @inline(__always) func zero(_ v: Double) -> Int { v == 0 ? 1 : 0 }
            if zero(d.0) + zero(d.1) + zero(d.2) + zero(d.3) + zero(d.4) + zero(d.5) + zero(d.6) + zero(d.7) > 2 {
                return false
            }
            let low = min(min(min(d.0, d.1), min(d.2, d.3)), min(min(d.4, d.5), min(d.6, d.7)))
            let high = max(max(max(d.0, d.1), max(d.2, d.3)), max(max(d.4, d.5), max(d.6, d.7)))
            if low >= 0 || high <= 0 { return false }
            @inline(__always) func at(_ v: Double) -> (x: Int, y: Int) {
                if d.0 == v { return (x0, y0) }
                if d.1 == v { return (x0, y) }
                if d.2 == v { return (x0, y2) }
                if d.3 == v { return (x, y0) }
                if d.4 == v { return (x, y2) }
                if d.5 == v { return (x2, y0) }
                if d.6 == v { return (x2, y) }
                return (x2, y2)
            }
            darkest = low; darkestAt = at(low)
            brightest = high; brightestAt = at(high)
        } else {
            for nx in x0...x2 {
                for ny in y0...y2 where nx != x || ny != y {
                    if neighbour(ny < y ? above : ny == y ? middle : below, nx, ny) { return false }
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
        if x0 < x && x < x2 && y0 < y && y < y2 {
            // Inside the frame: eight compares, counted without branches.
            let w = image.width, i = y &* w &+ x
            @inline(__always) func same(_ offset: Int) -> Int { image.word(at: i &+ offset) == centre ? 1 : 0 }
            return same(-w - 1) + same(-w) + same(-w + 1) + same(-1) + same(1) + same(w - 1) + same(w) + same(w + 1) > 2
        }
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

/// The brightness over white (`YIQDistance.luma`) of three consecutive rows of a frame,
/// computed the first time the anti-aliasing test asks for a row and kept while the scan
/// is near it: a band of the scan owns one per frame, allocated once.
struct LumaRows {
    private let grid: PixelGrid
    private let storage: UnsafeMutablePointer<Double>
    /// Which row each of the three slots holds (-1: none).
    private var rowInSlot = SIMD4<Int>(-1, -1, -1, -1)
    /// The rows last asked for: a scan asks for the same ones for every pixel of a row.
    private var around = -1
    private var aroundRows: (above: UnsafePointer<Double>, middle: UnsafePointer<Double>, below: UnsafePointer<Double>)

    init(_ grid: PixelGrid) {
        self.grid = grid
        storage = .allocate(capacity: 3 * max(1, grid.width))
        aroundRows = (UnsafePointer(storage), UnsafePointer(storage), UnsafePointer(storage))
    }

    /// Rows y − 1, y and y + 1, clamped to the frame (the border repeats, as the test's
    /// neighbourhood is clamped).
    @inline(__always) mutating func rows(around y: Int) -> (above: UnsafePointer<Double>, middle: UnsafePointer<Double>,
                                                           below: UnsafePointer<Double>) {
        if y != around {
            aroundRows = (row(max(y - 1, 0)), row(y), row(min(y + 1, grid.height - 1)))
            around = y
        }
        return aroundRows
    }

    func deallocate() { storage.deallocate() }

    private mutating func row(_ y: Int) -> UnsafePointer<Double> {
        let slot = y % 3, start = storage + slot * grid.width
        if rowInSlot[slot] != y {
            fill(start, row: y)
            rowInSlot[slot] = y
        }
        return UnsafePointer(start)
    }

    /// Out of line, so that it stays a plain loop the compiler vectorises.
    @inline(never) private func fill(_ start: UnsafeMutablePointer<Double>, row y: Int) {
        guard let base = grid.bytes.baseAddress else { return }
        let row = base + y &* grid.width &* 4
        for x in 0..<grid.width {
            start[x] = YIQDistance.luma(UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)))
        }
    }
}
