/// The records `TypedAnimationApplier` makes: a basic or keyframe animation of a number,
/// point, size or rectangle, computed in that type, with what it reads every frame kept
/// in the record (or, for keyframes, in a program equal animations share).

/// What every record is made with, passed on to a typed one.
struct TypedRecordBase {
    let key: String?
    let animation: any Animation
    let beginTime: Double
    let groups: [CompletionGroup]
}

/// A record that applies its animation in the value's own type: the program in the
/// record, and a final subclass for each type (below), whose `apply` is compiled for
/// that type. (An override in a generic class runs unspecialised, asking the runtime
/// for type metadata on every call.)
class TypedRecord<Program>: AnimationRecord {
    let program: Program

    init(_ program: Program, _ base: TypedRecordBase) {
        self.program = program
        super.init(key: base.key, animation: base.animation, beginTime: base.beginTime, groups: base.groups)
    }
}

final class BasicDoubleRecord: TypedRecord<BasicProgram<Double>> {
    override func apply(at time: Double, to layer: Layer) { program.apply(elapsed: time - beginTime, to: layer) }
}
final class BasicPointRecord: TypedRecord<BasicProgram<Point>> {
    override func apply(at time: Double, to layer: Layer) { program.apply(elapsed: time - beginTime, to: layer) }
}
final class BasicSizeRecord: TypedRecord<BasicProgram<Size>> {
    override func apply(at time: Double, to layer: Layer) { program.apply(elapsed: time - beginTime, to: layer) }
}
final class BasicRectRecord: TypedRecord<BasicProgram<Rect>> {
    override func apply(at time: Double, to layer: Layer) { program.apply(elapsed: time - beginTime, to: layer) }
}
final class KeyframeDoubleRecord: TypedRecord<KeyframeProgram<Double>> {
    override func apply(at time: Double, to layer: Layer) { program.apply(elapsed: time - beginTime, to: layer) }
}
final class KeyframePointRecord: TypedRecord<KeyframeProgram<Point>> {
    override func apply(at time: Double, to layer: Layer) { program.apply(elapsed: time - beginTime, to: layer) }
}
final class KeyframeSizeRecord: TypedRecord<KeyframeProgram<Size>> {
    override func apply(at time: Double, to layer: Layer) { program.apply(elapsed: time - beginTime, to: layer) }
}
final class KeyframeRectRecord: TypedRecord<KeyframeProgram<Rect>> {
    override func apply(at time: Double, to layer: Layer) { program.apply(elapsed: time - beginTime, to: layer) }
}

/// A basic animation of a value of one type: its ends, timing and accessors, kept in
/// the record.
struct BasicProgram<V: Interpolable> {
    /// The ends BasicAnimation.endpoints gives without arithmetic: "current" is the
    /// property's value under the animation.
    enum Ends {
        case fixed(V, V), fromCurrent(V), toCurrent(V)

        init?(_ a: BasicAnimation) {
            func typed(_ v: AnimationValue) -> V? { V(animationValue: v) }
            switch (a.fromValue, a.toValue, a.byValue) {
            case let (f?, t?, _):
                guard let f = typed(f), let t = typed(t) else { return nil }
                self = .fixed(f, t)
            case let (f?, nil, nil):
                guard let f = typed(f) else { return nil }
                self = .toCurrent(f)
            case let (nil, t?, nil):
                guard let t = typed(t) else { return nil }
                self = .fromCurrent(t)
            default: return nil
            }
        }
    }

    let ends: Ends
    let timing: MediaTiming
    let function: TimingFunction?
    let access: TypedAccess<V>

    func apply(elapsed: Double, to layer: Layer) {
        guard let state = timing.state(elapsed: elapsed, timingFunction: function) else { return }
        let from: V, to: V
        switch ends {
        case let .fixed(f, t): (from, to) = (f, t)
        case let .fromCurrent(t):
            guard let current = access.get(layer) else { return }
            (from, to) = (current, t)
        case let .toCurrent(f):
            guard let current = access.get(layer) else { return }
            (from, to) = (f, current)
        }
        access.set(layer, V.interpolated(from, to, fraction: state.fraction))
    }
}

/// What a keyframe animation of a value of one type reads every frame, shared by the
/// records of equal animations (`TypedAnimationApplier.Recent`).
final class KeyframeProgram<V: Interpolable> {
    let animation: KeyframeAnimation
    let values: [V]
    let times: [Double]
    let access: TypedAccess<V>

    init?(_ a: KeyframeAnimation, access: TypedAccess<V>) {
        guard a.calculationMode != .cubic && a.calculationMode != .cubicPaced, !a.values.isEmpty else { return nil }
        let values = a.values.compactMap(V.init(animationValue:))
        guard values.count == a.values.count else { return nil }
        self.values = values
        times = a.effectiveKeyTimes
        // What the program reads, without the delegate and completion a shared program
        // would keep alive.
        var a = a
        a.delegate = nil
        a.completion = nil
        animation = a
        self.access = access
    }

    func apply(elapsed: Double, to layer: Layer) {
        guard let state = animation.state(elapsed: elapsed) else { return }
        switch animation.position(at: state.fraction, times: times) {
        case .at(let i): access.set(layer, values[i])
        case .between(let i, let s): access.set(layer, V.interpolated(values[i], values[i + 1], fraction: s))
        }
    }
}
