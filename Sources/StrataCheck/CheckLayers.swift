import Foundation
import StrataCompare
import StrataImage
import StrataModel
import StrataReplay

/// What one trace's check adds to its pixels (issue 27): the layer trees recorded with
/// the references, failing frames explained by them (`FrameExplainer`), and the motion
/// tracks `--track` records and checks. `TraceReferenceCheck` calls it at three points:
/// each frame, the update's staging, and the entries.
struct CheckLayers {
    let references: String
    let explainer: FrameExplainer
    /// Failing frames explained on the check's queue (`FailingFrames`).
    let failures: FailingFrames
    /// Keys given with --track, and those recorded (a check goes on checking them).
    let trackWords: [String]
    let recordedTracks: MotionTracks?
    let tolerance: Double
    let fps: Double
    private var keys: [TrackKey] = []
    private var values: [[Double]] = []

    /// - Parameter replay: the replay checked, whose failing frames' trees `failures` steps to.
    init(references: String, replay: Replayer, records: Bool, inspects: Bool, track: [String], tolerance: Double?) throws {
        self.references = references
        explainer = FrameExplainer(directory: references, scale: replay.scale, records: records)
        explainer.inspects = inspects
        failures = FailingFrames(explainer: explainer, stepper: ReplayStepper(following: replay))
        recordedTracks = try MotionTracks.read(directory: references)
        let recordedKeys = recordedTracks.map { $0.tracks.keys.sorted() } ?? []
        trackWords = track + recordedKeys.filter { !track.contains($0) }
        self.tolerance = tolerance ?? recordedTracks?.tolerance ?? MotionTracks.defaultTolerance
        fps = replay.fps
    }

    /// Frame `index`, while `presentation` is its tree (before the next frame is stepped):
    /// its tree kept when recording, its tracks' values.
    mutating func frame(_ name: String, index: Int, presentation: Layer) throws {
        explainer.keep(name, presentation: presentation)
        guard !trackWords.isEmpty else { return }
        if keys.isEmpty {
            keys = try trackWords.map { word in
                do { return try TrackKey.resolve(word, in: presentation) } catch let p as Diagnostic {
                    throw p.prefixed("--track \(word): ")
                }
            }
            values = Array(repeating: [], count: keys.count)
        }
        for (k, key) in keys.enumerated() {
            guard let v = key.value(in: presentation) else { throw UsageError("--track \(key.text): the layer \(key.layer) is gone from the tree at \(name)") }
            values[k].append(v)
        }
    }

    /// The tracks of this replay against the recorded ones.
    var comparisons: [TrackComparison] {
        keys.indices.map { k in
            TrackComparison(key: keys[k].text, unit: keys[k].unit, fps: fps,
                            reference: recordedTracks?.tracks[keys[k].text] ?? [], actual: values[k], tolerance: tolerance)
        }
    }

    /// Into an update's staging: the trees (see `FrameExplainer.shouldWrite`) and the tracks:
    /// `all` writes this run's (the keys given, else those recorded); `changed` rewrites the
    /// failing ones and `missing` adds the unrecorded ones, the others keeping their values.
    /// Returns the keys whose track it wrote.
    @discardableResult
    func write(into staging: String, mode: RecordMode, checked: ReferenceCheckResult, given: [String]) throws -> [String] {
        if explainer.shouldWrite(mode: mode, checked: checked) { try explainer.write(into: staging) }
        guard !keys.isEmpty else { return [] }
        let kept = mode == .all && !given.isEmpty ? Set(given) : Set(keys.map(\.text))
        var tracks = (recordedTracks?.tracks ?? [:]).filter { kept.contains($0.key) }
        var written: [String] = []
        for (k, c) in comparisons.enumerated() where kept.contains(c.key) {
            let rewrite = mode == .all || (mode == .changed && !c.passed) || (mode != .none && c.reference.isEmpty)
            if rewrite { tracks[c.key] = values[k]; written.append(c.key) }
        }
        guard !written.isEmpty else { return [] }
        try MotionTracks(fps: fps, tolerance: tolerance, tracks: tracks).write(into: staging, references: references)
        return written
    }

    /// Each failing frame's explanation and inspection; `software`: what differs between the
    /// references' manifest and this run.
    func explain(_ entries: inout [ReportEntry], software: [String]) {
        for i in entries.indices where !entries[i].passed {
            entries[i].explanation = failures.explanations[entries[i].name]?.text(software: software)
            entries[i].inspection = failures.inspections[entries[i].name]
        }
    }

    /// A failing entry per track that left its reference (or has none), for a check.
    func trackFailures() -> [ReportEntry] {
        comparisons.filter { !$0.passed }.map { c in
            var e = ReportEntry(name: "track \(c.key)", result: nil,
                                problem: c.reference.isEmpty ? "\(c.key): no track recorded in \((references as NSString).appendingPathComponent(MotionTracks.fileName)); record it with --update missing" : c.message)
            e.missing = c.reference.isEmpty ? "expected" : nil
            return e
        }
    }
}
