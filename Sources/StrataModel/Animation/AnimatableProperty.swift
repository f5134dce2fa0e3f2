/// One animatable property of a layer class: its Core Animation key path and how to
/// read and write it as an `AnimationValue`. The same accessors read the model value an
/// animation starts from and write the values it shows into presentation copies.
public struct AnimatableProperty {
    public let keyPath: String
    private let read: (Layer) -> AnimationValue?
    private let write: (Layer, AnimationValue) -> Bool

    /// A property read and written whole, its value kind fixed by its Swift type.
    public init<L: Layer, Value: AnimationValueConvertible>(_ keyPath: String,
                                                            _ property: ReferenceWritableKeyPath<L, Value>) {
        self.init(keyPath, get: { (layer: L) in layer[keyPath: property].animationValue },
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
    }

    public func value(of layer: Layer) -> AnimationValue? { read(layer) }

    /// False when the value is of the wrong kind for the property.
    @discardableResult
    public func setValue(_ value: AnimationValue, of layer: Layer) -> Bool { write(layer, value) }
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
    /// nil when `value` is another kind.
    init?(animationValue value: AnimationValue)
    var animationValue: AnimationValue { get }
}

extension Double: AnimationValueConvertible {
    public init?(animationValue value: AnimationValue) { guard let v = value.doubleValue else { return nil }; self = v }
    public var animationValue: AnimationValue { .double(self) }
}

extension Point: AnimationValueConvertible {
    public init?(animationValue value: AnimationValue) { guard let v = value.pointValue else { return nil }; self = v }
    public var animationValue: AnimationValue { .point(self) }
}

extension Size: AnimationValueConvertible {
    public init?(animationValue value: AnimationValue) { guard let v = value.sizeValue else { return nil }; self = v }
    public var animationValue: AnimationValue { .size(self) }
}

extension Rect: AnimationValueConvertible {
    public init?(animationValue value: AnimationValue) { guard let v = value.rectValue else { return nil }; self = v }
    public var animationValue: AnimationValue { .rect(self) }
}

extension Color: AnimationValueConvertible {
    public init?(animationValue value: AnimationValue) { guard let v = value.colorValue else { return nil }; self = v }
    public var animationValue: AnimationValue { .color(self) }
}

extension Transform3D: AnimationValueConvertible {
    public init?(animationValue value: AnimationValue) { guard let v = value.transformValue else { return nil }; self = v }
    public var animationValue: AnimationValue { .transform(self) }
}

extension Array: AnimationValueConvertible where Element == Color {
    public init?(animationValue value: AnimationValue) { guard let v = value.colorsValue else { return nil }; self = v }
    public var animationValue: AnimationValue { .colors(self) }
}
