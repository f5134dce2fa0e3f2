import Foundation
import StrataCompare
import StrataModel
import StrataRender
import StrataScenes

/// Issues 15 (section 3) and 29 (section 5): `strata compare DIR_A DIR_B` against ImageMagick's
/// `compare -metric AE -fuzz 10%` on the same 20 pairs of 1920x1080 frames, both as whole
/// commands on PNG files (decoding included): pairs that differ a lot (carousel frames 15
/// degrees apart, as a broken frame looks; issue 29's target >= 6x) and pairs that differ
/// slightly (a quarter degree; target >= 8x). Rounds alternate which tool goes first, so load that comes
/// and goes falls on both; the ratio is of median wall times, the CPU ratio (user + sys of
/// the child processes) is printed beside it. Plus one comparison with a diff image,
/// decoding aside.
func compareBench(pairs: Int, rounds: Int) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-compare-bench-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let cases: [(label: String, degreesApart: Double, target: Double)] = [("a-lot", 15, 6), ("slightly", 0.25, 8)]
    let renderer = try Renderer(surface: try makeOffscreenSurface())
    let scene = CarouselScene(viewSize: Size(width: 480, height: 270))
    for c in cases {
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: "\(dir)/\(c.label)/\(side)", withIntermediateDirectories: true)
        }
        var sample: (Image, Image)?
        for i in 0..<pairs {
            let name = String(format: "frame-%05d.png", i)
            scene.angle = Double(i) * 3.6
            let a = try renderer.render(layer: scene.rootLayer, pixelWidth: 1920, pixelHeight: 1080, scale: 4)
            scene.angle += c.degreesApart
            let b = try renderer.render(layer: scene.rootLayer, pixelWidth: 1920, pixelHeight: 1080, scale: 4)
            try PNG.write(a, to: "\(dir)/\(c.label)/a/\(name)")
            try PNG.write(b, to: "\(dir)/\(c.label)/b/\(name)")
            if i == 0 { sample = (a, b) }
        }
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
            emit([("case", "compare-one-1920x1080-with-diff-\(c.label)"), ("compute_ms_median", s.median),
                  ("compute_ms_min", s.min), ("diff_pixels", differing)])
        }
    }

    let strata = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata").path
    func strataRun(_ label: String) throws -> Measured {
        try measuredRun(strata, ["compare", "\(dir)/\(label)/a", "\(dir)/\(label)/b"])
    }
    func magickRun(_ label: String) throws -> Measured {
        var total = Measured(wall: 0, cpu: 0)
        for i in 0..<pairs {
            let name = String(format: "frame-%05d.png", i)
            let m = try measuredRun("/usr/bin/compare", ["-metric", "AE", "-fuzz", "10%",
                                                         "\(dir)/\(label)/a/\(name)", "\(dir)/\(label)/b/\(name)", "null:"])
            total.wall += m.wall; total.cpu += m.cpu
        }
        return total
    }
    var strataTimes = [[Measured]](repeating: [], count: cases.count)
    var magickTimes = strataTimes
    for round in 0..<rounds {
        for (k, c) in cases.enumerated() {
            if round % 2 == 0 {
                strataTimes[k].append(try strataRun(c.label)); magickTimes[k].append(try magickRun(c.label))
            } else {
                magickTimes[k].append(try magickRun(c.label)); strataTimes[k].append(try strataRun(c.label))
            }
        }
    }
    for (k, c) in cases.enumerated() {
        let strataWall = stats(strataTimes[k].map(\.wall)).median, magickWall = stats(magickTimes[k].map(\.wall)).median
        let strataCPU = stats(strataTimes[k].map(\.cpu)).median, magickCPU = stats(magickTimes[k].map(\.cpu)).median
        let ratio = magickWall / strataWall
        emit([("case", "compare-\(pairs)-pairs-1920x1080-\(c.label)"), ("degrees_apart", c.degreesApart),
              ("ratio", ratio), ("target", ">= \(Int(c.target))"), ("meets", ratio >= c.target),
              ("strata_wall_s_median", strataWall), ("imagemagick_wall_s_median", magickWall),
              ("strata_cpu_s_median", strataCPU), ("imagemagick_cpu_s_median", magickCPU),
              ("cpu_ratio", magickCPU / strataCPU), ("rounds", rounds), ("load_average", loadAverage())])
    }
}

/// Wall and CPU (user + sys) seconds of one child process.
struct Measured {
    var wall: Double
    var cpu: Double
}

/// Runs a command to its end, its output discarded.
func measuredRun(_ tool: String, _ args: [String]) throws -> Measured {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = args
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    let cpu0 = childrenCPUSeconds(), t0 = now()
    try p.run()
    p.waitUntilExit()
    return Measured(wall: (now() - t0) / 1000, cpu: childrenCPUSeconds() - cpu0)
}

/// User + sys seconds of every waited-for child so far.
func childrenCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The one-minute load average, to read the figures by.
func loadAverage() -> Double {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) > 0 ? loads[0] : -1
}
