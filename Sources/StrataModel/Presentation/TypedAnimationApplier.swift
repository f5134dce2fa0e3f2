import Foundation

/// Basic and keyframe animations of numbers, points, sizes and rectangles, applied in the
/// property's own Swift type (`TypedAccess`) instead of through `AnimationValue`s: the
/// same steps on the same numbers, so the same bits, without wrapping, kind checks and
/// copies of enum values for every layer every frame. Animations these do not cover
/// (additive, cumulative, byValue, cubic keyframes, other kinds) take the general path.
enum TypedAnimationApplier {
    /// The record applying `animation` in its property's own type, nil when the general
    /// path must. With `layerClass` (the class whose table `property` is from), a
    /// keyframe animation equal to one made shortly before shares its values (`Recent`).
    static func make(_ animation: any PropertyAnimation, beginTime: Double, property: AnimatableProperty,
                     layerClass: Layer.Type? = nil, key: String? = nil, groups: [CompletionGroup] = []) -> AnimationRecord? {
        func typed<V: Interpolable>(_ type: V.Type) -> AnimationRecord? {
            guard let access = property.typedAccess(V.self) else { return nil }
            let base = TypedRecordBase(key: key, animation: animation, beginTime: beginTime, groups: groups)
            switch animation {
            case let a as BasicAnimation:
                guard let ends = BasicProgram<V>.Ends(a) else { return nil }
                return V.record(BasicProgram(ends: ends, timing: a.timing, function: a.timingFunction, access: access), base)
            case let a as KeyframeAnimation:
                // A path's values are its own (`KeyframePath`), not the values a program reads.
                guard a.path == nil, let shared = keyframes(a, access: access, layerClass: layerClass) else { return nil }
                return V.record(shared, base)
            default: return nil
            }
        }
        guard !animation.isAdditive, !animation.isCumulative else { return nil }
        return typed(Double.self) ?? typed(Point.self) ?? typed(Size.self) ?? typed(Rect.self)
    }

    private static func keyframes<V: Interpolable>(_ a: KeyframeAnimation, access: TypedAccess<V>,
                                                   layerClass: Layer.Type?) -> KeyframeProgram<V>? {
        let key = layerClass.flatMap { Recent.Key(a, layerClass: $0) }
        if let key, let shared = Recent.shared.program(for: key) as? KeyframeProgram<V> { return shared }
        guard let made = KeyframeProgram(a, access: access) else { return nil }
        if let key { Recent.shared.remember(made, for: key) }
        return made
    }

    /// The last few keyframe programs made, by what they were made from. Ten thousand
    /// layers given the same animation (added in one loop) then share one program, its
    /// values and key times: one copy in the cache, where ten thousand copies would each
    /// be fetched from memory every frame. Bounded; keyed by everything a program reads.
    private final class Recent: @unchecked Sendable {
        static let shared = Recent()

        struct Key: Equatable {
            let layerClass: ObjectIdentifier
            let keyPath: String
            let timing: MediaTiming
            let timingFunction: TimingFunction?
            let values: [AnimationValue?]
            let keyTimes: [Double]
            let calculationMode: KeyframeAnimation.CalculationMode
            let timingFunctions: [TimingFunction]?

            init(_ a: KeyframeAnimation, layerClass: Layer.Type) {
                self.layerClass = ObjectIdentifier(layerClass)
                keyPath = a.keyPath
                // The begin time is the record's: programs read time from it on.
                var timing = a.timing
                timing.beginTime = 0
                self.timing = timing
                timingFunction = a.timingFunction
                values = a.values
                keyTimes = a.effectiveKeyTimes
                calculationMode = a.calculationMode
                timingFunctions = a.timingFunctions
            }
        }

        private let lock = NSLock()
        private var entries: [(key: Key, program: AnyObject)] = []
        private var next = 0
        private static let capacity = 8

        func program(for key: Key) -> AnyObject? {
            lock.lock(); defer { lock.unlock() }
            return entries.first { $0.key == key }?.program
        }

        func remember(_ program: AnyObject, for key: Key) {
            lock.lock(); defer { lock.unlock() }
            if entries.count < Recent.capacity { entries.append((key, program)) } else { entries[next] = (key, program) }
            next = (next + 1) % Recent.capacity
        }
    }
}

/// A value interpolated component by component, as `AnimationValue.interpolated` does.
protocol Interpolable: AnimationValueConvertible {
    /// `a + (b - a) * f` in each component.
    static func lerp(_ a: Self, _ b: Self, _ f: Double) -> Self
    /// The record running a program on values of this type.
    static func record(_ p: BasicProgram<Self>, _ base: TypedRecordBase) -> AnimationRecord
    static func record(_ p: KeyframeProgram<Self>, _ base: TypedRecordBase) -> AnimationRecord
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
    static func record(_ p: BasicProgram<Double>, _ base: TypedRecordBase) -> AnimationRecord { BasicDoubleRecord(p, base) }
    static func record(_ p: KeyframeProgram<Double>, _ base: TypedRecordBase) -> AnimationRecord { KeyframeDoubleRecord(p, base) }
    static func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }
}

extension Point: Interpolable {
    static func record(_ p: BasicProgram<Point>, _ base: TypedRecordBase) -> AnimationRecord { BasicPointRecord(p, base) }
    static func record(_ p: KeyframeProgram<Point>, _ base: TypedRecordBase) -> AnimationRecord { KeyframePointRecord(p, base) }
    static func lerp(_ a: Point, _ b: Point, _ f: Double) -> Point {
        Point(x: .lerp(a.x, b.x, f), y: .lerp(a.y, b.y, f))
    }
}

extension Size: Interpolable {
    static func record(_ p: BasicProgram<Size>, _ base: TypedRecordBase) -> AnimationRecord { BasicSizeRecord(p, base) }
    static func record(_ p: KeyframeProgram<Size>, _ base: TypedRecordBase) -> AnimationRecord { KeyframeSizeRecord(p, base) }
    static func lerp(_ a: Size, _ b: Size, _ f: Double) -> Size {
        Size(width: .lerp(a.width, b.width, f), height: .lerp(a.height, b.height, f))
    }
}

extension Rect: Interpolable {
    static func record(_ p: BasicProgram<Rect>, _ base: TypedRecordBase) -> AnimationRecord { BasicRectRecord(p, base) }
    static func record(_ p: KeyframeProgram<Rect>, _ base: TypedRecordBase) -> AnimationRecord { KeyframeRectRecord(p, base) }
    static func lerp(_ a: Rect, _ b: Rect, _ f: Double) -> Rect {
        Rect(origin: .lerp(a.origin, b.origin, f), size: .lerp(a.size, b.size, f))
    }
}
