import Foundation
import StrataModel

/// A header image for SPAlertController's `image`: a green disc with a white checkmark,
/// drawn here (anti-aliased by coverage from signed distances) so no asset is needed.
enum AlertBadge {
    static let green = Color(r8: 52, g8: 199, b8: 89)

    /// `side` points square at `scale` pixels per point.
    static func checkmark(side: Double, scale: Double) -> Image {
        let n = max(1, Int((side * scale).rounded()))
        let r = Double(n) / 2
        let stroke = Double(n) * 0.09
        // The check's two strokes, in unit coordinates of the image.
        let a = (0.28, 0.52), b = (0.44, 0.68), c = (0.73, 0.36)
        var image = Image(width: n, height: n)
        for y in 0..<n {
            for x in 0..<n {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let disc = min(1, max(0, r - hypot(px - r, py - r) + 0.5))
                guard disc > 0 else { continue }
                let u = (px / Double(n), py / Double(n))
                let d = min(segmentDistance(u, a, b), segmentDistance(u, b, c)) * Double(n)
                let check = min(1, max(0, stroke / 2 - d + 0.5))
                let color = Color(red: green.red + (1 - green.red) * check,
                                  green: green.green + (1 - green.green) * check,
                                  blue: green.blue + (1 - green.blue) * check, alpha: disc)
                image.setPixel(x: x, y: y, color)
            }
        }
        return image
    }

    private static func segmentDistance(_ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        let t = max(0, min(1, ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy)))
        return hypot(p.0 - (a.0 + t * dx), p.1 - (a.1 + t * dy))
    }
}
