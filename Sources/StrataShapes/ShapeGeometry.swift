import StrataModel

/// What a shape layer's coverage depends on: its path, whether it is filled and by which
/// rule, and how it is stroked. Colours and opacity are not in it (the renderer multiplies
/// them in as it draws), so a colour animation never rasterizes the path again; two layers
/// with one geometry share one raster.
public struct ShapeGeometry: Hashable, Sendable {
    public var path: Path
    /// nil: no fill coverage (no fill colour, or a clear one).
    public var fillRule: ShapeLayer.FillRule?
    /// nil: no stroke coverage.
    public var stroke: StrokeStyle?

    public init(path: Path, fillRule: ShapeLayer.FillRule?, stroke: StrokeStyle?) {
        self.path = path; self.fillRule = fillRule; self.stroke = stroke
    }

    /// The geometry of what `layer` draws; nil when it draws no fill and no stroke.
    public init?(_ layer: ShapeLayer) {
        guard let path = layer.path, !path.isEmpty, layer.hasVisibleFill || layer.hasVisibleStroke else { return nil }
        self.path = path
        fillRule = layer.hasVisibleFill ? layer.fillRule : nil
        stroke = layer.hasVisibleStroke ? StrokeStyle(layer) : nil
    }

    /// How far the coverage may reach beyond the path's points (control points included),
    /// in the path's units: half the line width, times the miter limit under miter joins
    /// (a miter is at most miterLimit half-widths long) or √2 for square caps.
    public var outset: Double {
        guard let s = stroke else { return 0 }
        let joinFactor = s.lineJoin == .miter ? max(1, s.miterLimit) : 1
        let capFactor = s.lineCap == .square ? 2.0.squareRoot() : 1
        return s.lineWidth / 2 * max(joinFactor, capFactor)
    }

    /// The rectangle, in the path's units, that holds every covered point.
    public var extent: Rect {
        let b = path.boundingBox, o = outset
        return b.insetBy(dx: -o, dy: -o)
    }
}

/// CAShapeLayer's stroke properties, as the rasterizer takes them.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: ShapeLayer.LineCap
    public var lineJoin: ShapeLayer.LineJoin
    public var miterLimit: Double
    /// Empty: a solid line.
    public var dashPattern: [Double]
    public var dashPhase: Double
    public var strokeStart: Double
    public var strokeEnd: Double

    public init(_ layer: ShapeLayer) {
        lineWidth = layer.lineWidth
        lineCap = layer.lineCap
        lineJoin = layer.lineJoin
        miterLimit = layer.miterLimit
        // A pattern with a negative or non-finite length, or no length at all, draws a
        // solid line (CGContextSetLineDash refuses such patterns; Cairo would draw nothing).
        let pattern = layer.lineDashPattern ?? []
        let usable = pattern.allSatisfy { $0.isFinite && $0 >= 0 } && pattern.reduce(0, +) > 0
        dashPattern = usable ? pattern : []
        dashPhase = usable && layer.lineDashPhase.isFinite ? layer.lineDashPhase : 0
        strokeStart = layer.strokeStart
        strokeEnd = layer.strokeEnd
    }

    /// True when strokeStart/strokeEnd cut the path.
    public var isTrimmed: Bool { strokeStart > 0 || strokeEnd < 1 }
}
