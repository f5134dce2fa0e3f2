/// What a scene file may hold at most. A scene file is untrusted input: each limit is
/// checked before anything of that size is allocated or built, so no file can take
/// unbounded memory or time. docs/SCENE-FORMAT.md lists them.
public struct SceneFileLimits: Sendable, Equatable {
    /// Bytes of the file itself (checked with stat, before it is read).
    public var fileSize = 4 << 20
    /// Nesting of JSON objects and arrays.
    public var maximumDepth = 64
    /// Layers in the whole tree, counting every copy a `repeat` makes (checked before
    /// the copies are made).
    public var layerCount = 10_000
    /// Copies one `repeat` entry may make.
    public var repeatCount = 1_000
    /// Animations in the whole file (per layer copy, and those gestures run).
    public var animationCount = 1_000
    /// Values or key times in one keyframe animation; colours or locations of a gradient.
    public var keyframeCount = 1_000
    /// Pixels on either side of a `contents` image (read from its header first), and its
    /// file size in bytes.
    public var imageSide = 4096
    public var imageFileSize = 16 << 20
    /// Characters in one expression or string.
    public var expressionLength = 1_000
    public var stringLength = 10_000
    /// Characters of one shape layer's SVG path data.
    public var pathDataLength = 100_000
    /// The view, in points, on either side.
    public var viewSide = 16_384.0

    public init() {}

    public static let standard = SceneFileLimits()
}
