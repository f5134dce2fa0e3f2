import Foundation
import StrataCheck
import StrataCompare
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay
import StrataSceneFile

/// One trace's check: replay, compare with its references, record, and the lines to print.
extension CheckCommand {
    /// Replays one trace against its references; returns its check and the lines to print.
    /// The scenes a trace (at a path) replays with: the command's, or its scene file's.
    typealias Catalog = (Trace, String) throws -> TraceScenes

    static func check(_ target: CheckTarget, _ s: Settings, renderer: Renderer, scenes: Catalog) throws -> (TraceCheck, [OutputLine]) {
        try check(target, s, renderer: renderer, scenes: scenes, replaying: true)!
    }

    /// `check`, or with `replaying` false only a check the cache holds (nil, having printed
    /// nothing, when it holds none): what the parent of `--jobs` workers settles itself.
    static func check(_ target: CheckTarget, _ s: Settings, renderer: Renderer, scenes: Catalog,
                      replaying: Bool) throws -> (TraceCheck, [OutputLine])? {
        var lines: [OutputLine] = []
        let (trace, readWarnings) = try CommonOptions.readTrace(target.trace, maxSize: s.maxTraceSize, s.context)
        let found = try scenes(trace, target.trace)
        let replayer = try Replayer(trace: found.applied(to: trace), name: target.trace, fps: s.fps, scale: s.scale, maxFrames: s.maxFrames, frameLimit: s.frameLimit,
                                    scenes: found.catalog)
        replayer.sceneReload = found.reload
        // Every warning is printed and goes into the report, the JUnit file and the results.
        var warnings = readWarnings.map(readerWarning) + found.warnings
        let printsWarnings = {
            printWarnings(readWarnings, s.context)
            for w in found.warnings { s.context.printError("strata: warning: \(w)") }
        }
        if replaying { printsWarnings() }
        let references = target.references
        // The one checker (StrataCheck): masks, rules, locks and updates as assertFrames has them.
        var settings = TraceReferenceCheck.Settings(mode: s.mode, options: s.options, comparison: s.comparison,
                                                    pointMasks: s.pointMasks, newReferencesFail: false)
        settings.keepsImages = s.keepsImages
        settings.spool = s.spool
        settings.pixelLimit = s.pixelLimit
        settings.every = s.every
        settings.track = s.track
        settings.trackTolerance = s.trackTolerance
        let core = try TraceReferenceCheck(replayer: replayer, references: references, renderer: renderer, settings: settings,
                                           traceName: target.trace)
        let (options, why, noFolder, recording) = (core.options, core.why, core.noFolder, core.recording)
        if let why { lines.append(say: "\(target.name): \(why)") }
        let out = s.out.map { s.several ? ($0 as NSString).appendingPathComponent(target.name) : $0 }
        let outDirectory = try out.map { try FrameDirectory($0, policy: s.framePolicy) }
        let prefix = s.several ? target.name + "/" : ""
        // A trace whose every input is that of a check that passed is not replayed.
        let cacheKey = s.cache == nil || noFolder ? nil : try? CheckCommand.cacheKey(target, s, options: options, file: found.file,
                                                                                       renderer: renderer, run: core.runManifest)
        if let cache = s.cache, let key = cacheKey, let entry = cache.lookup(key) {
            if !replaying { printsWarnings() }
            lines.append(say: "\(target.name): passed from cache: \(plural(entry.frames.count, "frame")) unchanged since a check that passed (--no-cache replays it)")
            var check = TraceCheck(name: target.name, frameCount: entry.frames.count, entries: entry.frames.map {
                ReportEntry(name: $0, result: .identical(width: entry.width, height: entry.height, masks: options.masks))
            })
            check.warnings = warnings
            check.fps = replayer.fps
            return (check, lines)
        }
        guard replaying else { return nil }

        let outcome: TraceReferenceCheck.Outcome
        do {
            outcome = try core.run(renderer: renderer, frame: { frame, file in
                if let out { try PNG.write(frame.image, to: (out as NSString).appendingPathComponent(file)) }
            }, checked: { s.progress?.advance() })
        } catch {
            outDirectory?.abandon()
            if recording == nil, var interrupted = error as? Interrupted {
                interrupted.done = "checked \(plural(core.produced.count, "frame")) of \(target.trace)" + (out.map { ", each also written to \($0)/" } ?? "")
                throw interrupted
            }
            throw error
        }
        let produced = core.produced, result = outcome.replay, manifest = outcome.drawn
        if let note = outDirectory.flatMap({ $0.staleNote($0.finish(produced: produced)) }) { lines.append(say: "\(note) in \(out!)") }
        if recording != nil {
            if s.mode != .all && !outcome.tracksRecorded.isEmpty {
                lines.append(say: "\(prefix)tracks recorded into \((references as NSString).appendingPathComponent(MotionTracks.fileName)): \(outcome.tracksRecorded.joined(separator: ", "))")
            }
            if s.mode == .all {
                lines.append(say: "recorded \(plural(result.emittedFrameCount, "frame")) into \(references): \(outcome.result.updateSummary)"
                             + outcome.removalNote)
            }
        }
        var entries = outcome.entries
        for warning in outcome.warnings {
            warnings.append(warning)
            s.context.printError("strata: warning: \(warning)")
        }
        func failLine(_ e: ReportEntry) -> String {
            "\(prefix)\(e.name): FAIL: \(e.summary)" + (e.artifacts?.diff.map { "; diff: \($0)" } ?? "")
                + (e.explanation.map { "\n\(prefix)\(e.name): \($0)" } ?? "")
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
            if noFolder { entries[i].problem = "no reference: the folder \(references) does not exist; record it with: \(recordCommand(target, s.context))" }
            if let artifacts = s.artifacts { entries[i].artifacts = try artifacts.write(entries[i], trace: target.name) }
            let e = entries[i]
            if s.json {
                lines.append(OutputLine(isJSON: true, text: try FrameJSON(trace: target.name, name: e.name, result: e.result, missing: e.missing,
                                                                     passed: e.passed, explanation: e.explanation,
                                                                     problem: e.result == nil ? e.problem : nil).line))
            }
            if noFolder { continue }
            // Failures with the numbers of the one before them are told once, as a range.
            if !e.passed, e.result != nil, let before = alikeAnchor, before.summary == e.summary, before.explanation == e.explanation {
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
                         + "; record them with: \(recordCommand(target, s.context))")
        }
        if s.mode != .none && s.mode != .all { lines.append(say: (s.several ? target.name + ": " : "") + outcome.result.updateSummary) }
        var check = TraceCheck(name: target.name, frameCount: result.frameCount, entries: entries)
        if let stale = found.stale, s.mode == .all || (s.mode == .changed && check.passed) {
            try SceneFileStamp.restamp(trace: target.trace, from: stale.recorded, to: stale.now)
            lines.append(say: "\(target.trace): re-stamped with its scene file's SHA-256 \(stale.now.prefix(12))… (the references now draw the file as it is)")
        }
        if !found.staleImages.isEmpty, s.mode == .all || (s.mode == .changed && check.passed) {
            // Each recorded hash once (two names of one file's bytes share it).
            var seen = Set<String>()
            for image in found.staleImages where seen.insert(image.recorded).inserted {
                try SceneFileStamp.restamp(trace: target.trace, from: image.recorded, to: image.now)
            }
            lines.append(say: "\(target.trace): re-stamped with its images' SHA-256s (the references now draw them as they are)")
        }
        check.warnings = warnings
        // Kept only for a clean pass: a warning is told on every run.
        if let cache = s.cache, let key = cacheKey, check.passed, warnings.isEmpty, !entries.isEmpty {
            cache.store(CheckCache.Entry(key: key, trace: target.name, width: replayer.pixelWidth, height: replayer.pixelHeight,
                                         frames: entries.map(\.name)))
        }
        check.tracks = outcome.tracks
        check.fps = replayer.fps
        check.drawnBy = manifest.map { var m = $0; m.masks = nil; return m }
        if s.mode != .all && !noFolder {
            check.comparison = why.map { $0.hasPrefix("compared ") ? String($0.dropFirst("compared ".count)) : $0 }
                ?? options.summary + (s.comparison == .auto && options.mode == .exact
                                      ? " (the references' manifest names this run's renderer, Mesa and fonts)" : "")
        }
        check.added = outcome.result.added; check.updated = outcome.result.updated; check.unchanged = outcome.result.unchanged
        if s.several && s.mode != .all {
            lines.append(say: "\(target.name): \(check.entries.count - check.failures.count) passed, \(check.failures.count) failed")
        }
        return (check, lines)
    }

    /// The command that records a trace's references where this run looks for them.
    static func recordCommand(_ target: CheckTarget, _ context: CommandContext) -> String {
        return "\(context.console.programName) check \(target.trace)" + (target.byConvention ? "" : " --references \(target.references)") + " --record"
    }

    /// The cache key of `target`'s check with these rules (`CheckCacheKey`): everything
    /// that decides its frames and their verdicts, the part of the replay and the tracks included.
    static func cacheKey(_ target: CheckTarget, _ s: Settings, options: CompareOptions, file: SceneFile?,
                         renderer: Renderer, run: ReferenceManifest?) throws -> String {
        var key = CheckCacheKey(version: StrataVersion.current)
        key.field("trace name", target.name)
        try key.file("trace", target.trace)
        if let file {
            key.field("scene file", file.path)
            key.field("scene sha256", file.sha256)
            for image in file.imageDigests { key.field("scene image", image) }
        }
        try key.references(target.references)
        let drawn = try run ?? ReferenceManifest.installed(for: renderer, fontsOf: ReferenceManifest(strata: "", backend: "", renderer: "", glVersion: "", mesa: nil, fonts: []))
        key.field("renderer", "\(drawn.renderer)\n\(drawn.glVersion)\n\(drawn.mesa ?? "")")
        for font in drawn.fonts { key.field("font", font.file + " " + font.sha256) }
        key.field("replay", "fps \(s.fps.map { "\($0)" } ?? "-") scale \(s.scale.map { "\($0)" } ?? "-") limit \(s.frameLimit) pixels \(s.pixelLimit)"
                  + " frames \(s.maxFrames.map { "\($0)" } ?? "-") every \(s.every)")
        key.field("tracks", s.track.joined(separator: "\n") + " tolerance \(s.trackTolerance.map { "\($0)" } ?? "-")")
        key.field("rules", String(describing: options))
        return key.finish()
    }
}

private extension Array where Element == CheckCommand.OutputLine {
    mutating func append(say line: String) { append(CheckCommand.OutputLine(isJSON: false, text: line)) }
}
