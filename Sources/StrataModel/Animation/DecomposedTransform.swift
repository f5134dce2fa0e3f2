import Foundation

/// A `Transform3D` split into the parts Core Animation and CSS interpolate separately:
/// perspective, translation, a rotation (unit quaternion), skew and scale.
///
/// In the row-vector convention (p' = p x M) the parts compose as
/// `M = scale x skew x rotation x translation x perspective`: a point is scaled first and
/// projected last. The linear 3x3 part is split by Gram-Schmidt on its rows (as the CSS
/// "unmatrix" does); perspective is whatever remains of the fourth column. A degenerate
/// axis (scale 0) gets scale 0 and a made-up direction, so `scale: 0 → 1` still animates.
public struct DecomposedTransform: Hashable, Sendable {
    public var translation: [Double] = [0, 0, 0]
    public var scale: [Double] = [1, 1, 1]
    /// xy, xz, yz shear factors.
    public var skew: [Double] = [0, 0, 0]
    /// The fourth column after the affine part is taken out: (0, 0, 0, 1) for none. A
    /// perspective that the linear part cannot carry (a singular one) is dropped.
    public var perspective: [Double] = [0, 0, 0, 1]
    /// x, y, z, w.
    public var quaternion: [Double] = [0, 0, 0, 1]

    public init() {}

    public init(_ t: Transform3D) {
        // Not normalized by m44 (as the CSS algorithm does): scaling a matrix does not
        // change what it projects to, but a negative w would make GL clip everything, and
        // keeping the scale makes the round trip exact.
        let m = [[t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24],
                 [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44]]
        let a = (0..<3).map { i in Array(m[i][0..<3]) }
        translation = Array(m[3][0..<3])
        let p = [m[0][3], m[1][3], m[2][3]]
        // M = [A 0; t 1] x [I q; 0 s]  ⇒  A q = p and t·q + s = m44.
        var q = [0.0, 0, 0]
        if p != [0, 0, 0], let inv = DecomposedTransform.invert3(a) {
            q = (0..<3).map { i in (0..<3).reduce(0.0) { $0 + inv[i][$1] * p[$1] } }
        }
        perspective = q + [m[3][3] - DecomposedTransform.dot(translation, q)]

        // Gram-Schmidt on the rows: row0 = sx n0, row1 = sy (n1 + xy n0),
        // row2 = sz (n2 + xz n0 + yz n1).
        var n0 = a[0]
        scale[0] = DecomposedTransform.length(n0)
        n0 = DecomposedTransform.normalized(n0) ?? [1, 0, 0]

        var r1 = a[1]
        var xy = DecomposedTransform.dot(n0, r1)
        r1 = DecomposedTransform.combine(r1, n0, -xy)
        scale[1] = DecomposedTransform.length(r1)
        let n1: [Double]
        if let n = DecomposedTransform.normalized(r1) {
            n1 = n
            xy /= scale[1]
        } else {
            n1 = DecomposedTransform.perpendicular(to: n0)
            xy = 0
        }

        var r2 = a[2]
        var xz = DecomposedTransform.dot(n0, r2)
        r2 = DecomposedTransform.combine(r2, n0, -xz)
        var yz = DecomposedTransform.dot(n1, r2)
        r2 = DecomposedTransform.combine(r2, n1, -yz)
        scale[2] = DecomposedTransform.length(r2)
        let n2: [Double]
        if let n = DecomposedTransform.normalized(r2) {
            n2 = n
            xz /= scale[2]; yz /= scale[2]
        } else {
            n2 = DecomposedTransform.cross(n0, n1)
            xz = 0; yz = 0
        }
        skew = [xy, xz, yz]

        // A mirror image: flip every axis so the rotation part is a proper rotation.
        var rows = [n0, n1, n2]
        if DecomposedTransform.dot(n0, DecomposedTransform.cross(n1, n2)) < 0 {
            scale = scale.map { -$0 }
            rows = rows.map { $0.map { -$0 } }
        }
        quaternion = DecomposedTransform.quaternion(fromRows: rows)
    }

    /// The matrix these parts compose to.
    public var transform: Transform3D {
        let r = DecomposedTransform.rows(fromQuaternion: quaternion)
        let (xy, xz, yz) = (skew[0], skew[1], skew[2])
        let row0 = r[0].map { $0 * scale[0] }
        let row1 = (0..<3).map { scale[1] * (r[1][$0] + xy * r[0][$0]) }
        let row2 = (0..<3).map { scale[2] * (r[2][$0] + xz * r[0][$0] + yz * r[1][$0]) }
        let a = [row0, row1, row2]
        let q = Array(perspective[0..<3])
        let aq = a.map { DecomposedTransform.dot($0, q) }
        let t = translation
        return Transform3D(m11: a[0][0], m12: a[0][1], m13: a[0][2], m14: aq[0],
                           m21: a[1][0], m22: a[1][1], m23: a[1][2], m24: aq[1],
                           m31: a[2][0], m32: a[2][1], m33: a[2][2], m34: aq[2],
                           m41: t[0], m42: t[1], m43: t[2],
                           m44: DecomposedTransform.dot(t, q) + perspective[3])
    }

    /// The parts `fraction` of the way to `other`: linear for all but the rotation,
    /// which follows the shorter great arc (slerp).
    public func interpolated(to other: DecomposedTransform, fraction f: Double) -> DecomposedTransform {
        func lerp(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * f } }
        var r = DecomposedTransform()
        r.translation = lerp(translation, other.translation)
        r.scale = lerp(scale, other.scale)
        r.skew = lerp(skew, other.skew)
        r.perspective = lerp(perspective, other.perspective)
        r.quaternion = DecomposedTransform.slerp(quaternion, other.quaternion, f)
        return r
    }

    static func interpolate(_ a: Transform3D, _ b: Transform3D, fraction f: Double) -> Transform3D {
        if a == b { return a }
        return DecomposedTransform(a).interpolated(to: DecomposedTransform(b), fraction: f).transform
    }

    /// Rotation about x, then y, then z (radians), as the `transform.rotation.x/.y/.z`
    /// key paths read it: the rotation part equals
    /// `makeRotation(x, 1,0,0) · makeRotation(y, 0,1,0) · makeRotation(z, 0,0,1)`.
    public var eulerAngles: (x: Double, y: Double, z: Double) {
        get {
            let r = DecomposedTransform.rows(fromQuaternion: quaternion)
            let sinY = max(-1, min(1, -r[0][2]))
            let y = asin(sinY)
            if abs(cos(y)) > 1e-9 {
                return (atan2(r[1][2], r[2][2]), y, atan2(r[0][1], r[0][0]))
            }
            // Gimbal lock: x and z turn about the same axis; put it all in x.
            return (atan2(-r[2][1], r[1][1]), y, 0)
        }
        set {
            let m = Transform3D.makeRotation(newValue.x, 1, 0, 0)
                .concatenating(.makeRotation(newValue.y, 0, 1, 0))
                .concatenating(.makeRotation(newValue.z, 0, 0, 1))
            quaternion = DecomposedTransform.quaternion(fromRows: [[m.m11, m.m12, m.m13],
                                                                   [m.m21, m.m22, m.m23],
                                                                   [m.m31, m.m32, m.m33]])
        }
    }

    /// What paced keyframes measure: translation, scale and the quaternion.
    var pacingComponents: [Double] { translation + scale + quaternion }

    // MARK: Quaternions

    /// From an orthonormal row-convention rotation (rows are the images of the axes).
    static func quaternion(fromRows r: [[Double]]) -> [Double] {
        // The column-convention matrix is the transpose: c[i][j] = r[j][i].
        let c00 = r[0][0], c11 = r[1][1], c22 = r[2][2]
        let c01 = r[1][0], c10 = r[0][1], c02 = r[2][0], c20 = r[0][2], c12 = r[2][1], c21 = r[1][2]
        let trace = c00 + c11 + c22
        var q: [Double]
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = [(c21 - c12) / s, (c02 - c20) / s, (c10 - c01) / s, s / 4]
        } else if c00 > c11 && c00 > c22 {
            let s = (1 + c00 - c11 - c22).squareRoot() * 2
            q = [s / 4, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s]
        } else if c11 > c22 {
            let s = (1 + c11 - c00 - c22).squareRoot() * 2
            q = [(c01 + c10) / s, s / 4, (c12 + c21) / s, (c02 - c20) / s]
        } else {
            let s = (1 + c22 - c00 - c11).squareRoot() * 2
            q = [(c02 + c20) / s, (c12 + c21) / s, s / 4, (c10 - c01) / s]
        }
        let n = length(q)
        q = q.map { $0 / n }
        return q
    }

    static func rows(fromQuaternion q: [Double]) -> [[Double]] {
        let (x, y, z, w) = (q[0], q[1], q[2], q[3])
        // Column-convention matrix, transposed into rows.
        let c = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                 [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                 [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
        return (0..<3).map { i in (0..<3).map { j in c[j][i] } }
    }

    static func slerp(_ a: [Double], _ b0: [Double], _ f: Double) -> [Double] {
        var b = b0
        var d = dot(a, b)
        if d < 0 { b = b.map { -$0 }; d = -d }
        if d > 0.9995 {
            let r = zip(a, b).map { $0 + ($1 - $0) * f }
            return normalized(r) ?? a
        }
        let theta = acos(min(1, d))
        let s = sin(theta)
        let wa = sin((1 - f) * theta) / s, wb = sin(f * theta) / s
        return zip(a, b).map { wa * $0 + wb * $1 }
    }

    // MARK: Small vector helpers

    static func dot(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }
    static func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    static func combine(_ a: [Double], _ b: [Double], _ k: Double) -> [Double] { zip(a, b).map { $0 + k * $1 } }
    static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }
    static func normalized(_ a: [Double]) -> [Double]? {
        let l = length(a)
        guard l > 1e-12, l.isFinite else { return nil }
        return a.map { $0 / l }
    }
    static func perpendicular(to n: [Double]) -> [Double] {
        for axis in [[0.0, 1, 0], [1.0, 0, 0], [0.0, 0, 1]] {
            if let p = normalized(combine(axis, n, -dot(axis, n))) { return p }
        }
        return [0, 1, 0]
    }
    static func invert3(_ m: [[Double]]) -> [[Double]]? {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2])
        let (d, e, f) = (m[1][0], m[1][1], m[1][2])
        let (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let c00 = e * i - f * h, c01 = -(d * i - f * g), c02 = d * h - e * g
        let det = a * c00 + b * c01 + c * c02
        guard det != 0, det.isFinite else { return nil }
        return [[c00 / det, -(b * i - c * h) / det, (b * f - c * e) / det],
                [c01 / det, (a * i - c * g) / det, -(a * f - c * d) / det],
                [c02 / det, -(a * h - b * g) / det, (a * e - b * d) / det]]
    }
}
