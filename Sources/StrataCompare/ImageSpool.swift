import Foundation
import StrataImage

/// A failing frame's PNG: bytes in memory, or a file of an `ImageSpool`.
public enum PNGData: Sendable {
    case bytes([UInt8])
    case file(String)

    /// The bytes, read back when spooled (nil if the spool file is gone).
    public var bytes: [UInt8]? {
        switch self {
        case .bytes(let b): return b
        case .file(let path): return try? BoundedFile.read(path, limit: CheckResultsFile.imageLimit)
        }
    }
}

/// Where `check` puts failing frames' images as they fail when a report, artifacts or
/// results keep them (`keepsImages`), so memory does not grow with the failures: a folder
/// `.strata-spool.tmp-PID` beside the first of those outputs, removed when the run ends
/// (and, after a SIGKILL, by the next run there). A write that fails keeps the bytes in memory.
public final class ImageSpool: @unchecked Sendable {
    public let directory: String
    private let lock = NSLock()
    private var count = 0

    /// A spool in `base` (an output folder of the run).
    public init(in base: String) {
        AtomicFile.removeDeadTemporaries(of: (base as NSString).appendingPathComponent("strata-spool"))
        directory = (base as NSString).appendingPathComponent(AtomicFile.temporaryName(for: "strata-spool"))
    }

    /// `entry` with its images moved into the spool.
    public func spilled(_ entry: ReportEntry) -> ReportEntry {
        var e = entry
        e.expectedImage = e.expectedImage.map(spill)
        e.actualImage = e.actualImage.map(spill)
        e.diffImage = e.diffImage.map(spill)
        return e
    }

    private func spill(_ data: PNGData) -> PNGData {
        guard case .bytes(let bytes) = data else { return data }
        lock.lock()
        count += 1
        let n = count
        if n == 1 { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        lock.unlock()
        let path = (directory as NSString).appendingPathComponent("\(n).png")
        do { try AtomicFile.write(bytes, to: path) } catch { return data }
        return .file(path)
    }

    /// Removes the spool and its files.
    public func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
