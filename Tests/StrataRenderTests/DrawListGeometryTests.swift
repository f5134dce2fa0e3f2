import Foundation
import Testing
import StrataModel
import StrataRender
import StrataScenes

/// The draw list and hit testing read one `LayerGeometry`: what is drawn where, on top
/// of what, is what a touch finds.
@Suite struct DrawListGeometryTests {
    private func corners(_ r: Rect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
    }

    @Test(arguments: [0.0, 30, 144], [1.0, 2])
    func quadCornersAreTheGeometrysProjection(angle: Double, scale: Double) throws {
        let scene = CarouselScene(angle: angle)
        let list = try DrawListBuilder(pixelWidth: Int(480 * scale), pixelHeight: Int(320 * scale), scale: scale)
            .build(root: scene.rootLayer)
        for plane in scene.planes {
            let draw = try #require(list.layerDraws.first { $0.name == plane.name })
            let geometry = LayerGeometry(plane)
            for c in corners(plane.bounds) {
                let drawn = draw.quad.matrix.project(c)
                let projected = try #require(geometry.convertToRoot(c))
                #expect(abs(drawn.x - projected.x * scale) < 1e-9 && abs(drawn.y - projected.y * scale) < 1e-9,
                        "\(plane.name!) corner \(c): drawn at \(drawn), geometry says \(projected) x \(scale)")
            }
        }
    }

    /// The last draw whose shape covers `point`: what is seen there.
    private func topmostDrawn(at point: Point, in list: DrawList) -> String? {
        list.layerDraws.last { draw in
            LayerGeometry(layer: Layer(), transform: draw.quad.matrix).convertFromRoot(point)
                .map { draw.shape.rect.contains($0) } ?? false
        }?.name
    }

    /// With `opposingZPositions`, each plane's zPosition is the opposite of its depth
    /// (small enough not to change the depth order): the nearest plane, drawn last, has
    /// the lowest zPosition. A touch must still find the plane seen on top.
    @Test(arguments: [0.0, 20, 50, 144, 200], [false, true])
    func hitTestingFindsTheLayerDrawnOnTop(angle: Double, opposingZPositions: Bool) throws {
        let scene = CarouselScene(angle: angle)
        if opposingZPositions {
            for (i, plane) in scene.planes.enumerated() {
                plane.zPosition = -5 * cos(Transform3D.degrees(angle + scene.degreesPerPlane * Double(i)))
            }
        }
        let list = try DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1).build(root: scene.rootLayer)
        var overlaps = 0, disagreements = 0
        for y in stride(from: 2.0, to: 320, by: 6) {
            for x in stride(from: 2.0, to: 480, by: 6) {
                let p = Point(x: x, y: y)
                let seen = topmostDrawn(at: p, in: list) ?? "view"
                let hit = scene.rootLayer.hitTest(inBounds: p)
                #expect(hit?.name == seen, "at \(p): drawn on top is \(seen), hit test found \(hit?.name ?? "nothing")")
                let covering = scene.planes.filter { plane in
                    LayerGeometry(plane).convertFromRoot(p).map { plane.bounds.contains($0) } ?? false
                }
                if covering.count > 1 {
                    overlaps += 1
                    if covering.max(by: { $0.zPosition < $1.zPosition })?.name != seen { disagreements += 1 }
                }
            }
        }
        #expect(overlaps > 100)
        if opposingZPositions { #expect(disagreements > 100, "zPosition order must differ from what is seen") }
    }
}
