import StrataModel

// The layers the culling, damage and reuse tests build their frames of.

/// A plain square layer: `frame`, an opaque or translucent background, rounded corners.
func square(_ frame: Rect, _ color: Color, radius: Double = 0) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.backgroundColor = color
    layer.cornerRadius = radius
    return layer
}

/// A white 480 x 320 root over `sublayers`.
func root(_ sublayers: [Layer]) -> Layer {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
    root.backgroundColor = .white
    for s in sublayers { root.addSublayer(s) }
    return root
}

/// A text layer showing `string` in `frame`, in the default font.
func label(_ frame: Rect, _ string: String) -> TextLayer {
    let label = TextLayer()
    label.frame = frame
    label.string = string
    return label
}
