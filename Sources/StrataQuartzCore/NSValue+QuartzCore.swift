import StrataModel

// iOS's NSValue boxes of Core Graphics and Core Animation values. Foundation on Linux
// has the geometry under AppKit's names (`init(point:)`, `pointValue`, ...), which these
// call, but nothing for CATransform3D, which is boxed as its 16 doubles.
extension NSValue {
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
    public var cgRectValue: CGRect { rectValue }

    public convenience init(caTransform3D t: CATransform3D) {
        var elements = t.strataTransform.elements
        self.init(bytes: &elements, objCType: CATransform3D.objCType)
    }

    /// The identity when the box holds no CATransform3D.
    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == CATransform3D.objCType else { return CATransform3DIdentity }
        var elements = [Double](repeating: 0, count: 16)
        elements.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(Transform3D(elements: elements))
    }
}

extension CATransform3D {
    /// The type encoding of a boxed CATransform3D: 16 doubles as an array, since
    /// Foundation on Linux cannot box a struct encoding (iOS says
    /// "{CATransform3D=dddddddddddddddd}").
    static let objCType = "[16d]"
}
