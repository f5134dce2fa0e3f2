import Foundation
import StrataImage
import StrataModel

/// What checking frames against a folder of reference PNGs found. Shared by the
/// snapshot assertions and `strata check`: the logic lives here, free of any test framework.
public struct ReferenceCheckResult: Sendable {
    public var entries: [ReportEntry] = []
    /// References written because they were missing or recording was asked for.
    public var recorded: [String] = []
    /// Of those, how many differ from what was there before (new ones included).
    public var changed = 0
    public var passed: Bool { entries.allSatisfy(\.passed) }
    public var failures: [ReportEntry] { entries.filter { !$0.passed } }
}

/// Compares frames, one at a time as they are produced, with `directory/<name>.png`
/// (used by `strata check`, StrataTesting's assertions and the project's own render
/// tests: the one golden-image rule). The record mode says which references are written:
/// with `.all` every frame; with `.missing` a missing one is written and fails, so the
/// next run compares against it; with `.changed` only one that fails the comparison.
/// Writes are atomic.
public final class ReferenceChecker {
    public let directory: String
    public let options: CompareOptions
    public let mode: RecordMode
    /// Where references are written: `directory` itself, or the staging directory of a
    /// `ReferenceRecording` so that a recording replaces the old set all at once.
    public var writeDirectory: String
    public private(set) var result = ReferenceCheckResult()

    public init(directory: String, options: CompareOptions = CompareOptions(), mode: RecordMode = .none) {
        self.directory = directory; self.options = options; self.mode = mode
        writeDirectory = directory
    }

    public func check(_ image: Image, named name: String) throws {
        let path = (directory as NSString).appendingPathComponent(name + ".png")
        let target = (writeDirectory as NSString).appendingPathComponent(name + ".png")
        let exists = FileManager.default.fileExists(atPath: path)
        let record = mode == .all
        if !exists && (mode == .none || mode == .changed) {
            result.entries.append(ReportEntry(name: name, result: nil, problem: "no reference frame \(path)",
                                              actualPNG: try PNG.encode(image)))
            return
        }
        if record || !exists {
            try FileManager.default.createDirectory(atPath: writeDirectory, withIntermediateDirectories: true)
            let bytes = try PNG.encode(image)
            let old = exists ? (try? PNG.read(path: path)) : nil
            if old == nil || old!.pixels != image.pixels || old!.width != image.width { result.changed += 1 }
            try AtomicFile.write(bytes, to: target)
            result.recorded.append(path)
            var entry = ReportEntry(name: name, result: nil)
            if record { entry.recorded = true } else {
                entry.problem = "no reference frame: recorded \(path)"
                entry.actualPNG = bytes
            }
            result.entries.append(entry)
            return
        }
        let reference = try PNG.read(path: path)
        let (comparison, diff) = FrameComparator.compareWithDiffImage(expected: reference, actual: image, options: options)
        if mode == .changed && !comparison.passed {
            try AtomicFile.write(try PNG.encode(image), to: target)
            result.recorded.append(path)
            result.changed += 1
            var entry = ReportEntry(name: name, result: comparison)
            entry.recorded = true
            result.entries.append(entry)
            return
        }
        var entry = ReportEntry(name: name, result: comparison)
        if !comparison.passed {
            entry.expectedPNG = try PNG.encode(reference)
            entry.actualPNG = try PNG.encode(image)
            entry.diffPNG = try diff.map { try PNG.encode($0) }
        }
        result.entries.append(entry)
    }

}
