import Foundation
import StrataModel
import StrataRender

/// Shadows' cost (`--shadows`): six cards at 480x320 and at 1920x1080 (scale 4), casting
/// "bounds" shadows (their rounded bounds in closed form, the baseline), "path" shadows
/// (a shadowPath: masks rasterized and blurred once, then kept), "path-animating" (one
/// card's shadowPath changes every frame, so its mask is made again) and "container"
/// shadows (each card a clear container of three tiles: its group's alpha blurred every
/// frame, as CA renders a shadow without a path offscreen).
func shadowBench(renderer: Renderer) throws {
    let small = Size(width: 480, height: 320), hd = Size(width: 480, height: 270)
    for (label, size, scale) in [("480x320", small, 1.0), ("1920x1080", hd, 4.0)] {
        let w = Int(size.width * scale), h = Int(size.height * scale)
        for kind in ["bounds", "path", "path-animating", "container"] {
            try measure("shadows-\(kind)-\(label)", renderer: renderer, pixelWidth: w, pixelHeight: h, scale: scale,
                        layers: kind == "container" ? 25 : 7, root: shadowedCards(size, kind: kind))
        }
    }
}

private func shadowedCards(_ size: Size, kind: String) -> (Int) -> Layer {
    let root = Layer()
    root.bounds = Rect(origin: .zero, size: size)
    root.backgroundColor = Color(white: 0.95)
    var cards: [Layer] = []
    for i in 0..<6 {
        let card = Layer()
        card.frame = Rect(x: 20 + Double(i % 3) * 150, y: 30 + Double(i / 3) * 120, width: 130, height: 90)
        card.shadowOpacity = 0.3
        card.shadowRadius = 8
        card.shadowOffset = Size(width: 0, height: 6)
        if kind == "container" {
            for t in 0..<3 {
                let tile = Layer()
                tile.frame = Rect(x: Double(t) * 44, y: Double(t) * 15, width: 40, height: 60)
                tile.backgroundColor = [Color.systemBlue, .systemGreen, .systemOrange][t]
                tile.cornerRadius = 8
                card.addSublayer(tile)
            }
        } else {
            card.backgroundColor = .white
            card.cornerRadius = 12
            if kind != "bounds" { card.shadowPath = .roundedRect(card.bounds, cornerWidth: 12, cornerHeight: 12) }
        }
        root.addSublayer(card)
        cards.append(card)
    }
    return { i in
        if kind == "path-animating" {
            let grow = Double(i % 17)
            cards[0].shadowPath = .roundedRect(cards[0].bounds.insetBy(dx: -grow / 2, dy: -grow / 4), cornerWidth: 12, cornerHeight: 12)
        }
        return root
    }
}
