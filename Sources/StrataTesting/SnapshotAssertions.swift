import Foundation
import StrataCompare
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay
import StrataScenes
import Testing

/// Snapshot assertions for Swift Testing, in the spirit of swift-snapshot-testing:
/// - a missing reference is recorded and the test fails saying so (re-run to check it);
/// - `STRATA_RECORD` chooses what is rewritten: `all` (or `1`) every reference,
///   `changed` only failing ones, `missing` (the default) only absent ones, `none` nothing;
/// - a mismatch fails naming the frame, the numbers, and where the actual frame, the
///   diff image and an HTML report were written.

/// The record mode of this test run: `STRATA_RECORD`, read here and nowhere else.
public func snapshotRecordMode() throws -> RecordMode {
    try RecordMode.fromEnvironment(default: .missing)
}

/// Renders `layer` at `size` points and compares it with `<directory>/<name>.png`. The
/// default directory is `__Snapshots__/<test file name>/` beside the test file.
public func assertSnapshot(of layer: Layer, size: Size, scale: Double = 1, named name: String,
                           in directory: String? = nil, threshold: Double = 0.1, maxDiffPixels: Int = 0,
                           filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        let image = try renderer.render(layer: layer, pixelWidth: Int((size.width * scale).rounded()),
                                        pixelHeight: Int((size.height * scale).rounded()), scale: scale)
        let checker = ReferenceChecker(directory: directory ?? snapshotDirectory(for: filePath),
                                       options: CompareOptions(threshold: threshold, tolerance: .maxDiffPixels(maxDiffPixels)),
                                       mode: try snapshotRecordMode())
        try checker.check(image, named: name)
        reportFailures(checker, subject: "snapshot", sourceLocation: sourceLocation)
    } catch {
        Issue.record("snapshot \(name): \(error)", sourceLocation: sourceLocation)
    }
}

/// Replays the trace at `tracePath` and compares every frame with
/// `<directory>/frame-NNNNN.png`, recording missing references. The trace's scene is
/// looked up in `scenes` first, then among the built-in scenes: pass your own
/// descriptors to check traces of your scenes. `exact` compares the decoded bytes
/// (as `strata check --exact`). Recording also writes the directory's
/// `strata-references.json` (the renderer and fonts the frames were drawn with).
public func assertFrames(of tracePath: String, matchReferencesIn directory: String, scenes: [SceneDescriptor] = [],
                         threshold: Double = 0.1, maxDiffPixels: Int = 0, exact: Bool = false,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let (replayer, warnings) = try Replayer.load(path: tracePath, scenes: SceneCatalog(scenes + SceneRegistry.scenes))
        for w in warnings { Issue.record(Comment(rawValue: w), sourceLocation: sourceLocation) }
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        let checker = ReferenceChecker(directory: directory,
                                       options: exact ? .exact : CompareOptions(threshold: threshold, tolerance: .maxDiffPixels(maxDiffPixels)),
                                       mode: try snapshotRecordMode())
        _ = try replayer.frames(renderer: renderer) { frame in
            try checker.check(frame.image, named: String(Replayer.frameFileName(frame.index).dropLast(4)))
        }
        if !checker.result.recorded.isEmpty { try ReferenceManifest.drawn(by: renderer).write(directory: directory) }
        reportFailures(checker, subject: "trace \(tracePath)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
    }
}

/// Makes `scene` with `options`, plays its render script (`script`, as `strata render`'s
/// script options), and compares the frame at `time` with `<directory>/<name>.png`
/// (default `__Snapshots__/<test file name>/`). The frame is the one `strata render` and
/// a replay give at that time. Size and scale default to the scene's.
public func assertScene(_ scene: SceneDescriptor, at time: Double? = nil, options: [String: TraceValue] = [:],
                        script: [String: TraceValue] = [:], size: Size? = nil, scale: Double? = nil, named name: String,
                        in directory: String? = nil, threshold: Double = 0.1, maxDiffPixels: Int = 0,
                        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let view = size ?? scene.defaultViewSize, pixelScale = scale ?? scene.defaultScale
        let made = try scene.makeScene(options: options, viewSize: view, scale: pixelScale)
        let header = TraceHeader(scene: scene.name, width: view.width, height: view.height, scale: pixelScale, fps: 60,
                                 options: try scene.sceneOptions(options).resolved)
        let trace = Trace(header: header, events: try scene.scriptEvents(script, for: made))
        let replayer = try Replayer(trace: trace, name: "scene \(scene.name)", scenes: SceneCatalog([scene]))
        let frame = try replayer.frame(at: time ?? scene.defaultTime, renderer: try Renderer(surface: try makeOffscreenSurface()))
        let checker = ReferenceChecker(directory: directory ?? snapshotDirectory(for: filePath),
                                       options: CompareOptions(threshold: threshold, tolerance: .maxDiffPixels(maxDiffPixels)),
                                       mode: try snapshotRecordMode())
        try checker.check(frame.image, named: name)
        reportFailures(checker, subject: "scene \(scene.name)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("scene \(scene.name) \(name): \(error)", sourceLocation: sourceLocation)
    }
}

/// `__Snapshots__/<file name without .swift>` beside the test file.
func snapshotDirectory(for filePath: String) -> String {
    let url = URL(fileURLWithPath: filePath)
    return url.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(url.deletingPathExtension().lastPathComponent).path
}

/// Where failing frames, diffs and the report go: a folder under the temporary directory.
func artifactsDirectory(_ subject: String) -> String {
    let safe = String(subject.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
    return FileManager.default.temporaryDirectory.appendingPathComponent("strata-snapshots")
        .appendingPathComponent(safe).path
}

private func reportFailures(_ checker: ReferenceChecker, subject: String, sourceLocation: SourceLocation) {
    for message in failureMessages(checker, subject: subject) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// One message per failing frame; writes the actual frames, diffs and the report first.
func failureMessages(_ checker: ReferenceChecker, subject: String) -> [String] {
    let failures = checker.result.failures
    guard !failures.isEmpty else { return [] }
    var messages: [String] = []
    let artifacts = artifactsDirectory(subject + "-" + (failures.first?.name ?? ""))
    try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    let report = (artifacts as NSString).appendingPathComponent("report.html")
    try? AtomicFile.write(Array(HTMLReport.render(title: "Strata: \(subject)", entries: checker.result.entries).utf8), to: report)
    for f in failures {
        var message: String
        if let problem = f.problem {
            message = "\(subject): \(f.name): \(problem); re-run the test to compare against it"
        } else if let r = f.result {
            message = "\(subject): \(f.name) does not match its reference in \(checker.directory): "
            message += r.sizeMatches ? "\(r.diffPixels) pixels differ (\(String(format: "%.4f%%", r.ratio * 100))), "
                + "\(r.aaPixels) anti-aliased, max channel delta \(r.maxChannelDelta), PSNR \(r.psnr.isInfinite ? "inf" : String(format: "%.2f dB", r.psnr))"
                : "size \(r.actualWidth)x\(r.actualHeight) differs from the reference's \(r.width)x\(r.height)"
            if let actual = f.actualPNG {
                let path = (artifacts as NSString).appendingPathComponent(f.name + "-actual.png")
                try? AtomicFile.write(actual, to: path)
                message += "; actual: \(path)"
            }
            if let diff = f.diffPNG {
                let path = (artifacts as NSString).appendingPathComponent(f.name + "-diff.png")
                try? AtomicFile.write(diff, to: path)
                message += "; diff: \(path)"
            }
        } else {
            message = "\(subject): \(f.name) failed"
        }
        messages.append(message + "; report: \(report)")
    }
    return messages
}
