import Foundation
import StrataModel
import StrataRender
import Testing

/// Tests/References, found from this file so tests run from any directory.
public let referencesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("References")

/// True when references are being (re)recorded: `make record-references`.
public var isRecording: Bool { ProcessInfo.processInfo.environment["STRATA_RECORD"] == "1" }

/// Compares a frame with `References/<name>.png` within a per-channel tolerance and a
/// budget of differing pixels; records it instead when STRATA_RECORD=1 or it is missing.
public func expectMatchesReference(_ image: Image, _ name: String, tolerance: Int = 2, maxDifferingPixels: Int = 0,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = referencesDirectory.appendingPathComponent(name + ".png").path
    let exists = FileManager.default.fileExists(atPath: path)
    if isRecording || !exists {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try PNG.write(image, to: path)
        if !isRecording {
            Issue.record("reference \(name).png was missing and has been recorded at \(path); check it and rerun",
                         sourceLocation: sourceLocation)
        }
        return
    }
    let reference = try PNG.read(path: path)
    guard reference.width == image.width, reference.height == image.height else {
        Issue.record("\(name): size \(image.width)x\(image.height) differs from reference \(reference.width)x\(reference.height)",
                     sourceLocation: sourceLocation)
        return
    }
    var differing = 0, worst = 0, first: (Int, Int)?
    for y in 0..<image.height {
        for x in 0..<image.width {
            let a = image.rgba(x, y), b = reference.rgba(x, y)
            let d = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
            worst = max(worst, d)
            if d > tolerance { differing += 1; if first == nil { first = (x, y) } }
        }
    }
    if differing > maxDifferingPixels {
        let failed = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name.replacingOccurrences(of: "/", with: "-"))-actual.png").path
        try? PNG.write(image, to: failed)
        Issue.record("\(name): \(differing) pixels differ by more than \(tolerance) (max delta \(worst), first at \(first!)); actual frame written to \(failed)",
                     sourceLocation: sourceLocation)
    }
}
