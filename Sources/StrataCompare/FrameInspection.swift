/// A failing frame's tree for the report's layer inspector: each layer in pre-order with
/// its depth, where it draws (pixels), its properties, and which of them changed.
public struct FrameInspection: Codable, Equatable, Sendable {
    public struct Layer: Codable, Equatable, Sendable {
        public var depth: Int
        public var id: String
        public var className: String
        /// x, y, width, height in the frame's pixels; nil when it projects to infinity.
        public var rect: [Double]?
        /// [key, value] in the class's order.
        public var properties: [[String]]
        /// [key, recorded, now] of what changed.
        public var changes: [[String]]
        /// Drawn over a differing pixel (in this frame or the recorded one).
        public var underDifferences: Bool
        /// Where the layer of this id drew in the recorded frame, when it was there.
        public var recordedRect: [Double]? = nil
    }
    public var layers: [Layer]
    /// The largest number of layers an inspection keeps (a 10,000-layer scene's frames are explained in words only).
    public static let layerLimit = 2000
}
