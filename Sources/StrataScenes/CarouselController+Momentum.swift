import Foundation
import StrataGestures

extension CarouselController {
    /// The glide after a release (opt-in, beyond the seed): see `Deceleration`, which a
    /// scene file's pan binding uses too.
    public typealias Momentum = Deceleration

    /// The angle nearest `angle` at which some plane faces front. Plane i is turned by
    /// `angle + i · degreesPerPlane`, so it faces front when the angle is −i ·
    /// degreesPerPlane modulo 360: the multiples of 72° for five planes; for counts that
    /// do not divide 360 (seven planes leave a gap) the plane angles themselves.
    public static func frontFacingAngle(nearestTo angle: Double, planeCount: Int, degreesPerPlane: Double) -> Double {
        var best = angle, bestDistance = Double.infinity
        // Planes beyond one turn repeat angles already tried (and 500 planes share one).
        let distinct = degreesPerPlane > 0 ? min(planeCount, Int((360 / degreesPerPlane).rounded(.up))) : 1
        for i in 0..<max(1, distinct) {
            let facing = -Double(i) * degreesPerPlane
            let candidate = facing + 360 * ((angle - facing) / 360).rounded()
            let distance = abs(candidate - angle)
            if distance < bestDistance { best = candidate; bestDistance = distance }
        }
        return best
    }
}
