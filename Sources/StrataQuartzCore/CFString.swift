/// Core Foundation's "any CF object", as iOS declares it: what `CATextLayer.font` takes.
/// Foundation on Linux has neither this nor `CFString` (it has no Objective-C bridging),
/// so StrataQuartzCore names the two that font code uses.
public typealias CFTypeRef = AnyObject

/// Core Foundation's string, as font code uses it: a font name written
/// `"Helvetica-Bold" as CFString` (a string literal coerced to it, which compiles here and
/// on iOS). A String variable cannot be cast `as CFString` here, as there is no bridging;
/// `name as CFTypeRef` or `name as NSString` compiles on both and `font` takes it. A class,
/// as the CF type is.
public final class CFString: ExpressibleByStringLiteral, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The characters, as Swift's String (iOS's `cfString as String`).
    public let string: String

    public init(stringLiteral value: String) { string = value }
    /// Not Core Foundation API (iOS bridges instead): for a name known only at run time.
    public init(_ string: String) { self.string = string }

    public static func == (a: CFString, b: CFString) -> Bool { a.string == b.string }
    public func hash(into h: inout Hasher) { h.combine(string) }
    public var description: String { string }
}
