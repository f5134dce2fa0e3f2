/// One animatable property of a layer class: its Core Animation key path and how to
/// read and write it as an `AnimationValue`. The same accessors read the model value an
/// animation starts from and write the values it shows into presentation copies.
public struct AnimatableProperty {
    public let keyPath: String
    private let read: (Layer) -> AnimationValue?
    private let write: (Layer, AnimationValue) -> Bool
    /// For a property of one Swift type, its `TypedAccess`: animations of it compute in
    /// that type, not in `AnimationValue`s (`TypedAnimationApplier.swift`).
    private let typed: Any?

    /// A property read and written whole, its value kind fixed by its Swift type.
    public init<L: Layer, Value: AnimationValueConvertible>(_ keyPath: String,
                                                            _ property: ReferenceWritableKeyPath<L, Value>) {
        self.init(keyPath, of: Value.self, get: { (layer: L) in layer[keyPath: property] },
                  set: { (layer: L, value) in layer[keyPath: property] = value })
    }

    /// A property of one Swift type, with its own reading and writing.
    init<L: Layer, Value: AnimationValueConvertible>(_ keyPath: String, of type: Value.Type,
                                                     get: @escaping (L) -> Value, set: @escaping (L, Value) -> Void) {
        self.keyPath = keyPath
        // The table a layer is asked through is its own class's, so the casts hold.
        read = { ($0 as? L).map { get($0).animationValue } }
        write = { layer, value in
            guard let l = layer as? L, let v = Value(animationValue: value) else { return false }
            set(l, v)
            return true
        }
        typed = TypedAccess<Value>(get: { ($0 as? L).map(get) }, set: { layer, value in
            if let l = layer as? L { set(l, value) }
        })
    }

    /// An optional property whose nil reads as `whenNil` (a missing background is clear).
    public init<L: Layer, Value: AnimationValueConvertible>(_ keyPath: String,
                                                            _ property: ReferenceWritableKeyPath<L, Value?>,
                                                            whenNil: @escaping (L) -> Value) {
        self.init(keyPath, get: { (layer: L) in (layer[keyPath: property] ?? whenNil(layer)).animationValue },
                  set: { (layer: L, value) in
                      guard let v = Value(animationValue: value) else { return false }
                      layer[keyPath: property] = v
                      return true
                  })
    }

    /// A property with its own reading and writing (a nil that reads as a default, a part
    /// of a transform); `set` returns false for a value of the wrong kind.
    public init<L: Layer>(_ keyPath: String, get: @escaping (L) -> AnimationValue?,
                          set: @escaping (L, AnimationValue) -> Bool) {
        self.keyPath = keyPath
        // The table a layer is asked through is its own class's, so the casts hold.
        read = { ($0 as? L).flatMap(get) }
        write = { layer, value in (layer as? L).map { set($0, value) } ?? false }
        typed = nil
    }

    public func value(of layer: Layer) -> AnimationValue? { read(layer) }

    /// False when the value is of the wrong kind for the property.
    @discardableResult
    public func setValue(_ value: AnimationValue, of layer: Layer) -> Bool { write(layer, value) }

    /// The accessors in the property's own type, if it is `Value`.
    func typedAccess<Value>(_ type: Value.Type) -> TypedAccess<Value>? { typed as? TypedAccess<Value> }
}

/// An animatable property's accessors in its own Swift type: the same reads and writes
/// as `AnimatableProperty.value(of:)` and `setValue(_:of:)`, without the `AnimationValue`.
struct TypedAccess<Value> {
    /// nil for a layer of another class, as `value(of:)`.
    let get: (Layer) -> Value?
    let set: (Layer, Value) -> Void
}

/// The animatable properties of one layer class by key path: its superclass's and its
/// own. Each class declares its own once (`Layer.animatableProperties`); animations are
/// checked against them when added and read and write through them every frame.
public struct AnimatableProperties {
    private let byKeyPath: [String: AnimatableProperty]

    public init(_ properties: [AnimatableProperty], inheriting inherited: AnimatableProperties? = nil) {
        var table = inherited?.byKeyPath ?? [:]
        for p in properties {
            precondition(table[p.keyPath] == nil, "\(p.keyPath) is declared twice")
            table[p.keyPath] = p
        }
        byKeyPath = table
    }

    public subscript(keyPath: String) -> AnimatableProperty? { byKeyPath[keyPath] }

    /// Every key path, sorted.
    public var keyPaths: [String] { byKeyPath.keys.sorted() }
}

/// A Swift type that an animatable property can hold, and the `AnimationValue` case it is.
public protocol AnimationValueConvertible {
    var animationValue: AnimationValue { get }
    /// nil when `value` is another kind.
    init?(animationValue value: AnimationValue)
}

extension AnimationValueConvertible {
    /// The general case (arrays), through `Any`.
    public init?(animationValue value: AnimationValue) {
        guard let v = value.payload as? Self else { return nil }
        self = v
    }
}

// The scalar kinds unwrap their own case: animations write them for every layer every
// frame, and the general `init?(animationValue:)` goes through `Any`.
extension Double: AnimationValueConvertible {
    public var animationValue: AnimationValue { .double(self) }
    public init?(animationValue value: AnimationValue) { guard case .double(let v) = value else { return nil }; self = v }
}
/// A flag animates as a number, 0 or 1, that turns true from one half on: a basic
/// animation switches at its halfway point and discrete keyframes at their key times.
extension Bool: AnimationValueConvertible {
    public var animationValue: AnimationValue { .double(self ? 1 : 0) }
    public init?(animationValue value: AnimationValue) { guard case .double(let v) = value else { return nil }; self = v >= 0.5 }
}
extension Point: AnimationValueConvertible {
    public var animationValue: AnimationValue { .point(self) }
    public init?(animationValue value: AnimationValue) { guard case .point(let v) = value else { return nil }; self = v }
}
extension Size: AnimationValueConvertible {
    public var animationValue: AnimationValue { .size(self) }
    public init?(animationValue value: AnimationValue) { guard case .size(let v) = value else { return nil }; self = v }
}
extension Rect: AnimationValueConvertible {
    public var animationValue: AnimationValue { .rect(self) }
    public init?(animationValue value: AnimationValue) { guard case .rect(let v) = value else { return nil }; self = v }
}
extension Color: AnimationValueConvertible {
    public var animationValue: AnimationValue { .color(self) }
    public init?(animationValue value: AnimationValue) { guard case .color(let v) = value else { return nil }; self = v }
}
extension Path: AnimationValueConvertible {
    public var animationValue: AnimationValue { .path(self) }
    public init?(animationValue value: AnimationValue) { guard case .path(let v) = value else { return nil }; self = v }
}
extension Transform3D: AnimationValueConvertible {
    public var animationValue: AnimationValue { .transform(self) }
    public init?(animationValue value: AnimationValue) { guard case .transform(let v) = value else { return nil }; self = v }
}

/// An element type of the arrays `AnimationValue` holds.
public protocol AnimationValueArrayElement {
    static func animationValue(_ array: [Self]) -> AnimationValue
}

extension Color: AnimationValueArrayElement {
    public static func animationValue(_ array: [Color]) -> AnimationValue { .colors(array) }
}

extension Double: AnimationValueArrayElement {
    public static func animationValue(_ array: [Double]) -> AnimationValue { .doubles(array) }
}

extension Array: AnimationValueConvertible where Element: AnimationValueArrayElement {
    public var animationValue: AnimationValue { Element.animationValue(self) }
}

private extension AnimationValue {
    /// The value held, whatever its case.
    var payload: Any {
        switch self {
        case .double(let v): return v
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .color(let v): return v
        case .transform(let v): return v
        case .colors(let v): return v
        case .doubles(let v): return v
        case .path(let v): return v
        case .contents(let v): return v
        }
    }
}
