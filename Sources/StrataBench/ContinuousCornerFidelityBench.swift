import Foundation
import StrataCompare
import StrataModel
import StrataRender

/// `StrataBench --fidelity-continuous` (run by scripts/fidelity-corners.sh): continuous
/// corners have no CSS counterpart (CSS rounds with ellipses; UIKit's curve is its own),
/// so they are measured against their own geometry instead: the same rounded rectangles
/// as `Path.continuousRoundedRect` filled by Cairo (shape layers, StrataShapes), against
/// layers with `cornerCurve = .continuous` drawn by the shader's distance to the curve.
/// One JSON line per case and scale (PSNR whole and at edges found in Cairo's frame),
/// then the pooled PSNR. Per-corner masks and borders are measured against Chromium.
func continuousCornerFidelityBench() throws {
    let renderer = try Renderer(surface: try makeOffscreenSurface())
    let size = Size(width: 240, height: 160)
    // (radius, corners) on four cards; the last leaves no room for the curve (half circles).
    let cases: [(name: String, cards: [(Rect, Double, CornerMask)])] = [
        ("small-radii", [(Rect(x: 10, y: 10, width: 100, height: 60), 6, .all), (Rect(x: 130, y: 10, width: 100, height: 60), 10, .all),
                         (Rect(x: 10, y: 90, width: 100, height: 60), 13, .all), (Rect(x: 130, y: 90, width: 100, height: 60), 16, .all)]),
        ("large-radii", [(Rect(x: 10, y: 10, width: 140, height: 140), 40, .all), (Rect(x: 160, y: 10, width: 70, height: 140), 22, .all)]),
        ("per-corner", [(Rect(x: 10, y: 10, width: 100, height: 140), 30, [.layerMinXMinYCorner, .layerMaxXMinYCorner]),
                        (Rect(x: 130, y: 10, width: 100, height: 140), 30, [.layerMinXMinYCorner, .layerMaxXMaxYCorner])]),
        ("capsule", [(Rect(x: 20, y: 50, width: 200, height: 60), 30, .all)]),
    ]
    var all = SquaredError(), edges = SquaredError()
    var worst: (psnr: Double, name: String) = (.infinity, "")
    for (name, cards) in cases {
        for scale in [1.0, 2.0, 3.0] {
            func frame(_ make: (Rect, Double, CornerMask) -> Layer) throws -> Image {
                let root = Layer()
                root.bounds = Rect(origin: .zero, size: size)
                root.backgroundColor = .white
                for (r, radius, corners) in cards { root.addSublayer(make(r, radius, corners)) }
                return try renderer.render(layer: root, pixelWidth: Int(size.width * scale), pixelHeight: Int(size.height * scale),
                                           scale: scale)
            }
            let color = Color(red: 0, green: 0.478, blue: 1)
            let cairo = try frame { r, radius, corners in
                let s = ShapeLayer()
                s.frame = r
                s.path = Path.continuousRoundedRect(Rect(origin: .zero, size: r.size), cornerRadius: radius, corners: corners.pathCorners)
                s.fillColor = color
                s.strokeColor = nil
                return s
            }
            let layers = try frame { r, radius, corners in
                let l = Layer()
                l.frame = r
                l.cornerRadius = radius
                l.maskedCorners = corners
                l.cornerCurve = .continuous
                l.backgroundColor = color
                return l
            }
            let edge = EdgeRegion(cairo)
            var whole = SquaredError(), rim = SquaredError()
            try whole.add(expected: cairo, actual: layers)
            try rim.add(expected: cairo, actual: layers, where: edge.contains)
            all += whole; edges += rim
            let label = "\(name)@\(Int(scale))x"
            if whole.psnr < worst.psnr { worst = (whole.psnr, label) }
            emit([("case", "fidelity-continuous-corner"), ("reference", "cairo-path"), ("corner", label), ("psnr", whole.psnr),
                  ("edge_psnr", rim.psnr), ("edge_pixels", rim.samples / 3)])
        }
    }
    emit([("case", "fidelity-continuous-corners"), ("reference", "cairo-path"), ("cases", cases.count * 3), ("psnr_pooled", all.psnr),
          ("psnr_worst", worst.psnr), ("worst_case", worst.name), ("edge_psnr_pooled", edges.psnr)])
}
