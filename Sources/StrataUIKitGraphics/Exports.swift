// Layer code that uses UIColor and UIBezierPath also uses QuartzCore's names and
// Foundation; on iOS `import UIKit` brings both, so `import StrataUIKitGraphics` does too.
@_exported import StrataQuartzCore
