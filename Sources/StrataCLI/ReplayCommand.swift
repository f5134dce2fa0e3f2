import Foundation
import StrataGestures
import StrataRender
import StrataReplay

/// `strata replay TRACE`: a recorded trace rendered offscreen, frame by frame, to PNGs.
enum ReplayCommand {
    static let help = """
    USAGE: strata replay TRACE [--out DIR] [--fps N] [--scale S] [--frames N] [--every K]

    Replays a gesture trace (see 'strata window --record') offscreen (OSMesa) and writes
    DIR/frame-00000.png, frame-00001.png, ..., each written atomically. Deterministic: scene
    time is frame index / fps, and before frame k is drawn every event with t <= k / fps is
    delivered. No clock is read, so two replays of a trace give byte-identical frames.

    By default the replay runs until the last event and then on until the scene is idle
    (no running animation), at most 10 s more.

    OPTIONS:
      --out DIR       output directory (default frames/), created if missing; frames
                      already there with the same names are replaced
      --fps N         frames per second, 1...1000 (default: the trace's)
      --scale S       pixels per point, 0.1...8 (default: the trace's)
      --frames N      render at most N frames
      --every K       write only every K-th frame (file names keep the frame index)
      --shaders DIR   read shaders from DIR instead of the embedded copies

    A progress bar goes to standard error when it is a terminal; a summary line to
    standard output at the end. A malformed trace is reported as FILE:LINE: message
    (exit status 2).
    """

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, valueOptions: ["out", "fps", "scale", "frames", "every", "shaders"], command: "replay")
        guard let path = a.positional.first else {
            throw UsageError("replay needs a trace file: strata replay TRACE (see 'strata help replay')")
        }
        if a.positional.count > 1 { throw UsageError("unexpected argument '\(a.positional[1])'") }
        let fps = try a.double("fps", range: 1...1000)
        let scale = try a.double("scale", range: 0.1...8)
        let maxFrames = try a.int("frames", range: 1...Replayer.frameCountLimit)
        let every = try a.int("every", range: 1...1_000_000) ?? 1
        let out = a.string("out") ?? "frames"

        let (replayer, warnings) = try Replayer.load(path: path, fps: fps, scale: scale, maxFrames: maxFrames)
        for w in warnings {
            // The reader words them "FILE:LINE: warning: ..."; the prefix already says so.
            let text = w.replacingOccurrences(of: ": warning: ", with: ": ", options: [], range: w.range(of: ": warning: "))
            FileHandle.standardError.write(Data("strata: warning: \(text)\n".utf8))
        }

        let renderer = try Renderer(surface: try makeOffscreenSurface(), shaders: shaderSource(a))
        let progress = isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
        let started = DispatchTime.now().uptimeNanoseconds
        let result = try replayer.writeFrames(to: out, renderer: renderer, every: every) { done, planned in
            progress?.update(done, of: planned)
        }
        progress?.finish()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let ms = wall * 1000 / Double(max(1, result.frameCount))
        let ending: String
        switch result.ending {
        case .idle: ending = ""
        case .timeout: ending = ", still animating 10 s after the last event"
        case .frameLimit: ending = ", stopped at --frames"
        }
        print("replayed \(result.frameCount) frames (\(format(result.endTime, 3)) s at \(format(replayer.fps, 3)) fps) "
            + "in \(format(wall, 2)) s, \(format(ms, 1)) ms per frame; wrote \(result.emittedFrameCount) PNGs "
            + "(\(replayer.pixelWidth)x\(replayer.pixelHeight) px) to \(out)/; \(result.finalStatus)\(ending)")
    }

    static func format(_ v: Double, _ digits: Int) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.\(digits)f", v)
    }
}

/// `[#########.........]  412/600 frames`, redrawn in place on standard error.
final class ProgressBar {
    private var lastDrawn = -1

    func update(_ done: Int, of total: Int) {
        let width = 30
        let filled = total > 0 ? min(width, done * width / total) : width
        // Redraw when the percentage moves, not for every frame of a long replay.
        let percent = total > 0 ? min(100, done * 100 / total) : 100
        if percent == lastDrawn && done != total { return }
        lastDrawn = percent
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) frames".utf8))
    }

    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
