import Foundation
import StrataImage

/// Paths of one failing frame's images.
public struct ArtifactPaths: Sendable, Equatable, Codable {
    public var expected: String?
    public var actual: String?
    public var diff: String?

    public init(expected: String? = nil, actual: String? = nil, diff: String? = nil) {
        self.expected = expected; self.actual = actual; self.diff = diff
    }

    /// (label, path) of the images there are, in the order expected, actual, diff.
    public var labelled: [(String, String)] {
        [("expected", expected), ("actual", actual), ("diff", diff)].compactMap { l, p in p.map { (l, $0) } }
    }
}

/// Where the images of failing frames go for a CI system to keep (`--artifacts DIR`,
/// `STRATA_ARTIFACTS`): `DIR/<trace>/<frame>-{expected,actual,diff}.png`, a layout that
/// stays the same from run to run so a CI's artifact browser and the report link to it.
public struct ArtifactLayout: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    /// `--artifacts DIR`, else `STRATA_ARTIFACTS`, else none.
    public static func from(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> ArtifactLayout? {
        if let option { return ArtifactLayout(root: option) }
        guard let dir = environment["STRATA_ARTIFACTS"], !dir.isEmpty else { return nil }
        return ArtifactLayout(root: dir)
    }

    public func path(trace: String, frame: String, _ kind: String) -> String {
        ((root as NSString).appendingPathComponent(SafeFileName.make(trace)) as NSString).appendingPathComponent("\(SafeFileName.make(frame))-\(kind).png")
    }

    /// Writes the images a failing entry holds (atomically) and returns where they went;
    /// nil for a passing entry or one without images.
    public func write(_ entry: ReportEntry, trace: String) throws -> ArtifactPaths? {
        guard !entry.passed else { return nil }
        let images = [("expected", entry.expectedPNG), ("actual", entry.actualPNG), ("diff", entry.diffPNG)]
        guard images.contains(where: { $0.1 != nil }) else { return nil }
        let dir = (root as NSString).appendingPathComponent(SafeFileName.make(trace))
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw RenderError.io("\(dir): cannot create the artifacts directory: \(SystemError.reason(of: error))")
        }
        var paths = ArtifactPaths()
        for (kind, png) in images {
            guard let png else { continue }
            let p = path(trace: trace, frame: entry.name, kind)
            try AtomicFile.write(png, to: p)
            switch kind {
            case "expected": paths.expected = p
            case "actual": paths.actual = p
            default: paths.diff = p
            }
        }
        return paths
    }

    /// `path` as seen from `directory` (both relative to the working directory or
    /// absolute), for links in a report that must work wherever the folder is copied.
    public static func relativePath(_ path: String, from directory: String) -> String {
        func parts(_ p: String) -> [String] {
            URL(fileURLWithPath: p).standardizedFileURL.pathComponents.filter { $0 != "/" }
        }
        let target = parts(path), base = parts(directory)
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }
}
