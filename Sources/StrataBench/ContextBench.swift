import StrataRender

/// How long each offscreen backend takes to hand out a current GL 3.3 core context: the
/// first one (dlopen, driver start-up) and the median of the rest, which is what every
/// test and `strata` invocation after the first pays. A backend that is missing is
/// reported with its reason instead of failing the bench.
func contextBench(runs: Int) {
    for backend in [GLBackend.egl, .osmesa] {
        var times: [Double] = []
        var description = ""
        do {
            for _ in 0..<runs {
                let t0 = now()
                let surface = try makeOffscreenSurface(backend: backend)
                times.append(now() - t0)
                description = surface.description
            }
        } catch {
            emit([("case", "context-\(backend.rawValue)"), ("unavailable", "\(error)")])
            continue
        }
        let rest = stats(Array(times.dropFirst()))
        emit([("case", "context-\(backend.rawValue)"), ("surface", description), ("runs", runs),
              ("first_ms", times[0]), ("median_ms", rest.median), ("min_ms", rest.min)])
    }
}
