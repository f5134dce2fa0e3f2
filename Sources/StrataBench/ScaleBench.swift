import Foundation
import StrataModel
import StrataRender
import StrataScenes

/// Issue 15, section 2: a frame's cost should grow with what is seen, not with what
/// exists. Two pairs at 480x320, each timed as build + draw until glFinish (readback and
/// encoding do not depend on the layer count), the two sides of a pair in alternating
/// rounds so that load on the machine falls on both alike:
///
/// - the carousel with 500 planes against 5 (the seed's `360 / count` on integers stacks
///   500 planes at one angle): at most 20 times the cost;
/// - 500 small opaque cells that never overlap (a table view) against 5: at most 3 times.
///
/// Each line gives both sides' median and p90 and their ratios; `ratio` is the larger of
/// the two, so `meets` says both are within the target.
func scaleBench(renderer: Renderer, rounds: Int) throws {
    let view = Size(width: 480, height: 320)
    try growth("carousel-500-over-5-planes-480x320", renderer: renderer, view: view, rounds: rounds, target: 20,
               small: (5, carousel(planes: 5, viewSize: view)), large: (500, carousel(planes: 500, viewSize: view)))
    try growth("grid-500-over-5-cells-480x320", renderer: renderer, view: view, rounds: rounds, target: 3,
               small: (5, grid(cells: 5, viewSize: view)), large: (500, grid(cells: 500, viewSize: view)))
}

private func growth(_ name: String, renderer: Renderer, view: Size, rounds: Int, target: Double,
                    small: (count: Int, root: (Int) -> Layer), large: (count: Int, root: (Int) -> Layer)) throws {
    let w = Int(view.width), h = Int(view.height)
    func frame(_ root: Layer) throws -> Double {
        let t0 = now()
        let list = try DrawListBuilder(pixelWidth: w, pixelHeight: h, scale: 1).build(root: root)
        try renderer.draw(list)
        renderer.finish()
        return now() - t0
    }
    var smallTimes: [Double] = [], largeTimes: [Double] = []
    for i in 0..<(rounds + 3) {
        let s = try frame(small.root(i)), l = try frame(large.root(i))
        if i < 3 { continue }  // warm-up: shader compile, texture allocation
        smallTimes.append(s); largeTimes.append(l)
    }
    let sm = stats(smallTimes).median, lm = stats(largeTimes).median
    let sp = percentile90(smallTimes), lp = percentile90(largeTimes)
    let ratio = max(lm / sm, lp / sp)
    emit([("case", name), ("rounds", rounds), ("small_layers", small.count), ("large_layers", large.count),
          ("small_ms_median", sm), ("small_ms_p90", sp), ("large_ms_median", lm), ("large_ms_p90", lp),
          ("ratio_median", lm / sm), ("ratio_p90", lp / sp),
          ("ratio", ratio), ("target", "<= \(Int(target))"), ("meets", ratio <= target)])
}

/// The 90th percentile (nearest rank).
func percentile90(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? 0 : s[min(s.count - 1, Int((0.9 * Double(s.count)).rounded(.up)) - 1)]
}

/// `count` small opaque cells in a grid that never overlap (a table view's cells), one
/// of them recoloured each frame so nothing can be reused between frames.
func grid(cells count: Int, viewSize: Size) -> (Int) -> Layer {
    let root = Layer()
    root.bounds = Rect(origin: .zero, size: viewSize)
    root.backgroundColor = .white
    let columns = 25, side = 12.0
    for i in 0..<count {
        let cell = Layer()
        cell.frame = Rect(x: 4 + Double(i % columns) * (side + 7), y: 4 + Double(i / columns) * (side + 3),
                          width: side, height: side)
        cell.backgroundColor = Color(red: Double(i % 7) / 6, green: 0.4, blue: Double(i % 5) / 4)
        cell.cornerRadius = 2
        root.addSublayer(cell)
    }
    return { i in
        root.sublayers[i % count].backgroundColor = Color(red: Double(i % 3) / 2, green: 0.2, blue: 0.6)
        return root
    }
}
