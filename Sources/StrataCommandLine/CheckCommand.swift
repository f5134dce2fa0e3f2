import Foundation
import StrataCompare
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay

/// `strata check TRACE --references DIR`: replays a trace and compares every frame with
/// its reference, in memory; CI's way to fail when a frame drifts.
struct CheckCommand: StrataSubcommand {
    let name = "check"
    let summary = "replay a trace and compare every frame with references"

    static let options = OptionGroup(title: "OPTIONS", options: [
        OptionSpec("references", .text(maxLength: 4096), valueName: "DIR", help: "the reference frames (required)"),
        OptionSpec("record", .boolean,
                   help: "write (or rewrite) the references from this replay instead of comparing; says how many changed. All or nothing: the new set is written beside the old one and swapped in by a rename once complete, so an error or a signal leaves the old set intact; only then are old frames this replay does not produce removed"),
        OptionSpec("report", .text(maxLength: 4096), valueName: "PATH",
                   help: "write one self-contained HTML report: every frame's result, and expected, actual and diff side by side for failures"),
        OptionSpec("out", .text(maxLength: 4096), valueName: "DIR", help: "also write the replayed frames to DIR (as 'strata replay --out' does; never the references directory or a place inside it)"),
        CommonOptions.clean, CommonOptions.keep,
        CommonOptions.fps,
        CommonOptions.with(CommonOptions.scale, default: nil),
        CommonOptions.shaders,
    ] + CommonOptions.gl + SceneFileOptions.traceGroup.options)

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata check TRACE --references DIR [OPTIONS] [COMPARISON]

        Replays TRACE offscreen (as 'strata replay' does) and compares frame k with
        DIR/frame-NNNNN.png by the same rules as 'strata compare'. A missing reference, or a
        reference with no frame in the replay, fails. Frames are not written unless --out is given.
        --record also writes DIR/strata-references.json: the renderer, Mesa and Strata versions
        and the font files' SHA-256 the frames were drawn with; a check on another renderer
        warns what differs (a different Mesa or font is the usual cause of a drifting frame).

        \(HelpText.lines(CheckCommand.options))

        \(HelpText.lines(CommonOptions.comparison))

        EXIT STATUS: 0 when every frame matches (or after --record), 1 when some differ, 2 on an error.
        """
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        let a = try ArgumentParser.parse(args, groups: [CheckCommand.options, CommonOptions.comparison], command: name)
        guard a.positionals.count == 1 else {
            throw UsageError(a.positionals.isEmpty ? "check needs a trace: strata check TRACE --references DIR"
                                                   : "unexpected argument '\(a.positionals[1])'")
        }
        guard let references = a.string("references") else {
            throw UsageError("check needs --references DIR (see 'strata help check')")
        }
        let tracePath = a.positionals[0]
        let options = try CompareCommand.compareOptions(a)
        let record = a.flag("record")
        let (trace, warnings) = try Trace.read(path: tracePath)
        let replayer = try Replayer(trace: trace, name: tracePath, fps: a.number("fps"), scale: a.number("scale"),
                                    scenes: try context.catalog(for: trace, at: tracePath, args: args))
        printWarnings(warnings)
        let out = a.string("out"), report = a.string("report")
        for (flag, path) in [("--out", out), ("--report", report)] {
            if let path { try OutputGuard.refuseOverlap(output: path, flag: flag, references: references) }
        }
        if let report { try OutputGuard.checkWritableFile(report) }
        if !record {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: references, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError("\(references): no such directory of reference frames (record them with --record)")
            }
        }
        let outDirectory = try out.map { try FrameDirectory($0, policy: try CommonOptions.framePolicy(a)) }
        let recording = record ? try ReferenceRecording(directory: references) : nil
        // A check reads the references while no recording swaps them.
        let readLock = record ? nil : try DirectoryLock(references, shared: true)
        defer { readLock?.release() }

        let checker = ReferenceChecker(directory: references, options: options, mode: record ? .all : .none)
        if let recording { checker.writeDirectory = recording.staging }
        var produced = Set<String>()
        let result: ReplayResult
        var manifest: ReferenceManifest?
        do {
            let renderer = try CommonOptions.offscreenRenderer(a)
            result = try Interruption.during {
                try replayer.frames(renderer: renderer) { frame in
                    let file = Replayer.frameFileName(frame.index)
                    if let out { try PNG.write(frame.image, to: (out as NSString).appendingPathComponent(file)) }
                    produced.insert(file)
                    try checker.check(frame.image, named: String(file.dropLast(4)))
                    if !record, let entry = checker.result.entries.last, !entry.passed { CheckCommand.printFailure(entry) }
                }
            }
            // After the frames, so it names only the fonts their text used.
            manifest = try ReferenceManifest.drawn(by: renderer)
        } catch {
            outDirectory?.abandon()
            guard let recording else {
                if var interrupted = error as? Interrupted {
                    interrupted.done = "checked \(plural(produced.count, "frame"))" + (out.map { ", each also written to \($0)/" } ?? "")
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
        let outNote = outDirectory.flatMap { $0.staleNote($0.finish(produced: produced)) }.map { "\($0) in \(out!)\n" } ?? ""

        if let recording {
            try manifest?.write(directory: recording.staging)
            let stale = try recording.commit()
            print(outNote + "recorded \(plural(result.emittedFrameCount, "frame")) into \(references): \(checker.result.changed) changed"
                  + (stale == 0 ? "" : ", \(plural(stale, "stale reference")) removed"))
            return
        }
        if !outNote.isEmpty { print(outNote, terminator: "") }
        var reportWarnings: [String] = []
        if let manifest, let recorded = try ReferenceManifest.read(directory: references),
           let warning = recorded.warning(against: manifest, directory: references) {
            reportWarnings.append(warning)
            FileHandle.standardError.write(Data("strata: warning: \(warning)\n".utf8))
        }
        var entries = checker.result.entries
        for extra in try CheckCommand.referenceFiles(references).subtracting(produced).sorted() {
            let entry = ReportEntry(name: String(extra.dropLast(4)), result: nil,
                                    problem: "reference \(extra) has no frame in the replay (it ran \(plural(result.frameCount, "frame")))")
            CheckCommand.printFailure(entry)
            entries.append(entry)
        }
        if let report {
            try AtomicFile.write(Array(HTMLReport.render(title: "strata check \(tracePath)", entries: entries, warnings: reportWarnings).utf8), to: report)
            print("report: \(report)")
        }
        let failed = entries.filter { !$0.passed }.count
        print("\(entries.count - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitStatus(code: 1) }
    }

    private static func referenceFiles(_ dir: String) throws -> Set<String> { FrameDirectory.frames(in: dir) }

    private static func printFailure(_ e: ReportEntry) {
        if let problem = e.problem { print("\(e.name): FAIL: \(problem)"); return }
        guard let r = e.result else { return }
        if !r.sizeMatches {
            print("\(e.name): FAIL: size \(r.actualWidth)x\(r.actualHeight), reference \(r.width)x\(r.height)")
            return
        }
        let psnr = r.psnr.isInfinite ? "inf" : String(format: "%.2f dB", r.psnr)
        print("\(e.name): FAIL: \(r.diffPixels) pixels differ (\(String(format: "%.4f%%", r.ratio * 100))), "
              + "\(r.aaPixels) AA, max delta \(r.maxChannelDelta), PSNR \(psnr)")
    }
}
