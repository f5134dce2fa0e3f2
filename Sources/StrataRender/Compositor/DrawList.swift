import StrataModel
import StrataText

/// What the compositor sends to GL for one frame: a flat, ordered list of commands built
/// from the layer tree in pure Swift, so it can be inspected and tested without GL.
/// Matrices map a draw's local coordinates (points, in the layer's bounds space) to
/// output pixels, y down; GL adds only the pixel-to-clip step.
public enum DrawCommand: Equatable {
    /// The soft shadow of a rounded rectangle, drawn before its layer, in its plane.
    case shadow(ShadowDraw)
    /// A layer's `shadowPath` shadow, drawn before its layer, in its plane
    /// (ShadowPathDraw.swift). Out of line: it holds the path.
    indirect case shadowPath(ShadowPathDraw)
    /// A layer's fill (background, gradient or contents) and/or border.
    case layer(LayerDraw)
    /// Later draws go to a fresh transparent offscreen target until the matching `endGroup`.
    case beginGroup
    /// Composites the group onto the target below it with `opacity`, clipped to `mask`.
    /// Out of line, as `text`: with its mask and curl it would set every command's size.
    indirect case endGroup(GroupComposite)
    /// Closes two groups: the last, a layer's `mask` drawn alone, and the one before it,
    /// the layer it masks; composites the second times the first's alpha times
    /// `opacity` onto the target below them (MaskPass).
    case endMask(opacity: Double)
    /// A text layer's string, drawn after its fill and before its sublayers. Out of line:
    /// a list is an array of commands as large as the largest, and a text draw is the
    /// largest and the rarest.
    indirect case text(TextDraw)
    /// A shape layer's fill and stroke, after its background (ShapeDraw.swift). Out of
    /// line: it holds the path.
    indirect case shape(ShapeDraw)
    /// A backdrop layer's material, drawn before its fill (BackdropDraw.swift).
    case backdrop(BackdropDraw)
    /// A run of coincident copies of a layer and its shadow, drawn in one pass
    /// (CoincidentStack.swift). Out of line: a layer draw and a shadow's worth of it.
    indirect case stack(StackDraw)
}

/// A quad in a layer's local space and its local-to-pixel transform.
public struct Quad: Equatable {
    public var matrix: Transform3D
    /// The rectangle drawn, in local points: the shape plus room for anti-aliasing or blur.
    public var rect: Rect
}

/// A rounded rectangle in local points: `cornerRadius` at the `corners` it rounds, each
/// a quarter circle or UIKit's continuous curve (RoundedRect+Corners.swift).
public struct RoundedRect: Equatable {
    public var rect: Rect
    public var cornerRadius: Double
    public var corners: CornerMask = .all
    public var curve: CornerCurve = .circular
}

public enum Fill: Equatable {
    case none
    case gradient(GradientLayer.GradientType, start: Point, end: Point, stops: [GradientStop])
    /// A bitmap placed by its gravity, sliced and sampled as `ContentsDraw` says.
    case contents(ContentsDraw)

    public static func == (a: Fill, b: Fill) -> Bool {
        switch (a, b) {
        case (.none, .none): return true
        case let (.gradient(t1, s1, e1, st1), .gradient(t2, s2, e2, st2)):
            return t1 == t2 && s1 == s2 && e1 == e2 && st1 == st2
        case let (.contents(c1), .contents(c2)): return c1 == c2
        default: return false
        }
    }
}

public struct GradientStop: Hashable {
    public var location: Double
    public var color: Color
}

public struct LayerDraw: Equatable {
    public var quad: Quad
    public var shape: RoundedRect
    /// Under the fill; nil or clear draws nothing.
    public var backgroundColor: Color?
    public var fill: Fill
    public var borderWidth: Double
    public var borderColor: Color
    public var opacity: Double
    /// A debugging label: the layer's name.
    public var name: String?
    /// Set when the content is rasterized into a texture and composited from it (a layer
    /// under perspective or a rotation); nil draws the shape analytically (layer.frag).
    public var backingStore: BackingStore? {
        get { store?.value }
        set { store = newValue.map(OutOfLine.init) }
    }
    /// True when `backingStore` is set, without copying the store out.
    public var hasBackingStore: Bool { store != nil }
    /// The store, boxed: most draws have none, and inline it would more than half again
    /// the size of every command in a list.
    private var store: OutOfLine<BackingStore>?

    public init(quad: Quad, shape: RoundedRect, backgroundColor: Color?, fill: Fill, borderWidth: Double,
                borderColor: Color, opacity: Double, name: String?, backingStore: BackingStore? = nil) {
        self.quad = quad; self.shape = shape; self.backgroundColor = backgroundColor; self.fill = fill
        self.borderWidth = borderWidth; self.borderColor = borderColor; self.opacity = opacity; self.name = name
        self.backingStore = backingStore
    }
}

/// A value kept in a box of its own, compared by value: for a rare, large member of a
/// struct that is copied often.
struct OutOfLine<Value: Equatable>: Equatable {
    private final class Box {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box
    init(_ value: Value) { box = Box(value) }
    var value: Value { box.value }

    static func == (a: OutOfLine, b: OutOfLine) -> Bool { a.box === b.box || a.value == b.value }
}

public struct ShadowDraw: Equatable {
    public var quad: Quad
    /// The shape casting the shadow, already moved by the shadow offset.
    public var shape: RoundedRect
    /// The gaussian's standard deviation in points (Core Animation's shadowRadius).
    public var sigma: Double
    /// Color with shadowOpacity and inherited opacity folded into alpha.
    public var color: Color
    /// Local rectangle the opaque layer drawn next will cover: no need to shade it.
    public var occluder: Rect?
    public var name: String?
}

/// A TextLayer's text, laid out when the draw list is built: its glyphs placed in a
/// raster space, each with the atlas key it is rasterised under, so the renderer only
/// rasterises what the atlas lacks and draws.
///
/// When the layer sits square on the pixel grid at the output scale, raster space is the
/// output's pixels (baselines and glyphs land on whole pixels and are copied texel for
/// texel); otherwise it is the layer's points times the scale, taken through the layer's
/// matrix and sampled bilinearly, as Core Animation scales a text layer's backing store.
public struct TextDraw {
    /// Local points -> output pixels, as a quad's.
    public var matrix: Transform3D
    /// The text box: the layer's bounds, in local points.
    public var bounds: Rect
    /// The lines, as laid out in the box.
    public var layout: TextLayout
    /// Every glyph of `layout`, placed in raster space.
    public var glyphs: [PlacedGlyph]
    /// True when raster space is the output's pixel grid.
    public var isOnPixelGrid: Bool
    /// raster = local * scale + rasterOffset.
    public var rasterOffset: Point
    /// Raster pixels -> output pixels.
    public var rasterToPixels: Transform3D
    /// Straight alpha; the renderer premultiplies.
    public var color: Color
    public var opacity: Double
    /// The output scale: pixels per point on the screen, so 2x text is rasterised at 2x.
    public var scale: Double
    /// masksToBounds: the glyphs are cut to this shape.
    public var clip: RoundedRect?
    public var name: String?
}

public struct GroupComposite {
    public var opacity: Double
    /// Clip to this shape (masksToBounds); nil composites the whole target.
    public var mask: (quad: Quad, shape: RoundedRect)?
    /// Bends the group as a curled page (a PageCurlLayer) instead of copying it.
    public var curl: PageCurlDraw? = nil
    /// The shadow of the group's alpha, drawn under it first (ContentShadow.swift).
    public var shadow: ContentShadow? = nil
}

/// A PageCurlLayer's group put back as a curled page (curl.frag). The quad covers the
/// page and wherever its flap can land; the rest are the layer's curl parameters, in its
/// local points.
public struct PageCurlDraw: Equatable {
    public var quad: Quad
    public var page: Rect
    public var corner: Point
    /// Unit vector from the fold toward the lifted corner.
    public var direction: Point
    public var distance: Double
    public var radius: Double
    public var name: String?
}

public struct DrawList: Equatable {
    public var commands: [DrawCommand] = []
    /// Output size in pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var clearColor: Color
    /// What the backdrop draws read, in the order they are first needed.
    public var backdropCaptures: [BackdropCapture] = []

    public init(pixelWidth: Int, pixelHeight: Int, clearColor: Color = .clear) {
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.clearColor = clearColor
    }

    public var layerDraws: [LayerDraw] {
        commands.compactMap { if case .layer(let d) = $0 { return d } else { return nil } }
    }
    public var shadowDraws: [ShadowDraw] {
        commands.compactMap { if case .shadow(let d) = $0 { return d } else { return nil } }
    }
    public var stackDraws: [StackDraw] {
        commands.compactMap { if case .stack(let d) = $0 { return d } else { return nil } }
    }
    public var textDraws: [TextDraw] {
        commands.compactMap { if case .text(let d) = $0 { return d } else { return nil } }
    }
    public var shapeDraws: [ShapeDraw] {
        commands.compactMap { if case .shape(let d) = $0 { return d } else { return nil } }
    }
    public var backdropDraws: [BackdropDraw] {
        commands.compactMap { if case .backdrop(let d) = $0 { return d } else { return nil } }
    }
}
