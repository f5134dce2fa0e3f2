import StrataModel
import StrataShapes

/// A layer's `shadowPath` shadow, drawn in the layer's plane before its content. Core
/// Animation fills the path non-zero, blurs it by a Gaussian of standard deviation
/// `shadowRadius` (the one CSS calls a blur radius of twice that: W3C css-backgrounds and
/// Blink's shadows take sigma = blur / 2, and a Sketch or Figma blur of 2r is iOS's
/// shadowRadius r), moves it by `shadowOffset` and tints it; the path is not clipped to
/// the bounds. Cairo rasterizes the path's coverage (`ShapeRasterizer`) into a mask in
/// the layer's plane, at the output scale or at 8 texels per sigma when that is coarser
/// (a blur that wide has no detail between them); the renderer blurs it once, keeps it
/// while `key` holds (a card that moves keeps its mask) and stretches it over `quad`
/// through the layer's matrix, as shadow.frag stretches a rounded rectangle's mask.
public struct ShadowPathDraw: Equatable {
    public var key: ShadowPathKey
    /// The layer's matrix and `maskRect`.
    public var quad: Quad
    /// The local rectangle the blurred mask covers, moved by the shadow offset.
    public var maskRect: Rect
    /// Straight alpha, shadowOpacity and the inherited opacity folded in.
    public var color: Color
    public var name: String?
}

/// What a shadow path's blurred mask holds: the path's fill, where it is rasterized
/// (path units to texels), the raster's size and the blur in texels. Not where it is
/// drawn, nor its colour or offset.
public struct ShadowPathKey: Hashable {
    public var geometry: ShapeGeometry
    public var toRaster: Transform3D
    public var width: Int
    public var height: Int
    /// The Gaussian's standard deviation in texels.
    public var sigma: Double
}

extension ShadowPathDraw {
    /// Texels per sigma at most: a mask is never finer than the blur needs.
    static let texelsPerSigma = 8.0
    /// Transparent texels round the blurred mask.
    static let padding = 1

    /// The shadow `layer` casts from `path` through the layer-to-pixel matrix `m`, or nil
    /// when it casts none (an empty or unbounded path, or no colour).
    static func planned(_ layer: Layer, path: Path, matrix m: Transform3D, scale: Double, opacity: Double) -> ShadowPathDraw? {
        guard !path.isEmpty else { return nil }
        let box = path.boundingBox
        let sigma = layer.shadowRadius.isFinite ? max(0, layer.shadowRadius) : 0
        let offset = layer.shadowOffset
        guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite,
              offset.width.isFinite, offset.height.isFinite, scale > 0, scale.isFinite else { return nil }
        let margin = 3 * sigma
        let grownWidth = box.width + 2 * margin, grownHeight = box.height + 2 * margin
        var r = sigma > 0 ? min(scale, texelsPerSigma / sigma) : scale
        // Within the rasterizer's limits (a fourth of its texels: the blur takes two targets).
        let side = Double(ShapeRasterizer.maximumSide - 2 * padding)
        r = min(r, side / max(grownWidth, 1e-9), side / max(grownHeight, 1e-9))
        let area = grownWidth * grownHeight * r * r
        let budget = Double(ShapeRasterizer.maximumTexels) / 4
        if area > budget { r *= (budget / area).squareRoot() }
        guard r.isFinite, r > 0 else { return nil }
        let width = Int((grownWidth * r).rounded(.up)) + 2 * padding
        let height = Int((grownHeight * r).rounded(.up)) + 2 * padding
        let pad = Double(padding) / r
        let origin = Point(x: box.minX - margin - pad, y: box.minY - margin - pad)
        let toRaster = Transform3D.makeTranslation(-origin.x, -origin.y, 0).concatenating(.makeScale(r, r, 1))
        let key = ShadowPathKey(geometry: ShapeGeometry(path: path, fillRule: .nonZero, stroke: nil),
                                toRaster: toRaster, width: width, height: height, sigma: sigma * r)
        let maskRect = Rect(x: origin.x + offset.width, y: origin.y + offset.height,
                            width: Double(width) / r, height: Double(height) / r)
        let color = layer.shadowColor.withAlphaComponent(layer.shadowColor.alpha * layer.shadowOpacity * opacity)
        return ShadowPathDraw(key: key, quad: Quad(matrix: m, rect: maskRect), maskRect: maskRect, color: color,
                              name: layer.name.map { $0 + ".shadow" })
    }
}
