import StrataModel

/// The pointer's recent samples, and a velocity fitted to them.
///
/// Window: the samples of the last 100 ms (by event time) before the newest one. The
/// velocity is the least-squares slope of x(t) and y(t) over them, so one jittery or
/// late event moves it less than a difference of the last two samples would, and a
/// pointer that stops for 100 ms reads exactly zero. With fewer than two samples in the
/// window (sparse events) the last two samples are used whatever their age.
struct VelocityTracker {
    static let window = 0.1

    private var samples: [(t: Double, location: Point)] = []

    mutating func add(_ location: Point, t: Double) {
        samples.append((t, location))
        // Keep the window plus one older sample for the sparse-events fallback.
        let cutoff = t - VelocityTracker.window
        while samples.count > 2 && samples[1].t < cutoff { samples.removeFirst() }
    }

    mutating func removeAll() { samples.removeAll(keepingCapacity: true) }

    /// Points per second, of the samples mapped through `convert` (into a layer's space).
    func velocity(_ convert: (Point) -> Point = { $0 }) -> Point {
        guard let newest = samples.last else { return .zero }
        var used = samples.filter { $0.t >= newest.t - VelocityTracker.window }
        if used.count < 2 { used = Array(samples.suffix(2)) }
        guard used.count >= 2 else { return .zero }

        let points = used.map { convert($0.location) }
        let n = Double(used.count)
        let meanT = used.reduce(0) { $0 + $1.t } / n
        let meanX = points.reduce(0) { $0 + $1.x } / n
        let meanY = points.reduce(0) { $0 + $1.y } / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for (s, p) in zip(used, points) {
            let dt = s.t - meanT
            stt += dt * dt
            stx += dt * (p.x - meanX)
            sty += dt * (p.y - meanY)
        }
        // All samples at one instant: no time passed, so no speed can be told.
        guard stt > 0 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }
}
