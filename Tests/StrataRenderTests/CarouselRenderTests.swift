import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataScenes
import StrataTestSupport

/// Pixel probes at points computed by hand from the seed's numbers: at angle 0, plane 0
/// is 250 x 150 pt scaled by 1000 / 750, so it covers x 73.3...406.7, y 40...240.
@Suite(.serialized, .tags(.gl)) struct CarouselRenderTests {
    @Test func backgroundIsWhiteFarFromThePlanes() throws {
        let image = try renderCarousel()
        // More than 2.7 sigma (sigma = 20 pt x 4/3) from every plane's shadow.
        for (x, y) in [(2, 318), (478, 318), (478, 2), (2, 2)] {
            #expect(image.rgba(x, y).isClose(to: RGBA(255, 255, 255), within: 2), "at (\(x), \(y)): \(image.rgba(x, y))")
        }
    }

    @Test func frontPlaneCenterIsTheGradientMidpoint() throws {
        let image = try renderCarousel()
        // Purple (0.5, 0, 0.5) to red (1, 0, 0) at t = 0.5: (0.75, 0, 0.25) -> (191, 0, 64).
        #expect(image.rgba(240, 140).isClose(to: RGBA(191, 0, 64), within: 2), "\(image.rgba(240, 140))")
        // A quarter down the plane (y = 40 + 50): t = 0.25 -> (0.625, 0, 0.375) -> (159, 0, 96).
        #expect(image.rgba(240, 90).isClose(to: RGBA(159, 0, 96), within: 2), "\(image.rgba(240, 90))")
    }

    @Test func translucentWhiteBorderAtThePlaneEdge() throws {
        let image = try renderCarousel()
        // The 4 pt border is 5.3 px wide from x = 73.3; at x = 76 it is 30% white over the
        // gradient's midpoint: 0.3 * 255 + 0.7 * (191, 0, 64) = (210, 77, 121).
        #expect(image.rgba(76, 140).isClose(to: RGBA(210, 77, 121), within: 3), "\(image.rgba(76, 140))")
        // Just inside the border the gradient shows plain again.
        #expect(image.rgba(82, 140).isClose(to: RGBA(191, 0, 64), within: 3), "\(image.rgba(82, 140))")
    }

    @Test func shadowDarkensJustOutsideThePlane() throws {
        let image = try renderCarousel()
        // Below the middle of the bottom edge (y = 240), the shadow edge is 4 px higher
        // (offset -3 pt), sigma = 26.7 px. At the center of row 250, d = 14.5 px:
        // alpha = 0.5 erfc(14.5 / (26.7 sqrt 2)) = 0.293, so 255 (1 - 0.293) = 180.
        let p = image.rgba(240, 250)
        #expect(p.isClose(to: RGBA(180, 180, 180), within: 8), "\(p)")
        // The shadow is neutral grey and lighter further out.
        #expect(image.rgba(240, 280).r > p.r + 30)
    }

    @Test func backPlanesAreDrawnMirroredBehindAndVanishWhenSingleSided() throws {
        // At angle 0 plane 3 (216 degrees) shows its back on the left, behind plane 0.
        let doubleSided = try renderCarousel()
        let left = doubleSided.rgba(40, 150)
        #expect(left.g < 10 && left.r > 150, "a back plane's gradient at (40, 150): \(left)")
        let singleSided = try renderCarousel { scene in scene.planes.forEach { $0.isDoubleSided = false } }
        let gone = singleSided.rgba(40, 150)
        #expect(gone.g > 150 && abs(gone.r - gone.b) < 6, "only white and shadow remain: \(gone)")
        // The front plane is unaffected.
        #expect(singleSided.rgba(240, 140) == doubleSided.rgba(240, 140))
    }

    @Test func twoRendersGiveIdenticalBytes() throws {
        let a = try renderCarousel(angle: 30), b = try renderCarousel(angle: 30)
        #expect(a.pixels == b.pixels)
        #expect(try PNG.encode(a) == PNG.encode(b))
    }

    @Test func framesMatchReferences() throws {
        for angle in [0.0, 30, 144, 200] {
            try expectMatchesReference(try renderCarousel(angle: angle), "carousel/angle-\(Int(angle))")
        }
        try expectMatchesReference(try renderCarousel(angle: 30, scale: 2), "carousel/angle-30@2x")
        try expectMatchesReference(try renderCarousel(angle: 10, planes: 7), "carousel/planes-7-angle-10")
    }
}
