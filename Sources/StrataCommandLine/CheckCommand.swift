import Foundation
import StrataCompare
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay

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
                   help: "which references to write from this replay: none (compare only), missing (add absent ones), changed (rewrite only those that fail; passing ones keep their bytes and modification time), all (every frame; references of frames the replay no longer has are removed). Prints what it wrote: 'N references updated, N unchanged, N added'"),
        OptionSpec("record", .boolean, help: "the same as --update all. All or nothing: the new set is written beside the old one and swapped in by a rename once complete, so an error or a signal leaves the old set intact; only then are old frames this replay does not produce removed"),
        OptionSpec("report", .text(maxLength: 4096), valueName: "PATH",
                   help: "write one HTML report of every trace: each frame's result, and expected, actual and diff side by side for failures; opens from disk. Past 8 MB of images they go into report-files/ beside it"),
        OptionSpec("junit", .text(maxLength: 4096), valueName: "PATH",
                   help: "write JUnit XML for a CI's test tab: a testsuite per trace, a testcase per frame, failures with the numbers and the diff's path"),
        OptionSpec("json", .boolean,
                   help: "print one JSON object per frame (the fields of 'compare --json', led by \"trace\"), then {\"summary\": {...}}; the other lines go to standard error"),
        OptionSpec("artifacts", .text(maxLength: 4096), valueName: "DIR",
                   help: "write expected, actual and diff PNGs of every failing frame to DIR/<trace>/<frame>-{expected,actual,diff}.png (default: STRATA_ARTIFACTS)"),
        OptionSpec("out", .text(maxLength: 4096), valueName: "DIR", help: "also write the replayed frames to DIR (DIR/<trace>/ for several traces), as 'strata replay --out' does; never the references directory or a place inside it"),
        CommonOptions.clean, CommonOptions.keep,
        OptionSpec("shard", .text(maxLength: 16), valueName: "I/N",
                   help: "check only the I-th of N parts of the traces (split by name, balanced by frame count; the same on every machine), for a CI matrix"),
        OptionSpec("results-dir", .text(maxLength: 4096), valueName: "DIR",
                   help: "write the results (DIR/results.json and the failing frames' images) for 'strata merge-reports'"),
        OptionSpec("jobs", .integer(1...64), valueName: "N", help: "check N traces at once, each on its own thread and GL context (default: the number of cores); the results are those of one at a time"),
        OptionSpec("mask-points", .text(maxLength: 80), valueName: "X,Y,W,H", repeatable: true,
                   help: "as --mask, in the trace's view points (scaled to the replay's pixels); added to the trace header's \"masks\""),
        CommonOptions.fps,
        CommonOptions.with(CommonOptions.scale, default: nil),
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
        reference with no frame in the replay, fails. Frames are not written unless --out is given.
        --record also writes REFERENCES/strata-references.json: the renderer, Mesa and Strata
        versions and the font files' SHA-256 the frames were drawn with; a check on another
        renderer warns what differs (a different Mesa or font is the usual cause of a drifting frame).

        \(HelpText.lines(CheckCommand.options))

        \(HelpText.lines(CommonOptions.comparison))

        EXIT STATUS: 0 when every frame matches or was written by --update, 1 when some differ, 2 on an error.
        """
    }

    /// What every trace of one run is checked with.
    struct Settings {
        var mode: RecordMode
        var options: CompareOptions
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
        var maxTraceSize: Int?
        var pixelLimit: Int
        /// Failing frames keep their images only where something shows them.
        /// How the artifacts folder was given, for messages.
        var artifactsFlag = "--artifacts"
        var keepsImages: Bool { report != nil || artifacts != nil || resultsDir != nil }
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
            do { return try MaskRegion.parsePoints(text) } catch let e as MaskError { throw UsageError("--mask-points: \(e)") }
        }
        var settings = Settings(mode: mode, options: try CompareCommand.compareOptions(a), pointMasks: pointMasks,
                                fps: a.number("fps"), scale: a.number("scale"), out: a.string("out"),
                                artifacts: ArtifactLayout.from(option: a.string("artifacts")), json: a.flag("json"),
                                several: targets.count > 1, framePolicy: try CommonOptions.framePolicy(a),
                                report: a.string("report"), junit: a.string("junit"), resultsDir: a.string("results-dir"),
                                frameLimit: a.integer("frame-limit") ?? Replayer.defaultFrameLimit,
                                maxTraceSize: a.integer("max-trace-size"),
                                pixelLimit: a.integer("max-pixels") ?? PNGHeader.defaultPixelLimit)
        if !a.isGiven("artifacts") { settings.artifactsFlag = "STRATA_ARTIFACTS" }
        try CheckCommand.plan(targets, settings, context: context, args: args, scene: a.string("scene")).check()
        var selected = targets
        if let text = a.string("shard") {
            let shard = try Shard(parsing: text)
            let weights = try targets.map { t -> (name: String, frames: Int) in
                let (trace, _) = try CommonOptions.readTrace(t.trace, maxSize: settings.maxTraceSize)
                return (t.name, Int(((trace.duration) * (settings.fps ?? trace.header.fps)).rounded(.up)) + 1)
            }
            let names = Set(shard.select(weights))
            selected = targets.filter { names.contains($0.name) }
            CheckCommand.say("shard \(shard.index)/\(shard.count): \(plural(selected.count, "trace")) of \(targets.count)", json: settings.json)
        }
        let jobs = min(a.integer("jobs") ?? ProcessInfo.processInfo.activeProcessorCount, max(1, selected.count))
        let checks = try Interruption.during { try CheckCommand.checkAll(selected, settings, jobs: jobs,
                                                  scenes: { trace, path in try context.catalog(for: trace, at: path, args: args) }) {
            try CommonOptions.offscreenRenderer(a)
        } }
        if let dir = a.string("results-dir") {
            try CheckResultsFile.write(checks, to: dir)
            CheckCommand.say("results: \(dir)", json: settings.json)
        }
        try CheckCommand.finish(checks, a, json: settings.json)
    }

    /// Every trace's inputs, references and outputs, checked before the first replay. A
    /// trace that does not read adds no scene file here; its check reports why.
    static func plan(_ targets: [CheckTarget], _ s: Settings, context: CommandContext, args: [String], scene: String?) throws -> OutputPlan {
        var traces: [(Trace, String)] = []
        var plan = OutputPlan()
        for t in targets {
            plan.references(t.references)
            if let (trace, _) = try? CommonOptions.readTrace(t.trace, maxSize: s.maxTraceSize) { traces.append((trace, t.trace)) }
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

    /// Checks the traces, `jobs` at a time, each worker with its own renderer; the output
    /// of each trace is printed whole and in order, so any number of jobs prints the same.
    static func checkAll(_ targets: [CheckTarget], _ s: Settings, jobs: Int, scenes: @escaping Catalog,
                         renderer makeRenderer: @escaping () throws -> Renderer) throws -> [TraceCheck] {
        if jobs <= 1 {
            let renderer = try makeRenderer()
            return try targets.map { target in
                let (check, lines) = try checkOrFail(target, s, renderer: renderer, scenes: scenes)
                emit(lines, json: s.json)
                return check
            }
        }
        let outcomes = WorkQueue(count: targets.count)
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            let renderer = Result { try makeRenderer() }
            while let i = outcomes.next() {
                outcomes.store(i, Result { try checkOrFail(targets[i], s, renderer: try renderer.get(), scenes: scenes) })
            }
        }
        var checks: [TraceCheck] = []
        for outcome in outcomes.results {
            let (check, lines) = try outcome!.get()
            emit(lines, json: s.json)
            checks.append(check)
        }
        return checks
    }

    /// One trace's check; of several traces, one that cannot be checked (malformed, no
    /// references) fails with its error as its one entry, and the others go on.
    static func checkOrFail(_ target: CheckTarget, _ s: Settings, renderer: Renderer, scenes: Catalog) throws -> (TraceCheck, [OutputLine]) {
        do { return try check(target, s, renderer: renderer, scenes: scenes) } catch let e where s.several && !(e is Interrupted) && !(e is ExitStatus) {
            // A listed name that is not UTF-8 arrives with U+FFFD and cannot be opened by it.
            let problem = target.trace.contains("\u{FFFD}") && access(target.trace, F_OK) != 0
                ? "\(target.trace): the file name is not valid UTF-8, so strata cannot open it by name; rename it"
                : StrataCommand.message(e)
            let check = TraceCheck(name: target.name, frameCount: 0, entries: [ReportEntry(name: "trace", result: nil, problem: problem)])
            var lines = [OutputLine(isJSON: false, text: "\(target.name): FAIL: \(problem)")]
            if s.json {
                lines.insert(OutputLine(isJSON: true, text: FrameJSON.render([("trace", FrameJSON.quoted(target.name)), ("name", FrameJSON.quoted("trace")),
                                                                             ("passed", "false"), ("problem", FrameJSON.quoted(problem))])), at: 0)
            }
            return (check, lines)
        }
    }

    /// Writes the report and JUnit file, prints the summary, and exits 1 if a frame failed.
    /// The title names only the traces, so a merged report equals an unsharded one.
    static func finish(_ checks: [TraceCheck], _ a: ParsedArguments, json: Bool) throws {
        let title = checks.count == 1 ? "strata check \(checks[0].name)" : "strata check: \(plural(checks.count, "trace"))"
        if let report = a.string("report") {
            try HTMLReport.write(title: title, traces: checks, to: report)
            say("report: \(report)", json: json)
        }
        if let junit = a.string("junit") {
            try AtomicFile.write(Array(JUnitReport.render(checks).utf8), to: junit)
            say("junit: \(junit)", json: json)
        }
        let all = checks.flatMap(\.entries)
        let failed = all.filter { !$0.passed }.count
        if json {
            let counts = [("traces", checks.count), ("frames", all.count), ("passed", all.count - failed), ("failed", failed),
                          ("updated", checks.reduce(0) { $0 + $1.updated }), ("unchanged", checks.reduce(0) { $0 + $1.unchanged }),
                          ("added", checks.reduce(0) { $0 + $1.added })]
            print(FrameJSON.render([("summary", FrameJSON.render(counts.map { ($0.0, "\($0.1)") }))]))
            FileHandle.standardError.write(Data("\(all.count - failed) passed, \(failed) failed\n".utf8))
        } else {
            print("\(all.count - failed) passed, \(failed) failed")
        }
        if failed > 0 { throw ExitStatus(code: 1) }
    }

    /// Replays one trace against its references; returns its check and the lines to print.
    /// The scenes a trace (at a path) replays with: the built-in and given ones, or its scene file's.
    typealias Catalog = (Trace, String) throws -> SceneCatalog

    static func check(_ target: CheckTarget, _ s: Settings, renderer: Renderer, scenes: Catalog) throws -> (TraceCheck, [OutputLine]) {
        var lines: [OutputLine] = []
        let (trace, readWarnings) = try CommonOptions.readTrace(target.trace, maxSize: s.maxTraceSize)
        let replayer = try Replayer(trace: trace, name: target.trace, fps: s.fps, scale: s.scale, frameLimit: s.frameLimit,
                                    scenes: try scenes(trace, target.trace))
        printWarnings(readWarnings)
        let references = target.references
        // Masks: the flags', the trace header's, and those the references keep in their
        // manifest (which --record writes from the flags, or keeps when none are given).
        let pixels = { (points: [Rect]) in MaskRegion.pixels(fromPoints: points, scale: replayer.scale,
                                                            frameWidth: replayer.pixelWidth, frameHeight: replayer.pixelHeight) }
        let flagMasks = s.options.masks + pixels(s.pointMasks)
        let recordedManifest = try ReferenceManifest.read(directory: references)
        let keptMasks = flagMasks.isEmpty ? recordedManifest?.masks ?? [] : flagMasks
        var options = s.options
        options.masks = flagMasks + pixels(replayer.trace.header.masks) + (recordedManifest?.masks ?? [])
        do { try MaskRegion.validate(options.masks, width: replayer.pixelWidth, height: replayer.pixelHeight) } catch let e as MaskError {
            throw UsageError("\(target.trace): \(e)")
        }
        let out = s.out.map { s.several ? ($0 as NSString).appendingPathComponent(target.name) : $0 }
        if s.mode == .none || s.mode == .changed {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: references, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError("\(references): no such directory of reference frames (record them with --update all or --update missing)")
            }
        }
        let outDirectory = try out.map { try FrameDirectory($0, policy: s.framePolicy) }
        let recording = s.mode == .all ? try ReferenceRecording(directory: references) : nil
        // A check reads the references while no recording swaps them; missing and changed
        // write single files atomically beside the ones they read.
        let readLock = recording == nil && FileManager.default.fileExists(atPath: references) ? try DirectoryLock(references, shared: true) : nil
        defer { readLock?.release() }
        let prefix = s.several ? target.name + "/" : ""

        let checker = ReferenceChecker(directory: references, options: options, mode: s.mode, newReferencesFail: false)
        if let recording { checker.writeDirectory = recording.staging }
        checker.keepsImages = s.keepsImages
        checker.pixelLimit = s.pixelLimit
        var produced = Set<String>()
        let result: ReplayResult
        var manifest: ReferenceManifest?
        do {
            result = try replayer.frames(renderer: renderer) { frame in
                let file = Replayer.frameFileName(frame.index)
                if let out { try PNG.write(frame.image, to: (out as NSString).appendingPathComponent(file)) }
                produced.insert(file)
                try checker.check(frame.image, named: String(file.dropLast(4)))
            }
            // After the frames, so it names only the fonts their text used.
            manifest = try ReferenceManifest.drawn(by: renderer)
            manifest?.masks = keptMasks.isEmpty ? nil : keptMasks
        } catch {
            outDirectory?.abandon()
            guard let recording else {
                if var interrupted = error as? Interrupted {
                    interrupted.done = "checked \(plural(produced.count, "frame")) of \(target.trace)" + (out.map { ", each also written to \($0)/" } ?? "")
                    throw interrupted
                }
                throw error
            }
            recording.abandon()
            let unchanged = "the references in \(references) were not changed"
            if var interrupted = error as? Interrupted {
                interrupted.done = "recorded nothing, \(unchanged)"
                throw interrupted
            }
            throw RenderError.io("\(StrataCommand.message(error)); \(unchanged)")
        }
        if let note = outDirectory.flatMap({ $0.staleNote($0.finish(produced: produced)) }) { lines.append(say: "\(note) in \(out!)") }
        var entries = checker.result.entries
        var warnings: [String] = []
        if let recording {
            try manifest?.write(directory: recording.staging)
            let stale = try recording.commit()
            lines.append(say: "recorded \(plural(result.emittedFrameCount, "frame")) into \(references): \(checker.result.updateSummary)"
                         + (stale == 0 ? "" : ", \(plural(stale, "stale reference")) removed"))
        } else {
            for extra in try referenceFiles(references).subtracting(produced).sorted() {
                var entry = ReportEntry(name: String(extra.dropLast(4)), result: nil,
                                        problem: "reference \(extra) has no frame in the replay (it ran \(plural(result.frameCount, "frame")))")
                entry.missing = "actual"
                entries.append(entry)
            }
        }
        if recording == nil, let manifest, let recorded = try ReferenceManifest.read(directory: references),
           let warning = recorded.warning(against: manifest, directory: references) {
            warnings.append(warning)
            FileHandle.standardError.write(Data("strata: warning: \(warning)\n".utf8))
        }
        for i in entries.indices {
            if let artifacts = s.artifacts { entries[i].artifacts = try artifacts.write(entries[i], trace: target.name) }
            let e = entries[i]
            if s.json {
                lines.append(OutputLine(isJSON: true, text: FrameJSON.object([("trace", FrameJSON.quoted(target.name)), ("name", FrameJSON.quoted(e.name))],
                                              e.result, missing: e.missing, passed: e.passed)))
            }
            if !e.passed {
                lines.append(say: "\(prefix)\(e.name): FAIL: \(e.summary)" + (e.artifacts?.diff.map { "; diff: \($0)" } ?? ""))
            } else if e.recorded && s.mode == .changed, let r = e.result {
                lines.append(say: "\(prefix)\(e.name): updated: " + (r.sizeMatches ? "\(r.diffPixels) pixels differed"
                    : "size \(r.actualWidth)x\(r.actualHeight), reference was \(r.width)x\(r.height)"))
            }
        }
        if s.mode != .none && s.mode != .all { lines.append(say: (s.several ? target.name + ": " : "") + checker.result.updateSummary) }
        var check = TraceCheck(name: target.name, frameCount: result.frameCount, entries: entries)
        check.warnings = warnings
        check.added = checker.result.added; check.updated = checker.result.updated; check.unchanged = checker.result.unchanged
        if s.several {
            lines.append(say: "\(target.name): \(check.entries.count - check.failures.count) passed, \(check.failures.count) failed")
        }
        return (check, lines)
    }

    /// A line of a trace's output: JSON for scripts, or a line for people (which goes to
    /// standard error with --json).
    struct OutputLine {
        let isJSON: Bool
        let text: String
    }

    static func emit(_ lines: [OutputLine], json: Bool) {
        for line in lines { if line.isJSON { print(line.text) } else { say(line.text, json: json) } }
        fflush(stdout)
    }

    static func say(_ line: String, json: Bool) {
        if json { FileHandle.standardError.write(Data((line + "\n").utf8)) } else { print(line) }
    }

    private static func referenceFiles(_ dir: String) throws -> Set<String> { FrameDirectory.frames(in: dir) }
}

/// Indices handed out to workers one at a time, and their results kept by index.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private let count: Int
    private(set) var results: [Result<(TraceCheck, [CheckCommand.OutputLine]), Error>?]

    init(count: Int) { self.count = count; results = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func store(_ i: Int, _ result: Result<(TraceCheck, [CheckCommand.OutputLine]), Error>) {
        lock.lock(); results[i] = result; lock.unlock()
    }
}

private extension Array where Element == CheckCommand.OutputLine {
    mutating func append(say line: String) { append(CheckCommand.OutputLine(isJSON: false, text: line)) }
}
