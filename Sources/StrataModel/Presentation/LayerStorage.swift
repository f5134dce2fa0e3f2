/// The properties animations write most, kept in the layer object itself (`Layer.placement`):
/// a presentation copy takes them with the object it is allocated as anyway, 200-odd bytes
/// copied and nothing retained, and an animation writing one copies nothing more. Plain
/// numbers only, so copying them is a memcpy.
struct LayerPlacement {
    var bounds: Rect = .zero
    var position: Point = .zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var anchorPointZ: Double = 0
    var zPosition: Double = 0
    var transform: Transform3D = .identity
    var opacity: Double = 1
}

/// The rest of a layer's own stored properties, as one value. A layer keeps them behind a
/// shared reference (`LayerStorage`) and copies them only when it writes one while another
/// layer shares them: a presentation copy (`init(layer:)`) takes its model's storage by
/// retaining it, and only a layer whose animation writes one of these (a color, a corner
/// radius, a shadow) pays for a copy.
struct LayerProperties {
    var name: String?
    var sublayerTransform: Transform3D = .identity
    var backgroundColor: Color?
    var isHidden = false
    var cornerRadius: Double = 0
    var borderWidth: Double = 0
    var borderColor: Color = .black
    var masksToBounds = false
    var shadowColor: Color = .black
    var shadowOpacity: Double = 0
    var shadowRadius: Double = 3
    var shadowOffset = Size(width: 0, height: -3)
    var shadowPath: Path?
    var isDoubleSided = true
    var contents: Image?
    var contentsGravity = ContentsGravity.resize
    var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: Double = 1
    var minificationFilter = ContentsFilter.linear
    var magnificationFilter = ContentsFilter.linear
    var maskedCorners = CornerMask.all
    var cornerCurve = CornerCurve.circular
    var mask: Layer?
    /// On a mask: the layer it masks (its clock's way up). Weak: that layer holds the mask.
    weak var maskedLayer: Layer?
    /// A presentation's contents mid-way through a cross-fade (never a model's).
    var contentsFade: ContentsFade?
}

/// The shared box of a layer's properties. Never written while shared: `Layer.properties`
/// copies it first, so the one box every new layer starts with stays the defaults.
final class LayerStorage: @unchecked Sendable {
    @exclusivity(unchecked) var values: LayerProperties

    init(_ values: LayerProperties) { self.values = values }

    /// What `Layer()` starts with: CALayer's defaults, shared until the first write.
    static let defaults = LayerStorage(LayerProperties())
}
