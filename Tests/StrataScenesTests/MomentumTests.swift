import Foundation
import StrataGestures
import StrataModel
import StrataScenes
import Testing

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }

/// A flick to the right at a steady 1000 pt/s: down at x = 100, a 10 pt move every
/// 10 ms, up at x = 210 at t = 0.11 s. Every sample of the last 100 ms lies on one line,
/// so the pan's least-squares velocity is exactly 1000 pt/s: 500 degrees per second at
/// half a degree per point. The drag itself turns the carousel 110 / 2 = 55 degrees.
private func flick(_ controller: CarouselController) {
    controller.deliver(.down(x: 100, y: 160, t: 0))
    for k in 1...10 { controller.deliver(.move(x: 100 + 10 * Double(k), y: 160, t: 0.01 * Double(k))) }
    controller.deliver(.up(x: 210, y: 160, t: 0.11))
}

private let release = 0.11

/// The glide after a release, by hand: v(t) = v0 · 0.998^(1000 t), so the angle turned is
/// v0 · (0.998^(1000 t) − 1) / (1000 · ln 0.998), with 1000 · ln 0.998 = −2.0020026707.
/// For v0 = 500°/s:
///   t = 0.1 s: 0.998^100  = 0.8185668047 → 500 · 0.1814331953 / 2.0020026707 = 45.3129254
///   t = 0.5 s: 0.998^500  = 0.3675112549 → 157.9640113
///   t = 1 s:   0.998^1000 = 0.1350645224 → 216.0175634
/// It stops when the speed is 1°/s: 500 · e^(−2.0020026707 T) = 1, T = ln 500 / 2.0020026707
/// = 3.1041957 s, having turned (500 − 1) · 0.4994998332 = 249.2504168 degrees.
@Suite struct MomentumTests {
    @Test func aFlickGlidesOnAndSlowsDownAsAScrollViewDoes() throws {
        let controller = CarouselController(scene: CarouselScene(), momentum: true)
        flick(controller)
        #expect(controller.scene.angle == 55)
        let glide = try #require(controller.momentum)
        #expect(near(glide.velocity, 500, 1e-6))
        #expect(glide.startTime == release && glide.startAngle == 55)

        for (t, turned) in [(0.1, 45.312_925_4), (0.5, 157.964_011_3), (1.0, 216.017_563_4)] {
            controller.advance(to: release + t)
            #expect(near(controller.scene.angle, 55 + turned), "\(t) s after the release: \(controller.scene.angle)")
            #expect(controller.hasRunningAnimations)
        }
        // 500 · 0.998^500 = 183.7556274 degrees per second half a second in.
        #expect(near(glide.velocity(at: release + 0.5), 183.755_627_4))
        #expect(near(glide.duration, 3.104_195_7))
        #expect(near(glide.restingAngle, 304.250_416_8))

        controller.advance(to: release + 3.1)
        #expect(controller.isDecelerating)
        controller.advance(to: release + 3.105)
        #expect(!controller.isDecelerating && !controller.hasRunningAnimations)
        #expect(controller.scene.angle == glide.restingAngle)
        // The planes were laid out for the angle reached.
        #expect(controller.scene.planes[0].transform == CarouselScene(angle: glide.restingAngle).planes[0].transform)
        controller.advance(to: 20)
        #expect(controller.scene.angle == glide.restingAngle)
    }

    @Test func theSeedDoesNotGlide() {
        let controller = CarouselController(scene: CarouselScene())
        flick(controller)
        #expect(controller.momentum == nil && !controller.hasRunningAnimations)
        controller.advance(to: 1)
        #expect(controller.scene.angle == 55)
    }

    @Test func aReleaseAfterHoldingStillDoesNotGlide() {
        let controller = CarouselController(scene: CarouselScene(), momentum: true)
        controller.deliver(.down(x: 100, y: 160, t: 0))
        controller.deliver(.move(x: 160, y: 160, t: 0.05))
        // Held at x = 160 for 150 ms: the last 100 ms of samples do not move.
        controller.deliver(.move(x: 160, y: 161, t: 0.1))
        controller.deliver(.up(x: 160, y: 161, t: 0.2))
        #expect(controller.scene.angle == 30)
        #expect(controller.momentum == nil)
    }

    @Test func aTouchStopsTheGlideWhereItHasGot() {
        let controller = CarouselController(scene: CarouselScene(), momentum: true)
        flick(controller)
        controller.advance(to: release + 0.05)
        // No frame at 0.1 s after the release: the touch itself finds the glide there.
        controller.deliver(.down(x: 300, y: 160, t: release + 0.1))
        #expect(!controller.isDecelerating)
        #expect(near(controller.scene.angle, 55 + 45.312_925_4))
        controller.advance(to: 2)
        #expect(near(controller.scene.angle, 55 + 45.312_925_4))
    }

    /// With snap the natural resting angle, 304.25°, is 16.25° past 288 = 4 · 72 and
    /// 55.75° short of 360: the glide is aimed at 288. Its start speed is chosen so the
    /// same deceleration ends there: (288 − 55) / 0.4994998332 + 1 = 467.4666223°/s,
    /// which takes ln 467.4666223 / 2.0020026707 = 3.0705893 s; at 0.1 s it has turned
    /// 467.4666223 · 0.1814331953 / 2.0020026707 = 42.3645604°.
    @Test func snapLandsExactlyOnAPlaneFacingFront() throws {
        let controller = CarouselController(scene: CarouselScene(), momentum: true, snap: true)
        flick(controller)
        let glide = try #require(controller.momentum)
        #expect(glide.restingAngle == 288)
        #expect(near(glide.velocity, 467.466_622_3))
        #expect(near(glide.duration, 3.070_589_3))
        controller.advance(to: release + 0.1)
        #expect(near(controller.scene.angle, 97.364_560_4))
        // Smooth: it only ever slows down, and never passes the target.
        var previous = controller.scene.angle, previousStep = Double.infinity
        for frame in 1...200 {
            controller.advance(to: release + 0.1 + Double(frame) / 60)
            let step = controller.scene.angle - previous
            #expect(step >= 0 && step <= previousStep + 1e-12 && controller.scene.angle <= 288)
            previous = controller.scene.angle
            previousStep = step
        }
        #expect(!controller.isDecelerating)
        #expect(controller.scene.angle == 288)
        #expect(controller.scene.angle.truncatingRemainder(dividingBy: 72) == 0)
    }

    @Test func snapWithoutVelocityGlidesToTheNearestPlane() {
        // 40 pt right → 20°: 0 is nearer than 72, so it glides back, starting at
        // −20 / 0.4994998332 − 1 = −41.0400534°/s.
        let back = CarouselController(scene: CarouselScene(), snap: true)
        back.deliver(.down(x: 100, y: 160, t: 0))
        back.deliver(.move(x: 140, y: 160, t: 0.05))
        back.deliver(.up(x: 140, y: 160, t: 0.3))
        #expect(back.scene.angle == 20)
        #expect(near(back.momentum?.velocity ?? 0, -41.040_053_4))
        back.advance(to: 3)
        #expect(back.scene.angle == 0)

        // 110 pt → 55° (no momentum: the release velocity is not used): 72 is nearer.
        let forward = CarouselController(scene: CarouselScene(), snap: true)
        flick(forward)
        #expect(forward.momentum?.restingAngle == 72)
        #expect(near(forward.momentum?.velocity ?? 0, 35.034_045_4))
        forward.advance(to: 5)
        #expect(forward.scene.angle == 72 && !forward.hasRunningAnimations)

        // A tap that stops a glide half way still ends on a plane.
        let tapped = CarouselController(scene: CarouselScene(), momentum: true, snap: true)
        flick(tapped)
        tapped.deliver(.down(x: 300, y: 160, t: release + 0.1))
        tapped.deliver(.up(x: 300, y: 160, t: release + 0.15))
        // Stopped at 97.3645604: 72 is the nearest plane angle.
        #expect(tapped.momentum?.restingAngle == 72)
        tapped.advance(to: 5)
        #expect(tapped.scene.angle == 72)
    }

    @Test func frontFacingAnglesForCountsThatDoNotDivide360() {
        // Five planes: multiples of 72.
        #expect(CarouselController.frontFacingAngle(nearestTo: 304.25, planeCount: 5, degreesPerPlane: 72) == 288)
        #expect(CarouselController.frontFacingAngle(nearestTo: -100, planeCount: 5, degreesPerPlane: 72) == -72)
        // Seven planes, 51° apart (360 / 7 on integers): plane i faces front at −51 i
        // (mod 360), i.e. 0, 309, 258, 207, 156, 105, 54. Nearest to 100: 105 (plane 5,
        // 105 + 5 · 51 = 360); to 30: 54 is 24 away, 0 is 30 away.
        #expect(CarouselController.frontFacingAngle(nearestTo: 100, planeCount: 7, degreesPerPlane: 51) == 105)
        #expect(CarouselController.frontFacingAngle(nearestTo: 30, planeCount: 7, degreesPerPlane: 51) == 54)
        // 500 planes all stand at one angle (360 / 500 = 0 on integers): whole turns.
        #expect(CarouselController.frontFacingAngle(nearestTo: 200, planeCount: 500, degreesPerPlane: 0) == 360)
    }

    /// As `strata replay` drives it: the options from a trace header, events due by each
    /// frame (60 fps), then the frame's time; it runs until the scene is idle.
    @Test func aReplayOfTheOptionsRunsUntilTheGlideEnds() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-momentum-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/flick.trace"
        var events: [InputEvent] = [.down(x: 100, y: 160, t: 0)]
        for k in 1...10 { events.append(.move(x: 100 + 10 * Double(k), y: 160, t: 0.01 * Double(k))) }
        events.append(.up(x: 210, y: 160, t: 0.11))
        let writer = try TraceWriter(path: path, header: TraceHeader(scene: "carousel", width: 480, height: 320,
                                                                     options: ["momentum": true, "snap": false]))
        for e in events { try writer.append(e) }
        try writer.close()

        let (trace, _) = try Trace.read(path: path)
        #expect(trace.header.options == ["momentum": true, "snap": false])
        let scene = try SceneRegistry.makeScene(named: "carousel", options: trace.header.options,
                                                viewSize: Size(width: 480, height: 320))
        var next = 0, frame = 0
        while true {
            let t = Double(frame) / 60
            while next < trace.events.count && trace.events[next].t <= t { scene.deliver(trace.events[next]); next += 1 }
            scene.advance(to: t)
            if next == trace.events.count && scene.isIdle { break }
            frame += 1
        }
        // The glide ends at 0.11 + 3.1041957 = 3.2141957 s: frame 193 (3.2167 s) is the
        // first at or after it.
        #expect(frame == 193)
        #expect(scene.statusDescription == "angle: 304.250417")
    }

    @Test func theRegistryTakesBooleansOrOneAndZero() throws {
        let size = Size(width: 480, height: 320)
        let a = try #require(try SceneRegistry.makeScene(named: "carousel", options: ["momentum": true, "snap": 1],
                                                         viewSize: size) as? CarouselController)
        #expect(a.isMomentumEnabled && a.snapsToPlanes)
        let b = try #require(try SceneRegistry.makeScene(named: "carousel", options: ["momentum": 0],
                                                         viewSize: size) as? CarouselController)
        #expect(!b.isMomentumEnabled && !b.snapsToPlanes)
        #expect(throws: SceneError("option \"momentum\" of scene \"carousel\" must be true or false (or 1 or 0), found \"yes\"")) {
            try SceneRegistry.makeScene(named: "carousel", options: ["momentum": "yes"], viewSize: size)
        }
        #expect(throws: SceneError("option \"snap\" of scene \"carousel\" must be true or false (or 1 or 0), found 2")) {
            try SceneRegistry.makeScene(named: "carousel", options: ["snap": 2], viewSize: size)
        }
    }
}
