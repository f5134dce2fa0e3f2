import StrataGestures
import StrataModel
import StrataScenes
import Testing

@Suite struct CarouselControllerTests {
    @Test func hundredPointDragTurnsFiftyDegrees() {
        let scene = CarouselScene()
        let controller = CarouselController(scene: scene)
        let before = scene.planes[0].transform

        controller.handle(.down(x: 100, y: 160, t: 0))
        for step in 1...10 {
            controller.handle(.move(x: 100 + 10 * Double(step), y: 160, t: Double(step) / 60))
            // Begins at the first 10 pt move with the full translation: half of it in degrees.
            #expect(scene.angle == 5 * Double(step))
        }
        controller.handle(.up(x: 200, y: 160, t: 11.0 / 60))
        #expect(scene.angle == 50)
        #expect(controller.panGestureRecognizer.state == .ended)
        // Setting the angle laid the planes out again.
        #expect(scene.planes[0].transform != before)

        // A second drag adds to the angle: 40 pt left → -20 degrees.
        controller.handle(.down(x: 200, y: 160, t: 1))
        controller.handle(.move(x: 180, y: 160, t: 1.1))
        controller.handle(.move(x: 160, y: 161, t: 1.2))
        controller.handle(.up(x: 160, y: 161, t: 1.3))
        #expect(scene.angle == 30)
    }

    @Test func dragUnderTenPointsDoesNotTurn() {
        let scene = CarouselScene(angle: 12)
        let controller = CarouselController(scene: scene)
        controller.handle(.down(x: 100, y: 160, t: 0))
        controller.handle(.move(x: 104, y: 160, t: 0.05))
        controller.handle(.move(x: 108, y: 160, t: 0.1))
        controller.handle(.up(x: 108, y: 160, t: 0.15))
        #expect(scene.angle == 12)
        #expect(controller.xPanOffset == 0)
    }

    @Test func verticalDragDoesNotTurn() {
        let scene = CarouselScene()
        let controller = CarouselController(scene: scene)
        controller.handle(.down(x: 100, y: 100, t: 0))
        controller.handle(.move(x: 100, y: 150, t: 0.1))
        controller.handle(.up(x: 100, y: 200, t: 0.2))
        #expect(scene.angle == 0)
    }
}
