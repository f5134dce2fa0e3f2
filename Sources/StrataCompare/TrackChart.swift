import Foundation

/// A chart of tracks as SVG: time across, value up, one polyline per series in a colour of
/// its own (a reference dashed and grey), the axes labelled with their ranges and a
/// legend. Pure text, no drawing library, so the same tracks give the same bytes.
/// `strata track --svg` draws keys; the report draws each checked key, reference and actual.
public struct TrackChart {
    public struct Series {
        public var label: String
        /// (time in seconds, value).
        public var points: [(Double, Double)]
        public var isReference: Bool
        public init(label: String, points: [(Double, Double)], isReference: Bool = false) {
            self.label = label; self.points = points; self.isReference = isReference
        }
    }

    public let series: [Series]

    public init(series: [Series]) { self.series = series }

    /// One series per key over the rows' times.
    public init(keys: [String], rows: [(time: Double, values: [Double])]) {
        series = keys.indices.map { k in Series(label: keys[k], points: rows.map { ($0.time, $0.values[k]) }) }
    }

    /// A checked track: the reference dashed, the actual over it, at the track's fps; the
    /// shorter held at its last value to the longer's end, as they are compared.
    public init(_ track: TrackComparison) {
        let n = max(track.reference.count, track.actual.count)
        let points = { (v: [Double]) in v.isEmpty ? [] : (0..<n).map { (Double($0) / track.fps, TrackComparison.at(v, $0)) } }
        series = [Series(label: "\(track.key) reference", points: points(track.reference), isReference: true),
                  Series(label: "\(track.key) actual", points: points(track.actual))]
    }

    static let width = 640.0, height = 320.0
    static let left = 64.0, right = 16.0, top = 16.0, bottom = 40.0
    /// iOS's system colours, told apart on white.
    static let palette = ["#007AFF", "#FF3B30", "#34C759", "#FF9500", "#AF52DE", "#5AC8FA", "#FF2D55", "#A2845E"]
    static let referenceColour = "#8E8E93"

    /// Shortest round-trip decimal, integers without ".0", -0 as 0.
    public static func number(_ v: Double) -> String {
        if v == 0 { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    public var svg: String {
        let times = series.flatMap { $0.points.map(\.0) }
        let t0 = times.min() ?? 0, t1 = max(times.max() ?? 1, t0 + 1e-9)
        let all = series.flatMap { $0.points.map(\.1) }
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
        var colourIndex = 0
        for (k, s) in series.enumerated() {
            let colour = s.isReference ? Self.referenceColour : Self.palette[colourIndex % Self.palette.count]
            if !s.isReference { colourIndex += 1 }
            let points = s.points.map { "\(x($0.0)),\(y($0.1))" }.joined(separator: " ")
            let dash = s.isReference ? " stroke-dasharray=\"5 3\"" : ""
            out += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\"\(dash) points=\"\(points)\"/>\n"
            out += "<text x=\"\(Self.coordinate(Self.left + 8))\" y=\"\(Self.coordinate(Self.top + 12 + Double(k) * 14))\" fill=\"\(colour)\">\(Self.escaped(s.label))</text>\n"
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
