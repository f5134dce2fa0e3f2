import StrataGestures
import StrataModel
import Testing

/// Records what handlers saw, in call order.
private final class PanLog {
    var entries: [(state: GestureState, translation: Point)] = []
    var states: [GestureState] { entries.map(\.state) }

    func record(_ pan: PanGestureRecognizer) {
        entries.append((pan.state, pan.translation(in: nil)))
    }
}

@Suite struct PanGestureRecognizerTests {
    @Test func doesNotBeginUnderTenPoints() {
        let log = PanLog()
        let pan = PanGestureRecognizer(handler: log.record)
        pan.handle(.down(x: 100, y: 100, t: 0))
        pan.handle(.move(x: 105, y: 100, t: 0.1))
        pan.handle(.move(x: 109.9, y: 100, t: 0.2))
        pan.handle(.move(x: 100, y: 90.1, t: 0.3))
        // 7 and 7 from the start: 9.9 pt away, inside the 10 pt radius.
        pan.handle(.move(x: 107, y: 107, t: 0.4))
        #expect(pan.state == .possible)
        #expect(log.entries.isEmpty)

        // Up before it began: failed, silently.
        pan.handle(.up(x: 107, y: 107, t: 0.5))
        #expect(pan.state == .failed)
        #expect(log.entries.isEmpty)
    }

    @Test func beginsAtExactlyTenPointsDiagonally() {
        let log = PanLog()
        let pan = PanGestureRecognizer(handler: log.record)
        pan.handle(.down(x: 100, y: 100, t: 0))
        pan.handle(.move(x: 106, y: 108, t: 0.1)) // 6-8-10 triangle
        #expect(pan.state == .began)
        #expect(log.states == [.began])
        #expect(pan.translation(in: nil) == Point(x: 6, y: 8))
    }

    @Test func beganChangedEndedWithTranslationFromTouchDown() {
        let log = PanLog()
        let pan = PanGestureRecognizer(handler: log.record)
        pan.handle(.down(x: 100, y: 100, t: 0))
        pan.handle(.move(x: 104, y: 100, t: 0.016))
        #expect(log.entries.isEmpty)
        pan.handle(.move(x: 112, y: 100, t: 0.033))
        pan.handle(.move(x: 120, y: 103, t: 0.05))
        pan.handle(.move(x: 121, y: 103, t: 0.066))
        pan.handle(.up(x: 125, y: 103, t: 0.083))

        #expect(log.states == [.began, .changed, .changed, .ended])
        #expect(log.entries.map(\.translation) == [Point(x: 12, y: 0), Point(x: 20, y: 3), Point(x: 21, y: 3), Point(x: 25, y: 3)])
        #expect(pan.state == .ended)
        #expect(pan.location(in: nil) == Point(x: 125, y: 103))

        // Ended stays readable until the next touch-down resets it.
        pan.handle(.move(x: 300, y: 300, t: 0.1))
        #expect(pan.state == .ended)
        #expect(log.entries.count == 4)
        pan.handle(.down(x: 10, y: 10, t: 1))
        #expect(pan.state == .possible)
        #expect(pan.translation(in: nil) == .zero)
        pan.handle(.move(x: 10, y: 30, t: 1.1))
        #expect(log.states == [.began, .changed, .changed, .ended, .began])
        #expect(pan.translation(in: nil) == Point(x: 0, y: 20))
    }

    @Test func cancelAfterBeganIsCancelled() {
        let log = PanLog()
        let pan = PanGestureRecognizer(handler: log.record)
        pan.handle(.down(x: 0, y: 0, t: 0))
        pan.handle(.move(x: 15, y: 0, t: 0.1))
        pan.handle(.cancel(x: 18, y: 0, t: 0.2))
        #expect(log.states == [.began, .cancelled])
        #expect(pan.state == .cancelled)
        // Events of no touch are ignored.
        pan.handle(.move(x: 50, y: 0, t: 0.3))
        pan.handle(.up(x: 50, y: 0, t: 0.4))
        #expect(log.states == [.began, .cancelled])
    }

    @Test func cancelBeforeBeganFailsSilently() {
        let log = PanLog()
        let pan = PanGestureRecognizer(handler: log.record)
        pan.handle(.down(x: 0, y: 0, t: 0))
        pan.handle(.cancel(x: 3, y: 0, t: 0.1))
        #expect(pan.state == .failed)
        #expect(log.entries.isEmpty)
    }

    @Test func secondDownCancelsTheLostTouch() {
        let log = PanLog()
        let pan = PanGestureRecognizer(handler: log.record)
        pan.handle(.down(x: 0, y: 0, t: 0))
        pan.handle(.move(x: 20, y: 0, t: 0.1))
        pan.handle(.down(x: 200, y: 0, t: 0.2))
        #expect(log.states == [.began, .cancelled])
        #expect(pan.state == .possible)
    }

    @Test func handlersRunInOrderOncePerEvent() {
        var calls: [String] = []
        let pan = PanGestureRecognizer { calls.append("A \($0.state)") }
        pan.addTarget { calls.append("B \($0.state)") }
        pan.handle(.down(x: 0, y: 0, t: 0))
        pan.handle(.move(x: 0, y: 10, t: 0.1))
        pan.handle(.move(x: 0, y: 20, t: 0.2))
        pan.handle(.text("a", t: 0.25))
        pan.handle(.up(x: 0, y: 20, t: 0.3))
        #expect(calls == ["A began", "B began", "A changed", "B changed", "A ended", "B ended"])
    }

    @Test func setTranslationRebasesButKeepsVelocity() {
        let pan = PanGestureRecognizer()
        pan.handle(.down(x: 100, y: 100, t: 0))
        pan.handle(.move(x: 115, y: 100, t: 0.05))
        pan.handle(.move(x: 130, y: 100, t: 0.1))
        #expect(pan.translation(in: nil) == Point(x: 30, y: 0))
        let velocity = pan.velocity(in: nil)

        pan.setTranslation(.zero, in: nil)
        #expect(pan.translation(in: nil) == .zero)
        #expect(pan.velocity(in: nil) == velocity)
        pan.handle(.move(x: 135, y: 104, t: 0.15))
        #expect(pan.translation(in: nil) == Point(x: 5, y: 4))

        pan.setTranslation(Point(x: -7, y: 2), in: nil)
        pan.handle(.move(x: 136, y: 104, t: 0.2))
        #expect(pan.translation(in: nil) == Point(x: -6, y: 2))
    }

    @Test func handlerResettingTranslationSeesDeltas() {
        var deltas: [Double] = []
        let pan = PanGestureRecognizer { p in
            deltas.append(p.translation(in: nil).x)
            p.setTranslation(.zero, in: nil)
        }
        pan.handle(.down(x: 0, y: 0, t: 0))
        for (i, x) in [5.0, 12, 20, 23].enumerated() { pan.handle(.move(x: x, y: 0, t: Double(i + 1) / 60)) }
        pan.handle(.up(x: 23, y: 0, t: 0.1))
        #expect(deltas == [12, 8, 3, 0])
    }
}

@Suite struct PanVelocityTests {
    /// 200 pt/s to the right sampled at 60 Hz: x = 200 t.
    private func steadyDrag(frames: Int) -> PanGestureRecognizer {
        let pan = PanGestureRecognizer()
        pan.handle(.down(x: 0, y: 50, t: 0))
        for i in 1...frames { pan.handle(.move(x: 200 * Double(i) / 60, y: 50, t: Double(i) / 60)) }
        return pan
    }

    @Test func constantMotionAt60Hz() {
        let v = steadyDrag(frames: 30).velocity(in: nil)
        #expect(abs(v.x - 200) < 1e-6)
        #expect(abs(v.y) < 1e-9)
    }

    @Test func holdingStillFor100msReadsZero() {
        let pan = steadyDrag(frames: 30) // ends at x = 100, t = 0.5
        for i in 31...36 { pan.handle(.move(x: 100, y: 50, t: Double(i) / 60)) }
        #expect(pan.velocity(in: nil) == .zero)
    }

    @Test func liftingAfterAShortStopSlowsIt() {
        let pan = steadyDrag(frames: 30)
        pan.handle(.up(x: 100, y: 50, t: 0.54))
        // The window is t >= 0.44: x = 90, 93.33, 96.67, 100 at t = 27/60…30/60, and 100
        // at 0.54. Least squares: mean t = 0.488, mean x = 96; Σ dt·dx = 0.537778,
        // Σ dt² = 0.00476889 → 112.768 pt/s, down from 200.
        let v = pan.velocity(in: nil)
        #expect(abs(v.x - 112.76794035) < 1e-6)
    }

    @Test func liftingLongAfterStoppingReadsZero() {
        let pan = steadyDrag(frames: 30)
        pan.handle(.up(x: 100, y: 50, t: 0.7))
        #expect(pan.velocity(in: nil) == .zero)
    }

    @Test func leastSquaresNotLastPair() {
        // x = 0, 4, 8, 12, 12 at t = 0, .02, .04, .06, .08. Mean t .04, mean x 7.2;
        // Σ dt·dx = .288 + .064 + 0 + .096 + .192 = .64; Σ dt² = .004 → 160 pt/s.
        // (The last pair says 0, first-to-last 150.)
        let pan = PanGestureRecognizer()
        pan.handle(.down(x: 0, y: 0, t: 0))
        pan.handle(.move(x: 4, y: 0, t: 0.02))
        pan.handle(.move(x: 8, y: 0, t: 0.04))
        pan.handle(.move(x: 12, y: 0, t: 0.06))
        pan.handle(.move(x: 12, y: 0, t: 0.08))
        #expect(abs(pan.velocity(in: nil).x - 160) < 1e-9)
    }

    @Test func samplesOlderThanTheWindowAreDropped() {
        // A fast flick long ago, then slow motion at 50 pt/s: only the slow part counts.
        let pan = PanGestureRecognizer()
        pan.handle(.down(x: 0, y: 0, t: 0))
        pan.handle(.move(x: 0, y: 100, t: 0.05))
        for i in 0...6 { pan.handle(.move(x: 0, y: 100 + 50 * 0.02 * Double(i), t: 0.5 + 0.02 * Double(i))) }
        #expect(abs(pan.velocity(in: nil).y - 50) < 1e-9)
    }

    @Test func sparseEventsUseTheLastTwo() {
        let pan = PanGestureRecognizer()
        pan.handle(.down(x: 0, y: 0, t: 0))
        pan.handle(.up(x: 30, y: -60, t: 0.3))
        let v = pan.velocity(in: nil)
        #expect(abs(v.x - 100) < 1e-9)
        #expect(abs(v.y + 200) < 1e-9)
    }

    @Test func sameInstantSamplesReadZero() {
        let pan = PanGestureRecognizer()
        pan.handle(.down(x: 0, y: 0, t: 1))
        pan.handle(.move(x: 30, y: 0, t: 1))
        #expect(pan.velocity(in: nil) == .zero)
    }
}

@Suite struct PanLayerCoordinateTests {
    /// A 100 x 100 layer drawn twice as big, its center at (200, 150) of a 480 x 320 root:
    /// local (0, 0) is root (100, 50), so local = (root - (100, 50)) / 2.
    private func scaledChild() -> (root: Layer, child: Layer) {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        root.position = Point(x: 240, y: 160)
        let child = Layer()
        child.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        child.position = Point(x: 200, y: 150)
        child.transform = .makeScale(2, 2, 1)
        root.addSublayer(child)
        return (root, child)
    }

    @Test func convertsThroughPositionAndTransform() {
        let (root, child) = scaledChild()
        let pan = PanGestureRecognizer()
        pan.handle(.down(x: 200, y: 150, t: 0))
        pan.handle(.move(x: 220, y: 150, t: 0.05))
        pan.handle(.move(x: 240, y: 150, t: 0.1))
        #expect(pan.location(in: child) == Point(x: 70, y: 50))
        #expect(pan.location(in: root) == Point(x: 240, y: 150))
        #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
        #expect(pan.translation(in: child) == Point(x: 20, y: 0))
        #expect(abs(pan.velocity(in: nil).x - 400) < 1e-9)
        #expect(abs(pan.velocity(in: child).x - 200) < 1e-9)

        pan.setTranslation(Point(x: 5, y: 0), in: child)
        #expect(pan.translation(in: child) == Point(x: 5, y: 0))
        #expect(pan.translation(in: nil) == Point(x: 10, y: 0))
    }

    @Test func convertsUnderPerspective() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        let plane = Layer()
        plane.bounds = Rect(x: 0, y: 0, width: 250, height: 150)
        plane.position = Point(x: 240, y: 160)
        var t = Transform3D.identity
        t.m34 = -1.0 / 1000
        plane.transform = t.rotated(Transform3D.degrees(40), 0, 1, 0).translated(0, 0, 100)
        root.addSublayer(plane)

        // Where the renderer draws local (30, 40): a tap there is at (30, 40) in the plane.
        let onScreen = plane.transformToSuperlayer.project(Point(x: 30, y: 40))
        let tap = TapGestureRecognizer()
        tap.handle(.down(x: onScreen.x, y: onScreen.y, t: 0))
        tap.handle(.up(x: onScreen.x, y: onScreen.y, t: 0.1))
        let local = tap.location(in: plane)
        #expect(abs(local.x - 30) < 1e-9 && abs(local.y - 40) < 1e-9)

        let pan = PanGestureRecognizer()
        pan.handle(.down(x: onScreen.x, y: onScreen.y, t: 0))
        pan.handle(.move(x: onScreen.x + 25, y: onScreen.y + 5, t: 0.1))
        pan.setTranslation(Point(x: 3, y: 4), in: plane)
        let back = pan.translation(in: plane)
        #expect(abs(back.x - 3) < 1e-9 && abs(back.y - 4) < 1e-9)
    }

    /// Inside a TransformLayer the plane keeps its z: the point is found where the
    /// renderer draws it, through the unflattened 3D matrices, not each layer's plane.
    @Test func convertsInsideATransformLayer() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        let context = TransformLayer()
        context.frame = root.bounds
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 600
        context.sublayerTransform = perspective
        context.transform = .makeRotation(0.3, 1, 0, 0)
        root.addSublayer(context)
        let plane = Layer()
        plane.bounds = Rect(x: 0, y: 0, width: 200, height: 120)
        plane.position = Point(x: 240, y: 160)
        plane.transform = Transform3D.makeRotation(0.7, 0, 1, 0).translated(0, 0, 150)
        context.addSublayer(plane)

        let drawn = plane.transformToSuperlayer.concatenating(context.transformToSuperlayer.flattened)
        let onScreen = drawn.project(Point(x: 30, y: 40))
        let tap = TapGestureRecognizer()
        tap.handle(.down(x: onScreen.x, y: onScreen.y, t: 0))
        tap.handle(.up(x: onScreen.x, y: onScreen.y, t: 0.1))
        let local = tap.location(in: plane)
        #expect(abs(local.x - 30) < 1e-9 && abs(local.y - 40) < 1e-9, "\(local)")
    }
}
