import StrataModel
import StrataQuartzCore

/// UIKit's colour, as layer code uses it: made from components or a system colour's
/// name, handed to layers as `.cgColor`. System colours resolve to their light values
/// (a layer property takes a CGColor, which on iOS is resolved once, in the trait
/// collection current when `.cgColor` is read; with no views here, that is light).
open class UIColor: NSObject, @unchecked Sendable {
    /// The Strata colour this one is.
    public let strataColor: Color

    public init(_ color: Color) { strataColor = color; super.init() }
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
    }
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(Color(white: Double(white), alpha: Double(alpha))) }
    public convenience init(cgColor: CGColor) { self.init(cgColor.strataColor) }

    public var cgColor: CGColor { CGColor(strataColor) }

    /// The same colour with `alpha` replacing its alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(strataColor.withAlphaComponent(Double(alpha))) }

    /// UIColor's `getRed(_:green:blue:alpha:)`: true, as every colour here is RGB.
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = CGFloat(strataColor.red); green?.pointee = CGFloat(strataColor.green)
        blue?.pointee = CGFloat(strataColor.blue); alpha?.pointee = CGFloat(strataColor.alpha)
        return true
    }

    open override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.strataColor == strataColor }
    open override var hash: Int { strataColor.hashValue }
    open override var description: String { "UIColor(\(strataColor))" }

    // UIKit's fixed colours (UIColor.red is pure red; the system colours are the iOS palette).
    public class var black: UIColor { UIColor(.black) }
    public class var darkGray: UIColor { UIColor(.darkGray) }
    public class var lightGray: UIColor { UIColor(.lightGray) }
    public class var white: UIColor { UIColor(.white) }
    public class var gray: UIColor { UIColor(.gray) }
    public class var red: UIColor { UIColor(.red) }
    public class var green: UIColor { UIColor(.green) }
    public class var blue: UIColor { UIColor(.blue) }
    public class var cyan: UIColor { UIColor(.cyan) }
    public class var yellow: UIColor { UIColor(.yellow) }
    public class var magenta: UIColor { UIColor(.magenta) }
    public class var orange: UIColor { UIColor(.orange) }
    public class var purple: UIColor { UIColor(.purple) }
    public class var brown: UIColor { UIColor(.brown) }
    public class var clear: UIColor { UIColor(.clear) }

    private class func system(_ name: String) -> UIColor { UIColor(SystemColor.named(name)!.light) }
    public class var systemRed: UIColor { system("systemRed") }
    public class var systemOrange: UIColor { system("systemOrange") }
    public class var systemYellow: UIColor { system("systemYellow") }
    public class var systemGreen: UIColor { system("systemGreen") }
    public class var systemMint: UIColor { system("systemMint") }
    public class var systemTeal: UIColor { system("systemTeal") }
    public class var systemCyan: UIColor { system("systemCyan") }
    public class var systemBlue: UIColor { system("systemBlue") }
    public class var systemIndigo: UIColor { system("systemIndigo") }
    public class var systemPurple: UIColor { system("systemPurple") }
    public class var systemPink: UIColor { system("systemPink") }
    public class var systemBrown: UIColor { system("systemBrown") }
    public class var systemGray: UIColor { system("systemGray") }
    public class var systemGray2: UIColor { system("systemGray2") }
    public class var systemGray3: UIColor { system("systemGray3") }
    public class var systemGray4: UIColor { system("systemGray4") }
    public class var systemGray5: UIColor { system("systemGray5") }
    public class var systemGray6: UIColor { system("systemGray6") }
    public class var label: UIColor { system("label") }
    public class var secondaryLabel: UIColor { system("secondaryLabel") }
    public class var separator: UIColor { system("separator") }
}
