import Foundation
import StrataImage

/// Where a report's images go: all inline as data: URIs, or all files in the report's own
/// `NAME-files/<trace>/<frame>-<kind>.png`, linked relatively (never some of each; an image
/// shown twice is written once). `measuring` only adds up the bytes inlining would take.
struct ImageSink {
    private enum Mode { case measuring, inline, files(directory: String, relativeTo: String) }
    private let mode: Mode
    private(set) var measured = 0
    private var written: Set<String> = []
    private var error: Error?

    static let measuring = ImageSink(mode: .measuring)
    static let inline = ImageSink(mode: .inline)

    private init(mode: Mode) { self.mode = mode }

    init(filesDirectory: String, relativeTo base: String) {
        mode = .files(directory: filesDirectory, relativeTo: base)
    }

    mutating func source(_ png: [UInt8], trace: String, frame: String, kind: String) -> String {
        switch mode {
        case .measuring:
            measured += png.count
            return ""
        case .inline:
            return HTMLReport.dataURI(png)
        case .files(let directory, let base):
            let folder = (directory as NSString).appendingPathComponent(trace.isEmpty ? "frames" : SafeFileName.make(trace))
            let path = (folder as NSString).appendingPathComponent("\(SafeFileName.make(frame))-\(kind).png")
            if error == nil, !written.contains(path) {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try AtomicFile.write(png, to: path)
                    written.insert(path)
                } catch {
                    self.error = error
                }
            }
            return HTMLReport.urlPath(ArtifactLayout.relativePath(path, from: base))
        }
    }

    /// Runs `body` and throws the first write error it met.
    mutating func catching<T>(_ body: (inout ImageSink) -> T) throws -> T {
        let value = body(&self)
        if let error { throw error }
        return value
    }
}
