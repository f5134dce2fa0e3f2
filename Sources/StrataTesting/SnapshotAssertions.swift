import Foundation
import StrataDriver
import StrataCompare
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay
import Testing

/// Snapshot assertions for Swift Testing, in the spirit of swift-snapshot-testing:
/// - a missing reference is recorded and the test fails saying so (re-run to check it);
/// - `STRATA_RECORD` chooses what is rewritten: `all` (or `1`) every reference,
///   `changed` only failing ones, `missing` (the default) only absent ones, `none` nothing;
/// - `mask:` rectangles (view points) are never compared, nor are a trace header's `masks`;
/// - a mismatch fails naming the frame, the numbers, and where the actual frame, the
///   diff image and an HTML report were written.

/// The record mode of this test run: `STRATA_RECORD`, read here and nowhere else.
public func snapshotRecordMode() throws -> RecordMode {
    try RecordMode.fromEnvironment(default: .missing)
}

/// Renders `layer` at `size` points and compares it with `<directory>/<name>.png`. The
/// default directory is `__Snapshots__/<test file name>/` beside the test file.
public func assertSnapshot(of layer: Layer, size: Size, scale: Double = 1, named name: String,
                           in directory: String? = nil, threshold: Double = 0.1, maxDiffPixels: Int = 0, mask: [Rect] = [],
                           filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        let image = try renderer.render(layer: layer, pixelWidth: Int((size.width * scale).rounded()),
                                        pixelHeight: Int((size.height * scale).rounded()), scale: scale)
        let checker = ReferenceChecker(directory: directory ?? snapshotDirectory(for: filePath),
                                       options: snapshotOptions(threshold, maxDiffPixels, mask, scale: scale, image),
                                       mode: try snapshotRecordMode())
        try checker.check(image, named: name)
        reportFailures(checker, subject: "snapshot", sourceLocation: sourceLocation)
    } catch {
        Issue.record("snapshot \(name): \(error)", sourceLocation: sourceLocation)
    }
}

/// Replays the trace at `tracePath` and compares every frame with
/// `<directory>/frame-NNNNN.png`, recording missing references. The trace's scene is
/// looked up in `scenes` (your own descriptors; the seeds' are `SceneRegistry.scenes` in
/// StrataScenes, which this library does not link). `exact` compares the decoded bytes
/// (as `strata check --exact`). Recording also writes the directory's
/// `strata-references.json` (the renderer and fonts the frames were drawn with).
public func assertFrames(of tracePath: String, matchReferencesIn directory: String, scenes: [SceneDescriptor],
                         threshold: Double = 0.1, maxDiffPixels: Int = 0, exact: Bool = false, mask: [Rect] = [],
                         sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let (replayer, warnings) = try Replayer.load(path: tracePath, scenes: SceneCatalog(scenes))
        for w in warnings { Issue.record(Comment(rawValue: w), sourceLocation: sourceLocation) }
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        var options = exact ? CompareOptions.exact : CompareOptions(threshold: threshold, tolerance: .maxDiffPixels(maxDiffPixels))
        options.masks = MaskRegion.pixels(fromPoints: replayer.trace.header.masks + mask, scale: replayer.scale,
                                          frameWidth: replayer.pixelWidth, frameHeight: replayer.pixelHeight)
        let checker = ReferenceChecker(directory: directory, options: options, mode: try snapshotRecordMode())
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
                        in directory: String? = nil, threshold: Double = 0.1, maxDiffPixels: Int = 0, mask: [Rect] = [],
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
                                       options: snapshotOptions(threshold, maxDiffPixels, mask, scale: pixelScale, frame.image),
                                       mode: try snapshotRecordMode())
        try checker.check(frame.image, named: name)
        reportFailures(checker, subject: "scene \(scene.name)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("scene \(scene.name) \(name): \(error)", sourceLocation: sourceLocation)
    }
}

/// The comparison rules of an assertion; `mask` is in view points, ignored in the frame.
private func snapshotOptions(_ threshold: Double, _ maxDiffPixels: Int, _ mask: [Rect], scale: Double, _ image: Image) -> CompareOptions {
    CompareOptions(threshold: threshold, tolerance: .maxDiffPixels(maxDiffPixels),
                   masks: MaskRegion.pixels(fromPoints: mask, scale: scale, frameWidth: image.width, frameHeight: image.height))
}

/// `__Snapshots__/<file name without .swift>` beside the test file.
func snapshotDirectory(for filePath: String) -> String {
    let url = URL(fileURLWithPath: filePath)
    return url.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(url.deletingPathExtension().lastPathComponent).path
}

/// Where failing frames, diffs and the report go: `STRATA_ARTIFACTS` (as `strata check
/// --artifacts`: `<dir>/<subject>/<frame>-{expected,actual,diff}.png`), else a folder
/// under the temporary directory.
func artifactLayout(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ArtifactLayout {
    ArtifactLayout.from(option: nil, environment: environment)
        ?? ArtifactLayout(root: FileManager.default.temporaryDirectory.appendingPathComponent("strata-snapshots").path)
}

func artifactFolder(_ subject: String) -> String {
    String(subject.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
}

/// Records each failure as an issue, with its expected, actual and diff images attached
/// (`swift test --attachments-path DIR` keeps them).
private func reportFailures(_ checker: ReferenceChecker, subject: String, sourceLocation: SourceLocation) {
    for message in failureMessages(checker, subject: subject) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    for (name, png) in failureAttachments(checker) {
        Attachment.record(png, named: name, sourceLocation: sourceLocation)
    }
}

/// `<frame>-expected.png`, `-actual.png`, `-diff.png` of every failing frame, those it has.
func failureAttachments(_ checker: ReferenceChecker) -> [(name: String, png: [UInt8])] {
    checker.result.failures.flatMap { f in
        [("expected", f.expectedPNG), ("actual", f.actualPNG), ("diff", f.diffPNG)].compactMap { kind, png in
            png.map { ("\(f.name)-\(kind).png", $0) }
        }
    }
}

/// One message per failing frame; writes the frames, diffs and the report first.
func failureMessages(_ checker: ReferenceChecker, subject: String,
                     layout: ArtifactLayout = artifactLayout()) -> [String] {
    let failures = checker.result.failures
    guard !failures.isEmpty else { return [] }
    var messages: [String] = []
    let folder = artifactFolder(subject + "-" + (failures.first?.name ?? ""))
    let artifacts = (layout.root as NSString).appendingPathComponent(folder)
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
            let paths = (try? layout.write(f, trace: folder)) ?? nil
            if let actual = paths?.actual { message += "; actual: \(actual)" }
            if let diff = paths?.diff { message += "; diff: \(diff)" }
        } else {
            message = "\(subject): \(f.name) failed"
        }
        messages.append(message + "; report: \(report)")
    }
    return messages
}
