import StrataDriver
import StrataGestures
import StrataModel

/// A scene file made into a scene: its layer tree (every `repeat` copied, expressions
/// evaluated with the options), the animations it starts, and its gesture bindings.
/// Options a pan drives are live variables: each change makes the values that read them
/// again, inside a transaction without actions (as the seed's carousel turns its planes
/// in a transaction of duration 0), so the tree follows the finger at once.
public final class FileScene: Scene {
    public let file: SceneFile
    public let rootLayer: Layer
    public let clock = SceneClock()
    /// The options' values as the scene runs (a pan changes the one it drives); booleans
    /// are 1 and 0.
    public private(set) var variables: [String: Double]
    /// Taps that ran an animation.
    public private(set) var tapCount = 0
    /// Layers made (every repeat's copies), and animations the file starts or gestures run.
    public let layerCount: Int
    public var animationCount: Int { startedAnimationCount + file.library.count }
    private var startedAnimationCount = 0

    private var layersByName: [String: Layer] = [:]
    private var updaters: [Updater] = []
    private let optionNames: Set<String>
    private var panRecognizer: PanGestureRecognizer?
    private var tapRecognizer: TapGestureRecognizer?
    private var drives: [Drive] = []
    private var momentumEnabled = false
    private var snapStep = 0.0
    private var eventTime = 0.0
    /// `width` and `height`, for expressions evaluated after the scene is made.
    private let view: [String: Double]

    /// A value that reads options, made again when one of them changes.
    private struct Updater {
        let layer: Layer
        let variables: Set<String>
        /// The repeat's `i` and `n` where the layer was made.
        let local: [String: Double]
        let apply: ([String: Double]) throws -> Void
    }

    /// What one axis of the pan drives, and its glide.
    private struct Drive {
        let target: PanBinding.Target
        var panOffset = 0.0
        var glide: Deceleration?
    }

    init(file: SceneFile, options: SceneOptions, viewSize: Size) throws {
        self.file = file
        var env: [String: Double] = [:]
        for spec in file.options {
            switch options.value(spec.name) {
            case .number(let v)?: env[spec.name] = v
            case .bool(let b)?: env[spec.name] = b ? 1 : 0
            default: env[spec.name] = 0
            }
        }
        variables = env
        optionNames = Set(file.options.map(\.name))
        env["width"] = viewSize.width
        env["height"] = viewSize.height
        view = ["width": viewSize.width, "height": viewSize.height]

        var made = 0
        var cost = SceneCost()
        var pending: [(Layer, LayerTemplate, [String: Double])] = []
        rootLayer = try FileScene.build(file.root, env: env, file: file, made: &made, cost: &cost, pending: &pending,
                                        names: &layersByName, updaters: &updaters, optionNames: optionNames)
        layerCount = made
        // The root is the window: it fills the view, whatever the file gave it.
        rootLayer.bounds = Rect(origin: .zero, size: viewSize)
        rootLayer.position = Point(x: viewSize.width / 2, y: viewSize.height / 2)

        clock.attach(rootLayer)
        for (layer, template, localEnv) in pending {
            // Counted per copy: a repeat multiplies its layer's animations.
            let count = template.animations.reduce(0) { $0 + $1.animation.count }
            guard startedAnimationCount + count + file.library.count <= file.limits.animationCount else {
                throw template.field.error("the scene starts more than \(file.limits.animationCount) animations (repeats counted)")
            }
            for (key, a) in template.animations {
                try add(a, key: key, to: layer, env: localEnv, at: a.field)
                startedAnimationCount += a.count
            }
        }
        try bindOptions()
        try bindGestures(env)
    }

    private static func build(_ t: LayerTemplate, env: [String: Double], file: SceneFile, made: inout Int,
                              cost: inout SceneCost, pending: inout [(Layer, LayerTemplate, [String: Double])], names: inout [String: Layer],
                              updaters: inout [Updater], optionNames: Set<String>) throws -> Layer {
        made += 1
        guard made <= file.limits.layerCount else {
            throw t.field.error("the scene has more than \(file.limits.layerCount) layers (repeats counted); --max-layers raises the limit")
        }
        let layer = t.cls.make()
        if let name = t.name {
            let n = try name.value(env)
            if names[n] != nil { throw name.field.error("a layer named \"\(n)\" is already in the tree; names are unique") }
            layer.name = n
            names[n] = layer
        }
        for (_, template) in t.properties {
            (try template.value(env))(layer)
            if !template.variables.isDisjoint(with: optionNames) {
                updaters.append(Updater(layer: layer, variables: template.variables, local: env) { values in
                    (try template.value(values))(layer)
                })
            }
        }
        try cost.add(layer, t, limits: file.limits)
        for sub in t.sublayers {
            switch sub {
            case .layer(let s):
                layer.addSublayer(try build(s, env: env, file: file, made: &made, cost: &cost, pending: &pending, names: &names,
                                            updaters: &updaters, optionNames: optionNames))
            case .repeated(let count, let field, let each):
                let n = try count.integer(env, 0...file.limits.repeatCount, at: field, what: "a repeat count")
                // Checked before any copy is made.
                guard made + n <= file.limits.layerCount else {
                    throw field.error("\(n) copies would make more than \(file.limits.layerCount) layers; --max-layers raises the limit")
                }
                for i in 0..<n {
                    var e = env
                    e["i"] = Double(i)
                    e["n"] = Double(n)
                    layer.addSublayer(try build(each, env: e, file: file, made: &made, cost: &cost, pending: &pending, names: &names,
                                                updaters: &updaters, optionNames: optionNames))
                }
            }
        }
        if let m = t.mask {
            layer.mask = try build(m.template, env: env, file: file, made: &made, cost: &cost, pending: &pending, names: &names,
                                   updaters: &updaters, optionNames: optionNames)
        }
        if !t.animations.isEmpty { pending.append((layer, t, env)) }
        return layer
    }

    private func add(_ a: AnimationTemplate, key: String, to layer: Layer, env: [String: Double], at field: Field) throws {
        do {
            try layer.add(try a.make(env).value, forKey: key)
        } catch let e as AnimationError {
            throw field.error("cannot run on the layer \"\(layer.name ?? "?")\": \(e.description)")
        }
    }

    private func layer(named name: String, at field: Field) throws -> Layer {
        guard let l = layersByName[name] else {
            let close = closestNames(to: name, in: layersByName.keys)
            let names = layerNames.isEmpty ? "no layer has a name" : "names: " + layerNames.joined(separator: ", ")
            throw field.error("no layer named \"\(name)\"" + (close.isEmpty ? "; \(names)" : "; did you mean \"\(close[0])\"?"))
        }
        return l
    }

    private func bindOptions() throws {
        for bind in file.binds {
            let l = try layer(named: bind.layer, at: bind.field)
            guard case .double? = l.animatableValue(forKeyPath: bind.keyPath) else {
                throw bind.field.error("\"\(bind.keyPath)\" is not a number key path of the layer \"\(bind.layer)\"")
            }
            let option = bind.option, keyPath = bind.keyPath
            let updater = Updater(layer: l, variables: [option], local: [:]) { values in
                _ = l.setAnimatableValue(.double(values[option] ?? 0), forKeyPath: keyPath)
            }
            try updater.apply(variables)
            updaters.append(updater)
        }
    }

    private func bindGestures(_ env: [String: Double]) throws {
        if let pan = file.pans.first {
            for target in pan.targets {
                if case .keyPath(let name, let keyPath) = target.kind {
                    guard case .double? = try layer(named: name, at: target.field).animatableValue(forKeyPath: keyPath) else {
                        throw target.field.error("\"\(keyPath)\" is not a number key path of the layer \"\(name)\"")
                    }
                }
                drives.append(Drive(target: target))
            }
            momentumEnabled = try (pan.momentum?.value(env) ?? 0) != 0
            snapStep = abs(try pan.snap?.value(env) ?? 0)
            let recognizer = PanGestureRecognizer()
            recognizer.addTarget { [unowned self] gesture in self.pan(gesture) }
            panRecognizer = recognizer
        }
        if !file.taps.isEmpty {
            for tap in file.taps {
                _ = try layer(named: tap.layer, at: tap.layerField)
                let animation = file.library.first { $0.key == tap.run }!.animation
                // Made once now, so an expression that cannot be computed is an error of
                // the file, not a tap that silently does nothing.
                _ = try animation.make(env)
                for (name, field) in zip(tap.on, tap.onFields) {
                    let l = try layer(named: name, at: field)
                    let properties = type(of: l).animatableProperties
                    if let bad = animation.keyPaths.first(where: { properties[$0] == nil }) {
                        throw field.error("the animation \"\(tap.run)\" cannot run on \"\(name)\": \(AnimationError(keyPath: bad, layer: l).description)")
                    }
                }
            }
            let recognizer = TapGestureRecognizer()
            recognizer.addTarget { [unowned self] gesture in self.tapped(at: gesture.location(in: nil)) }
            tapRecognizer = recognizer
        }
    }

    // MARK: Input

    public func handle(_ event: InputEvent) {
        eventTime = event.t
        guard case .pointer(let pointer) = event else { return }
        // A touch stops a glide where it is, as a finger stops a decelerating scroll view.
        if pointer.kind == .down { for i in drives.indices { drives[i].glide = nil } }
        panRecognizer?.handle(event)
        tapRecognizer?.handle(event)
        if (pointer.kind == .up || pointer.kind == .cancel) && snapStep > 0 {
            for i in drives.indices where drives[i].glide == nil { settle(i, velocity: 0) }
        }
    }

    /// The seed carousel's `pan:` for each target: the translation times perPoint, applied
    /// as the difference from what this pan has moved so far.
    private func pan(_ gesture: PanGestureRecognizer) {
        let translation = gesture.translation(in: rootLayer)
        for i in drives.indices {
            let target = drives[i].target
            let offset = (target.axisIsX ? translation.x : translation.y)
            if gesture.state == .began { drives[i].panOffset = 0 }
            let movedBy = offset * target.perPoint - drives[i].panOffset
            drives[i].panOffset += movedBy
            setValue(value(of: target) + movedBy, of: target)
            if gesture.state == .ended && (momentumEnabled || snapStep > 0) {
                let v = gesture.velocity(in: rootLayer)
                settle(i, velocity: momentumEnabled ? (target.axisIsX ? v.x : v.y) * target.perPoint : 0)
            }
        }
    }

    private func settle(_ i: Int, velocity: Double) {
        let current = value(of: drives[i].target)
        let natural = Deceleration(startTime: eventTime, angle: current, velocity: velocity)
        guard snapStep > 0 else { drives[i].glide = natural; return }
        let rest = natural?.restingAngle ?? current
        drives[i].glide = Deceleration(startTime: eventTime, angle: current, landingOn: snapStep * (rest / snapStep).rounded())
    }

    private func tapped(at point: Point) {
        var hit = rootLayer.hitTest(inBounds: point)
        while let l = hit {
            if let name = l.name, let tap = file.taps.first(where: { $0.layer == name }) {
                run(tap)
                return
            }
            hit = l.superlayer
        }
    }

    private func run(_ tap: TapBinding) {
        tapCount += 1
        guard let animation = file.library.first(where: { $0.key == tap.run })?.animation else { return }
        for name in tap.on {
            // Checked when the scene was made: the layers exist and animate its key paths.
            guard let l = layersByName[name], let a = try? animation.make(variables.merging(view) { live, _ in live }).value else { continue }
            try? l.add(a, forKey: tap.key)
        }
    }

    // MARK: Driven values

    private func value(of target: PanBinding.Target) -> Double {
        switch target.kind {
        case .option(let name): return variables[name] ?? 0
        case .keyPath(let name, let keyPath):
            let v = layersByName[name]?.animatableValue(forKeyPath: keyPath)?.doubleValue ?? 0
            return keyPath.contains("rotation") ? v * 180 / .pi : v
        }
    }

    private func setValue(_ v: Double, of target: PanBinding.Target) {
        switch target.kind {
        case .option(let name): set(name, to: v)
        case .keyPath(let name, let keyPath):
            Transaction.perform(disableActions: true) {
                _ = layersByName[name]?.setAnimatableValue(.double(keyPath.contains("rotation") ? Transform3D.degrees(v) : v),
                                                            forKeyPath: keyPath)
            }
        }
    }

    /// Sets an option's live value and makes again everything that reads it.
    public func set(_ option: String, to value: Double) {
        guard optionNames.contains(option) else { return }
        variables[option] = value
        refresh([option])
    }

    private func refresh(_ changed: Set<String>) {
        Transaction.perform(disableActions: true) {
            for u in updaters where !u.variables.isDisjoint(with: changed) {
                // Values were computed once already with these names; only the options moved.
                try? u.apply(u.local.merging(variables) { _, live in live })
            }
        }
    }

    /// Takes the state input left in `old` (a reload of the same file keeps where the pan
    /// had turned it): the live values of the options both declare, and the key paths the
    /// pan drives on layers both name.
    public func adoptState(from old: FileScene) {
        var changed = Set<String>()
        for (name, v) in old.variables where optionNames.contains(name) && variables[name] != v {
            variables[name] = v
            changed.insert(name)
        }
        refresh(changed)
        for d in drives {
            guard case .keyPath(let name, _) = d.target.kind, old.layersByName[name] != nil else { continue }
            setValue(old.value(of: d.target), of: d.target)
        }
    }

    // MARK: Scene

    public func advance(to time: Double) {
        clock.advance(to: time)
        for i in drives.indices {
            guard let glide = drives[i].glide else { continue }
            setValue(glide.angle(at: time), of: drives[i].target)
            if time >= glide.endTime { drives[i].glide = nil }
        }
    }

    public var hasRunningAnimations: Bool { !clock.isIdle || drives.contains { $0.glide != nil } }

    public var presentationLayer: Layer {
        rootLayer.subtreeHasAnimations ? rootLayer.presentation(at: clock.now) : rootLayer
    }

    /// The values the pan drives (`angle: 47.5`), and the taps if the file binds any.
    public var statusDescription: String {
        var parts = drives.map { d -> String in
            switch d.target.kind {
            case .option(let name): return "\(name): \(FileScene.format(variables[name] ?? 0))"
            case .keyPath(let name, let keyPath): return "\(name).\(keyPath): \(FileScene.format(value(of: d.target)))"
            }
        }
        if !file.taps.isEmpty { parts.append("taps: \(tapCount)") }
        return parts.isEmpty ? "idle" : parts.joined(separator: ", ")
    }

    /// 47.5 rather than 47.50000000000001; whole numbers without ".0".
    static func format(_ v: Double) -> String {
        let rounded = (v * 1e6).rounded() / 1e6
        return clean(rounded)
    }

    // MARK: Layers by name

    public var layerNames: [String] { layersByName.keys.sorted() }

    public func layer(named name: String) -> Layer? { layersByName[name] }

    /// The centre of the named layer's frame in the root's coordinates (superlayers'
    /// transforms left out): where a script taps it.
    public func center(ofLayerNamed name: String) -> Point? {
        guard let l = layersByName[name] else { return nil }
        let f = l.frame
        var p = Point(x: f.midX, y: f.midY)
        var up = l.superlayer
        while let s = up, s !== rootLayer {
            let sf = s.frame
            p = Point(x: p.x - s.bounds.origin.x + sf.origin.x, y: p.y - s.bounds.origin.y + sf.origin.y)
            up = s.superlayer
        }
        return p
    }
}
