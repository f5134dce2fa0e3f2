import Foundation
import StrataImage
import StrataModel

/// `layers.json` beside a set of reference frames: the presentation tree each frame was
/// drawn from (issue 27), so a failing frame can say which layer and property changed.
/// Compact and readable in a diff, one frame a line:
///
///     {"strataLayers": 1, "scale": 2, "frames": [
///     {"frame":"frame-00000","tree":{"class":"CALayer","id":"root","properties":{...},"sublayers":[...]}},
///     {"frame":"frame-00001","changes":[{"layer":2,"set":{"position":[120,80]}}]}
///     ]}
///
/// A frame is a whole tree (`LayerTreeSnapshot`'s JSON) or only the properties changed
/// since the frame before, by layer index in pre-order (`LayerTreeDelta`). A snapshot
/// assertion's tree is `<name>.layers.json`, with its one frame.
public enum ReferenceTrees {
    public static let fileName = "layers.json"
    public static let version = 1
    /// A tree file larger than this is not read (a bounded read, as every file users name).
    public static let sizeLimit = 1 << 28

    public struct Frame: Codable, Equatable, Sendable {
        public var name: String
        public var delta: LayerTreeDelta
        public init(name: String, delta: LayerTreeDelta) { self.name = name; self.delta = delta }

        enum CodingKeys: String, CodingKey { case frame }
        public init(from decoder: Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .frame)
            delta = try LayerTreeDelta(from: decoder)
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .frame)
            try delta.encode(to: encoder)
        }
    }

    struct File: Codable {
        var strataLayers: Int
        var scale: Double
        var frames: [Frame]
    }

    /// The file's bytes: a header line, one frame a line, keys sorted.
    public static func bytes(scale: Double, frames: [Frame]) throws -> [UInt8] {
        let format = JSONWriter.Format(.compact, keys: .sorted)
        var text = "{\"strataLayers\": \(version), \"scale\": \(SnapshotValue.format(scale)), \"frames\": [\n"
        // The frame's name first, then its tree or changes.
        text += try frames.map { f in
            "{\"frame\":" + JSONWriter.string(f.name) + "," + (try JSONWriter.encode(f.delta, format: format)).dropFirst()
        }.joined(separator: ",\n")
        return Array((text + "\n]}\n").utf8)
    }

    /// The frames recorded at `path`; nil when there is no such file (older references).
    public static func read(_ path: String) throws -> (scale: Double, frames: [Frame])? {
        guard let file = try decode(File.self, at: path, limit: sizeLimit, what: "layer-tree") else { return nil }
        guard file.strataLayers == version else {
            throw RenderError.io("\(path): layer-tree version \(file.strataLayers); this strata reads version \(version)")
        }
        return (file.scale, file.frames)
    }

    /// A JSON file of `what` kept with references (trees, tracks), read bounded; nil when absent.
    static func decode<T: Decodable>(_ type: T.Type, at path: String, limit: Int, what: String) throws -> T? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: limit) } catch {
            throw RenderError.io("\(path): cannot read the recorded \(what) file: \(error)")
        }
        do { return try JSONReader.decode(T.self, from: data) } catch {
            throw RenderError.io(error.located(in: path, "not a Strata \(what) file"))
        }
    }

    /// Writes `bytes` to `directory/name` unless `existing` holds them already (its bytes
    /// and modification time then stay). Returns whether it wrote.
    @discardableResult
    static func write(_ bytes: [UInt8], to directory: String, name: String, existing: String) throws -> Bool {
        if let old = try? BoundedFile.read(existing, limit: sizeLimit), old == bytes { return false }
        try AtomicFile.write(bytes, to: (directory as NSString).appendingPathComponent(name))
        return true
    }
}

/// A recorded run of trees read forwards, frame by frame, as a check meets its failures
/// (in order): each tree is rebuilt from the one before, never all at once.
final class RecordedTrees {
    let scale: Double
    private let frames: [ReferenceTrees.Frame]
    private var next = 0
    private var current: LayerTreeSnapshot?

    init(scale: Double, frames: [ReferenceTrees.Frame]) { self.scale = scale; self.frames = frames }

    /// The tree of the frame named `name`; nil when it is not recorded or does not decode.
    func tree(named name: String) -> LayerTreeSnapshot? {
        if next > 0, frames[next - 1].name == name { return current }
        if let i = frames.firstIndex(where: { $0.name == name }), i < next { next = 0; current = nil }
        while next < frames.count {
            current = frames[next].delta.applied(to: current)
            next += 1
            if current == nil { return nil }
            if frames[next - 1].name == name { return current }
        }
        return nil
    }
}
