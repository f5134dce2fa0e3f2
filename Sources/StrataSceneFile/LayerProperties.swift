import Foundation
import StrataImage
import StrataModel

/// The layer classes a scene file names, by Core Animation's names.
enum LayerClass: String, CaseIterable, Sendable {
    case layer = "CALayer", gradient = "CAGradientLayer", transform = "CATransformLayer", text = "CATextLayer"
    case backdrop = "CABackdropLayer"

    func make() -> Layer {
        switch self {
        case .layer: return Layer()
        case .gradient: return GradientLayer()
        case .transform: return TransformLayer()
        case .text: return TextLayer()
        case .backdrop:
            // What is behind, unchanged until its keys say how to blur, saturate and tint.
            let b = BackdropLayer()
            b.material = Material(blurRadius: 0)
            return b
        }
    }

    /// A layer of the class, to ask which key paths it animates.
    var prototype: Layer { make() }
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
    var allowOutsidePaths: Bool
    var limits: SceneFileLimits
}

extension LayerProperty {
    static func number(_ key: String, _ classes: [LayerClass]? = nil, _ set: @escaping @Sendable (Layer, Double) -> Void) -> LayerProperty {
        LayerProperty(key, classes, read: { f, s, _ in try f.numberTemplate(s) }, set: set)
    }

    static func color(_ key: String, _ classes: [LayerClass]? = nil, _ set: @escaping @Sendable (Layer, Color) -> Void) -> LayerProperty {
        LayerProperty(key, classes, read: { f, s, _ in try f.color(s) }, set: set)
    }

    static func flag(_ key: String, _ set: @escaping @Sendable (Layer, Bool) -> Void) -> LayerProperty {
        LayerProperty(key, read: { f, _, _ in Template.constant(try f.bool()) }, set: set)
    }

    /// Every property, in the order they are applied.
    static let all: [LayerProperty] = [
        LayerProperty("anchorPoint", read: { f, s, _ in try f.point(s) }, set: { $0.anchorPoint = $1 }),
        number("anchorPointZ") { $0.anchorPointZ = $1 },
        LayerProperty("bounds", read: { f, s, _ in try f.rect(s) }, set: { $0.bounds = $1 }),
        LayerProperty("position", read: { f, s, _ in try f.point(s) }, set: { $0.position = $1 }),
        LayerProperty("frame", read: { f, s, _ in try f.rect(s) }, set: { $0.frame = $1 }),
        number("zPosition") { $0.zPosition = $1 },
        LayerProperty("transform", read: { f, s, _ in try f.transform(s) }, set: { $0.transform = $1 }),
        LayerProperty("sublayerTransform", read: { f, s, _ in try f.transform(s) }, set: { $0.sublayerTransform = $1 }),
        number("opacity") { $0.opacity = $1 },
        flag("hidden") { $0.isHidden = $1 },
        color("backgroundColor") { $0.backgroundColor = $1 },
        number("cornerRadius") { $0.cornerRadius = $1 },
        number("borderWidth") { $0.borderWidth = $1 },
        color("borderColor") { $0.borderColor = $1 },
        flag("masksToBounds") { $0.masksToBounds = $1 },
        color("shadowColor") { $0.shadowColor = $1 },
        number("shadowOpacity") { $0.shadowOpacity = $1 },
        number("shadowRadius") { $0.shadowRadius = $1 },
        LayerProperty("shadowOffset", read: { f, s, _ in try f.size(s) }, set: { $0.shadowOffset = $1 }),
        flag("doubleSided") { $0.isDoubleSided = $1 },
        LayerProperty("contents", read: { f, _, c in Template.constant(try f.image(c)) }, set: { $0.contents = $1 }),

        LayerProperty("colors", [.gradient], read: { f, s, _ in try f.colors(s, maxCount: s.limits.keyframeCount) },
                      set: { ($0 as? GradientLayer)?.colors = $1 }),
        LayerProperty("locations", [.gradient], read: { f, s, _ in try f.numbers(s, maxCount: s.limits.keyframeCount) },
                      set: { ($0 as? GradientLayer)?.locations = $1 }),
        LayerProperty("startPoint", [.gradient], read: { f, s, _ in try f.point(s) }, set: { ($0 as? GradientLayer)?.startPoint = $1 }),
        LayerProperty("endPoint", [.gradient], read: { f, s, _ in try f.point(s) }, set: { ($0 as? GradientLayer)?.endPoint = $1 }),
        LayerProperty("type", [.gradient],
                      read: { f, _, _ in Template.constant(try f.choice(GradientLayer.GradientType.allCases.map { ($0.rawValue, $0) }, what: "gradient type")) },
                      set: { ($0 as? GradientLayer)?.type = $1 }),

        LayerProperty("string", [.text], read: { f, s, _ in let t = try f.text(s); return Template(variables: t.variables) { try t.value($0) } },
                      set: { ($0 as? TextLayer)?.string = $1 }),
        LayerProperty("font", [.text], read: { f, _, _ in Template.constant(try f.string(maxLength: 200)) },
                      set: { ($0 as? TextLayer)?.font.family = $1 }),
        number("fontSize", [.text]) { ($0 as? TextLayer)?.fontSize = $1 },
        LayerProperty("fontWeight", [.text], read: { f, _, _ in Template.constant(try f.fontWeight()) },
                      set: { ($0 as? TextLayer)?.font.weight = $1 }),
        color("foregroundColor", [.text]) { ($0 as? TextLayer)?.foregroundColor = $1 },
        LayerProperty("alignmentMode", [.text],
                      read: { f, _, _ in Template.constant(try f.choice(TextAlignment.allCases.map { ($0.rawValue, $0) }, what: "alignment")) },
                      set: { ($0 as? TextLayer)?.alignmentMode = $1 }),
        LayerProperty("wrapped", [.text], read: { f, _, _ in Template.constant(try f.bool()) }, set: { ($0 as? TextLayer)?.isWrapped = $1 }),
        LayerProperty("truncationMode", [.text],
                      read: { f, _, _ in Template.constant(try f.choice(TextLayer.TruncationMode.allCases.map { ($0.rawValue, $0) }, what: "truncation mode")) },
                      set: { ($0 as? TextLayer)?.truncationMode = $1 }),
        LayerProperty("numberOfLines", [.text], read: { f, _, _ in Template.constant(Int(try f.plainNumber(in: 0...10_000))) },
                      set: { ($0 as? TextLayer)?.numberOfLines = $1 }),
        LayerProperty("lineBreakMode", [.text],
                      read: { f, _, _ in Template.constant(try f.choice(LineBreakMode.allCases.map { ($0.rawValue, $0) }, what: "line break mode")) },
                      set: { ($0 as? TextLayer)?.lineBreakMode = $1 }),
        number("lineHeight", [.text]) { ($0 as? TextLayer)?.lineHeight = $1 },

        number("blurRadius", [.backdrop]) { ($0 as? BackdropLayer)?.material?.blurRadius = $1 },
        number("saturation", [.backdrop]) { ($0 as? BackdropLayer)?.material?.saturation = $1 },
        color("tint", [.backdrop]) { ($0 as? BackdropLayer)?.material?.tint = $1 },
        LayerProperty("groupName", [.backdrop], read: { f, _, _ in Template.constant(try f.string(maxLength: 200)) },
                      set: { ($0 as? BackdropLayer)?.groupName = $1 }),
    ]

    /// The keys a layer of `cls` may have: its properties and the structural keys.
    static func keys(for cls: LayerClass) -> [String] { keysByClass[cls]! }

    /// The keys of the class of that Core Animation name; none for a class scene files do not make.
    static func keys(forClassNamed name: String) -> [String] { LayerClass(rawValue: name).map(keys(for:)) ?? [] }

    private static let keysByClass: [LayerClass: [String]] = Dictionary(uniqueKeysWithValues: LayerClass.allCases.map { cls in
        (cls, ["class", "name", "sublayers", "animations"] + all.filter { $0.classes == nil || $0.classes!.contains(cls) }.map(\.key))
    })
}

extension Field {
    func fontWeight() throws -> Font.Weight {
        let names: [(String, Font.Weight)] = [("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
                                              ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black)]
        if case .number = node.value { return Font.Weight(Int(try plainNumber(in: 1...1000))) }
        return try choice(names, what: "font weight")
    }

    /// A PNG next to the scene file: the path may not leave the scene's directory (unless
    /// allowed), and its size and pixel dimensions are checked before it is decoded.
    func image(_ c: SceneFileContext) throws -> Image {
        let relative = try string(maxLength: 4096)
        guard !relative.isEmpty else { throw error("expected a PNG path relative to the scene file, got \"\"") }
        let joined = relative.hasPrefix("/") ? relative : (c.directory as NSString).appendingPathComponent(relative)
        // Absolute with every symlink resolved, so `../x.png` of a relative scene path and
        // an outward symlink are both seen to leave the folder.
        let resolved = OutputGuard.resolved(joined)
        if !c.allowOutsidePaths {
            let base = OutputGuard.resolved(c.directory)
            guard OutputGuard.isInside(resolved, base) else {
                throw error("\(node.described) is outside the scene's directory \(base); only files under it may be read (pass --allow-outside-paths to allow it)")
            }
        }
        var st = stat()
        guard stat(resolved, &st) == 0 else {
            throw error("cannot read \(node.described): \(String(cString: strerror(errno)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw error("\(node.described) is not a regular file") }
        guard Int(st.st_size) <= c.limits.imageFileSize else {
            throw error("\(node.described) is \(st.st_size) bytes; images may be at most \(c.limits.imageFileSize)")
        }
        let data: [UInt8]
        do { data = try BoundedFile.read(resolved, limit: c.limits.imageFileSize) } catch {
            throw self.error("cannot read \(node.described): \(error)")
        }
        do {
            return try PNG.decode(data, name: relative, maximumSide: c.limits.imageSide)
        } catch {
            throw self.error("\(node.described) is not a PNG this reader takes: \(error)")
        }
    }
}
