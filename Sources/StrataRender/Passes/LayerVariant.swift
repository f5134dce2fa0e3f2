import StrataModel

/// Which parts of layer.frag a draw needs; each combination is its own compiled program.
struct LayerVariant: Hashable {
    enum FillKind: Hashable { case none, axial, radial, conic, contents, contentsClipped }
    var background: Bool
    var fill: FillKind
    var border: Bool
    /// A batch's program: the per-draw values as attributes (`LayerBatch`).
    var instanced = false
    /// Contents mid-way through a cross-fade: a second bitmap mixed in.
    var crossFade = false
    /// Continuous corners: their curve compiled in (`ProgramVariants`).
    var continuousCorners = false
    /// Continuous corners drawn away from the corners: only the sides' distance
    /// (`ContinuousCornerSplit`).
    var continuousSides = false

    init(background: Bool, fill: FillKind, border: Bool) {
        self.background = background; self.fill = fill; self.border = border
    }

    init(_ d: LayerDraw) {
        background = (d.backgroundColor?.alpha ?? 0) > 0
        border = d.borderWidth > 0 && d.borderColor.alpha > 0
        continuousCorners = !d.shape.cornerDefines.isEmpty
        switch d.fill {
        case .none: fill = .none
        case .gradient(let type, _, _, _): fill = type == .axial ? .axial : type == .radial ? .radial : .conic
        case .contents(let c): fill = c.clipped ? .contentsClipped : .contents; crossFade = c.fade != nil
        }
    }

    var defines: [String] {
        var d: [String] = []
        if background { d.append("BACKGROUND") }
        switch fill {
        case .none: break
        case .axial: d.append("FILL_AXIAL")
        case .radial: d.append("FILL_RADIAL")
        case .conic: d.append("FILL_CONIC")
        case .contents: d.append("FILL_CONTENTS")
        case .contentsClipped: d += ["FILL_CONTENTS", "CONTENTS_CLIPPED"]
        }
        if border { d.append("BORDER") }
        if instanced { d.append("INSTANCED") }
        if crossFade { d.append("CONTENTS_FADE") }
        if continuousCorners { d.append("CONTINUOUS_CORNERS") }
        if continuousSides { d.append("CONTINUOUS_SIDES") }
        return d
    }
}
