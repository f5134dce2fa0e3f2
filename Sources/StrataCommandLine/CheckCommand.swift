import Foundation
import StrataCompare
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay
import StrataSceneFile

/// `strata check TRACE... --references DIR`: replays traces and compares every frame with
/// its reference, in memory; CI's way to fail when a frame drifts.
struct CheckCommand: StrataSubcommand {
    let name = "check"
    let summary = "replay traces and compare every frame with references"

    static let options = OptionGroup(title: "OPTIONS", options: [
        OptionSpec("references", .text(maxLength: 4096), valueName: "DIR",
                   help: "the reference frames of the one trace given (default: <trace's folder>/references/<trace name>/)"),
        OptionSpec("update", .choice(RecordMode.allCases.map(\.rawValue)), default: "none",
                   valueName: "none|missing|changed|all",
                   help: "which references to write from this replay: none (compare only), missing (add absent ones), changed (rewrite only those that fail; passing ones keep their bytes and modification time), all (every frame; references of frames the replay no longer has are removed). Prints what it wrote: 'N references updated, N unchanged, N added'. Every mode is all or nothing, under an exclusive lock"),
        OptionSpec("record", .boolean, help: "the same as --update all. All or nothing: the new references are staged inside the references directory and put in place once complete, so an error or a signal leaves the old set intact; only then are old frames this replay does not produce removed"),
        OptionSpec("report", .text(maxLength: 4096), valueName: "PATH",
                   help: "write one HTML report of every trace, failing traces first: contents with counts, All/Failed filter and search, what drew the frames, the run (date: SOURCE_DATE_EPOCH or now; command; accept command), failures grouped, a filmstrip and a flip-book; opens from disk. Past 8 MB of images all of them go into NAME-files/ beside NAME.html"),
        OptionSpec("junit", .text(maxLength: 4096), valueName: "PATH",
                   help: "write JUnit XML for a CI's test tab: a testsuite per trace, a testcase per frame, failures with the numbers and the diff's path"),
        OptionSpec("json", .boolean,
                   help: "print one JSON object per frame (the fields of 'compare --json', led by \"trace\"), then {\"summary\": {...}}; the other lines go to standard error"),
        OptionSpec("artifacts", .text(maxLength: 4096), valueName: "DIR",
                   help: "write expected, actual and diff PNGs of every failing frame to DIR/<trace>/<frame>-{expected,actual,diff}.png (default: STRATA_ARTIFACTS)"),
        OptionSpec("out", .text(maxLength: 4096), valueName: "DIR", help: "also write the replayed frames to DIR (DIR/<trace>/ for several traces), as 'strata replay --out' does; never the references directory or a place inside it"),
        CommonOptions.clean, CommonOptions.keep,
        OptionSpec("shard", .text(maxLength: 16), valueName: "I/N",
                   help: "check only the I-th of N parts of the traces (balanced by frame count: each trace's references' frames, else its length; the same on every machine), for a CI matrix"),
        OptionSpec("results-dir", .text(maxLength: 4096), valueName: "DIR",
                   help: "write the results (DIR/results.json and the failing frames' images) for 'strata merge-reports'"),
        OptionSpec("no-cache", .boolean, help: "replay every trace, even one whose trace, scene, references, renderer, fonts, Strata and options are those of a check that passed (by default such a trace is reported as passed from cache; see docs/CLI.md)"),
        OptionSpec("jobs", .integer(1...64), valueName: "N", help: "check N traces at once, each in a worker process of its own (llvmpipe draws one context of a process at a time; in a program that runs the command inside itself, threads) (default: the number of cores); the output and results are those of one at a time"),
        OptionSpec("track", .text(maxLength: 1000), valueName: "LAYER.KEYPATH", repeatable: true,
                   help: "also check how LAYER.KEYPATH moves (as 'strata track' reads it): recorded into REFERENCES/tracks.json by an update, and failing when it leaves its reference by more than --track-tolerance (keys recorded there are checked without the flag)"),
        OptionSpec("track-tolerance", .number(0...1e9), valueName: "X",
                   help: "how far a track may leave its reference, in the key's own unit: points, degrees, levels (default: the recorded one, else 0.5)"),
        OptionSpec("mask-points", .text(maxLength: 80), valueName: "X,Y,W,H", repeatable: true,
                   help: "as --mask, in the trace's view points (scaled to the replay's pixels); added to the trace header's \"masks\""),
        CommonOptions.fps,
        CommonOptions.with(CommonOptions.scale, default: nil),
        CommonOptions.frames,
        CommonOptions.with(CommonOptions.every, help: "check only every K-th frame, as 'replay --every' writes them (references of the frames between are kept and not compared); not with --record or --update all"),
        CommonOptions.frameLimit, CommonOptions.maxTraceSize,
        CommonOptions.shaders,
    ] + CommonOptions.gl + SceneFileOptions.traceGroup.options)

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata check TRACE --references DIR [OPTIONS] [COMPARISON]
               strata check TRACE|DIR... [OPTIONS] [COMPARISON]

        Replays each TRACE offscreen (as 'strata replay' does) and compares frame k with
        REFERENCES/frame-NNNNN.png by the same rules as 'strata compare'. A directory stands
        for its *.trace files; a trace's references are --references DIR when one trace is
        given, else <trace's folder>/references/<trace name>/. A missing reference, or a
        reference with no frame in the replay, fails; a trace whose references folder does
        not exist fails alone (its frames kept as actuals), and the other traces are checked. Frames are not written unless --out is given.
        --record also writes REFERENCES/strata-references.json: the renderer, Mesa and Strata
        versions and the font files' SHA-256 the frames were drawn with; a check on another
        renderer warns what differs (a different Mesa or font is the usual cause of a drifting frame).
        Every update also writes REFERENCES/layers.json, the layer tree of each frame: a failing
        frame is then explained by the properties of the layers over its differing pixels
        ('card (CALayer) position.y 40 -> 44'), or told that no property changed.
        With no comparison option (--threshold, --exact, --max-diff-pixels, --max-diff-ratio,
        --include-aa), frames are compared exactly when the references' manifest names the
        renderer, Mesa and fonts this run draws with (Strata's frames are deterministic, so
        a changed byte is a change), else at the threshold, with a line saying why.
        STRATA_COMPARE=exact|threshold forces one; options override it.
        A trace recorded from a scene file edited since is re-stamped with the file's hash by
        --record. Every warning also goes into the report, the JUnit file and the results.

        \(HelpText.lines(CheckCommand.options))

        \(HelpText.lines(CommonOptions.comparison))

        On a terminal a progress bar on standard error counts the frames of all the traces,
        with the rate and the time left; in a log (not a terminal) each trace prints its lines,
        and with several traces a 'NAME: N passed, M failed' line, as soon as it and the
        traces before it are done, in the same order whatever --jobs.
        Consecutive frames failing with the same numbers print as one line, a range after the
        first. A failing check (without --update) ends, on standard error, with the command that
        accepts its frames as the references: the same command with --update changed.

        EXIT STATUS: 0 when every frame matches or was written by --update, 1 when some differ, 2 on an error.
        """
    }

    /// What every trace of one run is checked with.
    struct Settings {
        /// Where its lines go and the environment it reads.
        var context: CommandContext
        var mode: RecordMode
        var options: CompareOptions
        /// Exact or threshold when no comparison option is given (`ComparisonDefault`).
        var comparison: ComparisonDefault
        var pointMasks: [Rect]
        var fps: Double?
        var scale: Double?
        var out: String?
        var artifacts: ArtifactLayout?
        var json: Bool
        var several: Bool
        var framePolicy: FrameDirectory.Policy
        var report: String?
        var junit: String?
        var resultsDir: String?
        var frameLimit: Int
        /// `--frames N`: at most N frames; `--every K`: only every K-th is compared.
        var maxFrames: Int?
        var every = 1
        /// On a terminal: frames checked of all the traces, the rate and the time left.
        var progress: ProgressBar?
        var maxTraceSize: Int?
        var pixelLimit: Int
        /// `--track` keys and `--track-tolerance`.
        var track: [String] = []
        var trackTolerance: Double?
        /// Failing frames keep their images only where something shows them.
        /// How the artifacts folder was given, for messages.
        var artifactsFlag = "--artifacts"
        var keepsImages: Bool { report != nil || artifacts != nil || resultsDir != nil }
        /// Passing checks kept (`CheckCache`): only when nothing asks for each frame's
        /// numbers or images and nothing is written.
        var cache: CheckCache?
        /// Where failing frames' images go as they fail (beside the first of those outputs).
        var spool: ImageSpool?
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        let a = try ArgumentParser.parse(args, groups: [CheckCommand.options, CommonOptions.comparison], command: name)
        guard !a.positionals.isEmpty else {
            throw UsageError("check needs a trace: strata check TRACE --references DIR, or strata check DIR (see 'strata help check')")
        }
        let targets = try CheckTarget.targets(a.positionals, references: a.string("references"))
        if a.isGiven("record") && a.isGiven("update") { throw UsageError("give --record or --update, not both (--record is --update all)") }
        let mode: RecordMode = a.flag("record") ? .all : RecordMode(rawValue: a.string("update") ?? "none") ?? .none
        let pointMasks = try a.strings("mask-points").map { text in
            do { return try MaskRegion.parsePoints(text) } catch let e as Diagnostic { throw e.prefixed("--mask-points: ") }
        }
        let environment = context.console.environment
        var settings = Settings(context: context, mode: mode, options: try CompareCommand.compareOptions(a),
                                comparison: CompareCommand.rulesGiven(a) ? .threshold : try ComparisonDefault.fromEnvironment(environment),
                                pointMasks: pointMasks,
                                fps: a.number("fps"), scale: a.number("scale"), out: a.string("out"),
                                artifacts: ArtifactLayout.from(option: a.string("artifacts"), environment: environment), json: a.flag("json"),
                                several: targets.count > 1, framePolicy: try CommonOptions.framePolicy(a),
                                report: a.string("report"), junit: a.string("junit"), resultsDir: a.string("results-dir"),
                                frameLimit: a.integer("frame-limit") ?? Replayer.defaultFrameLimit,
                                maxTraceSize: a.integer("max-trace-size"),
                                pixelLimit: a.integer("max-pixels") ?? PNGHeader.defaultPixelLimit)
        if !a.isGiven("artifacts") { settings.artifactsFlag = "STRATA_ARTIFACTS" }
        settings.maxFrames = a.integer("frames")
        settings.every = a.integer("every") ?? 1
        if mode == .all && (a.isGiven("frames") || a.isGiven("every")) {
            throw UsageError("\(a.isGiven("frames") ? "--frames" : "--every") checks part of a replay; --record and --update all write the whole set (use --update changed or missing)")
        }
        settings.track = a.strings("track")
        settings.trackTolerance = a.number("track-tolerance")
        if !a.flag("no-cache"), mode == .none, settings.out == nil, settings.report == nil, settings.junit == nil, !settings.json,
           settings.resultsDir == nil, !a.isGiven("shaders"), let dir = CheckCache.location(environment) {
            settings.cache = CheckCache(directory: dir)
            settings.cache?.loadFileDigests()
        }
        try CheckCommand.plan(targets, settings, context: context, args: args, scene: a.string("scene")).check()
        if let kept = settings.report ?? settings.artifacts?.root ?? settings.resultsDir {
            let base = FilePath.parent(kept)
            settings.spool = ImageSpool(in: base.isEmpty ? "." : base)
        }
        defer { settings.spool?.remove() }
        var selected = targets
        var shardRecord: CheckResultsFile.ShardRecord?
        if let text = a.string("shard") {
            let shard = try Shard(parsing: text)
            shardRecord = CheckResultsFile.ShardRecord(index: shard.index, count: shard.count)
            let weights = try targets.map { t in (name: t.name, frames: try CheckCommand.frameWeight(t, settings)) }
            let names = Set(shard.select(weights))
            selected = targets.filter { names.contains($0.name) }
            let frames = { (list: [(name: String, frames: Int)]) in list.reduce(0) { $0 + $1.frames } }
            if environment[CheckCommand.workerVariable] == nil {
                CheckCommand.say("shard \(shard.index)/\(shard.count): \(plural(selected.count, "trace")) of \(targets.count), "
                                 + "\(frames(weights.filter { names.contains($0.name) })) of \(frames(weights)) frames", json: settings.json, context)
            }
        }
        let jobs = min(a.integer("jobs") ?? ProcessInfo.processInfo.activeProcessorCount, max(1, selected.count))
        let scenes: Catalog = { trace, path in try context.traceScenes(for: trace, at: path, args: args) }
        if let directory = environment[CheckCommand.workerVariable] {
            // One of a parent check's workers (`CheckCommand+Workers`): no bar, no summary.
            try Interruption.during {
                try CheckCommand.serveAsWorker(selected, settings, directory: directory, scenes: scenes) {
                    try CommonOptions.offscreenRenderer(a, context)
                }
            }
            settings.cache?.saveFileDigests()
            return
        }
        if context.console.errorIsTerminal {
            // The frames to come, from the traces' lengths (a scene still animating adds some).
            let planned = selected.reduce(0) { sum, t in
                guard let (trace, _) = try? CommonOptions.readTrace(t.trace, maxSize: settings.maxTraceSize, context) else { return sum }
                let frames = Int(min(1e9, (trace.duration * (settings.fps ?? trace.header.fps)).rounded(.up))) + 1
                return sum + (min(frames, settings.maxFrames ?? frames) + settings.every - 1) / settings.every
            }
            settings.progress = ProgressBar(total: planned, to: context.console.error)
        }
        defer { settings.progress?.clear() }
        // A signal after the frame loop waits until the results, report and JUnit file are whole.
        try CheckCommand.finishing(a) {
            let checks = try Interruption.during { try CheckCommand.checkAll(selected, settings, jobs: jobs, arguments: args,
                                                                              scenes: scenes) {
                try CommonOptions.offscreenRenderer(a, context)
            } }
            settings.cache?.saveFileDigests()
            if let dir = a.string("results-dir") {
                try CheckResultsFile.write(checks, arguments: args, to: dir, shard: shardRecord)
                CheckCommand.say("results: \(dir)", json: settings.json, context)
            }
            let accept = settings.mode == .none ? CheckCommand.acceptCommand(args, context) : nil
            try CheckCommand.finish(checks, a, context, json: settings.json, recording: settings.mode == .all, accept: accept,
                                    run: CheckCommand.reportRun(command: ["check"] + args, accept: accept, context))
        }
    }

    /// A trace's work in frames, for shards and workers: the frames of its references (what
    /// the replay gives, idle tail and all, the same in every checkout), else its events' length.
    static func frameWeight(_ t: CheckTarget, _ s: Settings) throws -> Int {
        // Frame files, and frames the manifest maps to images by hash (`--update` writes those).
        let files = FrameDirectory.frames(in: t.references).map { String($0.dropLast(".png".count)) }
        let mapped = ((try? ReferenceManifest.read(directory: t.references)) ?? nil)?.frames?.keys.map { $0 } ?? []
        let recorded = Set(files).union(mapped).count
        if recorded > 0 { return recorded }
        let (trace, _) = try CommonOptions.readTrace(t.trace, maxSize: s.maxTraceSize, s.context)
        return Int(min(1e9, (trace.duration * (s.fps ?? trace.header.fps)).rounded(.up))) + 1
    }

    /// `body` under `Interruption.finishing`: a signal during the writes after the frames is
    /// answered, once they are whole, with exit 130 or 143 naming what was written.
    static func finishing(_ a: ParsedArguments, before: String = "every frame was checked", _ body: () throws -> Void) throws {
        var status: ExitStatus?
        try Interruption.finishing(done: {
            let written = [("results", a.string("results-dir").map { $0 + "/" }), ("report", a.string("report")), ("JUnit file", a.string("junit"))]
                .compactMap { what, path in path.map { "the \(what) \($0)" } }
            return written.isEmpty ? before : before + "; written whole: " + written.joined(separator: ", ")
        }) {
            do { try body() } catch let e as ExitStatus { status = e }
        }
        if let status { throw status }
    }

    /// Every trace's inputs, references and outputs, checked before the first replay. A
    /// trace that does not read adds no scene file here; its check reports why.
    static func plan(_ targets: [CheckTarget], _ s: Settings, context: CommandContext, args: [String], scene: String?) throws -> OutputPlan {
        var traces: [(Trace, String)] = []
        var plan = OutputPlan()
        for t in targets {
            plan.references(t.references)
            if let (trace, _) = try? CommonOptions.readTrace(t.trace, maxSize: s.maxTraceSize, context) { traces.append((trace, t.trace)) }
            else { plan.input("the trace \(t.trace)", t.trace) }
            plan.output("--out", s.out.map { s.several ? ($0 as NSString).appendingPathComponent(t.name) : $0 }, .directory)
        }
        let read = try context.plan(traces: traces, args: args)
        for i in read.inputs { plan.input(i.flag, i.path, i.kind) }
        plan.report("--report", s.report)
        plan.output("--junit", s.junit, .file)
        plan.output(s.artifactsFlag, s.artifacts?.root, .directory)
        plan.output("--results-dir", s.resultsDir, .directory)
        plan.output("--results-dir", s.resultsDir.map { ($0 as NSString).appendingPathComponent(CheckResultsFile.fileName) }, .file)
        return plan
    }
}
