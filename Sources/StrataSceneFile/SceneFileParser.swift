import StrataDriver
import StrataGestures
import StrataModel

/// One layer object of the file, its values still templates (expressions over `i`, `n`
/// and the options), made into layers when the scene is.
struct LayerTemplate: Sendable {
    enum Sublayer: Sendable {
        case layer(LayerTemplate)
        /// `{"repeat": {"count": N, "each": LAYER}}`: N copies, `i` = 0..<N, `n` = N.
        case repeated(count: SceneNumber, countField: Field, each: LayerTemplate)
    }
    /// A template held by reference: a struct cannot hold its own type inline.
    final class Box: Sendable {
        let template: LayerTemplate
        init(_ template: LayerTemplate) { self.template = template }
    }
    let field: Field
    let cls: LayerClass
    let name: SceneText?
    /// In the order they are applied, with their keys (for re-applying on a change).
    let properties: [(key: String, template: Template<@Sendable (Layer) -> Void>)]
    let sublayers: [Sublayer]
    /// `"mask": LAYER`: a layer object drawn as this one's alpha mask (`Layer.mask`).
    let mask: Box?
    let animations: [(key: String, animation: AnimationTemplate)]
}

/// Reads the file's JSON into a `SceneFile`: every key checked (unknown ones are errors
/// with a did-you-mean), every value's type and range, expressions parsed against the
/// names in reach. Nothing is built yet: that is `FileScene`'s.
struct SceneFileParser {
    let context: SceneFileContext

    /// `$schema` is the JSON-schema link editors read (docs/SCENE-FORMAT.md); strata reads
    /// it as a string and nothing more.
    static let topKeys = ["$schema", "strataScene", "size", "scale", "time", "summary", "options", "root", "animations", "gestures"]
    /// Words the commands use for their own flags: an option may not take them.
    static let reservedOptionNames: Set<String> = [
        "out", "size", "scale", "time", "png-level", "shaders", "backend", "verbose", "save-trace", "fps", "record",
        "screenshot", "exit-after-idle", "frames", "every", "references", "report", "tap", "scene", "allow-outside-paths",
        "help", "check-only", "i", "n", "width", "height",
    ]

    func parse(_ top: Field, sha256: String) throws -> SceneFile {
        let o = try top.object(allowing: SceneFileParser.topKeys, what: "a scene object {\"strataScene\": 1, \"size\": [W, H], \"root\": {...}}")
        _ = try o["$schema"]?.string(maxLength: 2000)
        let versionField = try o.require("strataScene", "the format version, 1")
        let version = try versionField.plainNumber()
        guard version == Double(SceneFile.version) else {
            throw versionField.error("this strata reads scene files of version \(SceneFile.version), got \(versionField.node.described)")
        }
        let sizeField = try o.require("size", "the view in points, [width, height]")
        let side = 1...context.limits.viewSide
        let wh = try sizeField.array(count: 2...2, what: "[width, height]").map { try $0.plainNumber(in: side) }
        let scale = try o["scale"]?.plainNumber(in: 0.1...16) ?? 1
        let time = try o["time"]?.plainNumber(in: 0...86_400) ?? 0
        let summary = try o["summary"]?.string(maxLength: 1000) ?? "scene file \(context.file)"

        var binds: [OptionBind] = []
        var options: [OptionSpec] = []
        if let f = o["options"] { (options, binds) = try readOptions(f) }
        let optionNames = Set(options.map(\.name).filter(SceneFileParser.isIdentifier))
        // The view's size is in reach everywhere, so a file can lay out for any --size.
        let scope = Scope(variables: optionNames.union(["width", "height"]), limits: context.limits, context: context)

        var budget = AnimationBudget(limit: context.limits.animationCount)
        var library: [(key: String, animation: AnimationTemplate)] = []
        if let f = o["animations"] {
            guard case .object(let members) = f.node.value else { throw f.expected("an object of named animations") }
            for m in members {
                let a = try f.child(m.key, m.value).animation(scope, prototypes: LibraryPrototype.layers)
                try budget.add(a)
                library.append((m.key, a))
            }
        }
        let root = try layer(try o.require("root", "the root layer"), scope, &budget)
        var pans: [PanBinding] = [], taps: [TapBinding] = []
        if let f = o["gestures"] {
            for g in try f.array() {
                let go = try g.object(allowing: ["pan", "tap"], what: "a gesture {\"pan\": {...}} or {\"tap\": {...}}")
                guard go.keys.count == 1 else { throw g.error("a gesture has one key, pan or tap, got \(go.keys.count)") }
                if let p = go["pan"] { pans.append(try pan(p, scope)) }
                if let t = go["tap"] {
                    let tap = try self.tap(t)
                    guard library.contains(where: { $0.key == tap.run }) else {
                        let close = closestNames(to: tap.run, in: library.map(\.key))
                        let known = library.isEmpty ? "the file's \"animations\" is empty" : "its animations: " + library.map { "\"\($0.key)\"" }.joined(separator: ", ")
                        throw tap.runField.error("no animation \"\(tap.run)\" in the file's \"animations\"" + (close.isEmpty ? "; \(known)" : "; did you mean \"\(close[0])\"?"))
                    }
                    taps.append(tap)
                }
            }
        }
        if pans.count > 1 { throw o["gestures"]!.error("at most one pan binding (it may drive translation.x and translation.y)") }
        return SceneFile(path: context.file, sha256: sha256, size: Size(width: wh[0], height: wh[1]), scale: scale, time: time,
                         summary: summary, options: options, binds: binds, root: root, library: library, pans: pans,
                         taps: taps, limits: context.limits)
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return s.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }

    // MARK: Layers

    func layer(_ f: Field, _ scope: Scope, _ budget: inout AnimationBudget) throws -> LayerTemplate {
        guard case .object(let members) = f.node.value else { throw f.expected("a layer object") }
        var cls = LayerClass.layer
        if let m = members.first(where: { $0.key == "class" }) {
            cls = try f.child("class", m.value).choice(LayerClass.allCases.map { ($0.rawValue, $0) }, what: "layer class")
        }
        let allowed = LayerProperty.keys(for: cls)
        if let m = members.first(where: { m in !allowed.contains(m.key) }),
           let other = LayerClass.allCases.first(where: { LayerProperty.keys(for: $0).contains(m.key) }) {
            throw SceneFileError(file: f.file, position: m.keyPosition, path: f.child(m.key, m.value).path,
                                 message: "\"\(m.key)\" is a property of \(other.rawValue), not \(cls.rawValue) (set \"class\": \"\(other.rawValue)\")")
        }
        let o = try f.object(allowing: allowed, what: "a layer object")
        if o["frame"] != nil, let other = ["bounds", "position"].first(where: { o[$0] != nil }) {
            throw o["frame"]!.error("give either \"frame\" or \"\(other)\", not both (a frame sets the bounds' size and the position)")
        }
        let name = try o["name"].map { try $0.text(scope) }
        var properties: [(key: String, template: Template<@Sendable (Layer) -> Void>)] = []
        for p in LayerProperty.all {
            guard let pf = o[p.key] else { continue }
            properties.append((p.key, try p.read(pf, scope, context)))
        }
        var sublayers: [LayerTemplate.Sublayer] = []
        if let sf = o["sublayers"] {
            for item in try sf.array() {
                if case .object(let ms) = item.node.value, ms.contains(where: { $0.key == "repeat" }) {
                    let ro = try item.object(allowing: ["repeat"], what: "a repeat entry")
                    let rf = ro["repeat"]!
                    let r = try rf.object(allowing: ["count", "each"], what: "{\"count\": N, \"each\": LAYER}")
                    let countField = try r.require("count", "how many copies")
                    let count = try countField.number(scope)
                    if case .constant(let c) = count {
                        guard c == c.rounded(), c >= 0, c <= Double(context.limits.repeatCount) else {
                            throw countField.error("a repeat count must be a whole number from 0 to \(context.limits.repeatCount), got \(countField.node.described)")
                        }
                    }
                    var inner = scope
                    inner.variables.formUnion(["i", "n"])
                    sublayers.append(.repeated(count: count, countField: countField,
                                               each: try layer(try r.require("each", "the layer to copy"), inner, &budget)))
                } else {
                    sublayers.append(.layer(try layer(item, scope, &budget)))
                }
            }
        }
        let mask = try o["mask"].map { LayerTemplate.Box(try layer($0, scope, &budget)) }
        var animations: [(key: String, animation: AnimationTemplate)] = []
        if let af = o["animations"] {
            guard case .object(let ms) = af.node.value else { throw af.expected("an object of animations by key") }
            let prototypes = [cls.prototype]
            for m in ms {
                let a = try af.child(m.key, m.value).animation(scope, prototypes: prototypes)
                try budget.add(a)
                animations.append((m.key, a))
            }
        }
        return LayerTemplate(field: f, cls: cls, name: name, properties: properties, sublayers: sublayers, mask: mask, animations: animations)
    }

    // MARK: Options

    func readOptions(_ f: Field) throws -> ([OptionSpec], [OptionBind]) {
        guard case .object(let members) = f.node.value else { throw f.expected("an object of options by name") }
        var specs: [OptionSpec] = [], binds: [OptionBind] = []
        for m in members {
            let of = f.child(m.key, m.value)
            let name = m.key
            guard !name.isEmpty, name.count <= 64, !name.hasPrefix("-"),
                  name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }) else {
                throw of.error("an option's name is letters, digits, '-' and '_' (it becomes the flag --NAME)")
            }
            guard !SceneFileParser.reservedOptionNames.contains(name) else {
                throw of.error("\"\(name)\" is taken by the commands' own flags (or the repeat variables); choose another name")
            }
            let o = try of.object(allowing: ["type", "default", "range", "help", "bind"], what: "an option {\"type\": \"number\", \"default\": 0}")
            let typeField = try o.require("type", "number, integer or boolean")
            let type = try typeField.choice([("number", "number"), ("integer", "integer"), ("boolean", "boolean")], what: "option type")
            let help = try o["help"]?.string(maxLength: 1000) ?? ""
            let spec: OptionSpec
            switch type {
            case "boolean":
                if let r = o["range"] { throw r.error("a boolean option has no range") }
                let d = try o["default"]?.bool() ?? false
                spec = OptionSpec(name, .boolean, default: .bool(d), help: help)
            default:
                var range = -1e6...1e6
                if let r = o["range"] {
                    let lh = try r.array(count: 2...2, what: "[lowest, highest]").map { try $0.plainNumber() }
                    guard lh[0] <= lh[1] else { throw r.error("the range's lowest value is above its highest") }
                    range = lh[0]...lh[1]
                }
                let df = o["default"]
                let d = try df?.plainNumber() ?? min(max(0, range.lowerBound), range.upperBound)
                guard range.contains(d) else { throw (df ?? of).error("the default \(clean(d)) is outside the range \(clean(range.lowerBound))...\(clean(range.upperBound))") }
                if type == "integer" {
                    guard d == d.rounded(), range.lowerBound == range.lowerBound.rounded(), range.upperBound == range.upperBound.rounded() else {
                        throw (df ?? of).error("an integer option has a whole default and a whole range")
                    }
                    // 1e30 is whole but no Int: said here, by lint too, never a trap when the range is made.
                    guard let low = Checked.int(range.lowerBound), let high = Checked.int(range.upperBound) else {
                        throw (o["range"] ?? of).error("an integer option's range must lie within \(Int.min)...\(Int.max), got \(clean(range.lowerBound))...\(clean(range.upperBound))")
                    }
                    spec = OptionSpec(name, .integer(low...high), default: .number(d), help: help)
                } else {
                    spec = OptionSpec(name, .number(range), default: .number(d), help: help)
                }
            }
            if let bf = o["bind"] {
                let items: [Field]
                if case .array = bf.node.value { items = try bf.array() } else { items = [bf] }
                for b in items {
                    let bo = try b.object(allowing: ["layer", "keyPath"], what: "a binding {\"layer\": NAME, \"keyPath\": KEY}")
                    binds.append(OptionBind(option: name, layer: try bo.require("layer", "the layer's name").string(maxLength: 1000),
                                            keyPath: try bo.require("keyPath", "a number key path such as \"opacity\"").string(maxLength: 200), field: b))
                }
            }
            specs.append(spec)
        }
        return (specs, binds)
    }

    // MARK: Gestures

    func pan(_ f: Field, _ scope: Scope) throws -> PanBinding {
        let o = try f.object(allowing: ["layer", "translation.x", "translation.y", "momentum", "snap"], what: "a pan binding")
        let panLayer = try o["layer"]?.string(maxLength: 1000)
        var targets: [PanBinding.Target] = []
        for (axis, isX) in [("translation.x", true), ("translation.y", false)] {
            guard let tf = o[axis] else { continue }
            let t = try tf.object(allowing: ["option", "layer", "keyPath", "perPoint", "degreesPerPoint"], what: "a pan target")
            let kind: PanBinding.Target.Kind
            if let opt = t["option"] {
                let name = try opt.string(maxLength: 64)
                guard scope.variables.contains(name) else {
                    throw opt.error("no number option \"\(name)\" in the file's \"options\"")
                }
                if t["keyPath"] != nil || t["layer"] != nil { throw tf.error("a pan target drives either an \"option\" or a layer's \"keyPath\", not both") }
                kind = .option(name)
            } else {
                let keyPath = try t.require("keyPath", "what the pan changes: a key path such as \"transform.rotation.y\", or an \"option\"").string(maxLength: 200)
                guard let layer = try t["layer"]?.string(maxLength: 1000) ?? panLayer else {
                    throw tf.error("missing \"layer\": the layer whose \(keyPath) the pan changes (here or in the pan)")
                }
                kind = .keyPath(layer: layer, keyPath: keyPath)
            }
            let per: Double
            switch (t["perPoint"], t["degreesPerPoint"]) {
            case (let p?, nil): per = try p.plainNumber(in: -1e6...1e6)
            case (nil, let d?):
                if case .keyPath(_, let kp) = kind, !kp.contains("rotation") {
                    throw d.error("degreesPerPoint is for rotation key paths; use perPoint for \(kp)")
                }
                per = try d.plainNumber(in: -1e6...1e6)
            case (nil, nil): per = 1
            default: throw tf.error("give perPoint or degreesPerPoint, not both")
            }
            targets.append(PanBinding.Target(kind: kind, perPoint: per, axisIsX: isX, field: tf))
        }
        guard !targets.isEmpty else { throw f.error("a pan binding drives \"translation.x\", \"translation.y\" or both") }
        var momentum: SceneNumber?
        if let m = o["momentum"] {
            if case .bool(let b) = m.node.value { momentum = .constant(b ? 1 : 0) } else { momentum = try m.number(scope) }
        }
        let snap = try o["snap"]?.number(scope)
        return PanBinding(targets: targets, momentum: momentum, snap: snap, field: f)
    }

    func tap(_ f: Field) throws -> TapBinding {
        let o = try f.object(allowing: ["layer", "run", "on", "key"], what: "a tap binding")
        let layerField = try o.require("layer", "the layer that is tapped")
        let layer = try layerField.string(maxLength: 1000)
        let runField = try o.require("run", "the name of an animation in the file's \"animations\"")
        let run = try runField.string(maxLength: 200)
        var onFields = [layerField]
        if let onField = o["on"] {
            if case .array = onField.node.value { onFields = try onField.array() } else { onFields = [onField] }
        }
        let on = try onFields.map { try $0.string(maxLength: 1000) }
        let key = try o["key"]?.string(maxLength: 200) ?? run
        return TapBinding(layer: layer, run: run, key: key, on: on, field: f, layerField: layerField, runField: runField, onFields: onFields)
    }
}

/// Animations counted against the file's limit as they are read.
struct AnimationBudget {
    let limit: Int
    var used = 0
    mutating func add(_ a: AnimationTemplate) throws {
        used += a.count
        guard used <= limit else { throw a.field.error("more than \(limit) animations in the file") }
    }
}

/// Named animations are read against every class's key paths (a value is read as the
/// first class that has its key path says); `FileScene` checks each against the class of
/// the layers a tap runs it on.
enum LibraryPrototype {
    static var layers: [Layer] { [Layer(), GradientLayer(), TextLayer()] }
}
