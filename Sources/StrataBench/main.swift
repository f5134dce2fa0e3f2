import Dispatch
import Foundation
import StrataModel
import StrataRender
import StrataScenes

// `make bench`: one JSON line per case. Times are wall-clock medians and minimums over
// many frames (this is the one place a clock is read). Nothing here is asserted.

let frames = Int(ProcessInfo.processInfo.environment["STRATA_BENCH_FRAMES"] ?? "") ?? 40
let png = PNG.Options.fast

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

func stats(_ xs: [Double]) -> (median: Double, min: Double) {
    let s = xs.sorted()
    let m = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    return (m, s.first ?? 0)
}

func r3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

func emit(_ fields: [(String, Any)]) {
    let body = fields.map { key, value -> String in
        switch value {
        case let s as String: return "\"\(key)\": \"\(s)\""
        case let d as Double: return "\"\(key)\": \(r3(d))"
        default: return "\"\(key)\": \(value)"
        }
    }.joined(separator: ", ")
    print("{\(body)}")
    fflush(stdout)
}

/// A frame's phases timed separately: build+draw (until glFinish), readback, encode;
/// then the same frames pipelined, encoding frame k on a second thread while frame k+1
/// draws, which is what `strata replay` does.
func measure(_ name: String, renderer: Renderer, pixelWidth: Int, pixelHeight: Int, scale: Double,
             layers: Int, root: @escaping (Int) -> Layer) throws {
    var draw: [Double] = [], readback: [Double] = [], encode: [Double] = [], total: [Double] = []
    var bytes = 0
    for i in 0..<(frames + 3) {
        let tree = root(i)
        let t0 = now()
        let list = try DrawListBuilder(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale).build(root: tree)
        try renderer.draw(list)
        renderer.finish()
        let t1 = now()
        let image = try renderer.readPixels()
        let t2 = now()
        let data = try PNG.encode(image, options: png)
        let t3 = now()
        if i < 3 { continue }  // warm-up: shader compile, texture allocation
        draw.append(t1 - t0); readback.append(t2 - t1); encode.append(t3 - t2); total.append(t3 - t0)
        bytes = data.count
    }
    // Pipelined: the main thread draws and reads back; a serial queue encodes.
    let encoder = DispatchQueue(label: "encode")
    let group = DispatchGroup()
    let slots = DispatchSemaphore(value: 2)
    let start = now()
    for i in 0..<frames {
        let list = try DrawListBuilder(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale).build(root: root(i))
        try renderer.draw(list)
        let image = try renderer.readPixels()
        slots.wait()
        encoder.async(group: group) { _ = try? PNG.encode(image, options: png); slots.signal() }
    }
    group.wait()
    let pipelined = (now() - start) / Double(frames)
    let d = stats(draw), r = stats(readback), e = stats(encode), t = stats(total)
    emit([("case", name), ("width", pixelWidth), ("height", pixelHeight), ("layers", layers), ("frames", frames),
          ("draw_ms_median", d.median), ("draw_ms_min", d.min),
          ("readback_ms_median", r.median), ("readback_ms_min", r.min),
          ("encode_ms_median", e.median), ("encode_ms_min", e.min),
          ("total_ms_median", t.median), ("total_ms_min", t.min),
          ("pipelined_ms_per_frame", pipelined), ("png_bytes", bytes),
          ("png", "level \(png.compressionLevel), filter \(png.filter)")])
}

func carousel(planes: Int, viewSize: Size) -> (Int) -> Layer {
    let scene = CarouselScene(planeCount: planes, viewSize: viewSize)
    // A different angle every frame, as in a drag, so nothing is cached between frames.
    return { i in scene.angle = Double(i) * 1.5; return scene.rootLayer }
}

/// Nothing but a cleared frame: the floor OSMesa readback and PNG encoding set.
func emptyFrame(_ size: Size) -> (Int) -> Layer {
    let root = Layer()
    root.bounds = Rect(origin: .zero, size: size)
    return { _ in root }
}

/// One full-screen blended quad over a white background: all any frame must do.
func fullScreenQuad(_ size: Size) -> (Int) -> Layer {
    let root = Layer()
    root.bounds = Rect(origin: .zero, size: size)
    root.backgroundColor = .white
    let quad = Layer()
    quad.frame = root.bounds
    root.addSublayer(quad)
    return { i in quad.backgroundColor = Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5 + Double(i % 2) * 0.01); return root }
}

if let i = CommandLine.arguments.firstIndex(of: "--fidelity") {
    guard i + 1 < CommandLine.arguments.count else { print("bench: --fidelity needs a directory"); exit(2) }
    do { try fidelityBench(directory: CommandLine.arguments[i + 1]) } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
for (flag, kind) in [("--fidelity-shapes", "shape"), ("--fidelity-images", "image"), ("--fidelity-shadows", "shadow")] {
    guard let i = CommandLine.arguments.firstIndex(of: flag) else { continue }
    guard i + 1 < CommandLine.arguments.count else { print("bench: \(flag) needs a directory"); exit(2) }
    let references = i + 2 < CommandLine.arguments.count ? CommandLine.arguments[i + 2] : "reference"
    let label = i + 3 < CommandLine.arguments.count ? CommandLine.arguments[i + 3] : kind
    do { try shapeFidelityBench(directory: CommandLine.arguments[i + 1], references: references, kind: label) } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
if CommandLine.arguments.contains("--fidelity-continuous") {
    do { try continuousCornerFidelityBench() } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
if CommandLine.arguments.contains("--compare") {
    do { try compareBench(pairs: 20, rounds: 3) } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
if CommandLine.arguments.contains("--replay") {
    do { try replayBench(floorFrames: frames) } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
if CommandLine.arguments.contains("--scale") {
    do { try scaleBench(renderer: try Renderer(surface: try makeOffscreenSurface()), rounds: frames); try animationBench(runs: max(30, frames)) } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
if CommandLine.arguments.contains("--grid") {
    do { try gridFloorBench(renderer: try Renderer(surface: try makeOffscreenSurface()), rounds: frames) } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
if CommandLine.arguments.contains("--animations") {
    do { try animationBench(runs: max(30, frames)) } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
if CommandLine.arguments.contains("--shapes") {
    do { try shapeBench(renderer: try Renderer(surface: try makeOffscreenSurface())) } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
if CommandLine.arguments.contains("--shadows") {
    do { try shadowBench(renderer: try Renderer(surface: try makeOffscreenSurface())) } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
if CommandLine.arguments.contains("--encoders") {
    do { try encoderSurvey() } catch { print("bench: error: \(error)"); exit(2) }
    exit(0)
}
do {
    contextBench(runs: 20)  // first, so each backend's first context is a cold start
    try replayBench(floorFrames: frames)
    let renderer = try Renderer(surface: try makeOffscreenSurface())
    emit([("case", "environment"), ("renderer", renderer.rendererDescription),
          ("cores", ProcessInfo.processInfo.activeProcessorCount)])
    let small = Size(width: 480, height: 320)
    // 1920x1080 is the 480x270 pt view at scale 4: the scene scaled up, not enlarged.
    let hd = Size(width: 480, height: 270)
    for (label, size, scale) in [("480x320", small, 1.0), ("1920x1080", hd, 4.0)] {
        let w = Int(size.width * scale), h = Int(size.height * scale)
        try measure("empty-\(label)", renderer: renderer, pixelWidth: w, pixelHeight: h, scale: scale, layers: 1, root: emptyFrame(size))
        try measure("fullscreen-quad-\(label)", renderer: renderer, pixelWidth: w, pixelHeight: h, scale: scale, layers: 2, root: fullScreenQuad(size))
        try measure("carousel-\(label)", renderer: renderer, pixelWidth: w, pixelHeight: h, scale: scale, layers: 7, root: carousel(planes: 5, viewSize: size))
    }
    for planes in [50, 500] {
        try measure("carousel-\(planes)-planes-480x320", renderer: renderer, pixelWidth: 480, pixelHeight: 320, scale: 1,
                    layers: planes + 2, root: carousel(planes: planes, viewSize: small))
    }
    try shapeBench(renderer: renderer)
    try scaleBench(renderer: renderer, rounds: frames)
    try gridFloorBench(renderer: renderer, rounds: frames)
    try animationBench(runs: max(30, frames))
} catch {
    FileHandle.standardError.write(Data("bench: error: \(error)\n".utf8))
    exit(2)
}
