import Foundation
import StrataModel

extension Cards {
    /// A download in progress: a ring that fills over three seconds on its grey track, the
    /// download's titles, and an activity spinner.
    struct Download {
        let card: Layer
        let ring: ShapeLayer
        /// One spoke of the spinner; its replicator draws the other seven.
        let spoke: Layer

        /// The ring eases from empty to full and stays full; each spoke fades from full to
        /// a quarter every second, an eighth of a second after the one before it.
        func start() {
            var progress = BasicAnimation.Typed<ShapeLayer>(.strokeEnd, from: 0, to: 1)
            progress.duration = 3
            progress.timingFunction = .easeInEaseOut
            progress.fillMode = .forwards
            progress.isRemovedOnCompletion = false
            ring.add(progress, forKey: "progress")

            var fade = BasicAnimation.Typed<Layer>(.opacity, from: 1, to: 0.25)
            fade.duration = 1
            fade.repeatCount = .infinity
            spoke.add(fade, forKey: "fade")
        }
    }

    /// The ring in its 64 pt square: a circle of radius 28 from the top, clockwise on
    /// screen, as the scene file writes it: an SVG arc from (32, 4) round to (31.99, 4),
    /// 0.01 pt short of closing (an SVG arc that ends where it starts draws nothing). In
    /// CGPath's terms, `addArc` about the point 28 pt from both ends (on the gap's
    /// bisector, a hair off (32, 32)), from the start's angle once round to the end's. A
    /// whole circle about (32, 32) would close the gap and move the ring's top by a level.
    static func ringPath() -> Path {
        let start = Point(x: 32, y: 4), end = Point(x: 31.99, y: 4), radius = 28.0
        let half = (start.x - end.x) / 2
        let centre = Point(x: (start.x + end.x) / 2, y: start.y + (radius * radius - half * half).squareRoot())
        var path = Path()
        path.addArc(center: centre, radius: radius, startAngle: atan2(start.y - centre.y, start.x - centre.x),
                    endAngle: atan2(end.y - centre.y, end.x - centre.x) + 2 * .pi, clockwise: false)
        return path
    }

    static func download(y: Double) -> Download {
        let card = card("downloadCard", y: y, height: 120)
        let circle = ringPath()
        let track = ShapeLayer(), ring = ShapeLayer()
        for (layer, name, color) in [(track, "ringTrack", Color.systemGray5), (ring, "ring", .systemBlue)] {
            layer.name = name
            layer.frame = Rect(x: 20, y: 28, width: 64, height: 64)
            layer.path = circle
            layer.fillColor = nil
            layer.strokeColor = color
            layer.lineWidth = 6
            card.addSublayer(layer)
        }
        ring.lineCap = .round
        ring.strokeEnd = 0
        for label in titles("download", "Downloading", "Maps for offline use", x: 104, y: 34, width: 180) {
            card.addSublayer(label)
        }

        // UIActivityIndicatorView's eight spokes: one drawn, turned 45° for each copy.
        let spinner = ReplicatorLayer()
        spinner.name = "spinner"
        spinner.frame = Rect(x: 295, y: 48, width: 24, height: 24)
        spinner.instanceCount = 8
        spinner.instanceDelay = 0.125
        spinner.instanceTransform = .makeRotation(.pi / 4, 0, 0, 1)
        let spoke = Layer()
        spoke.name = "spoke"
        spoke.frame = Rect(x: 10.5, y: 0, width: 3, height: 7)
        spoke.backgroundColor = .systemGray
        spoke.cornerRadius = 1.5
        spoke.opacity = 0.25
        spinner.addSublayer(spoke)
        card.addSublayer(spinner)
        return Download(card: card, ring: ring, spoke: spoke)
    }
}
