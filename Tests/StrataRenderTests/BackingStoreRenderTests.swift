import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataScenes
import StrataTestSupport

/// A plane under perspective drawn from its backing store, probed where its edges fall
/// by hand: a 100 x 100 pt layer centred at (100, 100), turned 40 degrees about y under
/// m34 = -1/400. A point u pt right of the centre (z = -u sin 40 after the turn) has
/// w = 1 + u sin 40 / 400 and lands at x = 100 + u cos 40 / w.
@Suite(.serialized, .tags(.gl)) struct BackingStoreRenderTests {
    let degrees = 40.0
    var c: Double { cos(degrees * .pi / 180) }
    var s: Double { sin(degrees * .pi / 180) }

    func scene(color: Color = Color(red: 0, green: 0, blue: 1), opacity: Double = 1) -> (root: Layer, plane: Layer) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        root.backgroundColor = .white
        let plane = Layer()
        plane.frame = Rect(x: 50, y: 50, width: 100, height: 100)
        plane.backgroundColor = color
        plane.opacity = opacity
        var t = Transform3D.identity
        t.m34 = -1.0 / 400
        plane.transform = t.rotated(Transform3D.degrees(degrees), 0, 1, 0)
        root.addSublayer(plane)
        return (root, plane)
    }

    /// The local u (points from the centre) seen at screen x on the centre row.
    func u(atScreenX x: Double) -> Double { (x - 100) / (c - (x - 100) * s / 400) }

    @Test func theRightEdgeFadesOverOneTexelOfTheStore() throws {
        let image = try makeRenderer().render(layer: scene().root, pixelWidth: 200, pixelHeight: 200, scale: 1)
        // The right edge (u = 50) is at x = 100 + 50 cos 40 / (1 + 50 sin 40 / 400) = 135.45.
        let edge = 100 + 50 * c / (1 + 50 * s / 400)
        #expect(abs(edge - 135.454) < 1e-3)
        #expect(image.rgba(100, 100) == RGBA(0, 0, 255))
        #expect(image.rgba(133, 100) == RGBA(0, 0, 255))
        #expect(image.rgba(137, 100) == RGBA(255, 255, 255))
        // Pixel 135's centre is u = 50.071: 0.071 texel past the edge, 0.571 of the way
        // from the last blue texel's centre to the clear rim's, so 0.429 blue over white.
        let past = u(atScreenX: 135.5) - 50
        #expect(abs(past - 0.071) < 1e-3)
        let coverage = 0.5 - past
        let expected = Int((255 * (1 - coverage)).rounded())
        let p = image.rgba(135, 100)
        #expect(abs(p.r - expected) <= 2 && abs(p.g - expected) <= 2 && p.b == 255, "\(p), expected r = g = \(expected)")
    }

    @Test func theLeftEdgeIsWhereThePerspectiveWidensThePlane() throws {
        let image = try makeRenderer().render(layer: scene().root, pixelWidth: 200, pixelHeight: 200, scale: 1)
        // u = -50: w = 1 - 50 sin 40 / 400 = 0.9197, x = 100 - 50 cos 40 / w = 58.35;
        // that edge is 54.4 pt tall either side of the centre row, the right one 46.3.
        #expect(image.rgba(56, 100) == RGBA(255, 255, 255))
        #expect(image.rgba(60, 100) == RGBA(0, 0, 255))
        #expect(image.rgba(60, 47) == RGBA(0, 0, 255) && image.rgba(60, 44) == RGBA(255, 255, 255))
        #expect(image.rgba(133, 55) == RGBA(0, 0, 255) && image.rgba(133, 52) == RGBA(255, 255, 255))
    }

    @Test func opacityScalesTheCompositedStore() throws {
        let image = try makeRenderer().render(layer: scene(opacity: 0.5).root, pixelWidth: 200, pixelHeight: 200, scale: 1)
        let p = image.rgba(100, 100)
        #expect(abs(p.r - 128) <= 1 && abs(p.g - 128) <= 1 && p.b == 255, "\(p)")
    }

    /// The store is rasterized once per content: turning the plane re-uses it, a new
    /// background makes a new one, and the frame shows the new colour.
    @Test func storesAreKeptWhileTheContentHolds() throws {
        let renderer = try makeRenderer()
        let (root, plane) = scene()
        let first = try renderer.render(layer: root, pixelWidth: 200, pixelHeight: 200, scale: 1)
        #expect(renderer.backingStores.count == 1)
        let again = try renderer.render(layer: root, pixelWidth: 200, pixelHeight: 200, scale: 1)
        #expect(again.pixels == first.pixels)
        var t = Transform3D.identity
        t.m34 = -1.0 / 400
        plane.transform = t.rotated(Transform3D.degrees(20), 0, 1, 0)
        _ = try renderer.render(layer: root, pixelWidth: 200, pixelHeight: 200, scale: 1)
        #expect(renderer.backingStores.count == 1)
        plane.backgroundColor = Color(red: 0, green: 1, blue: 0)
        let green = try renderer.render(layer: root, pixelWidth: 200, pixelHeight: 200, scale: 1)
        #expect(renderer.backingStores.count == 2)
        #expect(green.rgba(100, 100) == RGBA(0, 255, 0))
    }

    /// Where the shapes agree, texture and analytic paths draw the same plane: the
    /// carousel's five planes share one store and their insides are the gradient's.
    @Test func theCarouselsPlanesShareOneStore() throws {
        let renderer = try makeRenderer()
        let scene = CarouselScene(angle: 30)
        _ = try renderer.render(layer: scene.rootLayer, pixelWidth: 480, pixelHeight: 320, scale: 1)
        #expect(renderer.backingStores.count == 1)
        scene.angle = 100
        _ = try renderer.render(layer: scene.rootLayer, pixelWidth: 480, pixelHeight: 320, scale: 1)
        #expect(renderer.backingStores.count == 1)
    }
}
