/// A property animation built from a typed key path (`AnimationKeyPath`): its values are
/// of the property's Swift type and its key path is one `Root` animates, so adding it to
/// a `Root` (or a subclass) cannot fail and `add(_:forKey:)` does not throw.
///
///     var blink = KeyframeAnimation.Typed(keyPath: .opacity, values: [1, 0], keyTimes: [0, 0.5, 1])
///     blink.calculationMode = .discrete
///     caret.add(blink, forKey: "blink")
///
/// Everything else of the animation (timing, fill mode, completion) reads and writes
/// through it as on the animation itself.
@dynamicMemberLookup
public struct TypedAnimation<Root: Layer, Base: PropertyAnimation> {
    /// The animation as it is added; its `keyPath` is the typed one's name.
    public var animation: Base {
        var a = base
        a.keyPath = checkedKeyPath
        return a
    }
    /// Core Animation's spelling of the key path, one of `Root`'s.
    public var keyPath: String { checkedKeyPath }

    private var base: Base
    private let checkedKeyPath: String

    init<Value>(_ keyPath: AnimationKeyPath<Root, Value>, _ base: Base) {
        self.base = base
        checkedKeyPath = keyPath.name
    }

    public subscript<T>(dynamicMember member: WritableKeyPath<Base, T>) -> T {
        get { base[keyPath: member] }
        set { base[keyPath: member] = newValue }
    }

    public subscript<T>(dynamicMember member: KeyPath<Base, T>) -> T { base[keyPath: member] }
}

extension BasicAnimation {
    /// A basic animation built from a typed key path.
    public typealias Typed<Root: Layer> = TypedAnimation<Root, BasicAnimation>
}

extension KeyframeAnimation {
    /// A keyframe animation built from a typed key path.
    public typealias Typed<Root: Layer> = TypedAnimation<Root, KeyframeAnimation>
}

extension SpringAnimation {
    /// A spring animation built from a typed key path.
    public typealias Typed<Root: Layer> = TypedAnimation<Root, SpringAnimation>
}

extension TypedAnimation where Base == BasicAnimation {
    public init<Value>(_ keyPath: AnimationKeyPath<Root, Value>, from: Value? = nil, to: Value? = nil, by: Value? = nil) {
        self.init(keyPath, BasicAnimation(keyPath: keyPath.name, fromValue: from?.animationValue,
                                          toValue: to?.animationValue, byValue: by?.animationValue))
    }
}

extension TypedAnimation where Base == KeyframeAnimation {
    public init<Value>(keyPath: AnimationKeyPath<Root, Value>, values: [Value], keyTimes: [Double]? = nil) {
        self.init(keyPath, KeyframeAnimation(keyPath: keyPath.name, values: values.map(\.animationValue), keyTimes: keyTimes))
    }
}

extension TypedAnimation where Base == SpringAnimation {
    public init<Value>(_ keyPath: AnimationKeyPath<Root, Value>, from: Value? = nil, to: Value? = nil, by: Value? = nil) {
        self.init(keyPath, SpringAnimation(keyPath: keyPath.name, fromValue: from?.animationValue,
                                           toValue: to?.animationValue, byValue: by?.animationValue))
    }
}

// One `add` per class with typed key paths of its own: a layer takes its class's and
// every superclass's, which its table holds (`LayerClassDeclaration` inherits them).
extension Layer {
    /// Adds a typed animation: as `add(_:forKey:)`, without the check a string key path needs.
    public func add<Base>(_ animation: TypedAnimation<Layer, Base>, forKey key: String? = nil) {
        addRecord(animation.animation, forKey: key)
    }
}

extension GradientLayer {
    public func add<Base>(_ animation: TypedAnimation<GradientLayer, Base>, forKey key: String? = nil) {
        addRecord(animation.animation, forKey: key)
    }
}

extension ShapeLayer {
    public func add<Base>(_ animation: TypedAnimation<ShapeLayer, Base>, forKey key: String? = nil) {
        addRecord(animation.animation, forKey: key)
    }
}

extension TextLayer {
    public func add<Base>(_ animation: TypedAnimation<TextLayer, Base>, forKey key: String? = nil) {
        addRecord(animation.animation, forKey: key)
    }
}

extension PageCurlLayer {
    public func add<Base>(_ animation: TypedAnimation<PageCurlLayer, Base>, forKey key: String? = nil) {
        addRecord(animation.animation, forKey: key)
    }
}

extension ReplicatorLayer {
    public func add<Base>(_ animation: TypedAnimation<ReplicatorLayer, Base>, forKey key: String? = nil) {
        addRecord(animation.animation, forKey: key)
    }
}
