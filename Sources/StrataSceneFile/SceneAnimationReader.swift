import StrataModel

/// An animation of the file, made (its expressions evaluated) for each layer it is added
/// to: Core Animation's classes mapped onto StrataModel's animation types.
struct AnimationTemplate: Sendable {
    let field: Field
    /// Key paths it animates (a group's included), for the check against a layer's class.
    let keyPaths: [String]
    /// Animations it counts for the file's limit (a group and everything in it).
    let count: Int
    let make: @Sendable ([String: Double]) throws -> UncheckedBox<any Animation>
}

extension Field {
    static let animationClasses = ["CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup"]
    static let timingKeys = ["class", "duration", "beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration",
                             "autoreverses", "fillMode", "removedOnCompletion", "timingFunction"]

    /// The keys an animation object of `cls` may have.
    static func animationKeys(_ cls: String) -> [String] {
        let property = ["keyPath", "additive", "cumulative"]
        switch cls {
        case "CABasicAnimation": return timingKeys + property + ["fromValue", "toValue", "byValue"]
        case "CASpringAnimation":
            return timingKeys + property + ["fromValue", "toValue", "byValue", "mass", "stiffness", "damping", "initialVelocity",
                                            "perceptualDuration", "bounce"]
        case "CAKeyframeAnimation":
            return timingKeys + property + ["values", "path", "keyTimes", "timingFunctions", "calculationMode", "rotationMode"]
        default: return timingKeys + ["animations"]
        }
    }

    /// Reads one animation. `prototypes`: layers of the classes it may be added to; its
    /// key paths must be animatable on one of them, and values are read as that key
    /// path's kind (a number, a point, a colour, a transform, ...).
    func animation(_ scope: Scope, prototypes: [Layer], depth: Int = 0) throws -> AnimationTemplate {
        guard case .object(let members) = node.value else { throw expected("an animation object") }
        guard let clsField = members.first(where: { $0.key == "class" }).map({ child("class", $0.value) }) else {
            throw error("missing \"class\" (one of \(Field.animationClasses.joined(separator: ", ")))")
        }
        let cls = try clsField.choice(Field.animationClasses.map { ($0, $0) }, what: "animation class")
        let o = try object(allowing: Field.animationKeys(cls), what: "an animation object")
        let timing = try mediaTiming(o, scope)

        if cls == "CAAnimationGroup" {
            guard depth < 8 else { throw error("animation groups nest at most 8 deep") }
            let children = try (o["animations"]?.array() ?? []).map { try $0.animation(scope, prototypes: prototypes, depth: depth + 1) }
            return AnimationTemplate(field: self, keyPaths: children.flatMap(\.keyPaths), count: 1 + children.reduce(0) { $0 + $1.count }) { env in
                var g = AnimationGroup(animations: try children.map { try $0.make(env).value })
                try timing.apply(to: &g, env)
                return UncheckedBox(g)
            }
        }

        let keyPathField = try o.require("keyPath", "the animated property, e.g. \"opacity\" or \"transform.rotation.y\"")
        let keyPath = try keyPathField.string(maxLength: 200)
        guard let current = prototypes.lazy.compactMap({ $0.animatableValue(forKeyPath: keyPath) }).first else {
            throw keyPathField.error(AnimationError(keyPath: keyPath, layer: prototypes[0]).description)
        }
        let additive = try o["additive"]?.bool() ?? false
        let cumulative = try o["cumulative"]?.bool() ?? false
        func value(_ f: Field) throws -> Template<AnimationValue> { try f.animationValue(like: current, scope) }

        switch cls {
        case "CAKeyframeAnimation":
            // A path (SVG path data) stands for the values of a point property.
            let path = try o["path"].map { f -> Path in
                guard case .point = current else {
                    throw f.error("a keyframe path moves a point property such as position; \"\(keyPath)\" is not one")
                }
                guard o["values"] == nil else { throw f.error("give \"values\" or \"path\", not both") }
                let p = try f.pathData(scope)
                guard p.elements.count <= scope.limits.keyframeCount else {
                    throw f.error("at most \(scope.limits.keyframeCount) path elements, got \(p.elements.count)")
                }
                return p
            }
            let rotation = try o["rotationMode"].map { f -> KeyframeAnimation.RotationMode in
                guard path != nil else { throw f.error("rotationMode turns a layer along a \"path\"; this animation has none") }
                return try f.choice(KeyframeAnimation.RotationMode.allCases.map { ($0.rawValue, $0) }, what: "rotation mode")
            }
            let items: [Field]
            if path == nil {
                let valuesField = try o.require("values", "the keyframe values (or a \"path\" for a point property)")
                items = try valuesField.array()
                guard items.count <= scope.limits.keyframeCount else {
                    throw valuesField.error("at most \(scope.limits.keyframeCount) keyframe values, got \(items.count)")
                }
            } else {
                items = []
            }
            let values = try items.map(value)
            let keyTimes = try o["keyTimes"].map { try $0.numbers(scope, maxCount: scope.limits.keyframeCount + 1) }
            let functions = try o["timingFunctions"].map { f -> [TimingFunction] in
                let items = try f.array()
                guard items.count <= scope.limits.keyframeCount else { throw f.error("at most \(scope.limits.keyframeCount) timing functions, got \(items.count)") }
                return try items.map { try $0.timingFunction() }
            }
            let mode = try o["calculationMode"].map {
                try $0.choice(KeyframeAnimation.CalculationMode.allCases.map { ($0.rawValue, $0) }, what: "calculation mode")
            }
            return AnimationTemplate(field: self, keyPaths: [keyPath], count: 1) { env in
                var a = KeyframeAnimation(keyPath: keyPath, values: try values.map { try $0.value(env) },
                                          keyTimes: try keyTimes?.value(env))
                a.timingFunctions = functions
                if let mode { a.calculationMode = mode }
                a.path = path
                a.rotationMode = rotation
                a.isAdditive = additive
                a.isCumulative = cumulative
                try timing.apply(to: &a, env)
                return UncheckedBox(a)
            }
        default:
            let from = try o["fromValue"].map(value), to = try o["toValue"].map(value), by = try o["byValue"].map(value)
            let spring = cls == "CASpringAnimation"
            let mass = try o["mass"]?.number(scope), stiffness = try o["stiffness"]?.number(scope)
            let damping = try o["damping"]?.number(scope), velocity = try o["initialVelocity"]?.number(scope)
            // iOS 17's spring by feel: both or neither, and not with the physical keys.
            let perceptual = try o["perceptualDuration"]?.number(scope), bounce = try o["bounce"]?.number(scope)
            if perceptual != nil || bounce != nil, mass != nil || stiffness != nil || damping != nil {
                throw self.error("perceptualDuration and bounce stand for mass, stiffness and damping: give one or the other")
            }
            let hasDuration = o["duration"] != nil
            return AnimationTemplate(field: self, keyPaths: [keyPath], count: 1) { env in
                if spring {
                    var a = SpringAnimation(keyPath: keyPath, fromValue: try from?.value(env), toValue: try to?.value(env),
                                            byValue: try by?.value(env))
                    if perceptual != nil || bounce != nil {
                        let d = try perceptual?.value(env) ?? 1, b = try bounce?.value(env) ?? 0
                        guard d > 0, b > -1, b <= 1 else {
                            throw self.error("a spring needs perceptualDuration > 0 and bounce in -1 < bounce <= 1")
                        }
                        let feel = SpringAnimation(keyPath: keyPath, perceptualDuration: d, bounce: b)
                        a.mass = feel.mass
                        a.stiffness = feel.stiffness
                        a.damping = feel.damping
                    }
                    if let mass { a.mass = try mass.value(env) }
                    if let stiffness { a.stiffness = try stiffness.value(env) }
                    if let damping { a.damping = try damping.value(env) }
                    if let velocity { a.initialVelocity = try velocity.value(env) }
                    guard a.mass > 0, a.stiffness > 0, a.damping >= 0 else {
                        throw self.error("a spring needs mass > 0, stiffness > 0 and damping >= 0")
                    }
                    a.isAdditive = additive
                    a.isCumulative = cumulative
                    try timing.apply(to: &a, env)
                    // CASpringAnimation users set duration = settlingDuration; without one it is that.
                    if !hasDuration { a.duration = a.settlingDuration }
                    return UncheckedBox(a)
                }
                var a = BasicAnimation(keyPath: keyPath, fromValue: try from?.value(env), toValue: try to?.value(env),
                                       byValue: try by?.value(env))
                a.isAdditive = additive
                a.isCumulative = cumulative
                try timing.apply(to: &a, env)
                return UncheckedBox(a)
            }
        }
    }

    /// CAMediaTiming's keys and the timing function.
    private func mediaTiming(_ o: ObjectFields, _ scope: Scope) throws -> TimingSpec {
        var t = TimingSpec()
        t.duration = try o["duration"].map { ($0, try $0.number(scope)) }
        t.begin = try o["beginTime"]?.number(scope)
        t.speed = try o["speed"]?.number(scope)
        t.offset = try o["timeOffset"]?.number(scope)
        t.repeatDuration = try o["repeatDuration"]?.number(scope)
        if let f = o["repeatCount"] {
            if case .string(let s) = f.node.value, s == "infinity" { t.repeatCount = (f, .constant(.infinity)) } else { t.repeatCount = (f, try f.number(scope)) }
        }
        t.autoreverses = try o["autoreverses"]?.bool()
        t.fill = try o["fillMode"].map { try $0.choice(FillMode.allCases.map { ($0.rawValue, $0) }, what: "fill mode") }
        t.removed = try o["removedOnCompletion"]?.bool()
        t.function = try o["timingFunction"].map { try $0.timingFunction() }
        return t
    }

    /// A name (linear, easeIn, easeOut, easeInEaseOut, default) or [c1x, c1y, c2x, c2y].
    func timingFunction() throws -> TimingFunction {
        if case .array = node.value {
            let c = try array(count: 4...4, what: "[c1x, c1y, c2x, c2y]").map { try $0.plainNumber() }
            do { return try TimingFunction(controlPoints: c[0], c[1], c[2], c[3]) } catch { throw self.error("\(error)") }
        }
        return TimingFunction(name: try choice(TimingFunction.Name.allCases.map { ($0.rawValue, $0) }, what: "timing function"))
    }

    /// A value of the same kind as `current` (the key path's value on the layer).
    func animationValue(like current: AnimationValue, _ scope: Scope) throws -> Template<AnimationValue> {
        switch current {
        // A flag (`hidden`) animates as 0 or 1: true and false are read as those.
        case .double:
            if case .bool(let b) = node.value { return Template.constant(.double(b ? 1 : 0)) }
            return try numberTemplate(scope).map { .double($0) }
        case .point: return try point(scope).map { .point($0) }
        case .size: return try size(scope).map { .size($0) }
        case .rect: return try rect(scope).map { .rect($0) }
        case .color: return try color(scope).map { .color($0) }
        case .transform: return try transform(scope).map { .transform($0) }
        case .colors: return try colors(scope, maxCount: scope.limits.keyframeCount).map { .colors($0) }
        case .doubles: return try numbers(scope, maxCount: scope.limits.keyframeCount).map { .doubles($0) }
        case .path: return Template.constant(.path(try pathData(scope)))
        case .contents:
            // An image path, read as `contents` is; null for none (a fade in or out).
            if case .null = node.value { return Template.constant(.contents(.still(nil))) }
            guard let context = scope.context else { throw error("contents animations need the scene file's folder") }
            return Template.constant(.contents(.still(try image(context))))
        }
    }
}

/// The CAMediaTiming keys of one animation object, applied when it is made.
struct TimingSpec: Sendable {
    var duration: (Field, SceneNumber)?
    var begin, speed, offset, repeatDuration: SceneNumber?
    var repeatCount: (Field, SceneNumber)?
    var autoreverses: Bool?
    var fill: FillMode?
    var removed: Bool?
    var function: TimingFunction?

    func apply<A: Animation>(to a: inout A, _ env: [String: Double]) throws {
        if let (field, duration) = duration {
            let d = try duration.value(env)
            guard d >= 0 else { throw field.error("a duration cannot be negative, got \(clean(d))") }
            a.duration = d
        }
        if let begin { a.beginTime = try begin.value(env) }
        if let speed { a.speed = try speed.value(env) }
        if let offset { a.timeOffset = try offset.value(env) }
        if let (field, count) = repeatCount {
            let r = try count.value(env)
            guard r >= 0 else { throw field.error("repeatCount cannot be negative, got \(clean(r))") }
            a.repeatCount = r
        }
        if let repeatDuration { a.repeatDuration = try repeatDuration.value(env) }
        if let autoreverses { a.autoreverses = autoreverses }
        if let fill { a.fillMode = fill }
        if let removed { a.isRemovedOnCompletion = removed }
        if let function { a.timingFunction = function }
    }
}
