import Foundation
import StrataCompare
import StrataImage
import StrataModel
import StrataRender
import StrataReplay

/// One trace replayed and checked against its references folder: the one checker behind
/// `strata check` and `assertFrames`, so masks, comparison rules, hash checks, update
/// modes and what an update writes are the same in both.
///
/// - Masks: those given (`--mask`, `--mask-points`, an assertion's `mask:`), the trace
///   header's, and those the references keep in their manifest; an update keeps the
///   given ones in the manifest, else those it had.
/// - Rules: exact on the references' own renderer, Mesa and fonts, unless rules are given
///   (`ComparisonDefault`); `why` says why the threshold was chosen.
/// - Updates (`missing`, `changed`, `all`) are staged and committed at once under an
///   exclusive lock (`ReferenceRecording`), with the manifest, layer trees and tracks
///   (`ReferenceUpdate`, `CheckLayers`); a check reads under a shared lock.
/// - A reference with no frame in the replay fails; failing frames are explained by their
///   layer trees.
///
/// Made once per trace: `init` settles the rules and takes the locks, `run` replays.
public final class TraceReferenceCheck {
    /// What one trace is checked with, as the caller was given it.
    public struct Settings {
        public var mode: RecordMode
        /// The rules given; `masks` in the frames' pixels (`--mask`).
        public var options: CompareOptions
        /// Exact or threshold when no rule is given.
        public var comparison: ComparisonDefault
        /// Masks in the trace's view points (`--mask-points`, `mask:`).
        public var pointMasks: [Rect]
        /// Whether a reference recorded because it was missing still fails (an assertion,
        /// which must be run again); `check --update missing` counts it as added.
        public var newReferencesFail: Bool
        /// Failing frames keep their images (for a report or artifacts).
        public var keepsImages = false
        public var spool: ImageSpool?
        public var pixelLimit = PNGHeader.defaultPixelLimit
        /// Only every `every`-th frame is replayed into a comparison.
        public var every = 1
        /// `--track` keys and `--track-tolerance`.
        public var track: [String] = []
        public var trackTolerance: Double?

        public init(mode: RecordMode, options: CompareOptions, comparison: ComparisonDefault, pointMasks: [Rect] = [],
                    newReferencesFail: Bool = false) {
            self.mode = mode
            self.options = options
            self.comparison = comparison
            self.pointMasks = pointMasks
            self.newReferencesFail = newReferencesFail
        }
    }

    /// What a run found and wrote.
    public struct Outcome {
        /// Every frame's entry, then references without a frame and, for a check, tracks
        /// that left their reference; failing ones explained.
        public var entries: [ReportEntry]
        /// The checker's counts (added, updated, unchanged) and the frames it checked.
        public var result: ReferenceCheckResult
        public var replay: ReplayResult
        /// The manifest of this run (its renderer, fonts and the masks an update keeps).
        public var drawn: ReferenceManifest?
        /// The warnings to tell: the references drawn by other software than this run's.
        public var warnings: [String]
        /// The keys whose track an update wrote.
        public var tracksRecorded: [String]
        /// What an update removed, as `--update all` tells it (`ReferenceUpdate.removalNote`).
        public var removalNote: String
        /// Each track of this replay against its reference.
        public var tracks: [TrackComparison]
    }

    public let references: String
    public let settings: Settings
    public let replayer: Replayer
    /// The references' manifest before this run.
    public let recordedManifest: ReferenceManifest?
    /// This run's renderer with the references' fonts as installed here.
    public let runManifest: ReferenceManifest?
    /// The rules frames are compared by, every mask in them.
    public let options: CompareOptions
    /// Why the frames are compared at the threshold, when that was chosen by default.
    public let why: String?
    /// A check (not an update adding references) of a folder that does not exist: every
    /// frame fails as having no reference, and nothing is written.
    public let noFolder: Bool
    /// The update under way; nil for a check.
    public let recording: ReferenceRecording?
    /// The frames replayed so far (`frame-NNNNN.png`).
    public private(set) var produced = Set<String>()

    private let readLock: DirectoryLock?
    /// The masks an update keeps in the manifest.
    private let keptMasks: [MaskRegion]

    /// `traceName` names the trace in messages (its path).
    public init(replayer: Replayer, references: String, renderer: Renderer, settings s: Settings, traceName: String) throws {
        self.replayer = replayer
        self.references = references
        settings = s
        let pixels = { (points: [Rect]) in MaskRegion.pixels(fromPoints: points, scale: replayer.scale,
                                                            frameWidth: replayer.pixelWidth, frameHeight: replayer.pixelHeight) }
        let givenMasks = s.options.masks + pixels(s.pointMasks)
        let recorded = try ReferenceManifest.read(directory: references)
        recordedManifest = recorded
        keptMasks = givenMasks.isEmpty ? recorded?.masks ?? [] : givenMasks
        var isDirectory: ObjCBool = false
        noFolder = (s.mode == .none || s.mode == .changed)
            && !(FileManager.default.fileExists(atPath: references, isDirectory: &isDirectory) && isDirectory.boolValue)
        let run = try recorded.map { try ReferenceManifest.installed(for: renderer, fontsOf: $0) }
        runManifest = run
        var (options, why) = s.mode == .all || noFolder ? (s.options, nil)
            : s.comparison.rules(s.options, recorded: recorded) { _ in run! }
        options.masks = givenMasks + pixels(replayer.trace.header.masks) + (recorded?.masks ?? [])
        do { try MaskRegion.validate(options.masks, width: replayer.pixelWidth, height: replayer.pixelHeight) } catch let e as Diagnostic {
            throw Diagnostic(file: traceName, message: e.message, hint: e.hint)
        }
        self.options = options
        self.why = why
        // Every update mode stages its references and commits them all at once, under an
        // exclusive lock; a check only reads, under a shared one, after finishing any
        // update a killed strata had begun to commit.
        recording = s.mode != .none && !noFolder ? try ReferenceRecording(directory: references) : nil
        if recording == nil { ReferenceRecording.finishInterruptedCommit(in: references) }
        readLock = recording == nil && FileManager.default.fileExists(atPath: references) ? try DirectoryLock(references, shared: true) : nil
    }

    /// Whether the update was committed or abandoned; one left neither (an error between
    /// `init` and the end of `run`) is abandoned when the check goes.
    private var settled = false

    deinit {
        if !settled { recording?.abandon() }
        readLock?.release()
    }

    /// Replays the trace and checks each frame; an update commits its references after the
    /// last. Frame k is hashed or compared, and explained if it fails, on a queue of its own
    /// while frame k+1 renders (issue 29, section 4): `frame` sees each frame there, in
    /// order, before it is checked (with its file name); `checked` is called on the caller's
    /// thread once a frame is handed to the queue. An error during the frames leaves the
    /// references as they were.
    public func run(renderer: Renderer, frame eachFrame: @escaping (ReplayFrame, String) throws -> Void = { _, _ in },
                    checked: () -> Void = {}) throws -> Outcome {
        let s = settings
        let checker = ReferenceChecker(directory: references, options: options, mode: s.mode, newReferencesFail: s.newReferencesFail)
        if let recording { checker.writeDirectory = recording.staging }
        // Updates store each distinct image once (`--update all` converts a folder of the
        // older layout); frames drawn where the references were pass on their hash.
        checker.writesByHash = recording != nil
            && (s.mode == .all || recordedManifest?.frames != nil || FrameDirectory.frames(in: references).isEmpty)
        checker.trustsHashes = s.mode != .all && runManifest.map { recordedManifest?.reasonNotExact(against: $0) == nil } == true
        checker.useManifest(recordedManifest)
        checker.keepsImages = s.keepsImages
        checker.spool = s.spool
        checker.pixelLimit = s.pixelLimit
        let replay: ReplayResult
        var manifest: ReferenceManifest?
        // The layer trees and motion tracks beside the pixels (issue 27).
        var layers = try CheckLayers(references: references, replay: replayer, records: recording != nil,
                                     inspects: s.keepsImages, track: s.track, tolerance: s.trackTolerance)
        renderer.forgetFontFilesDrawn()
        // What needs the presentation tree, which the next frame rewrites in place (the trees
        // an update records, --track values), is taken here first; the checker, and the
        // failures' explanations (`FailingFrames`), are used on the queue only.
        let checking = FrameWriter(depth: 2)
        let failures = layers.failures
        do {
            replay = try replayer.framesWithTrees(renderer: renderer, every: s.every) { frame, presentation in
                let file = Replayer.frameFileName(frame.index), name = String(file.dropLast(4))
                produced.insert(file)
                try layers.frame(name, index: frame.index, presentation: presentation)
                try checking.submit {
                    try eachFrame(frame, file)
                    try checker.check(frame.image, named: name)
                    if let differences = checker.lastDifferences { try failures.failed(name, index: frame.index, differences: differences) }
                }
                checked()
            }
            try checking.finish()
            // After the frames, naming the fonts this trace's frames drew with.
            manifest = try ReferenceManifest.drawn(by: renderer)
            manifest?.masks = keptMasks.isEmpty ? nil : keptMasks
        } catch {
            // Nothing is left running on the checker when the error goes up.
            checking.drain()
            guard let recording else { throw error }
            recording.abandon()
            settled = true
            let unchanged = "the references in \(references) were not changed"
            if var interrupted = error as? Interrupted {
                interrupted.done = "recorded nothing, \(unchanged)"
                throw interrupted
            }
            throw RenderError.io("\(error); \(unchanged)")
        }
        var entries = checker.result.entries
        var tracksRecorded: [String] = [], removalNote = ""
        if let recording {
            tracksRecorded = try layers.write(into: recording.staging, mode: s.mode, checked: checker.result, given: s.track)
            let update = try ReferenceUpdate(checker: checker, mode: s.mode, recorded: recordedManifest, drawn: manifest, produced: produced)
            try update.stage(into: recording.staging)
            // From here the commit owns the staging (its journal finishes a broken one).
            settled = true
            removalNote = update.removalNote(try recording.commit(keeping: update.keeping))
        }
        if s.mode != .all {
            // A reference past the frames the replay stepped through has no frame; those
            // --every skips, or past where --frames stopped it, are not compared.
            let stepped = { (name: String) in FrameFileName.index(of: name + ".png").map { $0 < replay.frameCount || replay.ending == .frameLimit } ?? false }
            let producedNames = Set(produced.map { String($0.dropLast(4)) })
            for extra in try checker.referenceNames().subtracting(producedNames).sorted() where !stepped(extra) {
                var entry = ReportEntry(name: extra, result: nil,
                                        problem: "reference \(extra) has no frame in the replay (it ran \(replay.frameCount) \(replay.frameCount == 1 ? "frame" : "frames"))")
                entry.missing = "actual"
                entries.append(entry)
            }
        }
        // A check changed nothing: the manifest read before the frames is the folder's.
        var warnings: [String] = []
        if s.mode != .all, let manifest, let recorded = try s.mode == .none ? recordedManifest : ReferenceManifest.read(directory: references),
           let warning = recorded.warning(against: manifest, directory: references) {
            warnings.append(warning)
        }
        let software = manifest.flatMap { m in recordedManifest.map { $0.differences(from: m) } } ?? []
        layers.explain(&entries, software: software)
        if s.mode == .none { entries += layers.trackFailures() }
        return Outcome(entries: entries, result: checker.result, replay: replay, drawn: manifest, warnings: warnings,
                       tracksRecorded: tracksRecorded, removalNote: removalNote, tracks: s.mode == .none ? layers.comparisons : [])
    }
}
