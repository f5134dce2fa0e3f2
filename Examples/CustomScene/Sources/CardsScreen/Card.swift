import StrataModel

/// The pieces the cards screen is made of, one card a file.
enum Cards {
    /// Every card's width: the screen's 375 pt less 16 pt margins.
    static let width = 343.0
    static let cornerRadius = 16.0

    /// A card of the list at `y`: white, its corners on UIKit's continuous curve, on a soft
    /// shadow. The shadow is given its shape (`shadowPath`, the card's rounded rectangle)
    /// so it is drawn from the path, not from what the card holds; iOS then needs no
    /// offscreen pass to find the card's alpha.
    static func card(_ name: String, y: Double, height: Double) -> Layer {
        let card = Layer()
        card.name = name
        card.frame = Rect(x: 16, y: y, width: width, height: height)
        card.backgroundColor = .white
        card.cornerRadius = cornerRadius
        card.cornerCurve = .continuous
        card.shadowOpacity = 0.16
        card.shadowRadius = 10
        card.shadowOffset = Size(width: 0, height: 6)
        card.shadowPath = outline(width: width, height: height)
        return card
    }

    /// The card's outline for its shadow, as the scene file writes it in SVG: quarter circles
    /// of 16 pt whose control points lie 8.84 pt from each corner, the circle's 0.5523 radii
    /// rounded to the file's hundredths (`Path.roundedRect`'s exact 8.8366 moves the
    /// shadow's edge by a level in some pixels). From the top-left corner's foot, clockwise.
    static func outline(width w: Double, height h: Double) -> Path {
        let r = cornerRadius, k = 7.16
        var p = Path()
        p.move(to: Point(x: 0, y: r))
        p.addCurve(to: Point(x: r, y: 0), control1: Point(x: 0, y: k), control2: Point(x: k, y: 0))
        p.addLine(to: Point(x: w - r, y: 0))
        p.addCurve(to: Point(x: w, y: r), control1: Point(x: w - k, y: 0), control2: Point(x: w, y: k))
        p.addLine(to: Point(x: w, y: h - r))
        p.addCurve(to: Point(x: w - r, y: h), control1: Point(x: w, y: h - k), control2: Point(x: w - k, y: h))
        p.addLine(to: Point(x: r, y: h))
        p.addCurve(to: Point(x: 0, y: h - r), control1: Point(x: k, y: h), control2: Point(x: 0, y: h - k))
        p.closeSubpath()
        return p
    }

    /// A line of text in the system font.
    static func label(_ name: String, _ string: String, frame: Rect, font: Font, color: Color) -> TextLayer {
        let label = TextLayer()
        label.name = name
        label.frame = frame
        label.string = string
        label.font = font
        label.foregroundColor = color
        return label
    }

    /// A card's title (20 pt semibold) and subtitle (15 pt, secondary) at `x`, `y`.
    static func titles(_ prefix: String, _ title: String, _ subtitle: String, x: Double, y: Double, width: Double) -> [TextLayer] {
        [label(prefix + "Title", title, frame: Rect(x: x, y: y, width: width, height: 26),
               font: .systemFont(ofSize: 20, weight: .semibold), color: .label),
         label(prefix + "Subtitle", subtitle, frame: Rect(x: x, y: y + 30, width: width, height: 20),
               font: .systemFont(ofSize: 15), color: .secondaryLabel)]
    }

    /// The top of a card, 200 pt tall, rounded at its two top corners only.
    static func top(_ layer: Layer, named name: String) -> Layer {
        layer.name = name
        layer.frame = Rect(x: 0, y: 0, width: width, height: 200)
        layer.cornerRadius = cornerRadius
        layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        layer.cornerCurve = .continuous
        return layer
    }
}
