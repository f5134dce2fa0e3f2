import Foundation
import StrataImage
import StrataModel

/// A check's results in a folder, so that CI shards' results can be merged into one
/// report and one JUnit file (`check --results-dir DIR`, `strata merge-reports DIR...`):
/// `DIR/results.json` (every frame's numbers, sorted keys, no timestamps) and the failing
/// frames' images under `DIR/images/<trace>/<frame>-{expected,actual,diff}.png`.
/// Reading it back gives the checks as they were, images included.
public enum CheckResultsFile {
    public static let fileName = "results.json"
    /// Bounds on what `read` takes: names and numbers of a million frames; one PNG frame.
    public static let resultsLimit = 1 << 28
    public static let imageLimit = 1 << 28
    public static let version = 1

    struct File: Codable {
        var version: Int
        /// The CI shard these results are (`check --shard I/N`), so merge-reports can tell a missing one.
        var shard: ShardRecord?
        var traces: [TraceRecord]
        /// The check's arguments (after `check`), from which merge-reports derives the
        /// command that accepts the merged failures.
        var arguments: [String]?
    }

    /// `check --shard I/N`: I (from 1) of N.
    public struct ShardRecord: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) { self.index = index; self.count = count }
    }

    struct TraceRecord: Codable {
        var name: String
        var frameCount: Int
        var added: Int
        var updated: Int
        var unchanged: Int
        var warnings: [String]?
        var comparison: String?
        var drawnBy: ReferenceManifest?
        var fps: Double?
        var frames: [FrameRecord]
        /// Motion tracks checked (issue 27); absent in older results.
        var tracks: [TrackComparison]?
    }

    struct FrameRecord: Codable {
        var name: String
        var recorded: Bool
        var problem: String?
        var missing: String?
        var comparison: ComparisonRecord?
        /// Relative to the results folder.
        var images: ArtifactPaths?
        /// Where `--artifacts` wrote them, as the run said.
        var artifacts: ArtifactPaths?
        /// Why it failed in the layer tree's words, and the tree for the inspector (issue 27).
        var explanation: String?
        var inspection: FrameInspection?
    }

    /// FrameComparison with PSNR null when infinite (JSON has no infinity).
    struct ComparisonRecord: Codable {
        var width: Int, height: Int, actualWidth: Int, actualHeight: Int
        var diffPixels: Int, aaPixels: Int, maskedPixels: Int, maxChannelDelta: Int
        var psnr: Double?
        var passed: Bool
        var firstDifferences: [[Int]]

        init(_ r: FrameComparison) {
            width = r.width; height = r.height; actualWidth = r.actualWidth; actualHeight = r.actualHeight
            diffPixels = r.diffPixels; aaPixels = r.aaPixels; maskedPixels = r.maskedPixels
            maxChannelDelta = r.maxChannelDelta; psnr = r.psnr.isFinite ? r.psnr : nil; passed = r.passed
            firstDifferences = r.firstDifferences.map { [$0.x, $0.y] }
        }

        var comparison: FrameComparison {
            FrameComparison(width: width, height: height, actualWidth: actualWidth, actualHeight: actualHeight,
                            diffPixels: diffPixels, aaPixels: aaPixels, maxChannelDelta: maxChannelDelta,
                            psnr: psnr ?? .infinity, passed: passed,
                            firstDifferences: firstDifferences.compactMap { $0.count == 2 ? PixelCoordinate(x: $0[0], y: $0[1]) : nil },
                            maskedPixels: maskedPixels)
        }
    }

    public static func write(_ checks: [TraceCheck], arguments: [String]? = nil, to directory: String, shard: ShardRecord? = nil) throws {
        try createDirectory(directory)
        // The images are staged and put in place with results.json (`StagedFolder`).
        let folder = StagedFolder(base: directory, name: "images")
        let images = ArtifactLayout(root: folder.staging)
        let relative = { (p: String) in "images/" + ArtifactLayout.relativePath(p, from: folder.staging) }
        var traces: [TraceRecord] = []
        for check in checks {
            var frames: [FrameRecord] = []
            for e in check.entries {
                let written: ArtifactPaths?
                do { written = try images.write(e, trace: check.name) } catch { folder.abandon(); throw error }
                let paths = written.map { p in
                    ArtifactPaths(expected: p.expected.map(relative), actual: p.actual.map(relative), diff: p.diff.map(relative))
                }
                frames.append(FrameRecord(name: e.name, recorded: e.recorded, problem: e.problem, missing: e.missing,
                                          comparison: e.result.map(ComparisonRecord.init), images: paths, artifacts: e.artifacts,
                                          explanation: e.explanation, inspection: e.inspection))
            }
            traces.append(TraceRecord(name: check.name, frameCount: check.frameCount, added: check.added,
                                      updated: check.updated, unchanged: check.unchanged,
                                      warnings: check.warnings.isEmpty ? nil : check.warnings,
                                      comparison: check.comparison, drawnBy: check.drawnBy, fps: check.fps, frames: frames,
                                      tracks: check.tracks.isEmpty ? nil : check.tracks))
        }
        // Slashes escaped, as results files have been since the first.
        let bytes = try JSONWriter.bytes(File(version: version, shard: shard, traces: traces, arguments: arguments),
                                         format: .init(.indented, keys: .sorted, slashes: .escaped))
        try folder.commit { try AtomicFile.write(bytes + [0x0A], to: (directory as NSString).appendingPathComponent(fileName)) }
    }

    public static func read(_ directory: String) throws -> [TraceCheck] { try readAll(directory).traces }

    /// The checks, the arguments of the check that wrote them, and its shard if it was sharded.
    public static func readAll(_ directory: String) throws -> (traces: [TraceCheck], arguments: [String]?, shard: ShardRecord?) {
        let path = (directory as NSString).appendingPathComponent(fileName)
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: resultsLimit) } catch {
            throw RenderError.io("\(path): cannot read the results: \(error)")
        }
        let file: File
        do { file = try JSONReader.decode(File.self, from: data) } catch {
            throw RenderError.io(error.located(in: path, "not a results file of strata check --results-dir"))
        }
        guard file.version == version else {
            throw RenderError.io("\(path): results version \(file.version); this strata reads version \(version)")
        }
        if let shard = file.shard, shard.count < 1 || shard.count > 10_000 || shard.index < 1 || shard.index > shard.count {
            throw RenderError.io("\(path): shard \(shard.index)/\(shard.count) is not I/N with I in 1...N and N in 1...10000")
        }
        let traces = try file.traces.map { t in
            var check = TraceCheck(name: t.name, frameCount: t.frameCount, entries: try t.frames.map { f in
                var e = ReportEntry(name: f.name, result: f.comparison?.comparison, problem: f.problem)
                e.recorded = f.recorded; e.missing = f.missing; e.artifacts = f.artifacts
                e.explanation = f.explanation; e.inspection = f.inspection
                func load(_ relative: String?) throws -> [UInt8]? {
                    guard let relative else { return nil }
                    let p = (directory as NSString).appendingPathComponent(relative)
                    // A results file names only its own images: never /etc/passwd or ../x.
                    guard !relative.hasPrefix("/"), OutputGuard.isInside(p, directory) else {
                        throw RenderError.io("\(path): the image '\(relative)' is outside the results folder \(directory) (after resolving symlinks); a results file names only its own images")
                    }
                    do { return try BoundedFile.read(p, limit: imageLimit) } catch {
                        throw RenderError.io("\(p): cannot read an image of the results: \(error)")
                    }
                }
                e.expectedPNG = try load(f.images?.expected)
                e.actualPNG = try load(f.images?.actual)
                e.diffPNG = try load(f.images?.diff)
                return e
            })
            check.added = t.added; check.updated = t.updated; check.unchanged = t.unchanged
            check.warnings = t.warnings ?? []
            check.comparison = t.comparison; check.drawnBy = t.drawnBy; check.fps = t.fps
            check.tracks = t.tracks ?? []
            return check
        }
        return (traces, file.arguments, file.shard)
    }

    private static func createDirectory(_ dir: String) throws {
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw RenderError.io("\(dir): cannot create the results directory: \(SystemError.reason(of: error))")
        }
    }
}
