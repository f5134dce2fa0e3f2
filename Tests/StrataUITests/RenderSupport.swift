import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataScenes

/// Each test owns its renderer: a GL context is current on one thread at a time.
func makeRenderer() throws -> Renderer {
    try Renderer(surface: try OSMesaSurface())
}

/// `scene` as it is drawn `time` seconds after the alert was presented.
func render(_ scene: AlertScene, at time: Double, renderer: Renderer? = nil) throws -> Image {
    scene.advance(to: time)
    let screen = scene.window.screen
    return try (renderer ?? makeRenderer()).render(layer: scene.presentationLayer,
                                                   pixelWidth: Int((screen.size.width * screen.scale).rounded()),
                                                   pixelHeight: Int((screen.size.height * screen.scale).rounded()),
                                                   scale: screen.scale)
}

/// An example's scene on an iPhone 8 at @2x.
func exampleScene(_ example: AlertExample, dark: Bool = false) throws -> AlertScene {
    var spec = example.specification
    if dark { try spec.setAppearance(word: "dark") }
    return try AlertScene(spec)
}

struct RGBA: Equatable, CustomStringConvertible {
    var r, g, b, a: Int
    init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
    var description: String { "(\(r), \(g), \(b), \(a))" }
    func isClose(to o: RGBA, within t: Int) -> Bool {
        abs(r - o.r) <= t && abs(g - o.g) <= t && abs(b - o.b) <= t && abs(a - o.a) <= t
    }
}

extension Image {
    func rgba(_ x: Int, _ y: Int) -> RGBA {
        let p = pixel(x: x, y: y)
        return RGBA(Int(p.r), Int(p.g), Int(p.b), Int(p.a))
    }

    /// Pixels within `tolerance` of `color` in a rectangle of pixels.
    func count(_ color: RGBA, within tolerance: Int, x: Range<Int>, y: Range<Int>) -> Int {
        var n = 0
        for yy in y { for xx in x where rgba(xx, yy).isClose(to: color, within: tolerance) { n += 1 } }
        return n
    }
}

/// Tests/References, found from this file so tests run from any directory.
let referencesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("References")

/// True when references are being (re)recorded: `make record-references`.
var isRecording: Bool { ProcessInfo.processInfo.environment["STRATA_RECORD"] == "1" }

/// Compares a frame with `References/<name>.png` within a per-channel tolerance and a
/// budget of differing pixels; records it instead when STRATA_RECORD=1 or it is missing
/// (the same rule as the render tests' references).
func expectMatchesReference(_ image: Image, _ name: String, tolerance: Int = 2, maxDifferingPixels: Int = 0,
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
        let failed = FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-\(name.replacingOccurrences(of: "/", with: "-"))-actual.png").path
        try? PNG.write(image, to: failed)
        Issue.record("\(name): \(differing) pixels differ by more than \(tolerance) (max delta \(worst), first at \(first!)); actual frame written to \(failed)",
                     sourceLocation: sourceLocation)
    }
}
