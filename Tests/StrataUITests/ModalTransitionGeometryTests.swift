import Foundation
import Testing
import StrataModel
import StrataRender
@testable import StrataUI
import StrataTestSupport

/// Each transition at its start, middle and end, read from presentation copies and draw
/// lists (no GL): a 320 x 480 window, the presented controller "a" over "root".
/// Every curve is ease-in-ease-out, symmetric about its midpoint, so half the time is
/// exactly half the way.
struct ModalTransitionGeometryTests {
    let screen = Rect(x: 0, y: 0, width: 320, height: 480)

    func present(_ style: ModalTransitionStyle) -> (Window, LoggingController, LoggingController) {
        let (window, root) = modalWindow()
        let a = LoggingController("a", log: root.log)
        a.modalTransitionStyle = style
        root.present(a, animated: true)
        return (window, root, a)
    }

    func drawnNames(_ window: Window) throws -> [String] {
        try DrawListBuilder(pixelWidth: 320, pixelHeight: 480, scale: 1).build(root: window.presentationLayer)
            .layerDraws.compactMap(\.name)
    }

    @Test func durationsAreUIKitsHalfSecondAndTheDissolvesFourTenths() {
        #expect(ModalTransitionStyle.coverVertical.duration == 0.5)
        #expect(ModalTransitionStyle.flipHorizontal.duration == 0.5)
        #expect(ModalTransitionStyle.partialCurl.duration == 0.5)
        #expect(ModalTransitionStyle.crossDissolve.duration == 0.4)
    }

    // MARK: coverVertical

    @Test func coverVerticalSlidesUpFromTheBottomEdgeAndBackDown() throws {
        let (window, _, _) = present(.coverVertical)
        #expect(try #require(seen("a", in: window)).frame == Rect(x: 0, y: 480, width: 320, height: 480))
        window.advance(to: 0.25)
        #expect(close(try #require(seen("a", in: window)).frame.minY, 240, within: 1e-3))
        window.advance(to: 0.5)
        #expect(try #require(seen("a", in: window)).frame == screen)

        window.advance(to: 1)
        window.rootViewController?.dismiss(animated: true)
        #expect(try #require(seen("a", in: window)).frame == screen)
        window.advance(to: 1.25)
        #expect(close(try #require(seen("a", in: window)).frame.minY, 240, within: 1e-3))
        window.advance(to: 1.5)
        #expect(seen("a", in: window) == nil)
    }

    // MARK: flipHorizontal

    @Test func flipHorizontalStartsWithThePresenterFacingAndTheModalsBackFaceAway() throws {
        let (window, _, _) = present(.flipHorizontal)
        let root = try #require(seen("root", in: window))
        let corners = projectedCorners(of: root)
        let expected = [Point(x: 0, y: 0), Point(x: 320, y: 0), Point(x: 320, y: 480), Point(x: 0, y: 480)]
        #expect(zip(corners, expected).allSatisfy { close($0, $1, within: 1e-9) })
        // The modal is the card's back face: turned 180°, single-sided, not drawn.
        let names = try drawnNames(window)
        #expect(names.contains("root") && !names.contains("a"))
    }

    /// Half way both faces are edge-on. m34 = -1 / (2 x 320): the root's right edge has
    /// come 160 pt toward the viewer (w = 1 - 160/640 = 0.75: y from -240/0.75 + 240 =
    /// -80 to 560), its left edge gone 160 pt back (w = 1.25: y from 48 to 432); all at
    /// x = 160. The modal, at 90°, shows the same line with its edges swapped.
    @Test func flipHorizontalIsEdgeOnAtTheMidpoint() throws {
        let (window, _, _) = present(.flipHorizontal)
        window.advance(to: 0.25)
        let root = try #require(seen("root", in: window))
        let r = projectedCorners(of: root)
        #expect(r.allSatisfy { close($0.x, 160, within: 1e-3) })
        #expect(close(r[0].y, 48, within: 1e-3) && close(r[3].y, 432, within: 1e-3))       // left edge, far
        #expect(close(r[1].y, -80, within: 1e-3) && close(r[2].y, 560, within: 1e-3))      // right edge, near
        let a = projectedCorners(of: try #require(seen("a", in: window)))
        #expect(a.allSatisfy { close($0.x, 160, within: 1e-3) })
        #expect(close(a[0].y, -80, within: 1e-3) && close(a[3].y, 560, within: 1e-3))      // its left edge, near
        #expect(close(a[1].y, 48, within: 1e-3) && close(a[2].y, 432, within: 1e-3))
    }

    @Test func flipHorizontalTurnsFromRightToLeft() throws {
        let (window, _, _) = present(.flipHorizontal)
        // At first the right edge comes toward the viewer faster than it turns in, so
        // perspective carries it out past the screen's edge; the left edge goes back.
        window.advance(to: 0.1)
        var r = projectedCorners(of: try #require(seen("root", in: window)))
        #expect(r[1].x > 320 && r[0].x > 0)
        #expect(r[2].y - r[1].y > 480 && r[3].y - r[0].y < 480)
        // Then it swings in toward the middle.
        window.advance(to: 0.2)
        r = projectedCorners(of: try #require(seen("root", in: window)))
        #expect(r[1].x < 320 && r[1].x > 160 && r[2].y - r[1].y > 480)
        // Past the middle the presenter faces away and only the modal is drawn.
        window.advance(to: 0.3)
        let names = try drawnNames(window)
        #expect(names.contains("a") && !names.contains("root"))
    }

    @Test func flipHorizontalEndsFlatWithThePresenterPutAway() throws {
        let (window, root, a) = present(.flipHorizontal)
        window.advance(to: 0.5)
        #expect(a.view.transform == .identity && a.view.isDoubleSided)
        #expect(root.view.transform == .identity && root.view.isHidden)
        #expect(try #require(seen("a", in: window)).frame == screen)
        // Dismissal turns the card back: edge-on again half way, the presenter flat at the end.
        root.dismiss(animated: true)
        #expect(!root.view.isHidden)
        window.advance(to: 0.75)
        #expect(projectedCorners(of: try #require(seen("root", in: window))).allSatisfy { close($0.x, 160, within: 1e-3) })
        window.advance(to: 1)
        #expect(seen("a", in: window) == nil)
        #expect(root.view.transform == .identity && root.view.isDoubleSided && !root.view.isHidden)
    }

    // MARK: crossDissolve

    @Test func crossDissolveFadesTheOldOutAsTheNewFadesIn() throws {
        let (window, root, _) = present(.crossDissolve)
        #expect(try #require(seen("root", in: window)).opacity == 1)
        #expect(try #require(seen("a", in: window)).opacity == 0)
        window.advance(to: 0.2)
        #expect(close(try #require(seen("root", in: window)).opacity, 0.5, within: 1e-5))
        #expect(close(try #require(seen("a", in: window)).opacity, 0.5, within: 1e-5))
        window.advance(to: 0.4)
        #expect(try #require(seen("a", in: window)).opacity == 1)
        #expect(root.view.isHidden && root.view.opacity == 1)
        root.dismiss(animated: true)
        window.advance(to: 0.6)
        #expect(close(try #require(seen("root", in: window)).opacity, 0.5, within: 1e-5))
        #expect(close(try #require(seen("a", in: window)).opacity, 0.5, within: 1e-5))
        window.advance(to: 0.8)
        #expect(seen("a", in: window) == nil && root.view.opacity == 1)
    }

    // MARK: partialCurl

    /// The fold travels half the page's extent along 70°: 320 cos 70° + 480 sin 70° =
    /// 109.4464 + 451.0525 = 560.4989 pt, so it stops at 280.2495 pt; the roll's radius is
    /// 0.09 x 480 = 43.2 pt.
    @Test func partialCurlCurlsThePresenterUpToAFixedFraction() throws {
        let final = 0.5 * (320 * cos(70 * Double.pi / 180) + 480 * sin(70 * Double.pi / 180))
        #expect(close(final, 280.2495, within: 1e-4))
        #expect(close(ModalPartialCurl.finalDistance(for: Size(width: 320, height: 480)), final))

        let (window, root, a) = present(.partialCurl)
        let curl = try #require(window.layer.firstLayer(named: "modal.partialCurl") as? PageCurlLayer)
        // The presenter's view is the page; the modal lies under it.
        #expect(root.view.superlayer === curl)
        let order = window.layer.sublayers.map(\.name)
        #expect(order == ["a", "modal.partialCurl"])
        #expect(close(curl.curlRadius, 43.2) && curl.curlDirection == 70 * Double.pi / 180)

        func seenCurl() throws -> PageCurlLayer {
            try #require(seen("modal.partialCurl", in: window) as? PageCurlLayer)
        }
        #expect(try seenCurl().curlDistance == 0)
        window.advance(to: 0.25)
        #expect(close(try seenCurl().curlDistance, final / 2, within: 1e-3))
        // The draw list bends the page in its composite.
        let list = try DrawListBuilder(pixelWidth: 320, pixelHeight: 480, scale: 1).build(root: window.presentationLayer)
        let curls = list.commands.compactMap { command -> PageCurlDraw? in
            if case .endGroup(let g) = command { return g.curl }
            return nil
        }
        #expect(curls.count == 1)
        #expect(close(curls[0].distance, final / 2, within: 1e-3) && close(curls[0].radius, 43.2))
        #expect(curls[0].corner == Point(x: 320, y: 480))

        window.advance(to: 0.5)
        // It stays curled: the presenter remains on screen.
        #expect(close(try seenCurl().curlDistance, final))
        #expect(!root.view.isHidden && a.view.superlayer === window.layer)

        root.dismiss(animated: true)
        window.advance(to: 0.75)
        #expect(close(try seenCurl().curlDistance, final / 2, within: 1e-3))
        window.advance(to: 1)
        #expect(window.layer.firstLayer(named: "modal.partialCurl") == nil)
        #expect(root.view.superlayer === window.layer && window.layer.sublayers.first === root.view)
        #expect(root.view.frame == screen)
    }

    /// The band the curl leaves uncovered: on the left edge, where the fold is lowest, a
    /// point one radius past the fold: y = 480 + (43.2 - 280.2495 + 109.4464) / sin 70°
    /// = 480 - 135.7923 = 344.2077.
    @Test func partialCurlLeavesTheBottomBandUncovered() {
        let top = ModalPartialCurl.uncoveredTop(in: screen)
        #expect(close(top, 344.2077, within: 1e-3))
        let curl = ModalPartialCurl.makeLayer(frame: screen)
        curl.curlDistance = ModalPartialCurl.finalDistance(for: screen.size)
        #expect(close(curl.distancePastFold(Point(x: 0, y: top)), 43.2, within: 1e-9))
        // The right edge's fold is higher: more is uncovered there.
        #expect(curl.distancePastFold(Point(x: 320, y: top)) > 43.2)
    }
}
