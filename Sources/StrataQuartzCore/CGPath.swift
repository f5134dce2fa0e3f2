import StrataModel

/// Core Graphics' immutable path, over Strata's `Path` value (the one the renderer and
/// `path` animations read). A class, as the CF type is in Swift on iOS; `CGMutablePath`
/// is its mutable subclass.
public class CGPath: Hashable, CustomStringConvertible {
    /// The Strata path this one draws as.
    public internal(set) var strataPath: Path

    public init(_ path: Path) { strataPath = path }

    // iOS takes the transform as a pointer (`nil`, or `&t`), so these keep that signature.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path.rect(rect.strata).transformed(by: transform))
    }
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path.ellipse(in: rect.strata).transformed(by: transform))
    }
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path.roundedRect(rect.strata, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight))
            .transformed(by: transform))
    }

    public var isEmpty: Bool { strataPath.isEmpty }
    /// `.zero` in an empty path, as on iOS.
    public var currentPoint: CGPoint { strataPath.currentPoint.map(CGPoint.init) ?? .zero }
    /// Every point, control points included.
    public var boundingBox: CGRect { CGRect(strataPath.boundingBox) }
    /// The curves' own extent; here the same box as `boundingBox` (control points included),
    /// which holds the path but may be larger than iOS's.
    public var boundingBoxOfPath: CGRect { boundingBox }

    public func copy() -> CGPath? { CGPath(strataPath) }
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(strataPath.transformed(by: transform))
    }
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(strataPath) }
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(strataPath.transformed(by: transform))
    }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.strataPath == b.strataPath }
    public func hash(into h: inout Hasher) { h.combine(strataPath) }
    public var description: String { "CGPath(\(strataPath.elements.count) elements)" }
}

/// CGMutablePath: CGPath's building operations, each with iOS's optional transform of the
/// points it adds.
public final class CGMutablePath: CGPath {
    public init() { super.init(Path()) }
    public override init(_ path: Path) { super.init(path) }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        strataPath.move(to: point.applying(transform).strata)
    }
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        strataPath.addLine(to: point.applying(transform).strata)
    }
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        strataPath.addLines(between: points.map { $0.applying(transform).strata })
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        strataPath.addQuadCurve(to: end.applying(transform).strata, control: control.applying(transform).strata)
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        strataPath.addCurve(to: end.applying(transform).strata, control1: control1.applying(transform).strata,
                            control2: control2.applying(transform).strata)
    }
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        append(Path.rect(rect.strata), transform)
    }
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        append(Path.roundedRect(rect.strata, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight)), transform)
    }
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        append(Path.ellipse(in: rect.strata), transform)
    }
    /// Angles from +x towards +y; `clockwise` as CGPath means it (decreasing angle), which
    /// on iOS's y-down screen turns counterclockwise: UIBezierPath's `clockwise` is the opposite.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        guard transform.isIdentity else {
            // Built alone (starting with a move to its start), carried through `transform`,
            // then joined by a line to the current point, as CGPath joins an arc.
            var arc = Path()
            arc.addArc(center: center.strata, radius: Double(radius), startAngle: Double(startAngle),
                       endAngle: Double(endAngle), clockwise: clockwise)
            var elements = arc.applying(transform.strataTransform).elements
            if strataPath.currentPoint != nil, case .move(let start)? = elements.first { elements[0] = .line(to: start) }
            strataPath.append(contentsOf: elements)
            return
        }
        strataPath.addArc(center: center.strata, radius: Double(radius), startAngle: Double(startAngle),
                          endAngle: Double(endAngle), clockwise: clockwise)
    }
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        guard transform.isIdentity else {
            // The tangents meet the current point where `transform` took it from.
            var arc = Path()
            if let p = strataPath.currentPoint { arc.move(to: CGPoint(p).applying(transform.inverted()).strata) }
            arc.addArc(tangent1End: tangent1End.strata, tangent2End: tangent2End.strata, radius: Double(radius))
            let elements = arc.applying(transform.strataTransform).elements
            strataPath.append(contentsOf: Array(elements.dropFirst(strataPath.currentPoint == nil ? 0 : 1)))
            return
        }
        strataPath.addArc(tangent1End: tangent1End.strata, tangent2End: tangent2End.strata, radius: Double(radius))
    }
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        append(path.strataPath, transform)
    }
    public func closeSubpath() { strataPath.closeSubpath() }

    private func append(_ path: Path, _ transform: CGAffineTransform) {
        strataPath.addPath(transform.isIdentity ? path : path.applying(transform.strataTransform))
    }
}

extension Path {
    /// A pointer-passed CGAffineTransform applied, as iOS's path initializers take one.
    func transformed(by transform: UnsafePointer<CGAffineTransform>?) -> Path {
        guard let t = transform?.pointee, !t.isIdentity else { return self }
        return applying(t.strataTransform)
    }
}

extension CGAffineTransform {
    /// The same map as a Strata transform (the 2D part of its 4x4).
    var strataTransform: Transform3D { CATransform3DMakeAffineTransform(self).strataTransform }
}

public enum CGPathElementType: Int32, Sendable {
    case moveToPoint, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath
}

/// One element as `applyWithBlock` hands it over: its points, control points first.
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>
}

extension CGPath {
    /// Calls `block` with each element in order, as iOS does; the points are valid only
    /// during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let storage = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { storage.deallocate() }
        storage.initialize(repeating: .zero, count: 3)
        for e in strataPath.elements {
            let type: CGPathElementType
            switch e {
            case .move: type = .moveToPoint
            case .line: type = .addLineToPoint
            case .quadCurve: type = .addQuadCurveToPoint
            case .curve: type = .addCurveToPoint
            case .closeSubpath: type = .closeSubpath
            }
            for (i, p) in e.points.enumerated() { storage[i] = CGPoint(p) }
            var element = CGPathElement(type: type, points: storage)
            withUnsafePointer(to: &element) { block($0) }
        }
    }
}
