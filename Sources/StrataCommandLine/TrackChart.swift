import Foundation

/// A chart of tracks as SVG: time across, value up, one polyline per key in a colour of
/// its own, the axes labelled with their ranges and a legend. Pure text, no drawing
/// library, so the same tracks give the same bytes.
struct TrackChart {
    let keys: [String]
    /// Time, then one value per key.
    let rows: [(time: Double, values: [Double])]

    static let width = 640.0, height = 320.0
    static let left = 64.0, right = 16.0, top = 16.0, bottom = 40.0
    /// iOS's system colours, told apart on white.
    static let palette = ["#007AFF", "#FF3B30", "#34C759", "#FF9500", "#AF52DE", "#5AC8FA", "#FF2D55", "#A2845E"]

    /// Shortest round-trip decimal, integers without ".0", -0 as 0.
    static func number(_ v: Double) -> String {
        if v == 0 { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    var svg: String {
        let t0 = rows.first?.time ?? 0, t1 = max(rows.last?.time ?? 1, t0 + 1e-9)
        let all = rows.flatMap(\.values)
        var lo = all.min() ?? 0, hi = all.max() ?? 1
        if hi - lo < 1e-9 { lo -= 1; hi += 1 }
        let w = Self.width - Self.left - Self.right, h = Self.height - Self.top - Self.bottom
        func x(_ t: Double) -> String { Self.coordinate(Self.left + (t - t0) / (t1 - t0) * w) }
        func y(_ v: Double) -> String { Self.coordinate(Self.top + (hi - v) / (hi - lo) * h) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n"
        let axisY = Self.coordinate(Self.top + h), axisX = Self.coordinate(Self.left)
        out += "<path d=\"M\(axisX) \(Self.coordinate(Self.top)) V\(axisY) H\(Self.coordinate(Self.left + w))\" stroke=\"#3C3C43\" fill=\"none\"/>\n"
        out += "<text x=\"\(Self.coordinate(Self.left - 4))\" y=\"\(Self.coordinate(Self.top + 4))\" text-anchor=\"end\">\(Self.label(hi))</text>\n"
        out += "<text x=\"\(Self.coordinate(Self.left - 4))\" y=\"\(axisY)\" text-anchor=\"end\">\(Self.label(lo))</text>\n"
        out += "<text x=\"\(axisX)\" y=\"\(Self.coordinate(Self.top + h + 16))\">\(Self.number(t0)) s</text>\n"
        out += "<text x=\"\(Self.coordinate(Self.left + w))\" y=\"\(Self.coordinate(Self.top + h + 16))\" text-anchor=\"end\">\(Self.number(t1)) s</text>\n"
        for (k, key) in keys.enumerated() {
            let colour = Self.palette[k % Self.palette.count]
            let points = rows.map { "\(x($0.time)),\(y($0.values[k]))" }.joined(separator: " ")
            out += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\" points=\"\(points)\"/>\n"
            out += "<text x=\"\(Self.coordinate(Self.left + 8))\" y=\"\(Self.coordinate(Self.top + 12 + Double(k) * 14))\" fill=\"\(colour)\">\(Self.escaped(key))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// Four significant digits: an axis label, not a value to read back (the CSV has those).
    static func label(_ v: Double) -> String { String(format: "%.4g", v) }

    /// Two decimals: a hundredth of a pixel is below anything a viewer shows.
    static func coordinate(_ v: Double) -> String { number((v * 100).rounded() / 100) }

    static func escaped(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out += ch.value < 0x20 || ch.value == 0xFFFE || ch.value == 0xFFFF ? "\u{FFFD}" : String(ch)
            }
        }
        return out
    }
}
