import Foundation
import Testing
import StrataModel
import StrataRender
@testable import StrataUI
import StrataTestSupport

/// The page curl through GL (curl.frag): a white page curled to partialCurl's resting
/// place over a blue backdrop, at 1x. Hand-computed colours at three points.
@Suite(.serialized, .tags(.gl)) struct ModalCurlRenderTests {
    static let blue = Color(r8: 51, g8: 128, b8: 230)

    func render() throws -> (Image, PageCurlLayer) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 320, height: 480)
        root.position = Point(x: 160, y: 240)
        root.backgroundColor = ModalCurlRenderTests.blue
        let page = ModalPartialCurl.makeLayer(frame: root.bounds)
        page.backgroundColor = .white
        page.curlDistance = ModalPartialCurl.finalDistance(for: root.bounds.size)
        root.addSublayer(page)
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        return (try renderer.render(layer: root, pixelWidth: 320, pixelHeight: 480, scale: 1), page)
    }

    func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 3) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func theCurledPageShowsWhatIsBelowItsFlatPartAndThePaleBackOfThePaper() throws {
        let (image, page) = try render()
        // Far behind the fold the page lies flat and unshaded: white.
        #expect(page.distancePastFold(Point(x: 10.5, y: 10.5)) < -100)
        #expect(near(rgb(image, 10, 10), [255, 255, 255, 255]))
        // Past the roll and its shadow (more than 1.9 radii past the fold) the backdrop
        // shows untouched.
        #expect(page.distancePastFold(Point(x: 300.5, y: 470.5)) > 1.9 * 43.2)
        #expect(near(rgb(image, 300, 470), [51, 128, 230, 255]))
        // On the flap, 20 pt behind the fold, the back of white paper lies face up:
        // 0.16 x 1 + 0.93 x 0.84 = 0.9412 -> 240, lit fully (flat, facing the viewer).
        let d = page.curlDirectionVector, c = page.liftedCorner
        let flap = Point(x: c.x - (page.curlDistance + 20) * d.x, y: c.y - (page.curlDistance + 20) * d.y)
        #expect(close(page.distancePastFold(flap), -20, within: 1e-9))
        #expect(near(rgb(image, Int(flap.x), Int(flap.y)), [240, 240, 240, 255]))
    }

    @Test func anUncurledPageIsDrawnLikeAnyLayer() throws {
        let page = PageCurlLayer()
        page.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        page.backgroundColor = .white
        let list = try DrawListBuilder(pixelWidth: 100, pixelHeight: 100, scale: 1).build(root: {
            let root = Layer()
            root.bounds = page.frame
            root.addSublayer(page)
            return root
        }())
        #expect(list.commands.count == 1 && list.layerDraws.count == 1)
    }
}
