import Foundation
import StrataModel
import StrataRender
import StrataReplay
import StrataScenes

/// Issue 15's frame target: `strata replay` of the recorded carousel drag (frames drawn,
/// encoded and written to disk, as the command does) against the floor measured in the
/// same run: clear, one full-screen blended quad, readback and libpng level 1 with its
/// default (adaptive) filters, serially. Rounds alternate floor and replay, so load from
/// elsewhere on the machine falls on both sides; each side's figure is its median round.
/// `ratio` is wall-clock ms per frame, replay over floor (target at most 0.5); the CPU
/// time per frame of both (the whole process, every thread) is there too.
func replayBench(floorFrames: Int, rounds: Int = 3) throws {
    let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces/carousel-drag.trace").path
    FrameMemory.reuseFreedFrames()  // as `strata` does, before its first frame
    let renderer = try Renderer(surface: try makeOffscreenSurface())
    let floorPNG = PNG.Options(compressionLevel: 1, filter: .adaptive, deflater: .zlib(.default))
    let view = Size(width: 480, height: 320)
    for scale in [1.0, 4.0] {
        let w = Int(view.width * scale), h = Int(view.height * scale)
        let quad = fullScreenQuad(view)
        func floorFrame(_ i: Int) throws {
            let list = try DrawListBuilder(pixelWidth: w, pixelHeight: h, scale: scale).build(root: quad(i))
            try renderer.draw(list)
            _ = try PNG.encode(try renderer.readPixels(), options: floorPNG)
        }
        for i in 0..<3 { try floorFrame(i) }  // warm-up: shaders, targets

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-replay-bench-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (replayer, _) = try Replayer.load(path: trace, scale: scale, scenes: SceneRegistry.catalog)
        _ = try replayer.writeFrames(to: dir, renderer: renderer, every: 1_000_000)  // warm-up: shaders, textures

        var floorWall: [Double] = [], floorCPU: [Double] = [], replayWall: [Double] = [], replayCPU: [Double] = []
        var frameCount = 0, drawnFrames = 0
        for _ in 0..<rounds {
            var t0 = now(), c0 = processCPUMilliseconds()
            for i in 0..<floorFrames { try floorFrame(i) }
            floorWall.append((now() - t0) / Double(floorFrames))
            floorCPU.append((processCPUMilliseconds() - c0) / Double(floorFrames))

            t0 = now(); c0 = processCPUMilliseconds()
            // Frames given back undrawn: the same list, or one differing only where nothing shows.
            let undrawn = { renderer.reusedFrameCount + renderer.unchangedFrameCount }
            let before = undrawn()
            let result = try replayer.writeFrames(to: dir, renderer: renderer)
            frameCount = result.frameCount
            drawnFrames = frameCount - (undrawn() - before)
            replayWall.append((now() - t0) / Double(frameCount))
            replayCPU.append((processCPUMilliseconds() - c0) / Double(frameCount))
        }
        var bytes = 0, frame60 = 0
        for i in 0..<frameCount {
            let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + Replayer.frameFileName(i))[.size] as? Int) ?? 0
            bytes += size
            if i == 60 { frame60 = size }
        }
        let ratio = stats(replayWall).median / stats(floorWall).median
        emit([("case", "replay-vs-floor-\(w)x\(h)"), ("trace", "carousel-drag"), ("frames", frameCount),
              ("rounds", rounds), ("ratio", ratio), ("target", "<= 0.5"), ("meets", ratio <= 0.5),
              ("replay_ms_per_frame", stats(replayWall).median), ("floor_ms_per_frame", stats(floorWall).median),
              // Still frames (a list equal to the last) are given back undrawn: the cost per frame drawn, too.
              ("frames_drawn", drawnFrames),
              ("replay_ms_per_drawn_frame", stats(replayWall).median * Double(frameCount) / Double(max(1, drawnFrames))),
              ("replay_cpu_ms_per_frame", stats(replayCPU).median), ("floor_cpu_ms_per_frame", stats(floorCPU).median),
              ("cpu_ratio", stats(replayCPU).median / stats(floorCPU).median),
              ("png_bytes_total", bytes), ("frame_60_png_bytes", frame60), ("load_average", loadAverage())])
    }
}

/// CPU time of the whole process (all threads: llvmpipe's, the encoder's), ms.
func processCPUMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

