/// A layer class's properties, each declared once (`PropertyDeclaration`), after its
/// superclass's. Every class returns its own from `Layer.declaration`; a subclass without
/// one of its own is described as the nearest declared class.
public final class LayerClassDeclaration {
    /// Core Animation's class name: `CAGradientLayer`.
    public let className: String
    public let superclass: LayerClassDeclaration?
    /// This class's own properties, in declaration order.
    public let own: [PropertyDeclaration]
    /// The superclass's properties, then this class's own.
    public let properties: [PropertyDeclaration]
    /// Every key path the class animates (`Layer.animatableProperties`).
    public let animatable: AnimatableProperties
    /// A fresh layer's values as a snapshot shows them (`LayerTreeSnapshot` leaves them
    /// out), by key: every property's, including those a snapshot does not list.
    public let defaults: [String: SnapshotValue]

    private let byKeyPath: [AnyKeyPath: PropertyDeclaration]
    private let byName: [String: PropertyDeclaration]
    /// The own properties copied value by value into a presentation copy.
    private let copied: [(Layer, Layer) -> Void]

    /// `make` gives a fresh layer of the class, read for the defaults.
    public init(_ className: String, inheriting superclass: LayerClassDeclaration?, make: () -> Layer,
                _ own: [PropertyDeclaration]) {
        self.className = className
        self.superclass = superclass
        self.own = own
        properties = (superclass?.properties ?? []) + own
        var names: [String: PropertyDeclaration] = [:], paths: [AnyKeyPath: PropertyDeclaration] = [:]
        for p in properties {
            precondition(names[p.name] == nil, "\(className).\(p.name) is declared twice")
            names[p.name] = p
            paths[p.keyPath] = p
        }
        byName = names
        byKeyPath = paths
        animatable = AnimatableProperties(own.flatMap(\.animations), inheriting: superclass?.animatable)
        copied = (superclass?.copied ?? []) + own.compactMap(\.copyValue)
        let prototype = make()
        var defaults: [String: SnapshotValue] = [:]
        for p in properties { defaults[p.name] = p.snapshotValue(prototype) }
        self.defaults = defaults
    }

    /// The property of a Swift key path (`\GradientLayer.colors`), nil for one not declared.
    public func property(_ keyPath: AnyKeyPath) -> PropertyDeclaration? { byKeyPath[keyPath] }

    /// The property of a Core Animation name (`hidden`), nil for one not declared.
    public func property(named name: String) -> PropertyDeclaration? { byName[name] }

    /// Copies the properties a presentation copy takes value by value.
    func copyValues(from source: Layer, to target: Layer) {
        for copy in copied { copy(target, source) }
    }

    /// The snapshot's (key, value) pairs of `layer`, in declaration order.
    func snapshotValues(of layer: Layer) -> [(String, SnapshotValue)] {
        properties.compactMap { p in p.isInSnapshot ? p.snapshotValue(layer).map { (p.name, $0) } : nil }
    }

    /// Every declared class, superclasses first.
    public static var all: [LayerClassDeclaration] {
        [Layer.declaration, GradientLayer.declaration, TextLayer.declaration, TransformLayer.declaration,
         BackdropLayer.declaration, PageCurlLayer.declaration, ShapeLayer.declaration, ReplicatorLayer.declaration]
    }

    /// The declaration of a class by its Core Animation name.
    public static func named(_ className: String) -> LayerClassDeclaration? {
        all.first { $0.className == className }
    }
}

/// Marks a layer subclass's stored property whose setting Core Animation turns into an
/// implicit animation: setting it tells the class's declaration (`Layer.propertyDidChange`),
/// which knows its name and action. The value is stored in the wrapper, in the layer.
@propertyWrapper
public struct Observed<Value> {
    @usableFromInline var value: Value

    public init(wrappedValue: Value) { value = wrappedValue }

    public static subscript<L: Layer>(_enclosingInstance layer: L, wrapped wrapped: ReferenceWritableKeyPath<L, Value>,
                                      storage storage: ReferenceWritableKeyPath<L, Observed<Value>>) -> Value {
        get { layer[keyPath: storage].value }
        set {
            let old = layer[keyPath: storage].value
            layer[keyPath: storage].value = newValue
            layer.propertyDidChange(wrapped, from: old)
        }
    }

    @available(*, unavailable, message: "only in a Layer subclass")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }
}

extension Layer {
    /// Called by a declared property's setter with the value it had: an implicit
    /// animation when the declaration has one (see `animatablePropertyDidChange`).
    /// Presentation copies and layers without a clock stop at the first line.
    func propertyDidChange<L: Layer, V>(_ keyPath: KeyPath<L, V>, from old: V) {
        guard !isPresentation, !isCopying, clock != nil else { return }
        guard let p = type(of: self).declaration.property(keyPath), p.hasImplicitAction,
              let value = p.animationValue(old, self) else { return }
        animatablePropertyDidChange(p.name, from: value)
    }
}
