import Foundation
import StrataModel

/// The layer trees of one check: it keeps this run's (for recording, `ReferenceTrees`) and
/// explains failing frames against the references' recorded ones. Shared by `strata check`
/// and `assertFrames`.
public final class FrameExplainer {
    public let directory: String
    public let scale: Double
    /// Whether this run's trees are kept to be written (an update mode).
    public let records: Bool
    /// Whether explanations come with an inspection (for a report).
    public var inspects = true
    private var previous: LayerTreeSnapshot?
    private var frames: [ReferenceTrees.Frame] = []
    private var recorded: RecordedTrees?
    private var loaded = false
    private var unreadable: String?
    private let fileName: String

    /// - Parameter fileName: `layers.json` for a trace's references, `<name>.layers.json` for a snapshot.
    public init(directory: String, scale: Double, records: Bool, fileName: String = ReferenceTrees.fileName) {
        self.directory = directory; self.scale = scale; self.records = records; self.fileName = fileName
    }

    /// After frame `name` (drawn from `presentation`) was checked: keeps its tree when
    /// recording, and explains it when it failed with `differences`.
    public func frame(_ name: String, presentation: StrataModel.Layer, differences: DifferenceMap?) throws -> (FrameExplanation, FrameInspection?)? {
        guard records || differences != nil else { return nil }
        let tree = LayerTreeSnapshot(presentation)
        keep(name, tree)
        guard let differences else { return nil }
        return explain(name, tree, presentation: presentation, differences: differences)
    }

    /// The first half of `frame`, where frames are checked on another thread: keeps frame
    /// `name`'s tree when recording. Call it while `presentation` is that frame's.
    public func keep(_ name: String, presentation: StrataModel.Layer) {
        if records { keep(name, LayerTreeSnapshot(presentation)) }
    }

    /// The second half: explains frame `name`, drawn from `presentation`, which failed
    /// with `differences`. Uses none of what `keep` does, so the two may run on two threads.
    public func explain(_ name: String, presentation: StrataModel.Layer, differences: DifferenceMap) -> (FrameExplanation, FrameInspection?) {
        explain(name, LayerTreeSnapshot(presentation), presentation: presentation, differences: differences)
    }

    private func keep(_ name: String, _ tree: LayerTreeSnapshot) {
        guard records else { return }
        frames.append(ReferenceTrees.Frame(name: name, delta: LayerTreeDelta.delta(from: previous, to: tree)))
        previous = tree
    }

    private func explain(_ name: String, _ tree: LayerTreeSnapshot, presentation: StrataModel.Layer,
                         differences: DifferenceMap) -> (FrameExplanation, FrameInspection?) {
        if !loaded {
            loaded = true
            do {
                recorded = try ReferenceTrees.read((directory as NSString).appendingPathComponent(fileName)).map { RecordedTrees(scale: $0.scale, frames: $0.frames) }
            } catch {
                unreadable = "\(error)"
            }
        }
        if let unreadable { return (.unreadable(unreadable), nil) }
        guard let trees = recorded, let before = trees.tree(named: name) else { return (.notRecorded, nil) }
        return FrameExplainer.explain(before, tree, live: presentation, scale: scale, recordedScale: trees.scale,
                                      differences: differences, inspects: inspects)
    }

    static func explain(_ before: LayerTreeSnapshot, _ tree: LayerTreeSnapshot, live: StrataModel.Layer, scale: Double, recordedScale: Double,
                        differences: DifferenceMap, inspects: Bool) -> (FrameExplanation, FrameInspection?) {
        let nowLayers = tree.flattened, thenLayers = before.flattened
        let nowRects = LayerPixelBounds.rects(of: live, scale: scale)
        let thenRects = LayerPixelBounds.rects(of: before, scale: recordedScale)
        let under = covered(nowLayers, nowRects, tree, differences).union(covered(thenLayers, thenRects, before, differences))
        let all = LayerTreeComparison.changes(from: before, to: tree)
        let mine = all.filter { under.contains($0.layer) }
        let explanation: FrameExplanation = all.isEmpty ? .noPropertyChanged
            : mine.isEmpty ? .changes(all, underPixels: false) : .changes(mine, underPixels: true)
        guard inspects else { return (explanation, nil) }
        var depths: [Int] = []
        func depth(_ t: LayerTreeSnapshot, _ d: Int) { depths.append(d); for s in t.sublayers { depth(s, d + 1) } }
        depth(tree, 0)
        let byLayer = Dictionary(grouping: all.filter { !$0.key.isEmpty && $0.old != nil && $0.new != nil }, by: \.layer)
        var then: [String: Rect] = [:]
        for (i, l) in thenLayers.enumerated() where then[l.id] == nil && i < thenRects.count { then[l.id] = thenRects[i] }
        func pixels(_ r: Rect?) -> [Double]? { r.map { [$0.minX, $0.minY, $0.width, $0.height].map { ($0 * 100).rounded() / 100 } } }
        let layers = nowLayers.indices.prefix(FrameInspection.layerLimit).map { i -> FrameInspection.Layer in
            let l = nowLayers[i]
            return FrameInspection.Layer(depth: depths[i], id: l.id, className: l.className, rect: pixels(i < nowRects.count ? nowRects[i] : nil),
                                         properties: l.orderedProperties.map { [$0.key, $0.value.text] },
                                         changes: (byLayer[l.id] ?? []).map { [$0.key, $0.old ?? "", $0.new ?? ""] },
                                         underDifferences: under.contains(l.id), recordedRect: pixels(then[l.id]))
        }
        return (explanation, FrameInspection(layers: layers))
    }

    /// Ids of the layers drawn over a differing pixel, and of their superlayers.
    private static func covered(_ layers: [LayerTreeSnapshot], _ rects: [Rect?], _ root: LayerTreeSnapshot, _ d: DifferenceMap) -> Set<String> {
        var ids = Set<String>()
        func walk(_ t: LayerTreeSnapshot, _ index: inout Int) -> Bool {
            let mine = index < rects.count && d.intersects(rects[index])
            index += 1
            var any = mine
            for s in t.sublayers where walk(s, &index) { any = true }
            if any { ids.insert(t.id) }
            return any
        }
        var i = 0
        _ = walk(root, &i)
        return ids
    }

    /// Whether an update in `mode` records this run's trees: `all` always; `changed` when it
    /// rewrote frames or none are recorded; `missing` when it added frames and none failed (a
    /// failing frame's tree is not its reference's; a plain test run, whose mode is
    /// `missing`, leaves an older folder without trees as it is).
    public func shouldWrite(mode: RecordMode, checked result: ReferenceCheckResult) -> Bool {
        let framesChanged = result.changed
        // A frame compared and failing (a reference recorded just now fails too, but its tree is this run's).
        let anyFailed = result.entries.contains { $0.result.map { !$0.passed } ?? false }
        let recorded = FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(fileName))
        switch mode {
        case .none: return false
        case .all: return true
        case .changed: return framesChanged > 0 || !recorded
        case .missing: return !anyFailed && framesChanged > 0
        }
    }

    /// Writes this run's trees into `directory` (a staging folder, or the references for
    /// an assertion) unless the references hold the same bytes; returns whether it wrote.
    @discardableResult
    public func write(into directory: String) throws -> Bool {
        guard records, !frames.isEmpty else { return false }
        return try ReferenceTrees.write(try ReferenceTrees.bytes(scale: scale, frames: frames), to: directory, name: fileName,
                                        existing: (self.directory as NSString).appendingPathComponent(fileName))
    }
}
