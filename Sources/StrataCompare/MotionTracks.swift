import Foundation
import StrataImage
import StrataModel

/// Motion tracks stored with references (`check --track`, `assertMotion`): `tracks.json`,
/// the value of each key at every frame of the replay, in the key's own unit, and the
/// tolerance they were recorded with (a check without `--track-tolerance` uses it):
///
///     {"strataTracks": 1, "fps": 60, "tolerance": 0.5,
///      "tracks": {"knob.position.x": [40, 40.8, ...]}}
public struct MotionTracks: Codable, Equatable, Sendable {
    public static let fileName = "tracks.json"
    public static let version = 1
    public static let defaultTolerance = 0.5
    public static let sizeLimit = 1 << 28

    public var strataTracks = MotionTracks.version
    public var fps: Double
    public var tolerance: Double
    public var tracks: [String: [Double]]

    public init(fps: Double, tolerance: Double, tracks: [String: [Double]]) {
        self.fps = fps; self.tolerance = tolerance; self.tracks = tracks
    }

    /// The tracks in `directory`, nil when none are recorded there.
    public static func read(directory: String) throws -> MotionTracks? {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard let file = try ReferenceTrees.decode(MotionTracks.self, at: path, limit: sizeLimit, what: "tracks") else { return nil }
        guard file.strataTracks == version else {
            throw RenderError.io("\(path): tracks version \(file.strataTracks); this strata reads version \(version)")
        }
        return file
    }

    /// Writes `directory/tracks.json` unless `references` holds these bytes already.
    @discardableResult
    public func write(into directory: String, references: String) throws -> Bool {
        let bytes = try JSONWriter.bytes(self, format: .init(.compact, keys: .sorted)) + [0x0A]
        return try ReferenceTrees.write(bytes, to: directory, name: MotionTracks.fileName,
                                        existing: (references as NSString).appendingPathComponent(MotionTracks.fileName))
    }
}

/// One key's track against its reference: where they part, by how much, and when each
/// settles. The shorter is held at its last value (a replay ends when the scene is idle).
public struct TrackComparison: Codable, Equatable, Sendable {
    public var key: String
    /// What follows a value: ` pt`, `°`, or nothing.
    public var unit: String
    public var fps: Double
    public var reference: [Double]
    public var actual: [Double]
    public var tolerance: Double

    public init(key: String, unit: String, fps: Double, reference: [Double], actual: [Double], tolerance: Double) {
        self.key = key; self.unit = unit; self.fps = fps; self.reference = reference; self.actual = actual; self.tolerance = tolerance
    }

    /// The largest gap and the frame where it first is.
    public var largestGap: (gap: Double, frame: Int) {
        let n = max(reference.count, actual.count)
        var best = (gap: 0.0, frame: 0)
        for k in 0..<n {
            let g = abs(Self.at(actual, k) - Self.at(reference, k))
            if g > best.gap { best = (g, k) }
        }
        return best
    }

    public var passed: Bool { !reference.isEmpty && largestGap.gap <= tolerance }

    /// The time from which a track stays within a tenth of the tolerance of its last value.
    public func settles(_ values: [Double]) -> Double {
        guard let last = values.last else { return 0 }
        var k = values.count
        while k > 0 && abs(values[k - 1] - last) <= tolerance / 10 { k -= 1 }
        return Double(k) / fps
    }

    /// `knob.position.x settles at 1.08 s, reference 0.98 s; largest gap 6.2 pt at 0.52 s
    /// (tolerance 0.5 pt)`; the settling part only when the two settle at different frames.
    public var message: String {
        if reference.isEmpty { return "\(key): no recorded track" }
        let (gap, frame) = largestGap
        let a = settles(actual), r = settles(reference)
        let settling = Self.seconds(a) != Self.seconds(r) ? " settles at \(Self.seconds(a)) s, reference \(Self.seconds(r)) s;" : ":"
        return "\(key)\(settling) largest gap \(Self.value(gap))\(unit) at \(Self.seconds(Double(frame) / fps)) s (tolerance \(Self.value(tolerance))\(unit))"
    }

    static func at(_ v: [Double], _ k: Int) -> Double { v.isEmpty ? 0 : v[min(k, v.count - 1)] }
    static func seconds(_ t: Double) -> String { String(format: "%.2f", t) }
    /// Three significant digits: 6.2, 0.0412, 123.
    static func value(_ v: Double) -> String { String(format: "%.3g", v) }
}
