import StrataModel

/// Where two frames of one size differ, coarsely: tiles of `tile` x `tile` pixels holding
/// at least one pixel whose bytes differ (masked pixels left out). Made only for a failing
/// frame, so that its explanation can name the layers drawn over those pixels.
public struct DifferenceMap: Sendable {
    public static let tile = 8
    public let width: Int
    public let height: Int
    let columns: Int
    let rows: Int
    private var tiles: [Bool]

    public init(expected: Image, actual: Image, masks: [MaskRegion] = []) {
        precondition(expected.width == actual.width && expected.height == actual.height, "frames of one size")
        width = expected.width; height = expected.height
        columns = (width + Self.tile - 1) / Self.tile; rows = (height + Self.tile - 1) / Self.tile
        var tiles = [Bool](repeating: false, count: columns * rows)
        let w = width, h = height, cols = columns, tile = Self.tile
        func masked(_ x: Int, _ y: Int) -> Bool {
            masks.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
        }
        expected.pixels.withUnsafeBytes { e in
            actual.pixels.withUnsafeBytes { a in
                let ep = e.bindMemory(to: UInt32.self), ap = a.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    let row = y * w
                    for x in 0..<w where ep[row + x] != ap[row + x] && !tiles[(y / tile) * cols + x / tile] && !masked(x, y) {
                        tiles[(y / tile) * cols + x / tile] = true
                    }
                }
            }
        }
        self.tiles = tiles
    }

    public var isEmpty: Bool { !tiles.contains(true) }

    /// True when a differing tile overlaps `rect` (pixels); a nil rect (a layer projected to
    /// infinity) may be anywhere, so it overlaps any difference.
    public func intersects(_ rect: Rect?) -> Bool {
        guard let r = rect else { return !isEmpty }
        guard r.maxX > 0, r.maxY > 0, r.minX < Double(width), r.minY < Double(height) else { return false }
        let x0 = max(0, Int(r.minX.rounded(.down)) / Self.tile), x1 = min(columns - 1, Int(min(r.maxX, Double(width) - 1).rounded(.down)) / Self.tile)
        let y0 = max(0, Int(r.minY.rounded(.down)) / Self.tile), y1 = min(rows - 1, Int(min(r.maxY, Double(height) - 1).rounded(.down)) / Self.tile)
        guard x0 <= x1, y0 <= y1 else { return false }
        for ty in y0...y1 { for tx in x0...x1 where tiles[ty * columns + tx] { return true } }
        return false
    }
}
