import Foundation
import Testing
import StrataGestures
import StrataModel
import StrataRender
@testable import StrataReplay
import StrataScenes
import StrataTestSupport

/// Replays drawn through OSMesa: determinism, what a drag does to the frame, writing.
@Suite(.serialized, .tags(.gl)) struct ReplayRenderTests {
    @Test func aShippedTraceReplaysToIdenticalFramesTwice() throws {
        let (replayer, _) = try Replayer.load(path: shippedTrace("carousel-drag"), scenes: SceneRegistry.catalog)
        func hashes() throws -> [Int] {
            var out: [Int] = []
            var indices: [Int] = []
            try replayer.frames(renderer: try makeRenderer()) { frame in
                #expect(frame.image.width == 480 && frame.image.height == 320)
                indices.append(frame.index)
                out.append(frameHash(frame.image.pixels))
            }
            #expect(indices == Array(0..<indices.count))
            return out
        }
        let first = try hashes()
        let second = try hashes()
        #expect(first.count == replayer.lastEventFrame + 1)
        #expect(first == second)
        // The drags moved the picture: many different frames (a frame repeats while
        // the pointer rests, or moves less often than 60 times a second).
        #expect(Set(first).count > 40)
    }

    @Test func stillFramesOfADragAreGivenBackUndrawnAndWrittenUnencoded() throws {
        let (replayer, _) = try Replayer.load(path: shippedTrace("carousel-drag"), scenes: SceneRegistry.catalog)
        // Frames whose draw list equals the one before, found without GL.
        var still = 0
        var previous: DrawList?
        try replayer.simulate { step in
            let list = try DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1)
                .build(root: step.scene.presentationLayer)
            if list == previous { still += 1 }
            previous = list
        }
        // The pointer rests before and between the drags, and moves less often than the frames.
        #expect(still > 40)
        let renderer = try makeRenderer()
        var hashes: [Int] = []
        try replayer.frames(renderer: renderer) { hashes.append(frameHash($0.image.pixels)) }
        #expect(renderer.reusedFrameCount == still)
        #expect(zip(hashes, hashes.dropFirst()).filter { $0 == $1 }.count >= still)
        // Written: a still frame's file holds the bytes of the one before.
        let dir = try temporaryDirectory("still-frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let written = try replayer.writeFrames(to: dir, renderer: try makeRenderer())
        let files = try (0..<written.frameCount).map {
            try Data(contentsOf: URL(fileURLWithPath: dir + "/" + Replayer.frameFileName($0)))
        }
        #expect(zip(files, files.dropFirst()).filter { $0 == $1 }.count >= still)
        #expect(files.allSatisfy { (try? PNG.decode([UInt8]($0))) != nil })
    }

    @Test func aHundredPointDragRightTurnsFiftyDegreesAndMovesPlaneZeroRight() throws {
        var events: [InputEvent] = [.down(x: 100, y: 160, t: 0)]
        for step in 1...10 { events.append(.move(x: 100 + 10 * Double(step), y: 160, t: Double(step) / 60)) }
        events.append(.up(x: 200, y: 160, t: 11.0 / 60))
        let replayer = try Replayer(trace: carouselTrace(events), name: "drag.trace", scenes: SceneRegistry.catalog)
        var frames: [Image] = []
        let result = try replayer.frames(renderer: try makeRenderer()) { frames.append($0.image) }
        #expect(result.frameCount == 12)
        #expect(result.finalStatus == "angle: 50")
        let carousel = try #require(replayer.scene as? CarouselController).scene
        #expect(carousel.angle == 50)

        // Where plane 0's center lands in the first and the last frame, by the matrices
        // the renderer draws with.
        func planeCenter(angle: Double) -> Point {
            let scene = CarouselScene(angle: angle)
            let m = DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1).matrices(root: scene.rootLayer)
            let plane = scene.planes[0]
            return m[ObjectIdentifier(plane)]!.project(Point(x: plane.bounds.midX, y: plane.bounds.midY))
        }
        let before = planeCenter(angle: 0), after = planeCenter(angle: 50)
        #expect(after.x > before.x + 100, "plane 0 swings right: \(before) → \(after)")

        func isPlane(_ image: Image, _ p: Point) -> Bool {
            let px = image.pixel(x: Int(p.x), y: Int(p.y))
            // The purple-to-red gradient: red high, green low; the background is white.
            return px.r > 100 && px.g < 60
        }
        let first = frames.first!, last = frames.last!
        #expect(isPlane(first, before) && !isPlane(first, after), "frame 0: plane 0 faces front")
        #expect(isPlane(last, after), "last frame: plane 0 has moved right, to \(after)")
        // The last frame is what rendering the carousel at 50 degrees directly gives.
        let direct = try makeRenderer().render(layer: CarouselScene(angle: 50).rootLayer, pixelWidth: 480, pixelHeight: 320, scale: 1)
        #expect(direct.pixels == last.pixels)
    }

    @Test func writesNumberedPNGsThatDecodeToTheFrames() throws {
        let dir = try makeTemporaryDirectory("write")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/nested/frames"   // created, parents too
        let (replayer, _) = try Replayer.load(path: shippedTrace("carousel-flick"), scale: 0.5, scenes: SceneRegistry.catalog)
        var inMemory: [Int: Image] = [:]
        try replayer.frames(renderer: try makeRenderer(), every: 10) { inMemory[$0.index] = $0.image }

        var progress: [Int] = []
        let result = try replayer.writeFrames(to: out, renderer: try makeRenderer(), every: 10) { done, planned in
            progress.append(done)
            #expect(planned >= done)
        }
        let expectedNames = stride(from: 0, to: result.frameCount, by: 10).map { Replayer.frameFileName($0) }
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == expectedNames, "only the frames asked for, and no temporary files left")
        #expect(progress == Array(1...expectedNames.count))
        #expect(result.emittedFrameCount == expectedNames.count)
        for (index, image) in inMemory {
            let decoded = try PNG.read(path: out + "/" + Replayer.frameFileName(index))
            #expect(decoded.width == 240 && decoded.height == 160)
            #expect(decoded.pixels == image.pixels, "frame \(index)")
        }
    }

    @Test func aWriteErrorStopsTheReplayAndIsThrown() throws {
        let dir = try makeTemporaryDirectory("write-error")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A directory where frame 3 should go: the rename onto it fails.
        try FileManager.default.createDirectory(atPath: dir + "/" + Replayer.frameFileName(3), withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: dir + "/" + Replayer.frameFileName(3) + "/keep", contents: Data()))
        let (replayer, _) = try Replayer.load(path: shippedTrace("carousel-drag"), scale: 0.25, scenes: SceneRegistry.catalog)
        var rendered = 0
        do {
            try replayer.writeFrames(to: dir, renderer: try makeRenderer()) { done, _ in rendered = done }
            Issue.record("expected the write of frame 3 to fail")
        } catch let e as RenderError {
            #expect("\(e)".contains(Replayer.frameFileName(3)), "\(e)")
        }
        #expect(rendered < replayer.lastEventFrame, "the replay stops soon after the failed write (rendered \(rendered))")

        // An output path under a regular file cannot be created.
        let file = dir + "/plain"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(throws: RenderError.self) { try replayer.writeFrames(to: file + "/frames", renderer: try makeRenderer()) }
    }
}
