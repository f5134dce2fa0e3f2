import Foundation

/// Basic and keyframe animations of numbers, points, sizes and rectangles, applied in the
/// property's own Swift type (`TypedAccess`) instead of through `AnimationValue`s: the
/// same steps on the same numbers, so the same bits, without wrapping, kind checks and
/// copies of enum values for every layer every frame. Animations these do not cover
/// (additive, cumulative, byValue, cubic keyframes, other kinds) take the general path.
enum TypedAnimationApplier {
    typealias Apply = (_ time: Double, _ layer: Layer) -> Void

    /// nil when the general path must apply `animation`. With `layerClass` (the class
    /// whose table `property` is from), an animation equal to one made shortly before
    /// gets the same closure (`Recent`).
    static func make(_ animation: any PropertyAnimation, beginTime: Double, property: AnimatableProperty,
                     layerClass: Layer.Type? = nil) -> Apply? {
        func typed<V: Interpolable>(_ type: V.Type) -> Apply? {
            guard let access = property.typedAccess(V.self) else { return nil }
            switch animation {
            case let a as BasicAnimation: return basic(a, beginTime: beginTime, access: access)
            case let a as KeyframeAnimation: return keyframe(a, beginTime: beginTime, access: access)
            default: return nil
            }
        }
        guard !animation.isAdditive, !animation.isCumulative else { return nil }
        let key = layerClass.flatMap { Recent.Key(animation, beginTime: beginTime, layerClass: $0) }
        if let key, let shared = Recent.shared.apply(for: key) { return shared }
        let made = typed(Double.self) ?? typed(Point.self) ?? typed(Size.self) ?? typed(Rect.self)
        if let key, let made { Recent.shared.remember(made, for: key) }
        return made
    }

    /// The last few closures made, by what they were made from. Ten thousand layers given
    /// the same animation (added in one loop, begun together) then share one closure, its
    /// values and key times: one copy in the cache, where ten thousand copies would each be
    /// fetched from memory every frame. Bounded; keyed by everything a closure reads.
    private final class Recent: @unchecked Sendable {
        static let shared = Recent()

        struct Key: Equatable {
            let layerClass: ObjectIdentifier
            let keyPath: String
            let beginTime: Double
            let timing: MediaTiming
            let timingFunction: TimingFunction?
            let values: [AnimationValue?]
            let keyTimes: [Double]
            let calculationMode: KeyframeAnimation.CalculationMode?
            let timingFunctions: [TimingFunction]?

            init?(_ animation: any PropertyAnimation, beginTime: Double, layerClass: Layer.Type) {
                self.layerClass = ObjectIdentifier(layerClass)
                keyPath = animation.keyPath
                self.beginTime = beginTime
                timing = animation.timing
                timingFunction = animation.timingFunction
                switch animation {
                case let a as BasicAnimation:
                    values = [a.fromValue, a.toValue, a.byValue]
                    keyTimes = []
                    calculationMode = nil
                    timingFunctions = nil
                case let a as KeyframeAnimation:
                    values = a.values
                    keyTimes = a.effectiveKeyTimes
                    calculationMode = a.calculationMode
                    timingFunctions = a.timingFunctions
                default: return nil
                }
            }
        }

        private let lock = NSLock()
        private var entries: [(key: Key, apply: Apply)] = []
        private var next = 0
        private static let capacity = 8

        func apply(for key: Key) -> Apply? {
            lock.lock(); defer { lock.unlock() }
            return entries.first { $0.key == key }?.apply
        }

        func remember(_ apply: @escaping Apply, for key: Key) {
            lock.lock(); defer { lock.unlock() }
            if entries.count < Recent.capacity { entries.append((key, apply)) } else { entries[next] = (key, apply) }
            next = (next + 1) % Recent.capacity
        }
    }

    /// The ends BasicAnimation.endpoints gives without arithmetic: "current" is the
    /// property's value under the animation.
    private enum Ends<V> { case fixed(V, V), fromCurrent(V), toCurrent(V) }

    private static func basic<V: Interpolable>(_ a: BasicAnimation, beginTime: Double, access: TypedAccess<V>) -> Apply? {
        func typed(_ v: AnimationValue) -> V? { V(animationValue: v) }
        let ends: Ends<V>
        switch (a.fromValue, a.toValue, a.byValue) {
        case let (f?, t?, _):
            guard let f = typed(f), let t = typed(t) else { return nil }
            ends = .fixed(f, t)
        case let (f?, nil, nil):
            guard let f = typed(f) else { return nil }
            ends = .toCurrent(f)
        case let (nil, t?, nil):
            guard let t = typed(t) else { return nil }
            ends = .fromCurrent(t)
        default: return nil
        }
        let timing = a.timing, function = a.timingFunction
        return { time, layer in
            guard let state = timing.state(elapsed: time - beginTime, timingFunction: function) else { return }
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

    private static func keyframe<V: Interpolable>(_ a: KeyframeAnimation, beginTime: Double, access: TypedAccess<V>) -> Apply? {
        guard a.calculationMode != .cubic && a.calculationMode != .cubicPaced, !a.values.isEmpty else { return nil }
        let values = a.values.compactMap(V.init(animationValue:))
        guard values.count == a.values.count else { return nil }
        let times = a.effectiveKeyTimes
        // What the closure reads, without the delegate and completion a shared closure
        // would keep alive.
        var a = a
        a.delegate = nil
        a.completion = nil
        return { time, layer in
            guard let state = a.state(elapsed: time - beginTime) else { return }
            switch a.position(at: state.fraction, times: times) {
            case .at(let i): access.set(layer, values[i])
            case .between(let i, let s): access.set(layer, V.interpolated(values[i], values[i + 1], fraction: s))
            }
        }
    }
}

/// A value interpolated component by component, as `AnimationValue.interpolated` does.
protocol Interpolable: AnimationValueConvertible {
    /// `a + (b - a) * f` in each component.
    static func lerp(_ a: Self, _ b: Self, _ f: Double) -> Self
}

extension Interpolable {
    /// `AnimationValue.interpolated` for two values of this kind: the ends exactly at 0 and 1.
    static func interpolated(_ a: Self, _ b: Self, fraction f: Double) -> Self {
        if f == 0 { return a }
        if f == 1 { return b }
        return lerp(a, b, f)
    }
}

extension Double: Interpolable {
    static func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }
}

extension Point: Interpolable {
    static func lerp(_ a: Point, _ b: Point, _ f: Double) -> Point {
        Point(x: .lerp(a.x, b.x, f), y: .lerp(a.y, b.y, f))
    }
}

extension Size: Interpolable {
    static func lerp(_ a: Size, _ b: Size, _ f: Double) -> Size {
        Size(width: .lerp(a.width, b.width, f), height: .lerp(a.height, b.height, f))
    }
}

extension Rect: Interpolable {
    static func lerp(_ a: Rect, _ b: Rect, _ f: Double) -> Rect {
        Rect(origin: .lerp(a.origin, b.origin, f), size: .lerp(a.size, b.size, f))
    }
}
