import Foundation
import StrataImage
import StrataModel

/// What checking frames against a folder of reference PNGs found. Shared by the
/// snapshot assertions and `strata check`: the logic lives here, free of any test framework.
public struct ReferenceCheckResult: Sendable {
    public var entries: [ReportEntry] = []
    /// Paths of the references written, in order (added and updated).
    public var recorded: [String] = []
    /// References written where there was none.
    public var added = 0
    /// Existing references rewritten because their frame changed.
    public var updated = 0
    /// Existing references left as they were: bytes and modification time untouched.
    public var unchanged = 0
    /// References whose content is new: added plus updated.
    public var changed: Int { added + updated }
    public var passed: Bool { entries.allSatisfy(\.passed) }
    public var failures: [ReportEntry] { entries.filter { !$0.passed } }

    /// `3 references updated, 190 unchanged, 0 added`: what an update wrote.
    public var updateSummary: String {
        "\(updated) \(updated == 1 ? "reference" : "references") updated, \(unchanged) unchanged, \(added) added"
    }
}

/// Compares frames, one at a time as they are produced, with their references in
/// `directory`: the image `strata-references.json`'s `frames` maps the frame to
/// (`<sha256>.png`, stored once for every frame that shows it), else `<name>.png` (a
/// folder of the older layout). Used by `strata check`, StrataTesting's assertions and
/// the project's own render tests: the one golden-image rule. The record mode says which
/// references are written: with `.all` every frame whose pixels differ from its
/// reference's (an identical one is left alone, so re-recording touches nothing that did
/// not change); with `.missing` a missing one; with `.changed` only one that fails the
/// comparison. A reference written because it was missing fails when `newReferencesFail`
/// (the snapshot assertions' rule: re-run to compare against it), else it counts as
/// passing, as everything written on purpose does. Writes are atomic. With `writesByHash`
/// a written reference is an image named by its hash and the frame's entry in
/// `frameImages` (which the caller writes into the manifest); without it, `<name>.png`.
public final class ReferenceChecker {
    public let directory: String
    public let options: CompareOptions
    public let mode: RecordMode
    public let newReferencesFail: Bool
    /// Where references are written: `directory` itself, or the staging directory of a
    /// `ReferenceRecording`, whose commit puts them in place all at once.
    public var writeDirectory: String
    /// Whether failing entries keep their expected, actual and diff PNGs (for a report or
    /// artifacts). Without them a long failing check holds only numbers per frame.
    public var keepsImages = true
    /// Where kept images go as frames fail, instead of memory (`ImageSpool`).
    public var spool: ImageSpool?
    /// References with more pixels are refused before they are decoded.
    public var pixelLimit = PNGHeader.defaultPixelLimit
    /// Written references are images stored once by hash (`strata check --update`);
    /// otherwise `<name>.png`, the older layout (the snapshot assertions).
    public var writesByHash = false
    /// The references were drawn by this run's renderer, Mesa and fonts: a frame whose
    /// pixels hash to its reference's passes without the reference being decoded.
    public var trustsHashes = false
    public private(set) var result = ReferenceCheckResult()
    /// Where the frame just checked differs from its reference, when it failed a
    /// comparison of frames of one size (for its explanation); nil otherwise.
    public private(set) var lastDifferences: DifferenceMap?

    /// The manifest's map as read (nil before the first frame), and as this run leaves it.
    private var recordedFrames: [String: String]?
    private var frames: [String: String] = [:]
    /// Images this run wrote (into `writeDirectory`).
    private var imagesWritten: Set<String> = []
    private let digests = PixelDigestMemo()
    /// How many frames passed on their hash alone, without decoding their reference.
    public private(set) var passedByHash = 0

    public init(directory: String, options: CompareOptions = CompareOptions(), mode: RecordMode = .none,
                newReferencesFail: Bool = true) {
        self.directory = directory; self.options = options; self.mode = mode
        self.newReferencesFail = newReferencesFail
        writeDirectory = directory
    }

    /// Each frame's reference image as this run leaves them, for the manifest's `frames`;
    /// nil when no frame is stored by hash (a folder of the older layout).
    public var frameImages: [String: String]? {
        try? loadManifest()
        return frames.isEmpty ? nil : frames
    }

    /// Whether this run changed the map `frameImages` gives (the manifest needs writing).
    public var frameImagesChanged: Bool {
        (try? loadManifest()) != nil && (recordedFrames ?? [:]) != frames
    }

    /// The names of frames these references hold: those the manifest maps, and the
    /// `frame-NNNNN.png` files it does not (without `.png`).
    public func referenceNames() throws -> Set<String> {
        try loadManifest()
        let files = FrameDirectory.frames(in: directory).map { String($0.dropLast(4)) }
        return Set(frames.keys).union(files)
    }

    /// The reference files in use once this run's writes are in place: the images the map
    /// names and the `frame-NNNNN.png` files it does not override. Everything else of
    /// strata's in the folder is stale (`ReferenceRecording.commit(keeping:)`).
    public func filesInUse() throws -> Set<String> {
        try loadManifest()
        // `--update all` by hash: the map is the whole set.
        let legacy = mode == .all && writesByHash ? []
            : FrameDirectory.frames(in: directory).filter { frames[String($0.dropLast(4))] == nil }
        return Set(frames.values.map(ReferenceImage.fileName)).union(legacy)
    }

    /// Takes the references' manifest as the caller read it (nil: the folder has none),
    /// instead of reading it again at the first frame: a map of many frames is held once.
    public func useManifest(_ manifest: ReferenceManifest?) {
        guard recordedFrames == nil else { return }
        setRecorded(manifest?.frames ?? [:])
    }

    private func loadManifest() throws {
        guard recordedFrames == nil else { return }
        setRecorded(try ReferenceManifest.read(directory: directory)?.frames ?? [:])
    }

    private func setRecorded(_ map: [String: String]) {
        recordedFrames = map
        // `--update all` maps exactly the frames of this run.
        frames = mode == .all && writesByHash ? [:] : map
    }

    /// Where `name`'s reference is: the mapped image (with its hash), else `<name>.png`.
    private func reference(named name: String) -> (path: String, sha256: String?) {
        if let hash = recordedFrames?[name] {
            return ((directory as NSString).appendingPathComponent(ReferenceImage.fileName(sha256: hash)), hash)
        }
        return ((directory as NSString).appendingPathComponent(name + ".png"), nil)
    }

    public func check(_ image: Image, named name: String) throws {
        lastDifferences = nil
        try MaskRegion.validate(options.masks, width: image.width, height: image.height)
        try loadManifest()
        let (path, recordedHash) = reference(named: name)
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists {
            guard mode == .missing || mode == .all else {
                let problem = recordedHash == nil ? "no reference frame \(path)"
                    : "no reference image \(path), which \(ReferenceManifest.fileName) names for \(name)"
                var entry = ReportEntry(name: name, result: nil, problem: problem,
                                        actualPNG: keepsImages ? try PNG.encode(image) : nil)
                entry.missing = "expected"
                result.entries.append(spool?.spilled(entry) ?? entry)
                return
            }
            try FileManager.default.createDirectory(atPath: writeDirectory, withIntermediateDirectories: true)
            let bytes = try store(image, named: name)
            result.added += 1
            var entry = ReportEntry(name: name, result: nil)
            if mode == .missing && newReferencesFail {
                entry.problem = "no reference frame: recorded \(path)"
                if keepsImages { entry.actualPNG = try bytes ?? PNG.encode(image) }
            } else {
                entry.recorded = true
            }
            result.entries.append(spool?.spilled(entry) ?? entry)
            return
        }
        if mode == .all {
            var entry = ReportEntry(name: name, result: nil)
            entry.recorded = true
            if try isUnchanged(image, path: path, recordedHash: recordedHash) {
                // Left as it is, bytes and modification time: a staged update swaps only
                // the files it wrote. By hash, the frame still maps to its image.
                if writesByHash, let recordedHash { frames[name] = recordedHash } else if writesByHash { try store(image, named: name) }
                result.unchanged += 1
            } else {
                try store(image, named: name)
                result.updated += 1
            }
            result.entries.append(spool?.spilled(entry) ?? entry)
            return
        }
        // A reference of another size fails on its header alone, without being decoded.
        let header = try PNGHeader.read(path: path)
        if (header.width, header.height) != (image.width, image.height) && mode != .changed {
            var entry = ReportEntry(name: name, result: .sizeMismatch(expected: (header.width, header.height), actual: (image.width, image.height)))
            if keepsImages { entry.actualPNG = try PNG.encode(image) }
            result.unchanged += 1
            result.entries.append(spool?.spilled(entry) ?? entry)
            return
        }
        // Identical pixels pass under any rules: with the references' own renderer a
        // frame is hashed instead of its reference decoded.
        if trustsHashes, let recordedHash, (header.width, header.height) == (image.width, image.height),
           digests.sha256(of: image) == recordedHash {
            result.unchanged += 1
            passedByHash += 1
            result.entries.append(ReportEntry(name: name, result: .identical(width: image.width, height: image.height, masks: options.masks)))
            return
        }
        let reference = try PNG.read(path: path, pixelLimit: pixelLimit)
        // The diff image only for a frame that fails: a passing frame's rows are one memcmp
        // each, and most frames pass.
        var (comparison, diff) = (FrameComparator.compare(expected: reference, actual: image, options: options), Image?.none)
        if keepsImages && !comparison.passed {
            (comparison, diff) = FrameComparator.compareWithDiffImage(expected: reference, actual: image, options: options)
        }
        var entry = ReportEntry(name: name, result: comparison)
        if mode == .changed && !comparison.passed {
            try store(image, named: name)
            result.updated += 1
            entry.recorded = true
            result.entries.append(spool?.spilled(entry) ?? entry)
            return
        }
        result.unchanged += 1
        if !comparison.passed && comparison.sizeMatches {
            lastDifferences = DifferenceMap(expected: reference, actual: image, masks: options.masks)
        }
        if !comparison.passed && keepsImages {
            entry.expectedPNG = try PNG.encode(reference)
            entry.actualPNG = try PNG.encode(image)
            entry.diffPNG = try diff.map { try PNG.encode($0) }
        }
        result.entries.append(spool?.spilled(entry) ?? entry)
    }

    /// Whether an existing reference holds exactly `image`'s pixels: by hash when the
    /// manifest names one, else decoded.
    private func isUnchanged(_ image: Image, path: String, recordedHash: String?) throws -> Bool {
        if let recordedHash {
            guard let header = try? PNGHeader.read(path: path), (header.width, header.height) == (image.width, image.height) else { return false }
            return digests.sha256(of: image) == recordedHash
        }
        guard let old = try? PNG.read(path: path, pixelLimit: pixelLimit) else { return false }
        return old.width == image.width && old.height == image.height && old.pixels == image.pixels
    }

    /// Writes `name`'s new reference: by hash, the image unless the folder or this run has
    /// it already, and the frame's entry; else `<writeDirectory>/<name>.png`, and the
    /// frame leaves the map. `recorded` lists the reference's path. Returns the bytes
    /// written, if any.
    @discardableResult
    private func store(_ image: Image, named name: String) throws -> [UInt8]? {
        guard writesByHash else {
            let bytes = try PNG.encode(image, options: .compact)
            try AtomicFile.write(bytes, to: (writeDirectory as NSString).appendingPathComponent(name + ".png"))
            result.recorded.append((directory as NSString).appendingPathComponent(name + ".png"))
            frames[name] = nil
            return bytes
        }
        let hash = digests.sha256(of: image)
        let file = ReferenceImage.fileName(sha256: hash)
        frames[name] = hash
        let target = (directory as NSString).appendingPathComponent(file)
        result.recorded.append(target)
        guard !imagesWritten.contains(hash), !FileManager.default.fileExists(atPath: target) else { return nil }
        try FileManager.default.createDirectory(atPath: writeDirectory, withIntermediateDirectories: true)
        let bytes = try PNG.encode(image, options: .compact)
        try AtomicFile.write(bytes, to: (writeDirectory as NSString).appendingPathComponent(file))
        imagesWritten.insert(hash)
        return bytes
    }
}
