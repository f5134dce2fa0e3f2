import StrataModel
import StrataRender
import StrataScenes

/// Each offscreen backend side by side: how long it takes to hand out a current GL 3.3
/// core context (the first one, with dlopen and driver start-up, and the median of the
/// rest, which every later test and `strata` invocation pays), then the carousel's frame
/// time (draw and readback, no PNG) at 480x320 and 1920x1080 on each, and their ratio. A
/// backend that is missing is reported with its reason instead of failing the bench.
func contextBench(runs: Int) {
    var frameTimes: [String: [GLBackend: Double]] = [:]
    for backend in [GLBackend.egl, .osmesa] {
        var times: [Double] = []
        var surface: (any OffscreenSurface)?
        do {
            for _ in 0..<runs {
                let t0 = now()
                surface = try makeOffscreenSurface(backend: backend)
                times.append(now() - t0)
            }
        } catch {
            emit([("case", "context-\(backend.rawValue)"), ("unavailable", "\(error)")])
            continue
        }
        let rest = stats(Array(times.dropFirst()))
        emit([("case", "context-\(backend.rawValue)"), ("surface", surface!.description), ("runs", runs),
              ("first_ms", times[0]), ("median_ms", rest.median), ("min_ms", rest.min)])
        do {
            let renderer = try Renderer(surface: surface!)
            for (label, size, scale) in [("480x320", Size(width: 480, height: 320), 1.0), ("1920x1080", Size(width: 480, height: 270), 4.0)] {
                let scene = CarouselScene(planeCount: 5, viewSize: size)
                var frame: [Double] = []
                for i in 0..<(frames + 3) {
                    scene.angle = Double(i) * 1.5
                    let t0 = now()
                    _ = try renderer.render(layer: scene.rootLayer, pixelWidth: Int(size.width * scale),
                                            pixelHeight: Int(size.height * scale), scale: scale)
                    if i >= 3 { frame.append(now() - t0) }  // warm-up: shader compile, allocation
                }
                let s = stats(frame)
                frameTimes[label, default: [:]][backend] = s.median
                emit([("case", "backend-\(backend.rawValue)-carousel-\(label)"), ("frames", frames),
                      ("frame_ms_median", s.median), ("frame_ms_min", s.min)])
            }
        } catch {
            emit([("case", "backend-\(backend.rawValue)"), ("error", "\(error)")])
        }
    }
    for (label, times) in frameTimes.sorted(by: { $0.key < $1.key }) {
        guard let egl = times[.egl], let osmesa = times[.osmesa] else { continue }
        emit([("case", "backends-carousel-\(label)"), ("egl_ms_median", egl), ("osmesa_ms_median", osmesa),
              ("osmesa_over_egl", osmesa / egl)])
    }
}
