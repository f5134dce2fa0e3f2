import Foundation
import StrataImage

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
        var traces: [TraceRecord]
        /// The check's arguments (after `check`), from which merge-reports derives the
        /// command that accepts the merged failures.
        var arguments: [String]?
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

    public static func write(_ checks: [TraceCheck], arguments: [String]? = nil, to directory: String) throws {
        try createDirectory(directory)
        let images = ArtifactLayout(root: (directory as NSString).appendingPathComponent("images"))
        var traces: [TraceRecord] = []
        for check in checks {
            var frames: [FrameRecord] = []
            for e in check.entries {
                let written = try images.write(e, trace: check.name)
                let relative = written.map { p in
                    ArtifactPaths(expected: p.expected.map { ArtifactLayout.relativePath($0, from: directory) },
                                  actual: p.actual.map { ArtifactLayout.relativePath($0, from: directory) },
                                  diff: p.diff.map { ArtifactLayout.relativePath($0, from: directory) })
                }
                frames.append(FrameRecord(name: e.name, recorded: e.recorded, problem: e.problem, missing: e.missing,
                                          comparison: e.result.map(ComparisonRecord.init), images: relative, artifacts: e.artifacts))
            }
            traces.append(TraceRecord(name: check.name, frameCount: check.frameCount, added: check.added,
                                      updated: check.updated, unchanged: check.unchanged,
                                      warnings: check.warnings.isEmpty ? nil : check.warnings,
                                      comparison: check.comparison, drawnBy: check.drawnBy, fps: check.fps, frames: frames))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = try encoder.encode(File(version: version, traces: traces, arguments: arguments))
        try AtomicFile.write([UInt8](data) + [0x0A], to: (directory as NSString).appendingPathComponent(fileName))
    }

    public static func read(_ directory: String) throws -> [TraceCheck] { try readAll(directory).traces }

    /// The checks and the arguments of the check that wrote them.
    public static func readAll(_ directory: String) throws -> (traces: [TraceCheck], arguments: [String]?) {
        let path = (directory as NSString).appendingPathComponent(fileName)
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: resultsLimit) } catch {
            throw RenderError.io("\(path): cannot read the results: \(error)")
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: Data(data)) } catch {
            throw RenderError.io("\(path): not a results file of strata check --results-dir (\(error))")
        }
        guard file.version == version else {
            throw RenderError.io("\(path): results version \(file.version); this strata reads version \(version)")
        }
        let traces = try file.traces.map { t in
            var check = TraceCheck(name: t.name, frameCount: t.frameCount, entries: try t.frames.map { f in
                var e = ReportEntry(name: f.name, result: f.comparison?.comparison, problem: f.problem)
                e.recorded = f.recorded; e.missing = f.missing; e.artifacts = f.artifacts
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
            return check
        }
        return (traces, file.arguments)
    }

    private static func createDirectory(_ dir: String) throws {
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw RenderError.io("\(dir): cannot create the results directory: \(String(cString: strerror(errno)))")
        }
    }
}
