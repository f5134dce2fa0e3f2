import Foundation
import StrataDigest
import StrataDriver
import StrataGestures
import StrataModel
import StrataImage

/// A scene described in a file (`NAME.scene.json`): the layer tree with Core Animation's
/// property names, animations, gesture bindings and options, read strictly (every fault
/// is a `SceneFileError` naming file, line, column and JSON path) and checked against
/// `SceneFileLimits`. `descriptor` brings it to every command, as a Swift scene's
/// descriptor does. docs/SCENE-FORMAT.md describes the format.
public struct SceneFile: Sendable {
    /// The format version this code reads.
    public static let version = 1

    /// The path as given (messages name it).
    public let path: String
    /// SHA-256 of the bytes, lower-case hex: a trace recorded from the file keeps it.
    public let sha256: String
    /// The view in points.
    public let size: Size
    public let scale: Double
    /// Seconds `render` shows by default.
    public let time: Double
    public let summary: String
    public let options: [OptionSpec]

    /// The `contents` images the file names, as `PATH SHA256` of each one's bytes: with
    /// `sha256`, everything the file's frames are drawn from (a check's cache key).
    public internal(set) var imageDigests: [String] = []
    /// The same images' SHA-256s by the path the file names them with (relative to the
    /// file): what a trace's header keeps as `sceneImages`.
    public internal(set) var imageHashes: [String: String] = [:]

    let binds: [OptionBind]
    let root: LayerTemplate
    let library: [(key: String, animation: AnimationTemplate)]
    let pans: [PanBinding]
    let taps: [TapBinding]
    public let limits: SceneFileLimits

    /// The one entry point from bytes: parses `data` as the file at `path` (`path` names
    /// it in messages and locates `contents` images). Throws `SceneFileError`, never
    /// crashes, whatever the bytes (the fuzz target calls this).
    /// `directory`: where `contents` paths start (by default the file's own directory).
    /// `allowOutsidePaths` and `root`: where else `contents` may come from (`FileContainment`).
    public static func parse(data: [UInt8], path: String, directory: String? = nil, allowOutsidePaths: Bool = false,
                             root: String? = nil, limits: SceneFileLimits = .standard) throws -> SceneFile {
        let top = SourcePosition(line: 1, column: 1)
        guard data.count <= limits.fileSize else {
            throw SceneFileError(file: path, position: top, path: "", message: "the file is \(data.count) bytes; a scene file may be at most \(limits.fileSize)")
        }
        // A UTF-8 byte order mark is allowed before the value, as editors write one.
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data[3...] : data[...]
        let node: JSONNode
        do { node = try JSONReader.read(text, options: JSONReader.Options(maximumDepth: limits.maximumDepth, maximumBytes: limits.fileSize)) } catch {
            throw SceneFileError(file: path, json: error)
        }
        let own = FilePath.parent(path)
        let context = SceneFileContext(file: path, directory: directory ?? (own.isEmpty ? "." : own),
                                       containment: FileContainment(anywhere: allowOutsidePaths, root: root), limits: limits)
        var file = try SceneFileParser(context: context).parse(Field(node: node, path: "", file: path), sha256: SHA256.hex(of: data))
        file.imageDigests = context.images.entries
        file.imageHashes = context.images.hashes
        return file
    }

    /// Reads the file at `path` (its size checked before it is read), then `parse`.
    public static func load(path: String, allowOutsidePaths: Bool = false, root: String? = nil,
                            limits: SceneFileLimits = .standard) throws -> SceneFile {
        let top = SourcePosition(line: 1, column: 1)
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw SceneFileError(file: path, position: top, path: "", message: "cannot read the scene file: \(String(cString: strerror(errno)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw SceneFileError(file: path, position: top, path: "", message: "cannot read the scene file: \(BoundedFile.kind(st.st_mode)), not a regular file")
        }
        guard Int(st.st_size) <= limits.fileSize else {
            throw SceneFileError(file: path, position: top, path: "", message: "the file is \(st.st_size) bytes; a scene file may be at most \(limits.fileSize)")
        }
        // Bounded whatever stat said: /proc/self/pagemap says 0 bytes and never ends.
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: limits.fileSize) } catch {
            throw SceneFileError(file: path, position: top, path: "", message: "cannot read the scene file: \(error)")
        }
        return try parse(data: data, path: path, allowOutsidePaths: allowOutsidePaths, root: root, limits: limits)
    }

    /// True when a command-line word names a scene file rather than a scene: it ends in
    /// `.json`.
    public static func isScenePath(_ word: String) -> Bool { word.hasSuffix(".json") }

    /// The scene's name for commands and traces: the file name without `.scene.json`
    /// (or `.json`): `carousel` for `Scenes/carousel.scene.json`.
    public var name: String {
        var base = (path as NSString).lastPathComponent
        for suffix in [".json", ".scene"] where base.hasSuffix(suffix) && base.count > suffix.count { base.removeLast(suffix.count) }
        return base
    }

    /// Makes the scene with validated options (what the descriptor's `make` does).
    public func makeScene(options: SceneOptions, viewSize: Size) throws -> FileScene {
        try FileScene(file: self, options: options, viewSize: viewSize)
    }

    /// The scene as every command knows it. Its script option `--tap NAME` (repeatable)
    /// taps the named layers' centres at time 0, in order.
    public var descriptor: SceneDescriptor {
        let file = self
        return SceneDescriptor(
            name: name, summary: summary, options: options,
            scriptOptions: [OptionSpec("tap", .text(maxLength: 1000), valueName: "LAYER", repeatable: true,
                                       help: "tap the named layer's centre at time 0 (repeatable: in order)")],
            defaultViewSize: size, defaultScale: scale, defaultTime: time,
            script: { options, scene in
                guard let fileScene = scene as? FileScene else { return [] }
                return try options.strings("tap").flatMap { name -> [InputEvent] in
                    guard let p = fileScene.center(ofLayerNamed: name) else {
                        throw SceneError("--tap \(name): the scene has no layer of that name; its layers: \(fileScene.layerNames.joined(separator: ", "))")
                    }
                    return [.down(x: p.x, y: p.y, t: 0), .up(x: p.x, y: p.y, t: 0)]
                }
            }
        ) { context in
            do {
                return try file.makeScene(options: context.options, viewSize: context.viewSize)
            } catch let e as SceneFileError {
                // Placed in the scene file, so a trace replaying it does not claim it.
                throw e.diagnostic
            }
        }
    }

    /// What a trace header says of the file: its path relative to `directory` (the
    /// trace's) and its hash, so a replay finds it and knows whether it changed; and the
    /// same of each `contents` image, by the path the file names it with (`sceneImages`).
    public func headerKeys(relativeTo directory: String) -> [String: TraceValue] {
        var keys: [String: TraceValue] = ["sceneFile": .string(FileContainment.relativePath(path, from: directory)),
                                          "sceneSHA256": .string(sha256)]
        if !imageHashes.isEmpty { keys["sceneImages"] = .object(imageHashes.mapValues { .string($0) }) }
        return keys
    }

    /// An image whose bytes differ from a trace header's `sceneImages` (or that it did not
    /// name), as the scene file's own hash is checked: the warning, and the two hashes.
    public struct ImageChange: Sendable {
        public var warning: String
        /// nil when the trace did not name the image.
        public var recorded: String?
        public var now: String
    }

    public func changedImages(since header: [String: TraceValue], tracePath: String) -> [ImageChange] {
        guard case .object(let recorded)? = header["sceneImages"] else { return [] }
        return imageHashes.keys.sorted().compactMap { image in
            let now = imageHashes[image]!
            guard case .string(let then)? = recorded[image] else {
                return ImageChange(warning: "\(image) (named by \(path)) was not in the scene when \(tracePath) was recorded",
                                   recorded: nil, now: now)
            }
            guard then != now else { return nil }
            return ImageChange(warning: "\(image) (named by \(path)) has changed since \(tracePath) was recorded (SHA-256 \(now.prefix(12))…, the trace says \(then.prefix(12))…); replaying with the image as it is now",
                               recorded: then, now: now)
        }
    }
}

/// An option written into a layer's key path when the scene is made, and whenever a
/// gesture changes it.
struct OptionBind: Sendable {
    let option: String
    let layer: String
    let keyPath: String
    let field: Field
}

/// A pan and what its translation drives.
struct PanBinding: Sendable {
    struct Target: Sendable {
        enum Kind: Sendable {
            case option(String)
            /// A key path of a layer; rotation key paths take degrees per point (radians set).
            case keyPath(layer: String, keyPath: String)
        }
        let kind: Kind
        /// Units of the target per point of translation (degrees for rotations).
        let perPoint: Double
        let axisIsX: Bool
        let field: Field
    }
    let targets: [Target]
    /// Glide on after a release; evaluated when the scene is made (non-zero is on).
    let momentum: SceneNumber?
    /// Come to rest on a multiple of this (0: off); evaluated when the scene is made.
    let snap: SceneNumber?
    let field: Field
}

/// A tap on a layer that runs a named animation on layers.
struct TapBinding: Sendable {
    let layer: String
    let run: String
    let key: String
    let on: [String]
    let field: Field
    /// Where each name was written, for messages.
    let layerField: Field
    let runField: Field
    let onFields: [Field]
}
