import Foundation
import StrataDigest
import StrataImage
import StrataModel

/// The layer classes a scene file names, by Core Animation's names.
enum LayerClass: String, CaseIterable, Sendable {
    case layer = "CALayer", gradient = "CAGradientLayer", transform = "CATransformLayer", text = "CATextLayer"
    case backdrop = "CABackdropLayer", shape = "CAShapeLayer", replicator = "CAReplicatorLayer"

    func make() -> Layer {
        switch self {
        case .layer: return Layer()
        case .gradient: return GradientLayer()
        case .transform: return TransformLayer()
        case .text: return TextLayer()
        case .shape: return ShapeLayer()
        case .replicator: return ReplicatorLayer()
        case .backdrop:
            // What is behind, unchanged until its keys say how to blur, saturate and tint.
            let b = BackdropLayer()
            b.material = Material(blurRadius: 0)
            return b
        }
    }

    /// A layer of the class, to ask which key paths it animates.
    var prototype: Layer { make() }

    /// The class's property declarations.
    var declaration: LayerClassDeclaration {
        switch self {
        case .layer: return Layer.declaration
        case .gradient: return GradientLayer.declaration
        case .transform: return TransformLayer.declaration
        case .text: return TextLayer.declaration
        case .backdrop: return BackdropLayer.declaration
        case .shape: return ShapeLayer.declaration
        case .replicator: return ReplicatorLayer.declaration
        }
    }
}

/// One property a layer object may set: its key (Core Animation's name), the classes
/// that have it, and how its value is read and set. The table's order is the order they
/// are applied in, whatever the file's order (anchorPoint before frame, as a frame is
/// placed by the anchor point).
struct LayerProperty: Sendable {
    let key: String
    /// nil: every class.
    let classes: [LayerClass]?
    let read: @Sendable (Field, Scope, SceneFileContext) throws -> Template<@Sendable (Layer) -> Void>

    init<V>(_ key: String, _ classes: [LayerClass]? = nil,
            read: @escaping @Sendable (Field, Scope, SceneFileContext) throws -> Template<V>,
            set: @escaping @Sendable (Layer, V) -> Void) {
        self.key = key
        self.classes = classes
        self.read = { field, scope, context in
            let t = try read(field, scope, context)
            return Template(variables: t.variables) { env in
                let v = UncheckedBox(try t.value(env))
                return { layer in set(layer, v.value) }
            }
        }
    }
}

/// What the reader needs beyond the JSON: where the file is, what it may reach, limits.
struct SceneFileContext: Sendable {
    var file: String
    /// The directory `contents` paths are relative to.
    var directory: String
    var containment: FileContainment
    var limits: SceneFileLimits
    /// The `contents` images read, for `SceneFile.imageDigests`.
    var images = ImageLog()
}

/// The images a scene file's parse read, each as `path sha256` of its bytes, in order,
/// and by the path the file wrote (what a trace's header keeps).
final class ImageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    private var byWrittenPath: [String: String] = [:]
    /// Each file decoded once, however many layers and animations name it, and the bytes
    /// all of them take decoded, checked before each is decoded.
    private var decoded: [String: Image] = [:]
    private var decodedBytes = 0
    func add(_ path: String, _ bytes: [UInt8], written: String) {
        let hash = SHA256.hex(of: bytes)
        lock.lock(); list.append(path + " " + hash); byWrittenPath[written] = hash; lock.unlock()
    }
    func image(at path: String) -> Image? { lock.lock(); defer { lock.unlock() }; return decoded[path] }
    /// Counts a new image's decoded bytes; false past `limit`.
    func reserve(_ bytes: Int, limit: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard decodedBytes + bytes <= limit else { return false }
        decodedBytes += bytes
        return true
    }
    func keep(_ image: Image, at path: String) { lock.lock(); decoded[path] = image; lock.unlock() }
    var entries: [String] { lock.lock(); defer { lock.unlock() }; return list }
    var hashes: [String: String] { lock.lock(); defer { lock.unlock() }; return byWrittenPath }
}

extension LayerProperty {
    static func number(_ key: String, _ classes: [LayerClass]? = nil, _ set: @escaping @Sendable (Layer, Double) -> Void) -> LayerProperty {
        LayerProperty(key, classes, read: { f, s, _ in try f.numberTemplate(s) }, set: set)
    }

    static func color(_ key: String, _ classes: [LayerClass]? = nil, _ set: @escaping @Sendable (Layer, Color) -> Void) -> LayerProperty {
        LayerProperty(key, classes, read: { f, s, _ in try f.color(s) }, set: set)
    }

    /// Every property, in the order they are applied: the scene classes' declared
    /// properties (`LayerClassDeclaration`, each class's own after its superclass's, in
    /// declaration order), then the keys that set a part of one (a font's weight, a
    /// backdrop's material).
    static let all: [LayerProperty] = declared + parts

    /// A key for each property a scene class declares for scene files, read as its kind says.
    private static let declared: [LayerProperty] = LayerClass.allCases.flatMap { cls -> [LayerProperty] in
        let declaration = cls.declaration
        // A class's own: its superclass's are the superclass's keys (every class's, for CALayer's).
        return declaration.own.filter(\.isSceneKey).map { p in
            LayerProperty(p.name, declaration.superclass == nil ? nil : [cls], read: { [kind = p.kind] f, s, c in try f.value(of: kind, s, c) },
                          set: { [key = p.name] layer, value in
                              type(of: layer).declaration.property(named: key)?.setSceneValue(value.value, of: layer)
                          })
        }
    }

    /// Keys that set part of a property's value rather than a property.
    private static let parts: [LayerProperty] = [
        LayerProperty("fontWeight", [.text], read: { f, _, _ in Template.constant(try f.fontWeight()) },
                      set: { ($0 as? TextLayer)?.font.weight = $1 }),
        number("blurRadius", [.backdrop]) { ($0 as? BackdropLayer)?.material?.blurRadius = $1 },
        number("saturation", [.backdrop]) { ($0 as? BackdropLayer)?.material?.saturation = $1 },
        color("tint", [.backdrop]) { ($0 as? BackdropLayer)?.material?.tint = $1 },
    ]

    /// The keys a layer of `cls` may have: its properties and the structural keys.
    static func keys(for cls: LayerClass) -> [String] { keysByClass[cls]! }

    /// The keys of the class of that Core Animation name; none for a class scene files do not make.
    static func keys(forClassNamed name: String) -> [String] { LayerClass(rawValue: name).map(keys(for:)) ?? [] }

    private static let keysByClass: [LayerClass: [String]] = Dictionary(uniqueKeysWithValues: LayerClass.allCases.map { cls in
        (cls, ["class", "name", "sublayers", "animations", "mask"] + all.filter { $0.classes == nil || $0.classes!.contains(cls) }.map(\.key))
    })
}

extension Field {
    /// A value of a declared property's kind, boxed for its declaration to set.
    func value(of kind: PropertyValueKind, _ s: Scope, _ c: SceneFileContext) throws -> Template<UncheckedBox<Any>> {
        func boxed<V>(_ t: Template<V>) -> Template<UncheckedBox<Any>> { t.map { UncheckedBox($0 as Any) } }
        switch kind {
        case .number: return boxed(try numberTemplate(s))
        case .integer: return boxed(Template.constant(Int(try plainNumber(in: 0...10_000))))
        case .flag: return boxed(Template.constant(try bool()))
        case .text:
            let t = try text(s)
            return Template(variables: t.variables) { UncheckedBox(try t.value($0) as Any) }
        case .name, .font: return boxed(Template.constant(try string(maxLength: 200)))
        case .point: return boxed(try point(s))
        case .size: return boxed(try size(s))
        case .rect: return boxed(try rect(s))
        case .transform: return boxed(try transform(s))
        case .color: return boxed(try color(s))
        case .optionalColor: return boxed(try optionalColor(s))
        case .colors: return boxed(try colors(s, maxCount: s.limits.keyframeCount))
        case .numbers: return boxed(try numbers(s, maxCount: s.limits.keyframeCount))
        case .choice(let names, let noun): return boxed(Template.constant(try choice(names.map { ($0, $0) }, what: noun)))
        case .choiceSet(let names, let noun):
            let items = try array(count: 0...names.count, what: "an array of \(noun) names").map { try $0.choice(names.map { ($0, $0) }, what: noun) }
            return boxed(Template.constant(items))
        case .image: return boxed(Template.constant(try image(c)))
        case .path: return boxed(Template.constant(try pathData(s)))
        case .other: throw error("scene files do not take this property")
        }
    }

    /// SVG path data (`SVGPathData`), its errors at the character they found.
    func pathData(_ scope: Scope) throws -> Path {
        let d = try string(maxLength: scope.limits.pathDataLength)
        do { return try SVGPathData.parse(d) } catch let e as Diagnostic { throw error(e.message) }
    }

    /// A colour, or null for none (a shape layer's nil fillColor or strokeColor).
    func optionalColor(_ scope: Scope) throws -> Template<Color?> {
        if case .null = node.value { return Template.constant(nil) }
        return try color(scope).map { Optional($0) }
    }

    func fontWeight() throws -> Font.Weight {
        let names: [(String, Font.Weight)] = [("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
                                              ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black)]
        if case .number = node.value { return Font.Weight(Int(try plainNumber(in: 1...1000))) }
        return try choice(names, what: "font weight")
    }

    /// A PNG or JPEG next to the scene file (told by its bytes): the path may not leave the
    /// scene's directory (unless allowed), and its size and pixel dimensions (from its
    /// header) are checked before it is decoded.
    func image(_ c: SceneFileContext) throws -> Image {
        let relative = try string(maxLength: 4096)
        guard !relative.isEmpty else { throw error("expected a PNG or JPEG path relative to the scene file, got \"\"") }
        let joined = relative.hasPrefix("/") ? relative : (c.directory as NSString).appendingPathComponent(relative)
        // Absolute with every symlink resolved, so `../x.png` of a relative scene path and
        // an outward symlink are both seen to leave the folder.
        let resolved = OutputGuard.resolved(joined)
        guard c.containment.permits(resolved, namedIn: c.directory) else {
            throw error("\(node.described) is outside the scene's directory; \(c.containment.allowedFolders(namedIn: c.directory))")
        }
        var st = stat()
        guard stat(resolved, &st) == 0 else {
            throw error("cannot read \(node.described): \(String(cString: strerror(errno)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw error("\(node.described) \(BoundedFile.kind(st.st_mode)), not a regular file") }
        guard Int(st.st_size) <= c.limits.imageFileSize else {
            throw error("\(node.described) is \(st.st_size) bytes; images may be at most \(c.limits.imageFileSize)")
        }
        let data: [UInt8]
        do { data = try BoundedFile.read(resolved, limit: c.limits.imageFileSize) } catch {
            throw self.error("cannot read \(node.described): \(error)")
        }
        c.images.add(resolved, data, written: relative)
        if let image = c.images.image(at: resolved) { return image }
        do {
            let header = try ImageFile.header(data, name: node.described)
            try header.check(maximumSide: c.limits.imageSide, pixelLimit: PNGHeader.defaultPixelLimit, name: node.described)
            guard c.images.reserve(header.pixelCount * 4, limit: c.limits.textureBytes) else {
                throw self.error("the scene's contents images take more than \(c.limits.textureBytes) bytes decoded; --max-texture-bytes raises the limit")
            }
            let image = try ImageFile.decode(data, name: node.described, maximumSide: c.limits.imageSide)
            c.images.keep(image, at: resolved)
            return image
        } catch let e as SceneFileError {
            throw e
        } catch {
            throw self.error("\(error)")
        }
    }
}
