import StrataModel
import StrataScenes
import Testing
@testable import StrataUI
import StrataTestSupport

@Suite(.tags(.gl)) struct AlertPresentationTests {
    @Test func theAlertStartsAt1Point2XNearlyTransparentAndEndsExactly270Wide() throws {
        let scene = try exampleScene(.simple)
        scene.advance(to: 0)
        let start = try #require(scene.presentationLayer.firstLayer(named: "alert"))
        #expect(near(start.frame.width, 270 * 1.2, 1e-6) && near(start.frame.height, 124.5 * 1.2, 1e-6))
        #expect(start.opacity < 0.05)
        // About 0.4 s later the spring has settled and been removed: the model size.
        scene.advance(to: AlertScene.restTime)
        let end = try #require(scene.presentationLayer.firstLayer(named: "alert"))
        #expect(end.frame.width == 270 && end.opacity == 1)
        #expect(end.frame == Rect(x: 52.5, y: 281.5, width: 270, height: 124.5))
        #expect(AlertScene.restTime > 0.38 && AlertScene.restTime < 0.42)
    }

    @Test func theSpringNeverOvershoots() throws {
        let scene = try exampleScene(.simple)
        var last = Double.infinity
        for k in 0...40 {
            scene.advance(to: Double(k) * 0.01)
            let w = try #require(scene.presentationLayer.firstLayer(named: "alert")).frame.width
            #expect(w >= 270 - 1e-9 && w <= last + 1e-9)
            last = w
        }
    }

    @Test func theRenderedBoxShrinksToSize() throws {
        let scene = try exampleScene(.simple)
        let renderer = try makeRenderer()
        // Mid-way (0.1 s) the box is drawn at the spring's scale about its centre.
        let mid = try render(scene, at: 0.1, renderer: renderer)
        let expected = try #require(scene.presentationLayer.firstLayer(named: "alert")).frame.width * 2
        #expect(expected > 541 && expected < 648)
        let row = 690
        let xs = (0..<750).filter { mid.rgba($0, row).r < 250 && mid.rgba($0, row).r > 225 }
        let width = Double((xs.max() ?? 0) - (xs.min() ?? 0) + 1)
        #expect(abs(width - expected) <= 3)
    }

    @Test func theDimFadesInWithTheAlert() throws {
        let scene = try exampleScene(.simple)
        let first = try render(scene, at: 0)
        #expect(first.rgba(50, 50).r >= 253)
        let settled = try render(scene, at: AlertScene.restTime)
        #expect(abs(settled.rgba(50, 50).r - 204) <= 1)
    }

    @Test func theSheetSlidesUpFromBelowTheScreen() throws {
        let scene = try exampleScene(.sheet)
        scene.advance(to: 0)
        let start = try #require(scene.presentationLayer.firstLayer(named: "alert"))
        #expect(near(start.frame.minY, 667, 1e-6))
        scene.advance(to: 0.1)
        let mid = try #require(scene.presentationLayer.firstLayer(named: "alert")).frame.minY
        #expect(mid > 417 && mid < 667)
        scene.advance(to: AlertScene.restTime)
        #expect(try #require(scene.presentationLayer.firstLayer(named: "alert")).frame.minY == 417)
    }

    @Test func dismissingFadesOutThenRemovesTheAlert() throws {
        let scene = try exampleScene(.simple)
        scene.advance(to: 1)
        scene.deliver(.down(x: 260, y: 380, t: 1))
        scene.deliver(.up(x: 260, y: 380, t: 1.1))
        #expect(scene.log == ["picked 好的"])
        scene.advance(to: 1.2)
        let fading = try #require(scene.presentationLayer.firstLayer(named: "alert"))
        #expect(fading.opacity > 0 && fading.opacity < 1 && fading.frame.width == 270)
        scene.advance(to: 1.4)
        #expect(scene.presentationLayer.firstLayer(named: "alert") == nil)
        #expect(scene.statusDescription.hasPrefix("dismissed"))
        #expect(scene.isIdle)
    }

    @Test func theSheetSlidesBackDown() throws {
        let scene = try exampleScene(.sheet)
        scene.advance(to: 1)
        // Tap the dim: the sheet's cancel action.
        scene.deliver(.down(x: 187, y: 100, t: 1))
        scene.deliver(.up(x: 187, y: 100, t: 1.05))
        #expect(scene.log == ["picked 取消"])
        scene.advance(to: 1.2)
        let y = try #require(scene.presentationLayer.firstLayer(named: "alert")).frame.minY
        #expect(y > 417 && y < 667)
        scene.advance(to: 1.4)
        #expect(scene.presentationLayer.firstLayer(named: "alert") == nil)
    }

    @Test func seed000sAlertGoesAfterTwoSecondsOnATimer() throws {
        let scene = try exampleScene(.autoDismiss)
        scene.advance(to: 1.99)
        #expect(scene.alert?.presentingViewController != nil && scene.log.isEmpty)
        #expect(!scene.isIdle)
        scene.advance(to: 2.1)
        #expect(scene.log == ["dismissed by the timer"])
        scene.advance(to: 2.3)
        #expect(scene.alert?.presentingViewController == nil && scene.isIdle)
    }

    @Test func aTapOnTheSceneBringsTheAlertBack() throws {
        let scene = try exampleScene(.autoDismiss)
        scene.advance(to: 3)
        scene.deliver(.down(x: 100, y: 100, t: 3))
        scene.deliver(.up(x: 100, y: 100, t: 3.1))
        #expect(scene.presentationCount == 2 && scene.alert?.presentingViewController != nil)
    }

    @Test(arguments: AlertAnimationType.allCases)
    func everyAnimationTypeEndsAtTheModel(_ type: AlertAnimationType) throws {
        var spec = AlertExample.simple.specification
        spec.animationType = type
        let scene = try AlertScene(spec)
        scene.advance(to: AlertScene.restTime)
        let l = try #require(scene.presentationLayer.firstLayer(named: "alert"))
        #expect(l.frame == Rect(x: 52.5, y: 281.5, width: 270, height: 124.5) && l.opacity == 1)
        #expect(scene.alert?.isBeingPresented == false)
    }

    @Test func directionalTypesStartOffScreen() throws {
        for (type, check) in [(AlertAnimationType.fromTop, { (r: Rect) in r.maxY <= 0 }),
                              (.fromBottom, { $0.minY >= 667 }), (.fromLeft, { $0.maxX <= 0 }),
                              (.fromRight, { $0.minX >= 375 })] {
            var spec = AlertExample.simple.specification
            spec.animationType = type
            let scene = try AlertScene(spec)
            scene.advance(to: 0)
            let frame = try #require(scene.presentationLayer.firstLayer(named: "alert")).frame
            #expect(check(frame), "\(type): \(frame)")
        }
    }
}
