import Foundation
import StrataCompare
import StrataModel
import StrataRender
import StrataScenes

/// `strata compare` against ImageMagick's `compare -metric AE -fuzz 10%` on the same 100
/// pairs of 1920x1080 frames that differ slightly (the carousel a quarter degree apart),
/// both as whole commands from PNG files on disk; plus one comparison with a diff image,
/// decoding aside.
func compareBench(pairs: Int) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-compare-bench-\(getpid())").path
    try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir + "/b", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let renderer = try Renderer(surface: try makeOffscreenSurface())
    let scene = CarouselScene(viewSize: Size(width: 480, height: 270))
    var sample: (Image, Image)?
    for i in 0..<pairs {
        let name = String(format: "frame-%05d.png", i)
        scene.angle = Double(i) * 3.6
        let a = try renderer.render(layer: scene.rootLayer, pixelWidth: 1920, pixelHeight: 1080, scale: 4)
        scene.angle += 0.25
        let b = try renderer.render(layer: scene.rootLayer, pixelWidth: 1920, pixelHeight: 1080, scale: 4)
        try PNG.write(a, to: dir + "/a/" + name)
        try PNG.write(b, to: dir + "/b/" + name)
        if i == 0 { sample = (a, b) }
    }

    // One comparison with a diff image, pixels already decoded.
    if let (a, b) = sample {
        var times: [Double] = []
        var differing = 0
        for _ in 0..<15 {
            let t0 = now()
            let (result, _) = FrameComparator.compareWithDiffImage(expected: a, actual: b, options: CompareOptions())
            times.append(now() - t0)
            differing = result.diffPixels
        }
        let s = stats(times)
        emit([("case", "compare-one-1920x1080-with-diff"), ("compute_ms_median", s.median), ("compute_ms_min", s.min),
              ("diff_pixels", differing)])
    }

    let strata = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata").path
    func run(_ tool: String, _ args: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
    var t0 = now()
    _ = try run(strata, ["compare", dir + "/a", dir + "/b"])
    let strataSeconds = (now() - t0) / 1000
    t0 = now()
    for i in 0..<pairs {
        let name = String(format: "frame-%05d.png", i)
        _ = try run("/usr/bin/compare", ["-metric", "AE", "-fuzz", "10%", dir + "/a/" + name, dir + "/b/" + name, "null:"])
    }
    let magickSeconds = (now() - t0) / 1000
    emit([("case", "compare-\(pairs)-pairs-1920x1080"), ("strata_fps", Double(pairs) / strataSeconds),
          ("imagemagick_fps", Double(pairs) / magickSeconds), ("speedup", magickSeconds / strataSeconds)])
}
