import Foundation
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
        var lines: [OutputLine] = []
        let (trace, readWarnings) = try CommonOptions.readTrace(target.trace, maxSize: s.maxTraceSize, s.context)
        let found = try scenes(trace, target.trace)
        let replayer = try Replayer(trace: found.applied(to: trace), name: target.trace, fps: s.fps, scale: s.scale, maxFrames: s.maxFrames, frameLimit: s.frameLimit,
                                    scenes: found.catalog)
        replayer.sceneReload = found.reload
        printWarnings(readWarnings, s.context)
        // Every warning is printed and goes into the report, the JUnit file and the results.
        var warnings = readWarnings.map(readerWarning) + found.warnings
        for w in found.warnings { s.context.printError("strata: warning: \(w)") }
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
        // This run's renderer with the references' fonts as installed here, asked once.
        let runManifest = try recordedManifest.map { try ReferenceManifest.installed(for: renderer, fontsOf: $0) }
        var (options, why) = s.mode == .all || noFolder ? (s.options, nil)
            : s.comparison.rules(s.options, recorded: recordedManifest) { _ in runManifest! }
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
        // A trace whose every input is that of a check that passed is not replayed.
        let cacheKey = s.cache == nil || noFolder ? nil : try? CheckCommand.cacheKey(target, s, options: options, file: found.file,
                                                                                       renderer: renderer, run: runManifest)
        if let cache = s.cache, let key = cacheKey, let entry = cache.lookup(key) {
            lines.append(say: "\(target.name): passed from cache: \(plural(entry.frames.count, "frame")) unchanged since a check that passed (--no-cache replays it)")
            var check = TraceCheck(name: target.name, frameCount: entry.frames.count, entries: entry.frames.map {
                ReportEntry(name: $0, result: .identical(width: entry.width, height: entry.height, masks: options.masks))
            })
            check.warnings = warnings
            check.fps = replayer.fps
            return (check, lines)
        }

        let checker = ReferenceChecker(directory: references, options: options, mode: s.mode, newReferencesFail: false)
        if let recording { checker.writeDirectory = recording.staging }
        // Updates store each distinct image once (`--update all` converts a folder of the
        // older layout); frames drawn where the references were pass on their hash.
        checker.writesByHash = recording != nil && (s.mode == .all || recordedManifest?.frames != nil || FrameDirectory.frames(in: references).isEmpty)
        checker.trustsHashes = s.mode != .all && runManifest.map { recordedManifest?.reasonNotExact(against: $0) == nil } == true
        checker.useManifest(recordedManifest)
        checker.keepsImages = s.keepsImages
        checker.spool = s.spool
        checker.pixelLimit = s.pixelLimit
        var produced = Set<String>()
        let result: ReplayResult
        var manifest: ReferenceManifest?
        // The layer trees and motion tracks beside the pixels (issue 27).
        var layers = try CheckLayers(references: references, scale: replayer.scale, fps: replayer.fps, records: recording != nil,
                                     inspects: s.keepsImages, track: s.track, tolerance: s.trackTolerance)
        renderer.forgetFontFilesDrawn()
        do {
            result = try replayer.framesWithTrees(renderer: renderer, every: s.every) { frame, presentation in
                let file = Replayer.frameFileName(frame.index)
                if let out { try PNG.write(frame.image, to: (out as NSString).appendingPathComponent(file)) }
                produced.insert(file)
                try checker.check(frame.image, named: String(file.dropLast(4)))
                try layers.frame(String(file.dropLast(4)), index: frame.index, presentation: presentation, differences: checker.lastDifferences)
                s.progress?.advance()
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
            throw RenderError.io("\(s.context.message(error)); \(unchanged)")
        }
        if let note = outDirectory.flatMap({ $0.staleNote($0.finish(produced: produced)) }) { lines.append(say: "\(note) in \(out!)") }
        var entries = checker.result.entries
        if let recording {
            let tracks = try layers.write(into: recording.staging, mode: s.mode, checked: checker.result, given: s.track)
            if s.mode != .all && !tracks.isEmpty {
                lines.append(say: "\(prefix)tracks recorded into \((references as NSString).appendingPathComponent(MotionTracks.fileName)): \(tracks.joined(separator: ", "))")
            }
            let update = try ReferenceUpdate(checker: checker, mode: s.mode, recorded: recordedManifest, drawn: manifest, produced: produced)
            try update.stage(into: recording.staging)
            let removed = try recording.commit(keeping: update.keeping)
            if s.mode == .all {
                lines.append(say: "recorded \(plural(result.emittedFrameCount, "frame")) into \(references): \(checker.result.updateSummary)"
                             + update.removalNote(removed))
            }
        }
        if s.mode != .all {
            // A reference past the frames the replay stepped through has no frame; those
            // --every skips, or past where --frames stopped it, are not compared.
            let stepped = { (name: String) in FrameFileName.index(of: name + ".png").map { $0 < result.frameCount || result.ending == .frameLimit } ?? false }
            let producedNames = Set(produced.map { String($0.dropLast(4)) })
            for extra in try checker.referenceNames().subtracting(producedNames).sorted() where !stepped(extra) {
                var entry = ReportEntry(name: extra, result: nil,
                                        problem: "reference \(extra) has no frame in the replay (it ran \(plural(result.frameCount, "frame")))")
                entry.missing = "actual"
                entries.append(entry)
            }
        }
        // A check changed nothing: the manifest read before the frames is the folder's.
        if s.mode != .all, let manifest, let recorded = try s.mode == .none ? recordedManifest : ReferenceManifest.read(directory: references),
           let warning = recorded.warning(against: manifest, directory: references) {
            warnings.append(warning)
            s.context.printError("strata: warning: \(warning)")
        }
        let software = manifest.flatMap { m in recordedManifest.map { $0.differences(from: m) } } ?? []
        layers.explain(&entries, software: software)
        if s.mode == .none { entries += layers.trackFailures() }
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
                lines.append(OutputLine(isJSON: true, text: FrameJSON.object([("trace", FrameJSON.quoted(target.name)), ("name", FrameJSON.quoted(e.name))],
                                              e.result, missing: e.missing, passed: e.passed,
                                              trailing: (e.explanation.map { [("explanation", FrameJSON.quoted($0))] } ?? [])
                                                + (e.result == nil ? e.problem.map { [("problem", FrameJSON.quoted($0))] } ?? [] : []))))
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
        if s.mode != .none && s.mode != .all { lines.append(say: (s.several ? target.name + ": " : "") + checker.result.updateSummary) }
        var check = TraceCheck(name: target.name, frameCount: result.frameCount, entries: entries)
        if let stale = found.stale, s.mode == .all || (s.mode == .changed && check.passed) {
            try SceneFileStamp.restamp(trace: target.trace, from: stale.recorded, to: stale.now)
            lines.append(say: "\(target.trace): re-stamped with its scene file's SHA-256 \(stale.now.prefix(12))… (the references now draw the file as it is)")
        }
        check.warnings = warnings
        // Kept only for a clean pass: a warning is told on every run.
        if let cache = s.cache, let key = cacheKey, check.passed, warnings.isEmpty, !entries.isEmpty {
            cache.store(CheckCache.Entry(key: key, trace: target.name, width: replayer.pixelWidth, height: replayer.pixelHeight,
                                         frames: entries.map(\.name)))
        }
        check.tracks = s.mode == .none ? layers.comparisons : []
        check.fps = replayer.fps
        check.drawnBy = manifest.map { var m = $0; m.masks = nil; return m }
        if s.mode != .all && !noFolder {
            check.comparison = why.map { $0.hasPrefix("compared ") ? String($0.dropFirst("compared ".count)) : $0 }
                ?? options.summary + (s.comparison == .auto && options.mode == .exact
                                      ? " (the references' manifest names this run's renderer, Mesa and fonts)" : "")
        }
        check.added = checker.result.added; check.updated = checker.result.updated; check.unchanged = checker.result.unchanged
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
