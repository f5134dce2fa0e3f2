/// CALayer's `contentsGravity`: where a layer's `contents` sit in its bounds and how they
/// are scaled. The names are Core Animation's (`CALayerContentsGravity`); the default is
/// `resize`.
///
/// iOS, not the documentation, decides the vertical ones. Core Animation defines the
/// gravities in its own unit space, whose y axis points up (macOS); iOS's layers are
/// drawn with y down and the gravity is not flipped with them, so on iOS `top` puts the
/// image against the visual *bottom* edge and `bottom` against the top (likewise
/// `topLeft` is bottom-left on screen, `bottomRight` top-right). UIKit knows it:
/// `UIView.contentMode = .top` sets the layer's gravity to `bottom` (reimplementations
/// of UIKit, such as Chameleon, had to swap them to match devices). Strata draws iOS's
/// placement, so iOS code keeps its look.
public enum ContentsGravity: String, CaseIterable, Sendable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill

    /// The rectangle, in the layer's bounds space (y down), that an image of `size` points
    /// fills with this gravity: placed at its natural size for the nine positions,
    /// stretched, fitted or filled for the three resizes. It may be larger than the bounds
    /// (`center` of a large image, `resizeAspectFill`); nothing is clipped unless the layer
    /// masks to its bounds, as in Core Animation.
    public func frame(forContentSize size: Size, in bounds: Rect) -> Rect {
        let w = size.width, h = size.height
        switch self {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let fw = w * s, fh = h * s
            return Rect(x: bounds.minX + (bounds.width - fw) / 2, y: bounds.minY + (bounds.height - fh) / 2, width: fw, height: fh)
        default:
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - w
            default: x = bounds.minX + (bounds.width - w) / 2
            }
            // iOS: the "top" gravities sit at the bottom of the screen (see above).
            switch self {
            case .top, .topLeft, .topRight: y = bounds.maxY - h
            case .bottom, .bottomLeft, .bottomRight: y = bounds.minY
            default: y = bounds.minY + (bounds.height - h) / 2
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }

    /// True for the three gravities that scale the image (the only ones for which
    /// `contentsCenter` can stretch anything).
    public var scales: Bool { self == .resize || self == .resizeAspect || self == .resizeAspectFill }
}
