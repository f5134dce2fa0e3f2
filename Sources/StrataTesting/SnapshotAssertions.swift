import Foundation
import StrataCheck
import StrataDriver
import StrataCompare
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay

/// Snapshot assertions for Swift Testing and XCTest (a failure fails the test in whichever
/// runs it), in the spirit of swift-snapshot-testing:
/// - a missing reference is recorded and the test fails saying so (re-run to check it);
/// - `record:`, else `STRATA_RECORD`, chooses what is rewritten: `all` (or `1`) every reference,
///   `changed` only failing ones, `missing` (the default) only absent ones, `none` nothing;
///   a run recording `changed` or `all` fails saying what it wrote (swift-snapshot-testing's
///   record mode), so it cannot pass unnoticed;
/// - `mask:` rectangles (view points) are never compared, nor are a trace header's `masks`;
/// - with no `threshold:`, `maxDiffPixels:` or `exact:`, frames are compared exactly when
///   the references' `strata-references.json` names this renderer, Mesa and fonts, else at
///   the threshold 0.1 (`ComparisonDefault`, `STRATA_COMPARE`), the reason in a failure;
/// - a mismatch fails naming the frame, the numbers, and where the actual frame, the
///   diff image and an HTML report were written.

/// The record mode of this test run: `STRATA_RECORD`, read here and nowhere else.
public func snapshotRecordMode() throws -> RecordMode {
    try RecordMode.fromEnvironment(default: .missing)
}

/// Renders `layer` at `size` points and compares it with `<directory>/<name>.png`. The
/// default directory is `__Snapshots__/<test file name>/` beside the test file.
public func assertSnapshot(of layer: Layer, size: Size, scale: Double = 1, named name: String,
                           in directory: String? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil, exact: Bool? = nil,
                           mask: [Rect] = [], record: RecordMode? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) {
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        let image = try renderer.render(layer: layer, pixelWidth: Int((size.width * scale).rounded()),
                                        pixelHeight: Int((size.height * scale).rounded()), scale: scale)
        try checkImage(image, named: name, in: directory ?? snapshotDirectory(for: "\(filePath)"),
                       rules: SnapshotRules(threshold: threshold, maxDiffPixels: maxDiffPixels, exact: exact, mask: mask, scale: scale),
                       record: record, renderer: renderer, subject: "snapshot", site: site, tree: layer)
    } catch {
        site.fail("snapshot \(name): \(error)")
    }
}

/// Replays the trace at `tracePath` and compares every frame with
/// `<directory>/frame-NNNNN.png`, recording missing references. The trace's scene is
/// looked up in `scenes` (your own descriptors; the seeds' are `SceneRegistry.scenes` in
/// StrataScenes, which this library does not link; a trace recorded from a scene file needs
/// the file's, `try SceneFile.load(path:).descriptor` from StrataSceneFile, where `strata
/// check` loads the file the trace's header names). `exact` compares the decoded bytes
/// (as `strata check --exact`). The check is `strata check`'s (`TraceReferenceCheck`): the
/// masks kept in the references' `strata-references.json` apply, and recording stages the
/// references and the manifest (the renderer and fonts the frames were drawn with, the
/// masks kept) as `strata check --update` does. `every` K > 1 compares only every K-th
/// frame (0, K, 2K, ...), as `strata check --every K`: a long trace checked in part; the
/// references between are kept, and recording `all` is refused (it writes the whole set).
public func assertFrames(of tracePath: String, matchReferencesIn directory: String, scenes: [SceneDescriptor], every: Int = 1,
                         threshold: Double? = nil, maxDiffPixels: Int? = nil, exact: Bool? = nil, mask: [Rect] = [], record: RecordMode? = nil,
                         fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let (trace, warnings) = try Trace.read(path: tracePath)
        let catalog = SceneCatalog(scenes)
        if catalog.descriptor(named: trace.header.scene) == nil, case .string(let file)? = trace.header.otherKeys["sceneFile"] {
            // `strata check` loads the file the header names; an assertion replays in the scenes passed.
            throw UsageError("\(tracePath) was recorded from the scene file \(file) (beside it), which is not among the scenes passed: "
                             + "pass its descriptor, e.g. scenes: [try SceneFile.load(path: ...).descriptor] (import StrataSceneFile)")
        }
        let replayer = try Replayer(trace: trace, name: tracePath, scenes: catalog)
        for w in warnings { site.fail(w) }
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        let rules = SnapshotRules(threshold: threshold, maxDiffPixels: maxDiffPixels, exact: exact, mask: mask, scale: replayer.scale)
        let mode = try record ?? snapshotRecordMode()
        guard every >= 1 else { throw UsageError("every must be at least 1, got \(every)") }
        if mode == .all && every > 1 {
            throw UsageError("every: \(every) checks part of a replay; recording all writes the whole set (record changed or missing)")
        }
        // The checker of `strata check`: the manifest's masks, its rules, hash checks, staged updates.
        var settings = TraceReferenceCheck.Settings(mode: mode, options: rules.given, comparison: try rules.comparison,
                                                    pointMasks: mask, newReferencesFail: true)
        settings.keepsImages = true
        settings.every = every
        let check = try TraceReferenceCheck(replayer: replayer, references: directory, renderer: renderer, settings: settings,
                                            traceName: tracePath)
        let outcome = try check.run(renderer: renderer)
        reportFailures(CheckedFrames(entries: outcome.entries, mode: mode, directory: directory,
                                     updateSummary: outcome.result.updateSummary),
                       subject: "trace \(tracePath)", why: check.why, site: site,
                       artifactsName: ((tracePath as NSString).lastPathComponent as NSString).deletingPathExtension)
    } catch {
        site.fail("\(error)")
    }
}

/// Makes `scene` with `options`, plays its render script (`script`, as `strata render`'s
/// script options), and compares the frame at `time` with `<directory>/<name>.png`
/// (default `__Snapshots__/<test file name>/`). The frame is the one `strata render` and
/// a replay give at that time. Size and scale default to the scene's.
public func assertScene(_ scene: SceneDescriptor, at time: Double? = nil, options: [String: TraceValue] = [:],
                        script: [String: TraceValue] = [:], size: Size? = nil, scale: Double? = nil, named name: String,
                        in directory: String? = nil, threshold: Double? = nil, maxDiffPixels: Int? = nil, exact: Bool? = nil,
                        mask: [Rect] = [], record: RecordMode? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
                        line: UInt = #line, column: UInt = #column) {
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let view = size ?? scene.defaultViewSize, pixelScale = scale ?? scene.defaultScale
        let made = try scene.makeScene(options: options, viewSize: view, scale: pixelScale)
        let header = TraceHeader(scene: scene.name, width: view.width, height: view.height, scale: pixelScale, fps: 60,
                                 options: try scene.sceneOptions(options).resolved)
        let trace = Trace(header: header, events: try scene.scriptEvents(script, for: made))
        let replayer = try Replayer(trace: trace, name: "scene \(scene.name)", scenes: SceneCatalog([scene]))
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        let frame = try replayer.frame(at: time ?? scene.defaultTime, renderer: renderer)
        try checkImage(frame.image, named: name, in: directory ?? snapshotDirectory(for: "\(filePath)"),
                       rules: SnapshotRules(threshold: threshold, maxDiffPixels: maxDiffPixels, exact: exact, mask: mask, scale: pixelScale),
                       record: record, renderer: renderer, subject: "scene \(scene.name)", site: site,
                       tree: replayer.scene.presentationLayer)
    } catch {
        site.fail("scene \(scene.name) \(name): \(error)")
    }
}

/// One image against `<directory>/<name>.png`; a recording also brings the directory's
/// manifest up to date (`SnapshotRules.recordManifest`), so the next run compares exactly,
/// and records the tree the image was drawn from as `<name>.layers.json`, which explains a
/// later failure.
private func checkImage(_ image: Image, named name: String, in directory: String, rules: SnapshotRules, record: RecordMode?,
                        renderer: Renderer, subject: String, site: AssertionSite, tree: Layer) throws {
    let (options, why) = try rules.options(directory: directory, renderer: renderer, width: image.width, height: image.height)
    let mode = try record ?? snapshotRecordMode()
    let checker = ReferenceChecker(directory: directory, options: options, mode: mode)
    let recordedManifest = try ReferenceManifest.read(directory: directory)
    try checker.check(image, named: name)
    let treeFile = name + "." + ReferenceTrees.fileName
    let explainer = FrameExplainer(directory: directory, scale: rules.scale, records: TreeRecording.records(mode, in: directory, file: treeFile),
                                   fileName: treeFile)
    let explained = try explainer.frame(name, presentation: tree, differences: checker.lastDifferences)
    if !checker.result.recorded.isEmpty { try SnapshotRules.recordManifest(in: directory, drawnBy: renderer, frames: checker.frameImages) }
    if explainer.shouldWrite(mode: mode, checked: checker.result) {
        try explainer.write(into: directory)
    }
    let software = try recordedManifest.map { $0.differences(from: try ReferenceManifest.drawn(by: renderer)) } ?? []
    var checked = CheckedFrames(checker)
    if let (explanation, _) = explained, let i = checked.entries.firstIndex(where: { $0.name == name && !$0.passed }) {
        checked.entries[i].explanation = explanation.text(software: software)
    }
    reportFailures(checked, subject: subject, why: why, site: site)
}

/// When an assertion keeps this run's trees to record: an update that rewrites (`all`,
/// `changed`), or `missing` where no tree is recorded yet. Plain runs snapshot only failures.
enum TreeRecording {
    static func records(_ mode: RecordMode, in directory: String, file: String = ReferenceTrees.fileName) -> Bool {
        mode == .all || mode == .changed
            || mode == .missing && !FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(file))
    }
}

/// `__Snapshots__/<file name without .swift>` beside the test file.
func snapshotDirectory(for filePath: String) -> String {
    let url = URL(fileURLWithPath: filePath)
    return url.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(url.deletingPathExtension().lastPathComponent).path
}
