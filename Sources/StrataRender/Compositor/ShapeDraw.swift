import StrataModel
import StrataShapes

/// A shape layer's path, filled then stroked, drawn after the layer's background and
/// before its sublayers and border (CAShapeLayer's order). Its coverage is rasterized on
/// the CPU (`ShapeRasterizer`, Cairo) into a texture the renderer keeps while `key` holds,
/// and drawn with the colours and opacity as uniforms (shape.frag):
/// - when the layer's matrix is affine (no perspective), the raster is the output's own
///   pixels: the path is taken through the matrix, scale, rotation and fraction of a pixel
///   included, and each texel lands on one pixel, as CA's render server draws a shape
///   layer at the screen's resolution. Only the part inside the frame is rasterized;
///   moving by whole pixels keeps the key, so the raster is reused;
/// - under perspective the raster is the layer's plane at the output scale with a
///   transparent rim, sampled bilinearly through the matrix, as a backing store is.
public struct ShapeDraw: Equatable {
    public var key: ShapeRasterKey
    /// The texture's quad: output pixels with the identity matrix on the pixel grid, else
    /// the layer's local rectangle the raster covers through the layer's matrix.
    public var quad: Quad
    public var isOnPixelGrid: Bool
    /// Straight alpha; clear when there is no fill or no stroke.
    public var fillColor: Color
    public var strokeColor: Color
    public var opacity: Double
    /// masksToBounds: the path is cut to the layer's rounded bounds, as CA clips a shape
    /// layer's content (the path may reach outside its bounds).
    public var clip: ShapeClip?
    public var name: String?
}

/// The rounded bounds a shape is cut to, and the map from the quad's space (output pixels
/// on the pixel grid, else local points) to the layer's local points.
public struct ShapeClip: Equatable {
    public var shape: RoundedRect
    public var quadToLocal: Transform3D
}

/// What a shape raster holds: the geometry, where it is rasterized (path units to texels)
/// and the raster's size.
public struct ShapeRasterKey: Hashable {
    public var geometry: ShapeGeometry
    /// Path units -> texels (the 2D part: m11 m12 m21 m22 m41 m42).
    public var toRaster: Transform3D
    public var width: Int
    public var height: Int
}

extension ShapeDraw {
    /// Transparent texels round a raster in the layer's plane, as a backing store's.
    static let padding = 1

    /// The draw of `layer`'s path through the layer-to-pixel matrix `m`, or nil when it
    /// draws nothing on a frame of `pixelWidth` x `pixelHeight`.
    static func planned(_ layer: ShapeLayer, matrix m: Transform3D, scale: Double, pixelWidth: Int, pixelHeight: Int,
                        opacity: Double, clip: RoundedRect?) -> ShapeDraw? {
        guard let geometry = ShapeGeometry(layer) else { return nil }
        let extent = geometry.extent
        guard extent.minX.isFinite, extent.minY.isFinite, extent.width.isFinite, extent.height.isFinite else { return nil }
        let fill = geometry.fillRule != nil ? layer.fillColor ?? .clear : .clear
        let stroke = geometry.stroke != nil ? layer.strokeColor ?? .clear : .clear
        let tiny = 1e-9
        if abs(m.m14) <= tiny && abs(m.m24) <= tiny && m.m44 > 0 {
            // The 2D affine part, w folded in.
            let w = m.m44
            let a = m.m11 / w, b = m.m12 / w, c = m.m21 / w, d = m.m22 / w, tx = m.m41 / w, ty = m.m42 / w
            let corners = [Point(extent.minX, extent.minY), Point(extent.maxX, extent.minY),
                           Point(extent.maxX, extent.maxY), Point(extent.minX, extent.maxY)]
                .map { Point($0.x * a + $0.y * c + tx, $0.x * b + $0.y * d + ty) }
            // One pixel more on each side for the anti-aliased rim, then cut to the frame.
            let x0 = max(0, (corners.map(\.x).min()! - 1).rounded(.down))
            let y0 = max(0, (corners.map(\.y).min()! - 1).rounded(.down))
            let x1 = min(Double(pixelWidth), (corners.map(\.x).max()! + 1).rounded(.up))
            let y1 = min(Double(pixelHeight), (corners.map(\.y).max()! + 1).rounded(.up))
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return nil }
            let width = Int(x1 - x0), height = Int(y1 - y0)
            guard width <= ShapeRasterizer.maximumSide, height <= ShapeRasterizer.maximumSide,
                  width * height <= ShapeRasterizer.maximumTexels else { return nil }
            var toRaster = Transform3D.identity
            toRaster.m11 = a; toRaster.m12 = b; toRaster.m21 = c; toRaster.m22 = d
            var toPixels = toRaster
            toPixels.m41 = tx; toPixels.m42 = ty
            toRaster.m41 = tx - x0; toRaster.m42 = ty - y0
            var shapeClip: ShapeClip?
            if let clip {
                guard let toLocal = toPixels.inverted() else { return nil }
                shapeClip = ShapeClip(shape: clip, quadToLocal: toLocal)
            }
            return ShapeDraw(key: ShapeRasterKey(geometry: geometry, toRaster: toRaster, width: width, height: height),
                             quad: Quad(matrix: .identity, rect: Rect(x: x0, y: y0, width: Double(width), height: Double(height))),
                             isOnPixelGrid: true, fillColor: fill, strokeColor: stroke, opacity: opacity,
                             clip: shapeClip, name: layer.name.map { $0 + ".shape" })
        }
        // Perspective: the plane at the output scale, less if the raster would be too large.
        guard extent.width > 0 || extent.height > 0, scale > 0 else { return nil }
        let pad = Double(padding)
        let side = Double(ShapeRasterizer.maximumSide) - 2 * pad
        var s = min(scale, side / max(extent.width, 1e-9), side / max(extent.height, 1e-9))
        let area = extent.width * extent.height * s * s
        if area > Double(ShapeRasterizer.maximumTexels) / 2 { s *= (Double(ShapeRasterizer.maximumTexels) / 2 / area).squareRoot() }
        guard s.isFinite, s > 0 else { return nil }
        let width = Int((extent.width * s).rounded(.up)) + 2 * padding
        let height = Int((extent.height * s).rounded(.up)) + 2 * padding
        let origin = Point(extent.minX - pad / s, extent.minY - pad / s)
        let toRaster = Transform3D.makeTranslation(-origin.x, -origin.y, 0).concatenating(.makeScale(s, s, 1))
        return ShapeDraw(key: ShapeRasterKey(geometry: geometry, toRaster: toRaster, width: width, height: height),
                         quad: Quad(matrix: m, rect: Rect(x: origin.x, y: origin.y, width: Double(width) / s, height: Double(height) / s)),
                         isOnPixelGrid: false, fillColor: fill, strokeColor: stroke, opacity: opacity,
                         clip: clip.map { ShapeClip(shape: $0, quadToLocal: .identity) }, name: layer.name.map { $0 + ".shape" })
    }

    /// Whether a layer casts its bounds' shadow (a rounded rectangle, in closed form): it
    /// has no shadowPath (ShadowPathDraw) and its composited alpha is its rounded bounds
    /// (`ContentShadow.alphaIsRoundedBounds`); any other casts the shadow of what it draws.
    static func castsBoundsShadow(_ layer: Layer) -> Bool {
        layer.shadowPath == nil && ContentShadow.alphaIsRoundedBounds(layer)
    }
}
