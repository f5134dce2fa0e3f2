/// A key path an animation of a `Root` layer may name, typed by the Swift type of its
/// values: the typed form of Core Animation's strings, for `TypedAnimation`.
///
/// The members are the animatable properties of `Root`'s own class, each read from the
/// class's declaration through the Swift property (`.opacity` is the name `Layer`'s
/// declaration gives `\Layer.opacity`), with CA's sub-paths spelt as Swift members:
/// `.position.x`, `.bounds.size.width`, `.transform.translationX` for
/// `transform.translation.x`. Only this file makes them, so an animation built from one
/// names a key path its class animates and needs no check when it is added; a subclass's
/// layer takes its superclasses' (`Layer.add(_:forKey:)` for `TypedAnimation`).
/// `AnimationKeyPathTests` checks every member against its class's table.
public struct AnimationKeyPath<Root: Layer, Value: AnimationValueConvertible>: Hashable, Sendable, CustomStringConvertible {
    /// Core Animation's spelling: `transform.translation.x`.
    public let name: String

    private init(name: String) { self.name = name }

    /// The key of the declared property `keyPath` of `Root`.
    init(_ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.init(declared: keyPath)
    }

    /// An optional property, animated as its non-nil values (`backgroundColor`).
    init(_ keyPath: ReferenceWritableKeyPath<Root, Value?>) {
        self.init(declared: keyPath)
    }

    private init(declared keyPath: AnyKeyPath) {
        guard let property = Root.declaration.property(keyPath) else {
            preconditionFailure("\(keyPath) has no declaration in \(Root.self)")
        }
        name = property.name
    }

    /// A sub-path of this one (`position` → `position.x`).
    func appending<Part>(_ part: String) -> AnimationKeyPath<Root, Part> {
        AnimationKeyPath<Root, Part>(name: name + "." + part)
    }

    public var description: String { name }
}

// MARK: Sub-paths, as KeyPathParts gives them to the properties declared with parts (all
// of them CALayer's own: a subclass's points and transforms animate only whole)

extension AnimationKeyPath where Root == Layer, Value == Point {
    public var x: AnimationKeyPath<Root, Double> { appending("x") }
    public var y: AnimationKeyPath<Root, Double> { appending("y") }
}

extension AnimationKeyPath where Root == Layer, Value == Size {
    public var width: AnimationKeyPath<Root, Double> { appending("width") }
    public var height: AnimationKeyPath<Root, Double> { appending("height") }
}

extension AnimationKeyPath where Root == Layer, Value == Rect {
    public var origin: AnimationKeyPath<Root, Point> { appending("origin") }
    public var size: AnimationKeyPath<Root, Size> { appending("size") }
}

extension AnimationKeyPath where Root == Layer, Value == Transform3D {
    /// `transform.translation`: x and y as a size.
    public var translation: AnimationKeyPath<Layer, Size> { part(.translation) }
    public var translationX: AnimationKeyPath<Root, Double> { part(.translationX) }
    public var translationY: AnimationKeyPath<Root, Double> { part(.translationY) }
    public var translationZ: AnimationKeyPath<Root, Double> { part(.translationZ) }
    /// `transform.rotation`: about z, in radians.
    public var rotation: AnimationKeyPath<Root, Double> { part(.rotation) }
    public var rotationX: AnimationKeyPath<Root, Double> { part(.rotationX) }
    public var rotationY: AnimationKeyPath<Root, Double> { part(.rotationY) }
    public var rotationZ: AnimationKeyPath<Root, Double> { part(.rotationZ) }
    /// `transform.scale`: x, y and z together.
    public var scale: AnimationKeyPath<Root, Double> { part(.scale) }
    public var scaleX: AnimationKeyPath<Root, Double> { part(.scaleX) }
    public var scaleY: AnimationKeyPath<Root, Double> { part(.scaleY) }
    public var scaleZ: AnimationKeyPath<Root, Double> { part(.scaleZ) }

    private func part<Part>(_ part: TransformPart) -> AnimationKeyPath<Root, Part> { appending(part.rawValue) }
}

// MARK: Each class's own animatable properties

extension AnimationKeyPath where Root == Layer {
    public static var bounds: AnimationKeyPath<Layer, Rect> { .init(\Layer.bounds) }
    public static var position: AnimationKeyPath<Layer, Point> { .init(\Layer.position) }
    public static var anchorPoint: AnimationKeyPath<Layer, Point> { .init(\Layer.anchorPoint) }
    public static var anchorPointZ: AnimationKeyPath<Layer, Double> { .init(\Layer.anchorPointZ) }
    public static var zPosition: AnimationKeyPath<Layer, Double> { .init(\Layer.zPosition) }
    public static var transform: AnimationKeyPath<Layer, Transform3D> { .init(\Layer.transform) }
    public static var sublayerTransform: AnimationKeyPath<Layer, Transform3D> { .init(\Layer.sublayerTransform) }
    public static var opacity: AnimationKeyPath<Layer, Double> { .init(\Layer.opacity) }
    public static var backgroundColor: AnimationKeyPath<Layer, Color> { .init(\Layer.backgroundColor) }
    public static var cornerRadius: AnimationKeyPath<Layer, Double> { .init(\Layer.cornerRadius) }
    public static var borderWidth: AnimationKeyPath<Layer, Double> { .init(\Layer.borderWidth) }
    public static var borderColor: AnimationKeyPath<Layer, Color> { .init(\Layer.borderColor) }
    public static var shadowColor: AnimationKeyPath<Layer, Color> { .init(\Layer.shadowColor) }
    public static var shadowOpacity: AnimationKeyPath<Layer, Double> { .init(\Layer.shadowOpacity) }
    public static var shadowRadius: AnimationKeyPath<Layer, Double> { .init(\Layer.shadowRadius) }
    public static var shadowOffset: AnimationKeyPath<Layer, Size> { .init(\Layer.shadowOffset) }
}

extension AnimationKeyPath where Root == GradientLayer {
    public static var colors: AnimationKeyPath<GradientLayer, [Color]> { .init(\GradientLayer.colors) }
    public static var locations: AnimationKeyPath<GradientLayer, [Double]> { .init(\GradientLayer.locations) }
    public static var startPoint: AnimationKeyPath<GradientLayer, Point> { .init(\GradientLayer.startPoint) }
    public static var endPoint: AnimationKeyPath<GradientLayer, Point> { .init(\GradientLayer.endPoint) }
}

extension AnimationKeyPath where Root == ShapeLayer {
    public static var path: AnimationKeyPath<ShapeLayer, Path> { .init(\ShapeLayer.path) }
    public static var fillColor: AnimationKeyPath<ShapeLayer, Color> { .init(\ShapeLayer.fillColor) }
    public static var strokeColor: AnimationKeyPath<ShapeLayer, Color> { .init(\ShapeLayer.strokeColor) }
    public static var lineWidth: AnimationKeyPath<ShapeLayer, Double> { .init(\ShapeLayer.lineWidth) }
    public static var miterLimit: AnimationKeyPath<ShapeLayer, Double> { .init(\ShapeLayer.miterLimit) }
    public static var lineDashPhase: AnimationKeyPath<ShapeLayer, Double> { .init(\ShapeLayer.lineDashPhase) }
    public static var strokeStart: AnimationKeyPath<ShapeLayer, Double> { .init(\ShapeLayer.strokeStart) }
    public static var strokeEnd: AnimationKeyPath<ShapeLayer, Double> { .init(\ShapeLayer.strokeEnd) }
}

extension AnimationKeyPath where Root == TextLayer {
    public static var fontSize: AnimationKeyPath<TextLayer, Double> { .init(\TextLayer.fontSize) }
    public static var foregroundColor: AnimationKeyPath<TextLayer, Color> { .init(\TextLayer.foregroundColor) }
}

extension AnimationKeyPath where Root == PageCurlLayer {
    public static var curlDistance: AnimationKeyPath<PageCurlLayer, Double> { .init(\PageCurlLayer.curlDistance) }
    public static var curlRadius: AnimationKeyPath<PageCurlLayer, Double> { .init(\PageCurlLayer.curlRadius) }
}

extension AnimationKeyPath where Root == ReplicatorLayer {
    public static var instanceDelay: AnimationKeyPath<ReplicatorLayer, Double> { .init(\ReplicatorLayer.instanceDelay) }
    public static var instanceTransform: AnimationKeyPath<ReplicatorLayer, Transform3D> { .init(\ReplicatorLayer.instanceTransform) }
    public static var instanceColor: AnimationKeyPath<ReplicatorLayer, Color> { .init(\ReplicatorLayer.instanceColor) }
    public static var instanceRedOffset: AnimationKeyPath<ReplicatorLayer, Double> { .init(\ReplicatorLayer.instanceRedOffset) }
    public static var instanceGreenOffset: AnimationKeyPath<ReplicatorLayer, Double> { .init(\ReplicatorLayer.instanceGreenOffset) }
    public static var instanceBlueOffset: AnimationKeyPath<ReplicatorLayer, Double> { .init(\ReplicatorLayer.instanceBlueOffset) }
    public static var instanceAlphaOffset: AnimationKeyPath<ReplicatorLayer, Double> { .init(\ReplicatorLayer.instanceAlphaOffset) }
}
