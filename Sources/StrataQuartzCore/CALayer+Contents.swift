import StrataModel

/// `CALayer.contentsGravity`'s constants (`kCAGravity...`), with iOS's raw values. On iOS
/// `top` places the image at the bottom edge and `bottom` at the top (Strata draws it so:
/// see `ContentsGravity`).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = Self(rawValue: "center"), top = Self(rawValue: "top"), bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left"), right = Self(rawValue: "right")
    public static let topLeft = Self(rawValue: "topLeft"), topRight = Self(rawValue: "topRight")
    public static let bottomLeft = Self(rawValue: "bottomLeft"), bottomRight = Self(rawValue: "bottomRight")
    public static let resize = Self(rawValue: "resize"), resizeAspect = Self(rawValue: "resizeAspect")
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

/// `minificationFilter`/`magnificationFilter`'s constants (`kCAFilter...`).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear"), nearest = Self(rawValue: "nearest")
    public static let trilinear = Self(rawValue: "trilinear")
}

extension CALayer {
    /// `Any?` as on iOS: a `CGImage` is drawn; anything else (iOS draws nothing for a
    /// UIImage either) is kept and reads back, but draws nothing.
    public var contents: Any? {
        get {
            if let kept = contentsObject as? CGImage, kept.strataImage.identity == strataLayer.contents?.identity { return kept }
            if let image = strataLayer.contents { return CGImage(image) }
            return contentsObject
        }
        set {
            contentsObject = newValue
            strataLayer.contents = (newValue as? CGImage)?.strataImage
        }
    }
    /// An unknown name is taken as `resize`, the default.
    public var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: strataLayer.contentsGravity.rawValue) }
        set { strataLayer.contentsGravity = ContentsGravity(rawValue: newValue.rawValue) ?? .resize }
    }
    public var contentsRect: CGRect {
        get { CGRect(strataLayer.contentsRect) }
        set { strataLayer.contentsRect = newValue.strata }
    }
    public var contentsCenter: CGRect {
        get { CGRect(strataLayer.contentsCenter) }
        set { strataLayer.contentsCenter = newValue.strata }
    }
    /// Image pixels per point, 1 by default (UIKit sets a view's layer to the screen's).
    public var contentsScale: CGFloat {
        get { CGFloat(strataLayer.contentsScale) }
        set { strataLayer.contentsScale = Double(newValue) }
    }
    /// An unknown name is taken as `linear`, the default.
    public var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: strataLayer.minificationFilter.rawValue) }
        set { strataLayer.minificationFilter = ContentsFilter(rawValue: newValue.rawValue) ?? .linear }
    }
    public var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: strataLayer.magnificationFilter.rawValue) }
        set { strataLayer.magnificationFilter = ContentsFilter(rawValue: newValue.rawValue) ?? .linear }
    }
}
