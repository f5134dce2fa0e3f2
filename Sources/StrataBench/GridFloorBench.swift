import StrataModel
@_spi(Bench) import StrataRender

/// Diagnostics under `grid-500-over-5-cells-480x320` (issue 15: 500 cells at most 3x the
/// cost of 5), to tell what a cell costs and whether 3x is reachable with one quad a cell.
/// No target: these are floors and parts, not goals.
///
/// - `grid-floor-raster-...`: GL alone. The grid's cells loaded once (`RasterFloor`), then
///   cleared and drawn in one indexed call, timed until glFinish: 5 cells (10 triangles)
///   against 500 (1000), alternating rounds, with a trivial program (corners in pixels, one
///   color), the same on quads shrunk to one pixel (what the triangles cost without their
///   pixels: the rest is fill) and layer.frag's batched variant on a frame's batch corners.
///   `submit` is the draw call (llvmpipe shades vertices and bins triangles there), `wait`
///   glFinish (rasterizing and fragment shading, on its threads).
/// - `grid-frame-split-...`: the grid frame's parts for 5 and 500 cells, alternating: the
///   draw list, culling, writing the batch's corners and uploading them (each as the
///   renderer does it, timed apart on the same list), `Renderer.draw` (which does those
///   three again and issues GL) and the wait for GL; `frame` is what the grid case times
///   (build, draw, wait).
///
/// In `make bench` after the scale cases; `StrataBench --grid` runs these alone.
func gridFloorBench(renderer: Renderer, rounds: Int) throws {
    let view = Size(width: 480, height: 320), w = Int(view.width), h = Int(view.height)
    let builder = DrawListBuilder(pixelWidth: w, pixelHeight: h, scale: 1)
    let small = grid(cells: 5, viewSize: view), large = grid(cells: 500, viewSize: view)
    let smallList = try builder.build(root: small(0)), largeList = try builder.build(root: large(0))
    let triangles = (RasterFloor.batchableCount(smallList) * 2, RasterFloor.batchableCount(largeList) * 2)

    for program in RasterFloor.Program.allCases {
        let floors = (try RasterFloor(renderer: renderer, width: w, height: h), try RasterFloor(renderer: renderer, width: w, height: h))
        try floors.0.load(smallList, program: program)
        try floors.1.load(largeList, program: program)
        func frame(_ floor: RasterFloor) throws -> (submit: Double, wait: Double) {
            let t0 = now()
            try floor.draw()
            let t1 = now()
            renderer.finish()
            return (t1 - t0, now() - t1)
        }
        var s = Phases(), l = Phases()
        for i in 0..<(rounds + 3) {
            let a = try frame(floors.0), b = try frame(floors.1)
            if i < 3 { continue }  // warm-up: shader compile
            s.add(["submit": a.submit, "wait": a.wait, "total": a.submit + a.wait])
            l.add(["submit": b.submit, "wait": b.wait, "total": b.submit + b.wait])
        }
        let extra = Double(triangles.1 - triangles.0)
        // The pixels the large side's quads span (the grid is unscaled and unturned).
        let pixels = program == .trivialPixel ? triangles.1 / 2 : largeList.commands.reduce(0) { n, c in
            guard case .layer(let d) = c else { return n }
            return n + Int((d.quad.rect.width * d.quad.matrix.m11 * d.quad.rect.height * d.quad.matrix.m22).rounded())
        }
        emit([("case", "grid-floor-raster-\(triangles.1)-over-\(triangles.0)-triangles-480x320"), ("program", program.rawValue),
              ("rounds", rounds), ("large_quad_pixels", pixels)] + s.fields("small", ["total", "submit", "wait"]) + l.fields("large", ["total", "submit", "wait"])
             + [("ratio_median", l.median("total") / s.median("total")),
                ("us_per_triangle", (l.median("total") - s.median("total")) * 1000 / extra),
                ("us_per_triangle_submit", (l.median("submit") - s.median("submit")) * 1000 / extra),
                ("us_per_triangle_wait", (l.median("wait") - s.median("wait")) * 1000 / extra)])
    }

    let floor = try RasterFloor(renderer: renderer, width: w, height: h)
    func frame(_ root: Layer) throws -> [String: Double] {
        let t0 = now()
        let list = try builder.build(root: root)
        let t1 = now()
        _ = OcclusionCulling.visibility(of: list)
        let t2 = now()
        floor.write(list)
        let t3 = now()
        try floor.upload()
        let t4 = now()
        try renderer.draw(list)
        let t5 = now()
        renderer.finish()
        let t6 = now()
        return ["build": t1 - t0, "cull": t2 - t1, "write": t3 - t2, "upload": t4 - t3, "draw": t5 - t4, "wait": t6 - t5,
                "frame": (t1 - t0) + (t6 - t4)]
    }
    var s = Phases(), l = Phases()
    for i in 0..<(rounds + 3) {
        let a = try frame(small(i)), b = try frame(large(i))
        if i < 3 { continue }
        s.add(a); l.add(b)
    }
    let parts = ["frame", "build", "cull", "write", "upload", "draw", "wait"]
    let extra = 495.0
    emit([("case", "grid-frame-split-500-vs-5-cells-480x320"), ("rounds", rounds)]
         + s.fields("small", parts) + l.fields("large", parts)
         + [("ratio_median", l.median("frame") / s.median("frame"))]
         + parts.map { ("us_per_cell_\($0)", (l.median($0) - s.median($0)) * 1000 / extra) })
}

/// Times of named parts over rounds.
private struct Phases {
    var times: [String: [Double]] = [:]
    mutating func add(_ t: [String: Double]) { for (k, v) in t { times[k, default: []].append(v) } }
    func median(_ k: String) -> Double { stats(times[k] ?? []).median }
    func p90(_ k: String) -> Double { percentile90(times[k] ?? []) }
    /// `<side>_<part>_ms_median` for each part, and the p90 of the first.
    func fields(_ side: String, _ parts: [String]) -> [(String, Any)] {
        parts.map { ("\(side)_\($0)_ms_median", median($0) as Any) } + [("\(side)_\(parts[0])_ms_p90", p90(parts[0]))]
    }
}
