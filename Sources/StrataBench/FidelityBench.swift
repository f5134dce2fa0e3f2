import Foundation
import StrataCompare
import StrataModel
import StrataRender
import StrataScenes

/// `StrataBench --fidelity DIR` (run by scripts/fidelity-carousel.sh): the carousel's
/// frames in DIR/strata/ against a browser compositor's rendering of the same scene in
/// DIR/reference/, `angle-DDD.png` each. One JSON line per frame, then the PSNR pooled
/// over every frame, the worst frame, and the pooled PSNR of the edge region: pixels
/// within 1.5 px of a plane's visible outline, where rasterizing rules differ most.
func fidelityBench(directory: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/reference")
        .filter { $0.hasPrefix("angle-") && $0.hasSuffix(".png") }.sorted()
    guard !names.isEmpty else { throw Diagnostic("no angle-DDD.png references in \(directory)/reference") }
    var all = SquaredError(), edges = SquaredError()
    var worst: (psnr: Double, angle: Double) = (.infinity, 0)
    for name in names {
        guard let angle = Double(name.dropFirst("angle-".count).dropLast(".png".count)) else { continue }
        let reference = try PNG.read(path: directory + "/reference/" + name)
        let frame = try PNG.read(path: directory + "/strata/" + name)
        let edge = try CarouselEdges(angle: angle, width: reference.width, height: reference.height)
        var whole = SquaredError(), edge1 = SquaredError()
        try whole.add(expected: reference, actual: frame)
        try edge1.add(expected: reference, actual: frame, where: edge.contains)
        all += whole; edges += edge1
        if whole.psnr < worst.psnr { worst = (whole.psnr, angle) }
        emit([("case", "fidelity-frame"), ("angle", angle), ("psnr", whole.psnr), ("edge_psnr", edge1.psnr),
              ("edge_pixels", edge1.samples / 3)])
    }
    emit([("case", "fidelity-carousel"), ("frames", names.count), ("psnr_pooled", all.psnr),
          ("psnr_worst", worst.psnr), ("worst_angle", worst.angle), ("edge_psnr_pooled", edges.psnr),
          ("edge_share_of_error", all.sum > 0 ? Double(edges.sum) / Double(all.sum) : 0)])
}

/// The carousel's plane outlines on screen at one angle (480x320 pt at scale 1, as the
/// references are), and which pixels lie within 1.5 px of the part of an outline that
/// is seen: planes are taken in drawing order, back to front, and a plane drawn later
/// hides the outlines under its inside.
struct CarouselEdges {
    private var mask: [Bool]
    private let width: Int

    init(angle: Double, width: Int, height: Int) throws {
        self.width = width
        mask = [Bool](repeating: false, count: width * height)
        let scene = CarouselScene(angle: angle)
        let list = try DrawListBuilder(pixelWidth: width, pixelHeight: height, scale: 1).build(root: scene.rootLayer)
        for draw in list.layerDraws where draw.name?.hasPrefix("plane") == true {
            let outline = CarouselEdges.outline(draw.shape).map { draw.quad.matrix.project($0) }
            let xs = outline.map(\.x), ys = outline.map(\.y)
            let x0 = max(0, Int((xs.min()! - 2).rounded(.down))), x1 = min(width - 1, Int((xs.max()! + 2).rounded(.up)))
            let y0 = max(0, Int((ys.min()! - 2).rounded(.down))), y1 = min(height - 1, Int((ys.max()! + 2).rounded(.up)))
            guard x0 <= x1, y0 <= y1 else { continue }
            for y in y0...y1 {
                for x in x0...x1 {
                    let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let near = CarouselEdges.distance(p, outline) <= 1.5
                    if near { mask[y * width + x] = true }
                    else if CarouselEdges.inside(p, outline) { mask[y * width + x] = false }
                }
            }
        }
    }

    func contains(_ x: Int, _ y: Int) -> Bool { mask[y * width + x] }

    /// The rounded rectangle as a closed polygon, 8 segments per corner.
    static func outline(_ s: RoundedRect) -> [Point] {
        let r = s.cornerRadius, b = s.rect
        let centers = [Point(x: b.maxX - r, y: b.minY + r), Point(x: b.maxX - r, y: b.maxY - r),
                       Point(x: b.minX + r, y: b.maxY - r), Point(x: b.minX + r, y: b.minY + r)]
        var points: [Point] = []
        for (k, c) in centers.enumerated() {
            for step in 0...8 {
                let a = (Double(k) - 1 + Double(step) / 8) * Double.pi / 2
                points.append(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
            }
        }
        return points
    }

    static func distance(_ p: Point, _ polygon: [Point]) -> Double {
        var best = Double.infinity
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(dx * dx + dy * dy, 1e-12)))
            let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
            best = min(best, (ex * ex + ey * ey).squareRoot())
        }
        return best
    }

    /// Even-odd crossing test.
    static func inside(_ p: Point, _ polygon: [Point]) -> Bool {
        var inside = false
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            if (a.y > p.y) != (b.y > p.y), p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) { inside.toggle() }
        }
        return inside
    }
}
