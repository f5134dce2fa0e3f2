import Foundation
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay

/// `strata replay TRACE`: a recorded trace rendered offscreen, frame by frame, to PNGs.
struct ReplayCommand: StrataSubcommand {
    let name = "replay"
    let summary = "replay a gesture trace offscreen into PNG frames"

    static let options = OptionGroup(title: "OPTIONS", options: [
        OptionSpec("out", .text(maxLength: 4096), default: "frames", valueName: "DIR",
                   help: "output directory, created if missing and locked while the replay writes (a second strata writing there stops with an error); frames of an earlier run are replaced, and those this run does not write are removed at the end"),
        CommonOptions.clean, CommonOptions.keep,
        CommonOptions.fps,
        CommonOptions.with(CommonOptions.scale, default: nil),
        CommonOptions.frames,
        CommonOptions.frameLimit, CommonOptions.maxTraceSize,
        CommonOptions.with(CommonOptions.every, help: "write only every K-th frame (file names keep the frame index)"),
        OptionSpec("apng", .text(maxLength: 4096), valueName: "PATH",
                   help: "write the replay as one lossless animated PNG (APNG; each frame's delay from the fps and --every), which browsers play; frames go to --out only when it is given"),
        CommonOptions.pngLevel, CommonOptions.shaders,
    ] + CommonOptions.gl + SceneFileOptions.traceGroup.options)

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata replay TRACE [OPTIONS] [SCENE OPTIONS]

        Replays a gesture trace (see 'strata window --record') offscreen and writes
        DIR/frame-00000.png, frame-00001.png, ..., each written atomically. Deterministic: scene
        time is frame index / fps, and before frame k is drawn every event with t <= k / fps is
        delivered. No clock is read, so two replays of a trace give byte-identical frames.

        By default the replay runs until the last event and then on until the scene is idle
        (no running animation), at most 10 s more. The scale defaults to the trace's.
        With --apng PATH the frames become one animated PNG instead (and PNGs too with --out).

        \(HelpText.lines(ReplayCommand.options))

        SCENE OPTIONS: any option of the trace's scene ('strata help SCENE') replaces the
        header's value, e.g. --angle 30 for a carousel trace.

        A progress bar (frames, rate, time left) goes to standard error when it is a terminal
        (never into a log or a pipe); a summary line to
        standard output at the end. A malformed trace is reported as FILE:LINE: message
        (exit status 2).
        """
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        guard let path = try ArgumentParser.leadingPositional(args, groups: [ReplayCommand.options], command: name, what: "trace") else {
            throw UsageError("replay needs a trace file: strata replay TRACE (see 'strata help replay')")
        }
        let given = try TraceArguments(path, args, options: ReplayCommand.options, command: name, context: context)
        let (trace, scenes, a) = (given.trace, given.scenes, given.parsed)
        var plan = try context.plan(traces: [(trace, path)], args: args)
        if let apng = a.string("apng") {
            plan.output("--apng", apng, .file)
            if a.isGiven("out") { plan.output("--out", a.string("out"), .directory) }
        } else {
            plan.output("--out", a.string("out") ?? "frames", .directory)
        }
        try plan.check()

        let replayer = try Replayer(trace: trace, name: path, fps: a.number("fps"), scale: a.number("scale"),
                                    maxFrames: a.integer("frames"), frameLimit: a.integer("frame-limit") ?? Replayer.defaultFrameLimit,
                                    scenes: scenes, optionFlags: given.optionFlags)
        replayer.sceneReload = given.reload
        if let apng = a.string("apng") { return try ReplayCommand.animate(replayer, to: apng, a, context) }
        let out = a.string("out") ?? "frames"
        // The backend first: one that cannot start leaves no output directory behind.
        let renderer = try CommonOptions.offscreenRenderer(a, context)
        let directory = try FrameDirectory(out, policy: try CommonOptions.framePolicy(a))
        let progress = context.console.errorIsTerminal ? ProgressBar(to: context.console.error) : nil
        let started = DispatchTime.now().uptimeNanoseconds
        let png = PNG.Options.level(a.integer("png-level") ?? PNG.Options.fast.compressionLevel)
        let every = a.integer("every") ?? 1
        let result: ReplayResult
        do {
            result = try Interruption.during {
                try replayer.writeFrames(to: out, renderer: renderer, every: every, options: png) { done, planned in
                    progress?.update(done, of: planned)
                }
            }
        } catch {
            progress?.finish()
            directory.abandon()
            throw error
        }
        progress?.finish()
        let produced = Set(stride(from: 0, to: result.frameCount, by: every).map(Replayer.frameFileName))
        let note = directory.staleNote(directory.finish(produced: produced)).map { "; \($0)" } ?? ""
        let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let ms = wall * 1000 / Double(max(1, result.frameCount))
        let ending: String
        switch result.ending {
        case .idle: ending = ""
        case .timeout: ending = ", still animating 10 s after the last event"
        case .frameLimit: ending = ", stopped at --frames"
        }
        context.print("replayed \(plural(result.frameCount, "frame")) (\(format(result.endTime, 3)) s at \(format(replayer.fps, 3)) fps) "
            + "in \(format(wall, 2)) s, \(format(ms, 1)) ms per frame; wrote \(plural(result.emittedFrameCount, "PNG")) "
            + "(\(replayer.pixelWidth)x\(replayer.pixelHeight) px) to \(out)/; \(result.finalStatus)\(ending)\(note)")
    }
}

extension ReplayCommand {
    /// `--apng PATH`: the frames into one animated PNG (and into `--out` if given).
    static func animate(_ replayer: Replayer, to apng: String, _ a: ParsedArguments, _ context: CommandContext) throws {
        let out = a.isGiven("out") ? a.string("out") : nil
        let every = a.integer("every") ?? 1
        let png = PNG.Options.level(a.integer("png-level") ?? PNG.Options.fast.compressionLevel)
        // The backend first: one that cannot start leaves no output behind.
        let renderer = try CommonOptions.offscreenRenderer(a, context)
        let directory = try out.map { try FrameDirectory($0, policy: try CommonOptions.framePolicy(a)) }
        // One file kept and shared, its frames stored once per run: the smaller deflate.
        let animation = a.isGiven("png-level") ? png : .compact
        let writer = try APNGWriter(path: apng, width: replayer.pixelWidth, height: replayer.pixelHeight,
                                    secondsPerFrame: Double(every) / replayer.fps, options: animation)
        var produced = Set<String>()
        let result: ReplayResult
        do {
            result = try Interruption.during {
                try replayer.frames(renderer: renderer, every: every) { frame in
                    try writer.append(frame.image)
                    if let out {
                        let file = Replayer.frameFileName(frame.index)
                        try PNG.write(frame.image, to: (out as NSString).appendingPathComponent(file), options: png)
                        produced.insert(file)
                    }
                }
            }
            try writer.finish()
        } catch {
            writer.abandon()
            directory?.abandon()
            throw error
        }
        let note = directory.flatMap { $0.staleNote($0.finish(produced: produced)) }.map { "; \($0)" } ?? ""
        context.print("replayed \(plural(result.frameCount, "frame")) (\(format(result.endTime, 3)) s at \(format(replayer.fps, 3)) fps); "
            + "wrote \(plural(writer.frameCount, "frame")) (\(replayer.pixelWidth)x\(replayer.pixelHeight) px) as an animated PNG to \(apng)"
            + (out.map { " and as PNGs to \($0)/" } ?? "") + "; \(result.finalStatus)\(note)")
    }
}

/// The trace reader's warnings, `FILE:LINE: warning: ...`, as strata words them.
func printWarnings(_ warnings: [String], _ context: CommandContext) {
    for text in warnings.map(readerWarning) { context.printError("strata: warning: \(text)") }
}

/// `FILE:LINE: warning: WHAT` as `FILE:LINE: WHAT`, the words after `warning: `.
func readerWarning(_ w: String) -> String {
    w.replacingOccurrences(of: ": warning: ", with: ": ", options: [], range: w.range(of: ": warning: "))
}

func format(_ v: Double, _ digits: Int) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.\(digits)f", v)
}
