import Foundation
import StrataModel
import StrataRender
import StrataReplay

/// Issue 15's frame target: `strata replay` of the recorded carousel drag (frames drawn,
/// encoded on the second thread and written to disk) against the floor measured in the
/// same run: clear, one full-screen blended quad, readback and libpng level 1 with its
/// default (adaptive) filters, serially. `ratio` is replay ms per frame over floor ms per
/// frame; the target is at most 0.5.
func replayBench(floorFrames: Int) throws {
    let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces/carousel-drag.trace").path
    let renderer = try Renderer(surface: try makeOffscreenSurface())
    let floorPNG = PNG.Options(compressionLevel: 1, filter: .adaptive, deflater: .zlib(.default))
    let view = Size(width: 480, height: 320)
    for scale in [1.0, 4.0] {
        let w = Int(view.width * scale), h = Int(view.height * scale)
        let quad = fullScreenQuad(view)
        var floor: [Double] = []
        for i in 0..<(floorFrames + 3) {
            let t0 = now()
            let list = try DrawListBuilder(pixelWidth: w, pixelHeight: h, scale: scale).build(root: quad(i))
            try renderer.draw(list)
            _ = try PNG.encode(try renderer.readPixels(), options: floorPNG)
            if i >= 3 { floor.append(now() - t0) }
        }

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-replay-bench-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (replayer, _) = try Replayer.load(path: trace, scale: scale)
        _ = try replayer.writeFrames(to: dir, renderer: renderer, every: 1_000_000)  // warm-up: shaders, textures
        let t0 = now()
        let result = try replayer.writeFrames(to: dir, renderer: renderer)
        let replayMs = (now() - t0) / Double(result.frameCount)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + Replayer.frameFileName(60))[.size] as? Int) ?? 0
        let f = stats(floor)
        emit([("case", "replay-vs-floor-\(w)x\(h)"), ("trace", "carousel-drag"), ("frames", result.frameCount),
              ("replay_ms_per_frame", replayMs), ("floor_ms_median", f.median), ("floor_ms_min", f.min),
              ("ratio", replayMs / f.median), ("target_ratio", 0.5), ("frame_60_png_bytes", bytes)])
    }
}
