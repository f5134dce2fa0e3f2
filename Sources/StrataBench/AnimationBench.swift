import Foundation
import StrataRender  // re-exports StrataImage: FrameMemory
import StrataModel

/// Issue 4's question: does evaluating animations cost a frame anything next to drawing
/// it? 10,000 layers under one root, each with a running animation, half the shake's
/// keyframe animation (transform.translation.x, easeInEaseOut, seven keyframes) and half
/// a basic animation of position (autoreversing), all repeating forever so every run
/// finds them mid-flight. Timed per frame:
///
/// - `presentation_ms`: `root.presentation(at:)`, the copy a frame draws, animations applied
///   (the last frame's copy, which nothing else holds by then, rewritten in place);
/// - `copy_only_ms`: the same on an identical tree without animations (what a frame pays
///   anyway), so the difference is the animation bookkeeping;
/// - `clock_advance_ms`: `SceneClock.advance(to:)` with nothing due, the other per-frame step;
/// - `presentation_cpu_ms`: the presentation's CPU time, which a busy machine inflates less;
/// - `free_ms`: dropping a frame's presentation tree (the model keeps it for the next).
///
/// Each run is a different frame time (i / 60 s) so no run repeats the last one's work.
/// Issue 15's target: the presentation in at most 5 ms (`ratio` is its median, in ms).
func animationBench(runs: Int) throws {
    // The heap as `strata` keeps it (StrataCommand): freed memory stays mapped, so a
    // frame's copies reuse the last frame's pages instead of faulting fresh ones in.
    // Process-wide, so it is set here, in the last case `make bench` runs.
    FrameMemory.reuseFreedFrames()
    let count = 10_000
    let (animated, clock) = try animationTree(count: count, animated: true)
    let (still, _) = try animationTree(count: count, animated: false)

    var presentation: [Double] = [], presentationCPU: [Double] = [], copyOnly: [Double] = [],
        advance: [Double] = [], free: [Double] = []
    var checksum = 0.0
    for i in 0..<(runs + 3) {
        let t = 0.1 + Double(i) / 60
        let t0 = now()
        clock.advance(to: t)
        let t1 = now(), c1 = processCPUMilliseconds()
        var seen: Layer? = animated.presentation(at: t)
        let c2 = processCPUMilliseconds(), t2 = now()
        var plain: Layer? = still.presentation(at: t)
        let t3 = now()
        // Read something from each copy so neither can be optimised away.
        checksum += seen!.sublayers[i % count].transform.m41 + seen!.sublayers[1].position.x + plain!.sublayers[0].position.x
        let t4 = now()
        seen = nil  // what the next frame pays for this one's copies
        let t5 = now()
        plain = nil
        if i < 3 { continue }  // warm-up: allocator, caches
        advance.append(t1 - t0); presentation.append(t2 - t1); presentationCPU.append(c2 - c1)
        copyOnly.append(t3 - t2); free.append(t5 - t4)
    }
    let p = stats(presentation), c = stats(copyOnly), a = stats(advance)
    emit([("case", "animations-\(count)"), ("layers", count + 1), ("animations", count),
          ("kinds", "keyframe transform.translation.x, basic position"), ("runs", runs),
          ("presentation_ms_median", p.median), ("presentation_ms_p90", percentile90(presentation)),
          ("presentation_ms_min", p.min), ("presentation_cpu_ms_median", stats(presentationCPU).median),
          ("copy_only_ms_median", c.median), ("copy_only_ms_min", c.min),
          ("free_ms_median", stats(free).median),
          ("clock_advance_ms_median", a.median), ("clock_advance_ms_min", a.min),
          ("load_average", loadAverage()),
          ("ratio", p.median), ("target", "<= 5 ms"), ("meets", p.median <= 5)])
    if !checksum.isFinite { FileHandle.standardError.write(Data("bench: animations: a presentation value is not finite\n".utf8)) }
}

/// A root with `count` small layers in a grid; with `animated`, each runs an endless
/// animation on a clock attached after the tree is built (so building animates nothing).
private func animationTree(count: Int, animated: Bool) throws -> (Layer, SceneClock) {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)
    for i in 0..<count {
        let layer = Layer()
        layer.frame = Rect(x: Double(i % 100) * 10, y: Double(i / 100) * 10, width: 8, height: 8)
        layer.backgroundColor = .orange
        root.addSublayer(layer)
    }
    let clock = SceneClock()
    clock.attach(root)
    guard animated else { return (root, clock) }
    for (i, layer) in root.sublayers.enumerated() {
        if i % 2 == 0 {
            // AFViewShaker's animation, as the shake scene adds it.
            var shake = KeyframeAnimation(keyPath: "transform.translation.x",
                                          values: [0, 15, -12, 9, -6, 6, 0].map { .double($0) },
                                          keyTimes: [0, 0.225, 0.425, 0.6, 0.75, 0.875, 1])
            shake.duration = 0.5
            shake.timingFunction = .easeInEaseOut
            shake.repeatCount = .infinity
            try layer.add(shake, forKey: "shake")
        } else {
            let p = layer.position
            var slide = BasicAnimation(keyPath: "position", toValue: .point(Point(x: p.x + 20, y: p.y)))
            slide.duration = 0.8
            slide.autoreverses = true
            slide.repeatCount = .infinity
            slide.timingFunction = .easeInEaseOut
            try layer.add(slide, forKey: "slide")
        }
    }
    return (root, clock)
}
