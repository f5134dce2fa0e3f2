import Foundation
import Testing
import StrataGestures
import StrataModel
@testable import StrataReplay
import StrataScenes
import StrataTestSupport

/// A scene that records what the replay does to it, and animates until `busyUntil`.
final class RecordingScene: Scene {
    let rootLayer = Layer()
    var handled: [InputEvent] = []
    var advancedTo: [Double] = []
    var busyUntil: Double
    init(busyUntil: Double = -1) { self.busyUntil = busyUntil }
    func handle(_ event: InputEvent) { handled.append(event) }
    func advance(to time: Double) { advancedTo.append(time) }
    var hasRunningAnimations: Bool { (advancedTo.last ?? 0) < busyUntil }
    var statusDescription: String { "events: \(handled.count)" }
}

/// Scene time, event delivery and frame counts, without drawing (no GL).
@Suite struct ReplayTimingTests {
    /// down at 0, moves at 0.1 ... 0.5 (and one at 0.25), up at 0.55; fps 10.
    static let events: [InputEvent] = [
        .down(x: 100, y: 160, t: 0),
        .move(x: 110, y: 160, t: 0.1),
        .move(x: 120, y: 160, t: 0.2),
        .move(x: 125, y: 160, t: 0.25),
        .move(x: 130, y: 160, t: 0.3),
        .move(x: 140, y: 160, t: 0.4),
        .move(x: 150, y: 160, t: 0.5),
        .up(x: 150, y: 160, t: 0.55),
    ]

    func replayer(_ events: [InputEvent] = ReplayTimingTests.events, fps: Double = 10, header fpsInHeader: Double = 10,
                  maxFrames: Int? = nil, scene: RecordingScene = RecordingScene()) throws -> Replayer {
        try Replayer(trace: carouselTrace(fps: fpsInHeader, events), name: "synthetic.trace",
                     fps: fps == fpsInHeader ? nil : fps, maxFrames: maxFrames, scenes: SceneRegistry.catalog, makeScene: { scene })
    }

    @Test func frameKSeesExactlyTheEventsUpToKOverFps() throws {
        let scene = RecordingScene()
        var delivered: [Int] = [], times: [Double] = []
        try replayer(scene: scene).simulate { step in
            delivered.append(step.deliveredEventCount)
            times.append(step.time)
            #expect(scene.handled.count == step.deliveredEventCount)
            #expect(scene.advancedTo.last == step.time, "advanced to the frame's time before it is drawn")
            let expected = Self.events.filter { $0.t <= Double(step.index) / 10 }
            #expect(scene.handled == expected, "frame \(step.index)")
        }
        // t = 0.25 waits for frame 3; t = 0.3 is due at 3 / 10 exactly; 0.55 at frame 6.
        #expect(delivered == [1, 2, 3, 5, 6, 7, 8])
        #expect(times == (0...6).map { Double($0) / 10 })
        // The driver advances to each event's own time before handing it over, then to
        // the frame's: never backwards.
        let expectedAdvances: [Double] = (0...6).flatMap { k -> [Double] in
            let t = Double(k) / 10
            let due = Self.events.filter { $0.t <= t && (k == 0 || $0.t > Double(k - 1) / 10) }
            return due.map(\.t) + [t]
        }
        #expect(scene.advancedTo == expectedAdvances)
        #expect(zip(scene.advancedTo, scene.advancedTo.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func runsToTheLastEventThenStopsWhenIdle() throws {
        let r = try replayer()
        #expect(r.lastEventFrame == 6)
        #expect(r.plannedFrameCount == 7)
        let result = try r.simulate { _ in }
        #expect(result.frameCount == 7)
        #expect(result.emittedFrameCount == 7)
        #expect(result.ending == .idle)
        #expect(result.endTime == 0.6)
        #expect(result.finalStatus == "events: 8")
    }

    @Test func lastEventExactlyOnAFrameEndsOnThatFrame() throws {
        let events: [InputEvent] = [.down(x: 0, y: 0, t: 0), .up(x: 0, y: 0, t: 0.7)]
        let result = try replayer(events).simulate { _ in }
        #expect(result.frameCount == 8)   // frame 7 at 7 / 10 = 0.7 sees the up
    }

    @Test func aTraceWithoutEventsIsOneFrame() throws {
        let result = try replayer([]).simulate { _ in }
        #expect(result.frameCount == 1)
        #expect(result.ending == .idle)
    }

    @Test func keepsRenderingWhileTheSceneAnimates() throws {
        let scene = RecordingScene(busyUntil: 1.23)
        let result = try replayer(scene: scene).simulate { _ in }
        // Idle once advanced to 1.3, the first frame time >= 1.23.
        #expect(result.frameCount == 14)
        #expect(result.ending == .idle)
        #expect(scene.advancedTo.last == 1.3)
    }

    @Test func anEndlessAnimationStopsTenSecondsAfterTheLastEvent() throws {
        let result = try replayer(scene: RecordingScene(busyUntil: .infinity)).simulate { _ in }
        // The last frame is the last one at or before 0.55 + 10 s: 105 / 10 = 10.5.
        #expect(result.frameCount == 106)
        #expect(result.endTime == 10.5)
        #expect(result.ending == .timeout)
    }

    @Test func framesCapsTheCount() throws {
        let capped = try replayer(maxFrames: 3).simulate { _ in }
        #expect(capped.frameCount == 3)
        #expect(capped.ending == .frameLimit)
        // A cap above the natural length changes nothing.
        let loose = try replayer(maxFrames: 100).simulate { _ in }
        #expect(loose.frameCount == 7)
        #expect(loose.ending == .idle)
        // The cap also ends an animation early.
        let animated = try replayer(maxFrames: 20, scene: RecordingScene(busyUntil: .infinity)).simulate { _ in }
        #expect(animated.frameCount == 20)
        #expect(animated.ending == .frameLimit)
    }

    @Test func everyKthFrameKeepsItsIndex() throws {
        let scene = RecordingScene()
        var indices: [Int] = [], delivered: [Int] = []
        let result = try replayer(scene: scene).simulate(every: 3) { step in
            indices.append(step.index); delivered.append(step.deliveredEventCount)
        }
        #expect(indices == [0, 3, 6])
        #expect(delivered == [1, 5, 8], "skipped frames still deliver their events")
        #expect(result.frameCount == 7)
        #expect(result.emittedFrameCount == 3)
        #expect(Set((0...6).map { Double($0) / 10 }).isSubset(of: Set(scene.advancedTo)),
                "the scene is advanced on every frame, written or not")
    }

    @Test func fpsOverridesTheHeader() throws {
        let r = try replayer(fps: 20)
        #expect(r.fps == 20)
        #expect(r.lastEventFrame == 11)
        #expect(try r.simulate { _ in }.frameCount == 12)
    }

    @Test func replayingTwiceStartsFromAFreshScene() throws {
        let r = try Replayer(trace: carouselTrace([.down(x: 100, y: 160, t: 0), .move(x: 200, y: 160, t: 0.1),
                                                   .up(x: 200, y: 160, t: 0.2)]), name: "t", scenes: SceneRegistry.catalog)
        try r.simulate { _ in }
        #expect(carouselAngle(r.scene) == 50)
        try r.simulate { _ in }
        #expect(carouselAngle(r.scene) == 50)
    }

    @Test func headerOptionsAndViewSizeReachTheScene() throws {
        var header = TraceHeader(scene: "carousel", width: 300, height: 200, scale: 2, fps: 30,
                                 options: ["planes": 7, "angle": 30])
        header.note = "options"
        let r = try Replayer(trace: Trace(header: header), name: "t", scenes: SceneRegistry.catalog)
        let carousel = try #require(r.scene as? CarouselController).scene
        #expect(carousel.planes.count == 7)
        #expect(carousel.angle == 30)
        #expect(carousel.rootLayer.bounds.size == Size(width: 300, height: 200))
        #expect(r.pixelWidth == 600 && r.pixelHeight == 400)
        let scaled = try Replayer(trace: Trace(header: header), name: "t", scale: 0.5, scenes: SceneRegistry.catalog)
        #expect(scaled.pixelWidth == 150 && scaled.pixelHeight == 100)
    }

    @Test func unknownSceneOrBadOptionNamesTheTraceFile() throws {
        func error(_ header: TraceHeader) -> String {
            do {
                _ = try Replayer(trace: Trace(header: header), name: "Traces/x.trace", scenes: SceneRegistry.catalog)
                return "no error"
            } catch let e as TraceError {
                return e.description
            } catch {
                return "other error: \(error)"
            }
        }
        #expect(error(TraceHeader(scene: "spinner", width: 480, height: 320))
                == "Traces/x.trace:1: unknown scene \"spinner\"; known scenes: \(SceneRegistry.names.joined(separator: ", "))")
        #expect(error(TraceHeader(scene: "carousel", width: 480, height: 320, options: ["planes": 0]))
                == "Traces/x.trace:1: option \"planes\" of scene \"carousel\" must be between 1 and 1000, found 0")
        #expect(error(TraceHeader(scene: "carousel", width: 480, height: 320, options: ["planes": 2.5]))
                == "Traces/x.trace:1: option \"planes\" of scene \"carousel\" must be a whole number (1...1000), found 2.5")
        #expect(error(TraceHeader(scene: "carousel", width: 480, height: 320, options: ["angle": "left"]))
                == "Traces/x.trace:1: option \"angle\" of scene \"carousel\" must be a number, found \"left\"")
        #expect(error(TraceHeader(scene: "carousel", width: 480, height: 320, options: ["speed": 3]))
                == "Traces/x.trace:1: unknown option \"speed\" for scene \"carousel\"; its options: \"planes\", \"angle\", \"momentum\", \"snap\"")
        #expect(error(TraceHeader(scene: "carousel", width: 480, height: 100_000))
                == "Traces/x.trace:1: the view, 480 x 100000 pt at scale 1, is 480x100000 px; each side must be 1...16384 px")
    }

    @Test func anAbsurdlyLongTraceNeedsAFrameCap() throws {
        let trace = carouselTrace([.down(x: 0, y: 0, t: 0), .up(x: 0, y: 0, t: 1e9)])
        #expect(throws: TraceError.self) { try Replayer(trace: trace, name: "long.trace", scenes: SceneRegistry.catalog) }
        let capped = try Replayer(trace: trace, name: "long.trace", maxFrames: 5, scenes: SceneRegistry.catalog)
        #expect(try capped.simulate { _ in }.frameCount == 5)
    }

    @Test func frameFileNames() {
        #expect(Replayer.frameFileName(0) == "frame-00000.png")
        #expect(Replayer.frameFileName(42) == "frame-00042.png")
        #expect(Replayer.frameFileName(123_456) == "frame-123456.png")
    }

    @Test func shippedTracesReadAndEndWhereTheirGesturesSay() throws {
        // carousel-drag: 160 pt right then 120 pt left; carousel-flick: 60, 70 right, 60 left, 50 right.
        for (name, angle) in [("carousel-drag", 20.0), ("carousel-flick", 60.0)] {
            let (r, warnings) = try Replayer.load(path: shippedTrace(name), scenes: SceneRegistry.catalog)
            #expect(warnings.isEmpty)
            #expect(r.trace.header.generator?.hasPrefix("strata ") == true, "\(name) was recorded by strata window")
            #expect((2...4).contains(r.trace.duration), "\(name) lasts \(r.trace.duration) s")
            let result = try r.simulate { _ in }
            #expect(result.finalStatus == "angle: \(Int(angle))", "\(name)")
            #expect(carouselAngle(r.scene) == angle, "\(name)")
        }
    }

    /// A trace recorded on a HiDPI display says scale 2: the replay lays the scene out at
    /// that scale (the alert rounds its hairlines to the pixel grid of it) and draws at it,
    /// so its frames are the ones the window showed; --scale overrides both.
    @Test func theSceneIsLaidOutAtTheTracesScale() throws {
        let header = TraceHeader(scene: "alert", width: 375, height: 667, scale: 2, fps: 60, options: ["example": "simple"])
        let hidpi = try Replayer(trace: Trace(header: header), name: "hidpi.trace", scenes: SceneRegistry.catalog)
        #expect((hidpi.scene as? AlertScene)?.window.screen.scale == 2)
        #expect(hidpi.pixelWidth == 750 && hidpi.pixelHeight == 1334)
        let overridden = try Replayer(trace: Trace(header: header), name: "hidpi.trace", scale: 1, scenes: SceneRegistry.catalog)
        #expect((overridden.scene as? AlertScene)?.window.screen.scale == 1)
        #expect(overridden.pixelWidth == 375)
    }
}
