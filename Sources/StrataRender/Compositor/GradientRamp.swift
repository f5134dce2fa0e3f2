/// A gradient's stops interpolated into 256 premultiplied texels: one texture lookup per
/// pixel instead of a loop over stops, uploaded once per distinct set of stops.
struct GradientRamp {
    static let width = 256

    /// RGBA floats, texel i at t = i / 255, interpolated in premultiplied space.
    static func texels(_ stops: [GradientStop]) -> [Float] {
        var out = [Float](repeating: 0, count: width * 4)
        guard !stops.isEmpty else { return out }
        let colors = stops.map { s -> [Double] in let p = s.color.premultiplied; return [p.r, p.g, p.b, p.a] }
        for i in 0..<width {
            let t = Double(i) / Double(width - 1)
            var c = colors[0]
            for k in 1..<stops.count {
                let a = stops[k - 1].location, b = stops[k].location
                if t >= b { c = colors[k]; continue }
                if t > a {
                    let f = (t - a) / max(b - a, 1e-9)
                    c = (0..<4).map { colors[k - 1][$0] + (colors[k][$0] - colors[k - 1][$0]) * f }
                }
                break
            }
            for ch in 0..<4 { out[i * 4 + ch] = Float(c[ch]) }
        }
        return out
    }
}
