import Foundation
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay

/// The options several commands share, each declared here once. Where the default is
/// the scene's (its view, its scale, its time), `with(default:)` fills it in for help.
enum CommonOptions {
    static let size = OptionSpec("size", .size(1...16384), help: "view size in points")
    static let scale = OptionSpec("scale", .number(TraceHeader.range(of: "scale")), valueName: "S", help: "pixels per point")
    static let time = OptionSpec("time", .number(0...3600), valueName: "T", help: "seconds into the scene: the frame shown")
    static let pngLevel = OptionSpec("png-level", .integer(0...9), default: .number(Double(PNG.Options.fast.compressionLevel)),
                                     help: "compression of the PNGs written: 1 (fastest, ISA-L), 2...9 (libdeflate, smaller and slower), 0 (none)")
    static let shaders = OptionSpec("shaders", .text(maxLength: 4096), valueName: "DIR",
                                    help: "read shaders from DIR instead of the embedded copies")
    static let backend = OptionSpec("backend", .choice(GLBackend.allCases.map(\.rawValue)), valueName: "auto|egl|osmesa",
                                    help: "the GL platform to render with (default: STRATA_GL, else auto: EGL, then OSMesa)")
    static let device = OptionSpec("device", .integer(0...15), valueName: "N",
                                   help: "draw on EGL device N as 'strata gpu' lists them (default: EGL_DEVICE_ID, else the surfaceless platform)")
    static let gpu = OptionSpec("gpu", .boolean, help: "draw on the first hardware EGL device when there is one (else in software, as without it)")
    static let verbose = OptionSpec("verbose", .boolean, help: "say on standard error which GL platform and renderer draw, and why others were skipped")
    /// Where offscreen frames are drawn: every command that renders takes these.
    static let gl = [backend, device, gpu, verbose]
        static let fps = OptionSpec("fps", .number(TraceHeader.range(of: "fps")), valueName: "N", help: "frames per second (default: the trace's)")
    /// A part of a replay, for replay and check alike.
    static let frames = OptionSpec("frames", .integer(1...Replayer.frameCountLimit), help: "render at most N frames (checked against --frame-limit before the first)")
    static let every = OptionSpec("every", .integer(1...1_000_000), default: 1, valueName: "K", help: "only every K-th frame")
    static let frameLimit = OptionSpec("frame-limit", .integer(1...Replayer.frameCountLimit), default: .number(Double(Replayer.defaultFrameLimit)),
                                       valueName: "N", help: "refuse, before the first frame, a replay that could run longer than N frames (the last event's time plus 10 s, times fps)")
    static let maxTraceSize = OptionSpec("max-trace-size", .integer(1...TraceLimits.largestFileBytes), default: .number(Double(TraceLimits.defaultFileBytes)),
                                         valueName: "BYTES", help: "refuse a trace file larger than this; lines are limited to 256 KiB, events to 4 million")

    /// Reads the trace of `replay` or `check` within `--max-trace-size`, with a progress
    /// line on a terminal for a large file.
    static func readTrace(_ path: String, maxSize: Int?, _ context: CommandContext) throws -> (trace: Trace, warnings: [String]) {
        let limits = TraceLimits(maximumFileBytes: maxSize ?? TraceLimits.defaultFileBytes)
        let tty = context.console.errorIsTerminal
        var shown = -1
        defer { if shown >= 0 { context.console.error.write("\r\u{1B}[K") } }
        return try Trace.read(path: path, limits: limits) { done, total in
            guard tty, total >= 8 << 20 else { return }
            let percent = done * 100 / max(1, total)
            if percent == shown { return }
            shown = percent
            context.console.error.write("\rreading \(path): \(done >> 20)/\(total >> 20) MiB (\(percent)%)")
        }
    }

    static let clean = OptionSpec("clean", .boolean, help: "remove every frame of an earlier run from the output directory before writing the first new one")
    static let keep = OptionSpec("keep", .boolean, help: "keep frames of an earlier run that this run does not write (by default they are removed at the end, and the summary says how many)")

    /// What to do with an earlier run's frames in an output directory: `--clean`, `--keep` or neither.
    static func framePolicy(_ a: ParsedArguments) throws -> FrameDirectory.Policy {
        switch (a.flag("clean"), a.flag("keep")) {
        case (true, true): throw UsageError("give --clean or --keep, not both")
        case (true, false): return .clean
        case (false, true): return .keep
        case (false, false): return .replace
        }
    }

    /// The output group of `render`, with the scene's defaults.
    static func output(for d: SceneDescriptor?) -> OptionGroup {
        let name = d?.name ?? "SCENE"
        return OptionGroup(title: "OUTPUT OPTIONS", options: [
            OptionSpec("out", .text(maxLength: 4096), default: .string("\(name).png"), valueName: "PATH",
                       help: "the PNG to write; written atomically"),
            with(size, default: d.map { .string("\($0.defaultViewSize.width.clean)x\($0.defaultViewSize.height.clean)") }),
            with(scale, default: d.map { .number($0.defaultScale) }),
            with(time, default: d.map { .number($0.defaultTime) }),
            pngLevel, shaders,
            OptionSpec("save-trace", .text(maxLength: 4096), valueName: "PATH",
                       help: "also write the trace this frame replays (the scene, its options and the script's events): 'strata replay' of it gives the same frame at the same time"),
        ] + gl)
    }

    /// The rules `compare` and `check` compare frames by.
    static let comparison = OptionGroup(title: "COMPARISON", options: [
        OptionSpec("threshold", .number(0...1), default: 0.1, valueName: "T",
                   help: "colour distance that counts as a difference (lower is stricter)"),
        OptionSpec("max-diff-pixels", .integer(0...Int(Int32.max)), help: "a frame passes with at most N differing pixels (default 0)"),
        OptionSpec("max-diff-ratio", .number(0...1), valueName: "R", help: "a frame passes with at most R × its pixels differing"),
        OptionSpec("include-aa", .boolean, help: "count anti-aliasing pixels as differences"),
        OptionSpec("max-pixels", .integer(1...(PNG.maximumSide * PNG.maximumSide)), default: .number(Double(PNGHeader.defaultPixelLimit)),
                   valueName: "N", help: "refuse a PNG with more pixels, from its header, before decoding it (a small file can inflate to gigabytes)"),
        OptionSpec("exact", .boolean, help: "compare the decoded RGBA bytes: any change is a difference (no threshold, no anti-aliasing detection)"),
        OptionSpec("mask", .text(maxLength: 80), valueName: "X,Y,W,H", repeatable: true,
                   help: "never compare this rectangle of the frame's pixels (a clock, a caret): its pixels do not count and are magenta in the diff. It must lie inside the frame"),
    ])

    static func with(_ spec: OptionSpec, default value: TraceValue?) -> OptionSpec {
        var s = spec
        s.defaultValue = value
        return s
    }

    /// The same option with a command's own help.
    static func with(_ spec: OptionSpec, help: String) -> OptionSpec {
        var s = spec
        s.help = help
        return s
    }

    static func shaderSource(_ a: ParsedArguments) -> ShaderSource {
        a.string("shaders").map { .directory($0) } ?? .embedded
    }

    /// The offscreen renderer every rendering command uses; `--backend` wins over STRATA_GL
    /// (read, with EGL_DEVICE_ID and the library paths, from the command's environment).
    static func offscreenRenderer(_ a: ParsedArguments, _ context: CommandContext) throws -> Renderer {
        let backend = a.string("backend").flatMap(GLBackend.init(rawValue:))
        let device = a.integer("device")
        if let device, backend == .osmesa { throw UsageError("--device \(device) picks an EGL device; it cannot go with --backend osmesa") }
        let choice = try chooseOffscreenSurface(backend: backend, device: device, preferGPU: a.flag("gpu"), environment: context.console.environment)
        if a.flag("verbose") {
            // What Mesa reads is the process's own environment, which a check worker's parent sets.
            let threads = ProcessInfo.processInfo.environment[CheckCommand.rasterizerThreadsVariable].map { "; \(CheckCommand.rasterizerThreadsVariable)=\($0)" } ?? ""
            context.printError("strata: rendering with \(choice.description)\(threads)")
        }
        return try Renderer(surface: choice.surface, shaders: shaderSource(a))
    }

    /// Pixels for a view at a scale, refused past the surface limit before anything is made.
    static func pixels(_ size: Size, scale: Double) throws -> (width: Int, height: Int) {
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        guard w >= 1, h >= 1, w <= maximumSurfaceSide, h <= maximumSurfaceSide else {
            throw UsageError("--size \(size.width.clean)x\(size.height.clean) at --scale \(scale.clean) is \(w)x\(h) px; each side must be 1...\(maximumSurfaceSide) px")
        }
        return (w, h)
    }
}
