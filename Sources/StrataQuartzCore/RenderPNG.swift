import StrataModel
import StrataRender

/// Renders one frame of `layer`'s tree at `time` seconds on the tree's own clock (a
/// `SceneClock` attached on the first call, starting at 0, so animations added before it
/// begin at 0) and writes it as a PNG, atomically. Through Strata's renderer, the same
/// code path `strata render` and `assertSnapshot` take. Callbacks due by `time`
/// (delegates, completion blocks) run first, in time order; a time earlier than the
/// clock's draws that moment without running time backwards.
public func renderPNG(of layer: CALayer, size: CGSize, scale: CGFloat = 1, at time: TimeInterval,
                      to path: String) throws {
    try PNG.write(try renderImage(of: layer, size: size, scale: scale, at: time), to: path)
}

/// The frame `renderPNG` writes.
public func renderImage(of layer: CALayer, size: CGSize, scale: CGFloat = 1, at time: TimeInterval) throws -> Image {
    advanceClock(of: layer, to: time)
    let frame = layer.strataLayer.presentation(at: time)
    let s = Double(scale)
    return try QuartzRenderer.shared().render(layer: frame, pixelWidth: Int((Double(size.width) * s).rounded()),
                                              pixelHeight: Int((Double(size.height) * s).rounded()), scale: s)
}

/// One offscreen renderer per thread: making a GL context per frame costs more than the
/// frame, and a context is current on one thread at a time (Swift Testing runs tests on
/// many), so each thread keeps its own.
enum QuartzRenderer {
    private static let key = "StrataQuartzCore.Renderer"
    static func shared() throws -> Renderer {
        let slots = Thread.current.threadDictionary
        if let r = slots[key] as? Renderer { return r }
        let r = try Renderer(surface: try makeOffscreenSurface())
        slots[key] = r
        return r
    }
}

/// What renderPNG does before drawing, without drawing: lays out `layer`'s tree and
/// moves its clock (attached on first use, starting at 0) to `time`, running the
/// delegates and completion blocks due by then. `CACurrentMediaTime()` is then this
/// clock's time. (iOS has no such call: there the run loop moves time.)
public func advanceClock(of layer: CALayer, to time: TimeInterval) {
    let root = layer.strataLayer
    let clock = root.clock ?? {
        let c = SceneClock()
        c.attach(root)
        return c
    }()
    QuartzClock.current = clock
    layer.layoutIfNeeded()
    clock.advance(to: time)
}
