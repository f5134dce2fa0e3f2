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

/// Compares frames, one at a time as they are produced, with `directory/<name>.png`
/// (used by `strata check`, StrataTesting's assertions and the project's own render
/// tests: the one golden-image rule). The record mode says which references are written:
/// with `.all` every frame whose pixels differ from its reference's (an identical one is
/// left alone, so re-recording touches nothing that did not change); with `.missing` a
/// missing one; with `.changed` only one that fails the comparison. A reference written
/// because it was missing fails when `newReferencesFail` (the snapshot assertions' rule:
/// re-run to compare against it), else it counts as passing, as everything written on
/// purpose does. Writes are atomic.
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
    public private(set) var result = ReferenceCheckResult()

    public init(directory: String, options: CompareOptions = CompareOptions(), mode: RecordMode = .none,
                newReferencesFail: Bool = true) {
        self.directory = directory; self.options = options; self.mode = mode
        self.newReferencesFail = newReferencesFail
        writeDirectory = directory
    }

    public func check(_ image: Image, named name: String) throws {
        try MaskRegion.validate(options.masks, width: image.width, height: image.height)
        let path = (directory as NSString).appendingPathComponent(name + ".png")
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists {
            guard mode == .missing || mode == .all else {
                var entry = ReportEntry(name: name, result: nil, problem: "no reference frame \(path)",
                                        actualPNG: keepsImages ? try PNG.encode(image) : nil)
                entry.missing = "expected"
                result.entries.append(spool?.spilled(entry) ?? entry)
                return
            }
            try FileManager.default.createDirectory(atPath: writeDirectory, withIntermediateDirectories: true)
            let bytes = try PNG.encode(image)
            try write(bytes, named: name)
            result.added += 1
            var entry = ReportEntry(name: name, result: nil)
            if mode == .missing && newReferencesFail {
                entry.problem = "no reference frame: recorded \(path)"
                if keepsImages { entry.actualPNG = bytes }
            } else {
                entry.recorded = true
            }
            result.entries.append(spool?.spilled(entry) ?? entry)
            return
        }
        if mode == .all {
            let old = try? PNG.read(path: path, pixelLimit: pixelLimit)
            var entry = ReportEntry(name: name, result: nil)
            entry.recorded = true
            if let old, old.width == image.width, old.height == image.height, old.pixels == image.pixels {
                // Left as it is, bytes and modification time: a staged update swaps only
                // the files it wrote.
                result.unchanged += 1
            } else {
                try write(try PNG.encode(image), named: name)
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
        let reference = try PNG.read(path: path, pixelLimit: pixelLimit)
        let (comparison, diff) = keepsImages
            ? FrameComparator.compareWithDiffImage(expected: reference, actual: image, options: options)
            : (FrameComparator.compare(expected: reference, actual: image, options: options), nil)
        var entry = ReportEntry(name: name, result: comparison)
        if mode == .changed && !comparison.passed {
            try write(try PNG.encode(image), named: name)
            result.updated += 1
            entry.recorded = true
            result.entries.append(spool?.spilled(entry) ?? entry)
            return
        }
        result.unchanged += 1
        if !comparison.passed && keepsImages {
            entry.expectedPNG = try PNG.encode(reference)
            entry.actualPNG = try PNG.encode(image)
            entry.diffPNG = try diff.map { try PNG.encode($0) }
        }
        result.entries.append(spool?.spilled(entry) ?? entry)
    }

    /// Writes `<writeDirectory>/<name>.png`; `recorded` lists the reference's path.
    private func write(_ bytes: [UInt8], named name: String) throws {
        try AtomicFile.write(bytes, to: (writeDirectory as NSString).appendingPathComponent(name + ".png"))
        result.recorded.append((directory as NSString).appendingPathComponent(name + ".png"))
    }
}
