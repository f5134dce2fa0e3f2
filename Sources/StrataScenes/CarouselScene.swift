import StrataModel

/// The 3D carousel of seed 000: a CATransformLayer holding gradient planes, each turned
/// about y by `angle + i * degForPlane` and pushed 250 pt out, with m34 = -1/1000.
public final class CarouselScene {
    public static let defaultViewSize = Size(width: 480, height: 320)
    public static let planeSize = Size(width: 250, height: 150)

    /// The view controller's view layer: the scene's root, white like a storyboard view.
    public let rootLayer: Layer
    public let transformLayer: TransformLayer
    public private(set) var planes: [GradientLayer] = []

    /// Degrees, as the seed's `angle` ivar. Setting it lays the planes out again.
    public var angle: Double { didSet { layoutPlanes() } }

    public init(planeCount: Int = 5, angle: Double = 0, viewSize: Size = CarouselScene.defaultViewSize) {
        precondition(planeCount >= 1, "the carousel needs at least one plane")
        self.angle = angle
        rootLayer = Layer()
        rootLayer.name = "view"
        rootLayer.bounds = Rect(origin: .zero, size: viewSize)
        rootLayer.position = Point(x: viewSize.width / 2, y: viewSize.height / 2)
        rootLayer.backgroundColor = .white

        transformLayer = TransformLayer()
        transformLayer.name = "transformLayer"
        transformLayer.frame = rootLayer.bounds
        rootLayer.addSublayer(transformLayer)

        for i in 0..<planeCount { addPlane(index: i, viewSize: viewSize) }
        layoutPlanes()
    }

    /// The seed's addPlane: every plane starts at the same frame, 20 pt above center.
    private func addPlane(index: Int, viewSize: Size) {
        let size = CarouselScene.planeSize
        let layer = GradientLayer()
        layer.name = "plane\(index)"
        layer.frame = Rect(x: viewSize.width / 2 - size.width / 2,
                           y: viewSize.height / 2 - size.height / 2 - 20,
                           width: size.width, height: size.height)
        layer.anchorPoint = Point(x: 0.5, y: 0.5)
        layer.borderColor = Color(white: 1, alpha: 0.3)
        layer.cornerRadius = 10
        layer.borderWidth = 4
        layer.colors = [.purple, .red]
        layer.locations = [0, 1]
        layer.shadowColor = .black
        layer.shadowOpacity = 1
        layer.shadowRadius = 20
        layer.isDoubleSided = true
        transformLayer.addSublayer(layer)
        planes.append(layer)
    }

    /// Degrees between neighbouring planes. The seed computes `360 / count` on integers,
    /// so 7 planes leave a gap and 500 planes stack at one angle, as on an iPhone.
    public var degreesPerPlane: Double { Double(360 / max(1, planes.count)) }

    /// The seed's `animate`: perspective, then the turn, then 250 pt out along z, in a
    /// transaction of duration 0 ("Avoid animations"), so the planes follow the finger
    /// at once even in a tree that animates implicitly.
    public func layoutPlanes() {
        Transaction.begin()
        defer { Transaction.commit() }
        Transaction.setAnimationDuration(0)
        var degrees = angle
        for plane in planes {
            var t = Transform3D.identity
            t.m34 = 1.0 / -1000.0
            t = t.rotated(Transform3D.degrees(degrees), 0, 1, 0)
            t = t.translated(0, 0, 250)
            plane.transform = t
            degrees += degreesPerPlane
        }
    }
}
