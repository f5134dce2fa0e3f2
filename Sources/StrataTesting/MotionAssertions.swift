import Foundation
import StrataCompare
import StrataDriver
import StrataModel
import StrataReplay

/// Checks how things move rather than how they look: replays the trace at `tracePath`
/// (no GL: nothing is drawn) and compares each key's value at every frame (`card.position.y`,
/// `knob.transform.rotation.z` in degrees, `badge.opacity`) with the track recorded in
/// `<directory>/tracks.json`, the file `strata check --track` keeps (default directory:
/// `<trace's folder>/references/<trace name>/`, check's). A key fails when it leaves its
/// reference by more than `tolerance`, in its own unit (default: the recorded tolerance,
/// else 0.5), saying when: "knob.position.x settles at 1.08 s, reference 0.98 s; largest
/// gap 6.2 pt at 0.52 s". A track not recorded is recorded and fails saying so (as a
/// missing reference image does); `record:` / `STRATA_RECORD` rewrite as for frames.
public func assertMotion(of tracePath: String, keyPaths: [String], scenes: [SceneDescriptor], matchReferencesIn directory: String? = nil,
                         tolerance: Double? = nil, record: RecordMode? = nil,
                         fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let name = ((tracePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let references = directory ?? (((tracePath as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("references") as NSString).appendingPathComponent(name)
        let (replayer, warnings) = try Replayer.load(path: tracePath, scenes: SceneCatalog(scenes))
        for w in warnings { site.fail(w) }
        var keys: [TrackKey] = []
        var values: [[Double]] = []
        try replayer.simulate { step in
            let root = step.scene.presentationLayer
            if keys.isEmpty {
                keys = try keyPaths.map { word in
                    do { return try TrackKey.resolve(word, in: root) } catch let p as Diagnostic { throw p.prefixed("\(word): ") }
                }
                values = Array(repeating: [], count: keys.count)
            }
            for (k, key) in keys.enumerated() {
                guard let v = key.value(in: root) else { throw Diagnostic("\(key.text): the layer \(key.layer) is gone from the tree at frame \(step.index)") }
                values[k].append(v)
            }
        }
        let mode = try record ?? snapshotRecordMode()
        let recorded = try MotionTracks.read(directory: references)
        let limit = tolerance ?? recorded?.tolerance ?? MotionTracks.defaultTolerance
        let comparisons = keys.indices.map { k in
            TrackComparison(key: keys[k].text, unit: keys[k].unit, fps: replayer.fps,
                            reference: recorded?.tracks[keys[k].text] ?? [], actual: values[k], tolerance: limit)
        }
        let rewrite = comparisons.filter { c in
            c.reference.isEmpty ? mode != .none : mode == .all || (mode == .changed && !c.passed)
        }
        let subject = "motion of \(tracePath)"
        if !rewrite.isEmpty {
            var file = recorded ?? MotionTracks(fps: replayer.fps, tolerance: limit, tracks: [:])
            for c in rewrite { file.tracks[c.key] = c.actual }
            try FileManager.default.createDirectory(atPath: references, withIntermediateDirectories: true)
            try file.write(into: references, references: references)
            site.fail("\(subject): recorded \(rewrite.map(\.key).joined(separator: ", ")) into \((references as NSString).appendingPathComponent(MotionTracks.fileName)); run again to check against them")
        }
        let written = Set(rewrite.map(\.key))
        let failing = comparisons.filter { !$0.passed && !written.contains($0.key) }
        if !failing.isEmpty {
            site.fail("\(subject): " + failing.map { $0.reference.isEmpty ? "\($0.key): no track recorded in \(references)" : $0.message }.joined(separator: "; "))
        }
    } catch {
        site.fail("motion of \(tracePath): \(error)")
    }
}

