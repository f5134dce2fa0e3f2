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
                   help: "which references to write from this replay: none (compare only), missing (add absent ones), changed (rewrite only those that fail; passing ones keep their bytes and modification time), all (every frame; references of frames the replay no longer has are removed). Prints what it wrote: 'N references updated, N unchanged, N added'. Every mode is all or nothing, under an exclusive lock"),
        OptionSpec("record", .boolean, help: "the same as --update all. All or nothing: the new references are staged inside the references directory and put in place once complete, so an error or a signal leaves the old set intact; only then are old frames this replay does not produce removed"),
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
        reference with no frame in the replay, fails; a trace whose references folder does
        not exist fails alone (its frames kept as actuals), and the other traces are checked. Frames are not written unless --out is given.
        --record also writes REFERENCES/strata-references.json: the renderer, Mesa and Strata
        versions and the font files' SHA-256 the frames were drawn with; a check on another
        renderer warns what differs (a different Mesa or font is the usual cause of a drifting frame).
        With no comparison option (--threshold, --exact, --max-diff-pixels, --max-diff-ratio,
        --include-aa), frames are compared exactly when the references' manifest names the
        renderer, Mesa and fonts this run draws with (Strata's frames are deterministic, so
        a changed byte is a change), else at the threshold, with a line saying why.
        STRATA_COMPARE=exact|threshold forces one; options override it.
        A trace recorded from a scene file edited since is re-stamped with the file's hash by
        --record. Every warning also goes into the report, the JUnit file and the results.

        \(HelpText.lines(CheckCommand.options))

        \(HelpText.lines(CommonOptions.comparison))

        Consecutive frames failing with the same numbers print as one line, a range after the
        first. A failing check (without --update) ends, on standard error, with the command that
        accepts its frames as the references: the same command with --update changed.

        EXIT STATUS: 0 when every frame matches or was written by --update, 1 when some differ, 2 on an error.
        """
    }

    /// What every trace of one run is checked with.
    struct Settings {
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
        var maxTraceSize: Int?
        var pixelLimit: Int
        /// Failing frames keep their images only where something shows them.
        /// How the artifacts folder was given, for messages.
        var artifactsFlag = "--artifacts"
        var keepsImages: Bool { report != nil || artifacts != nil || resultsDir != nil }
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
            do { return try MaskRegion.parsePoints(text) } catch let e as MaskError { throw UsageError("--mask-points: \(e)") }
        }
        var settings = Settings(mode: mode, options: try CompareCommand.compareOptions(a),
                                comparison: CompareCommand.rulesGiven(a) ? .threshold : try ComparisonDefault.fromEnvironment(),
                                pointMasks: pointMasks,
                                fps: a.number("fps"), scale: a.number("scale"), out: a.string("out"),
                                artifacts: ArtifactLayout.from(option: a.string("artifacts")), json: a.flag("json"),
                                several: targets.count > 1, framePolicy: try CommonOptions.framePolicy(a),
                                report: a.string("report"), junit: a.string("junit"), resultsDir: a.string("results-dir"),
                                frameLimit: a.integer("frame-limit") ?? Replayer.defaultFrameLimit,
                                maxTraceSize: a.integer("max-trace-size"),
                                pixelLimit: a.integer("max-pixels") ?? PNGHeader.defaultPixelLimit)
        if !a.isGiven("artifacts") { settings.artifactsFlag = "STRATA_ARTIFACTS" }
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
            let weights = try targets.map { t -> (name: String, frames: Int) in
                let (trace, _) = try CommonOptions.readTrace(t.trace, maxSize: settings.maxTraceSize)
                return (t.name, Int(((trace.duration) * (settings.fps ?? trace.header.fps)).rounded(.up)) + 1)
            }
            let names = Set(shard.select(weights))
            selected = targets.filter { names.contains($0.name) }
            CheckCommand.say("shard \(shard.index)/\(shard.count): \(plural(selected.count, "trace")) of \(targets.count)", json: settings.json)
        }
        let jobs = min(a.integer("jobs") ?? ProcessInfo.processInfo.activeProcessorCount, max(1, selected.count))
        // A signal after the frame loop waits until the results, report and JUnit file are whole.
        try CheckCommand.finishing(a) {
            let checks = try Interruption.during { try CheckCommand.checkAll(selected, settings, jobs: jobs,
                                                      scenes: { trace, path in try context.traceScenes(for: trace, at: path, args: args) }) {
                try CommonOptions.offscreenRenderer(a)
            } }
            if let dir = a.string("results-dir") {
                try CheckResultsFile.write(checks, to: dir, shard: shardRecord)
                CheckCommand.say("results: \(dir)", json: settings.json)
            }
            try CheckCommand.finish(checks, a, json: settings.json, recording: settings.mode == .all,
                                    accept: settings.mode == .none ? CheckCommand.acceptCommand(args) : nil)
        }
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

    /// This very command with `--update changed`: what accepts a failing run's frames as
    /// the new references (each argument quoted for a POSIX shell where it needs it).
    static func acceptCommand(_ args: [String]) -> String {
        let quoted = args.map { arg in
            arg.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:@%+".contains($0) } && !arg.isEmpty
                ? arg : "'" + arg.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return ([programName, "check"] + quoted + ["--update", "changed"]).joined(separator: " ")
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
    static func finish(_ checks: [TraceCheck], _ a: ParsedArguments, json: Bool, recording: Bool = false, accept: String? = nil) throws {
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
        } else if recording {
            // A recording compares nothing, so it says what it wrote, never "passed".
            if checks.count > 1 {
                let sum = { (k: KeyPath<TraceCheck, Int>) in checks.reduce(0) { $0 + $1[keyPath: k] } }
                print("recorded \(plural(checks.count, "trace")), \(plural(all.count, "frame")): \(sum(\.updated)) updated, "
                      + "\(sum(\.unchanged)) unchanged, \(sum(\.added)) added")
            }
        } else {
            print("\(all.count - failed) passed, \(failed) failed")
        }
        // Last, on standard error (standard output keeps its summary line last for scripts).
        if failed > 0, let accept { FileHandle.standardError.write(Data("to accept these frames as the references: \(accept)\n".utf8)) }
        if failed > 0 { throw ExitStatus(code: 1) }
    }

    /// Replays one trace against its references; returns its check and the lines to print.
    /// The scenes a trace (at a path) replays with: the command's, or its scene file's.
    typealias Catalog = (Trace, String) throws -> TraceScenes

    static func check(_ target: CheckTarget, _ s: Settings, renderer: Renderer, scenes: Catalog) throws -> (TraceCheck, [OutputLine]) {
        var lines: [OutputLine] = []
        let (trace, readWarnings) = try CommonOptions.readTrace(target.trace, maxSize: s.maxTraceSize)
        let found = try scenes(trace, target.trace)
        let replayer = try Replayer(trace: found.applied(to: trace), name: target.trace, fps: s.fps, scale: s.scale, frameLimit: s.frameLimit,
                                    scenes: found.catalog)
        printWarnings(readWarnings)
        // Every warning is printed and goes into the report, the JUnit file and the results.
        var warnings = readWarnings.map(readerWarning) + found.warnings
        for w in found.warnings { FileHandle.standardError.write(Data("strata: warning: \(w)\n".utf8)) }
        let references = target.references
        // Masks: the flags', the trace header's, and those the references keep in their
        // manifest (which --record writes from the flags, or keeps when none are given).
        let pixels = { (points: [Rect]) in MaskRegion.pixels(fromPoints: points, scale: replayer.scale,
                                                            frameWidth: replayer.pixelWidth, frameHeight: replayer.pixelHeight) }
        let flagMasks = s.options.masks + pixels(s.pointMasks)
        let recordedManifest = try ReferenceManifest.read(directory: references)
        let keptMasks = flagMasks.isEmpty ? recordedManifest?.masks ?? [] : flagMasks
        // A trace without its references folder is that trace's failure, not the run's:
        // every frame fails as having no reference (kept as an actual), the others go on.
        // Otherwise: exact on the references' own renderer, Mesa and fonts, unless options say.
        var isDirectory: ObjCBool = false
        let noFolder = (s.mode == .none || s.mode == .changed)
            && !(FileManager.default.fileExists(atPath: references, isDirectory: &isDirectory) && isDirectory.boolValue)
        var (options, why) = s.mode == .all || noFolder ? (s.options, nil)
            : try s.comparison.rules(s.options, recorded: recordedManifest) { try ReferenceManifest.installed(for: renderer, fontsOf: $0) }
        if let why { lines.append(say: "\(target.name): \(why)") }
        options.masks = flagMasks + pixels(replayer.trace.header.masks) + (recordedManifest?.masks ?? [])
        do { try MaskRegion.validate(options.masks, width: replayer.pixelWidth, height: replayer.pixelHeight) } catch let e as MaskError {
            throw UsageError("\(target.trace): \(e)")
        }
        let out = s.out.map { s.several ? ($0 as NSString).appendingPathComponent(target.name) : $0 }
        let outDirectory = try out.map { try FrameDirectory($0, policy: s.framePolicy) }
        // Every update mode stages its references and commits them all at once, under an
        // exclusive lock; a check only reads, under a shared one, after finishing any
        // update a killed strata had begun to commit.
        let recording = s.mode != .none && !noFolder ? try ReferenceRecording(directory: references) : nil
        if recording == nil { ReferenceRecording.finishInterruptedCommit(in: references) }
        let readLock = recording == nil && FileManager.default.fileExists(atPath: references) ? try DirectoryLock(references, shared: true) : nil
        defer { readLock?.release() }
        let prefix = s.several ? target.name + "/" : ""

        let checker = ReferenceChecker(directory: references, options: options, mode: s.mode, newReferencesFail: false)
        if let recording { checker.writeDirectory = recording.staging }
        checker.keepsImages = s.keepsImages
        checker.spool = s.spool
        checker.pixelLimit = s.pixelLimit
        var produced = Set<String>()
        let result: ReplayResult
        var manifest: ReferenceManifest?
        renderer.forgetFontFilesDrawn()
        do {
            result = try replayer.frames(renderer: renderer) { frame in
                let file = Replayer.frameFileName(frame.index)
                if let out { try PNG.write(frame.image, to: (out as NSString).appendingPathComponent(file)) }
                produced.insert(file)
                try checker.check(frame.image, named: String(file.dropLast(4)))
            }
            // After the frames, naming the fonts this trace's frames drew with.
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
        if let recording {
            if s.mode == .all {
                try manifest?.write(directory: recording.staging)
            } else if checker.result.changed > 0, recordedManifest == nil, let manifest {
                // References added or rewritten into a folder without a manifest were drawn here.
                try manifest.write(directory: recording.staging)
            }
            let stale = try recording.commit(keeping: s.mode == .all ? produced : nil)
            if s.mode == .all {
                lines.append(say: "recorded \(plural(result.emittedFrameCount, "frame")) into \(references): \(checker.result.updateSummary)"
                             + (stale == 0 ? "" : ", \(plural(stale, "stale reference")) removed"))
            }
        }
        if s.mode != .all {
            for extra in try referenceFiles(references).subtracting(produced).sorted() {
                var entry = ReportEntry(name: String(extra.dropLast(4)), result: nil,
                                        problem: "reference \(extra) has no frame in the replay (it ran \(plural(result.frameCount, "frame")))")
                entry.missing = "actual"
                entries.append(entry)
            }
        }
        if s.mode != .all, let manifest, let recorded = try ReferenceManifest.read(directory: references),
           let warning = recorded.warning(against: manifest, directory: references) {
            warnings.append(warning)
            FileHandle.standardError.write(Data("strata: warning: \(warning)\n".utf8))
        }
        func failLine(_ e: ReportEntry) -> String {
            "\(prefix)\(e.name): FAIL: \(e.summary)" + (e.artifacts?.diff.map { "; diff: \($0)" } ?? "")
        }
        var alikeAnchor: ReportEntry?, alike: [ReportEntry] = []
        func flushAlike() {
            if alike.count == 1 { lines.append(say: failLine(alike[0])) }
            if alike.count > 1, let first = alike.first, let last = alike.last {
                lines.append(say: "\(prefix)\(first.name) to \(last.name) (\(plural(alike.count, "frame"))): FAIL: the same numbers as \(alikeAnchor?.name ?? "the frame before")")
            }
            alike = []
        }
        for i in entries.indices {
            if noFolder { entries[i].problem = "no reference: the folder \(references) does not exist; record it with: \(recordCommand(target))" }
            if let artifacts = s.artifacts { entries[i].artifacts = try artifacts.write(entries[i], trace: target.name) }
            let e = entries[i]
            if s.json {
                lines.append(OutputLine(isJSON: true, text: FrameJSON.object([("trace", FrameJSON.quoted(target.name)), ("name", FrameJSON.quoted(e.name))],
                                              e.result, missing: e.missing, passed: e.passed)))
            }
            if noFolder { continue }
            // Failures with the numbers of the one before them are told once, as a range.
            if !e.passed, e.result != nil, let before = alikeAnchor, before.summary == e.summary {
                alike.append(e)
                continue
            }
            flushAlike()
            alikeAnchor = !e.passed && e.result != nil ? e : nil
            if !e.passed {
                lines.append(say: failLine(e))
            } else if e.recorded && s.mode == .changed, let r = e.result {
                lines.append(say: "\(prefix)\(e.name): updated: " + (r.sizeMatches ? "\(r.diffPixels) pixels differed"
                    : "size \(r.actualWidth)x\(r.actualHeight), reference was \(r.width)x\(r.height)"))
            }
        }
        flushAlike()
        if noFolder {
            lines.append(say: "\(target.name): FAIL: no references folder \(references): \(plural(entries.count, "frame")) without a reference"
                         + (s.artifacts.map { ", their actuals in \(($0.root as NSString).appendingPathComponent(target.name))/" } ?? "")
                         + "; record them with: \(recordCommand(target))")
        }
        if s.mode != .none && s.mode != .all { lines.append(say: (s.several ? target.name + ": " : "") + checker.result.updateSummary) }
        var check = TraceCheck(name: target.name, frameCount: result.frameCount, entries: entries)
        if let stale = found.stale, s.mode == .all || (s.mode == .changed && check.passed) {
            try SceneFileStamp.restamp(trace: target.trace, from: stale.recorded, to: stale.now)
            lines.append(say: "\(target.trace): re-stamped with its scene file's SHA-256 \(stale.now.prefix(12))… (the references now draw the file as it is)")
        }
        check.warnings = warnings
        check.added = checker.result.added; check.updated = checker.result.updated; check.unchanged = checker.result.unchanged
        if s.several && s.mode != .all {
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

    /// The name this command was run by (`strata`, or a package's own, e.g. `card-strata`).
    static var programName: String {
        (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }).flatMap { $0.isEmpty ? nil : $0 } ?? "strata"
    }

    /// The command that records a trace's references where this run looks for them.
    static func recordCommand(_ target: CheckTarget) -> String {
        return "\(programName) check \(target.trace)" + (target.byConvention ? "" : " --references \(target.references)") + " --record"
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
