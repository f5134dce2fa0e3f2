import Foundation
import StrataModel
import StrataRender

/// Shape layers' cost (`--shapes`, and in `make bench`): a progress ring, a star and a
/// dashed rounded rectangle, at 480x320 and at 1920x1080 (scale 4). "still": nothing
/// changes, so each raster comes from the cache and a frame only draws; "ring-animating":
/// the ring's strokeEnd moves every frame, as a progress animation does, so its raster
/// is made again (Cairo) and uploaded every frame.
func shapeBench(renderer: Renderer) throws {
    let small = Size(width: 480, height: 320), hd = Size(width: 480, height: 270)
    for (label, size, scale) in [("480x320", small, 1.0), ("1920x1080", hd, 4.0)] {
        let w = Int(size.width * scale), h = Int(size.height * scale)
        for animating in [false, true] {
            try measure("shapes-\(animating ? "ring-animating" : "still")-\(label)", renderer: renderer,
                        pixelWidth: w, pixelHeight: h, scale: scale, layers: 4, root: shapes(size, animating: animating))
        }
    }
}

private func shapes(_ size: Size, animating: Bool) -> (Int) -> Layer {
    let root = Layer()
    root.bounds = Rect(origin: .zero, size: size)
    root.backgroundColor = .white
    let ring = ShapeLayer()
    ring.frame = Rect(x: 40, y: 60, width: 150, height: 150)
    ring.path = .ellipse(in: Rect(x: 15, y: 15, width: 120, height: 120))
    ring.fillColor = nil
    ring.strokeColor = .systemBlue
    ring.lineWidth = 14
    ring.lineCap = .round
    var star = Path()
    star.addLines(between: (0..<5).map { k in
        let a = (-90.0 + 144.0 * Double(k)) * Double.pi / 180
        return Point(75 + 70 * cos(a), 75 + 70 * sin(a))
    })
    star.closeSubpath()
    let starLayer = ShapeLayer()
    starLayer.frame = Rect(x: 220, y: 50, width: 150, height: 150)
    starLayer.path = star
    starLayer.fillColor = .systemOrange
    starLayer.strokeColor = .black
    starLayer.lineWidth = 3
    starLayer.lineJoin = .round
    let card = ShapeLayer()
    card.frame = Rect(x: 40, y: 220, width: 400, height: 40)
    card.path = .roundedRect(Rect(x: 2, y: 2, width: 396, height: 36), cornerWidth: 10, cornerHeight: 10)
    card.fillColor = nil
    card.strokeColor = .systemGray
    card.lineWidth = 2
    card.lineDashPattern = [8, 4]
    [ring, starLayer, card].forEach(root.addSublayer)
    return { i in
        ring.strokeEnd = animating ? 0.05 + 0.9 * Double(i % 97) / 97 : 0.7
        return root
    }
}
