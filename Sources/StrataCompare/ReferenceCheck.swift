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
/// (used by `strata check` and by StrataTesting's assertions). In record mode every
/// frame is written. A missing reference fails; with `recordMissing` (the snapshot
/// assertions' way) it is also written, so the next run compares against it. Writes are
/// atomic.
public final class ReferenceChecker {
    public let directory: String
    public let options: CompareOptions
    public let record: Bool
    public let recordMissing: Bool
    public private(set) var result = ReferenceCheckResult()

    public init(directory: String, options: CompareOptions = CompareOptions(), record: Bool = false,
                recordMissing: Bool = false) {
        self.directory = directory; self.options = options; self.record = record; self.recordMissing = recordMissing
    }

    /// True when the STRATA_RECORD=1 environment variable asks to re-record everything.
    public static var recordingRequested: Bool { ProcessInfo.processInfo.environment["STRATA_RECORD"] == "1" }

    public func check(_ image: Image, named name: String) throws {
        let path = (directory as NSString).appendingPathComponent(name + ".png")
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && !record && !recordMissing {
            result.entries.append(ReportEntry(name: name, result: nil, problem: "no reference frame \(path)",
                                              actualPNG: try PNG.encode(image)))
            return
        }
        if record || !exists {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let bytes = try PNG.encode(image)
            let old = exists ? (try? PNG.read(path: path)) : nil
            if old == nil || old!.pixels != image.pixels || old!.width != image.width { result.changed += 1 }
            try AtomicFile.write(bytes, to: path)
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
        var entry = ReportEntry(name: name, result: comparison)
        if !comparison.passed {
            entry.expectedPNG = try PNG.encode(reference)
            entry.actualPNG = try PNG.encode(image)
            entry.diffPNG = try diff.map { try PNG.encode($0) }
        }
        result.entries.append(entry)
    }

}
