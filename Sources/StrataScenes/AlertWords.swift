import StrataModel
import StrataUI

// An alert's parts as words, the way the command line and a trace's options spell them,
// so neither needs the UI library's types.
extension AlertSpecification {
    /// `alert` or `sheet`.
    public mutating func setStyle(word: String) throws {
        switch word {
        case "alert": style = .alert
        case "sheet", "actionSheet", "action-sheet": style = .actionSheet
        default: throw Diagnostic("the style must be alert or sheet, got '\(word)'")
        }
    }

    /// `light` or `dark`.
    public mutating func setAppearance(word: String) throws {
        guard let a = UserInterfaceStyle(rawValue: word) else {
            throw Diagnostic("the appearance must be light or dark, got '\(word)'")
        }
        appearance = a
    }

    /// True for the action-sheet style.
    public var isActionSheet: Bool { style == .actionSheet }

    /// The example's specification, with a clear error for an unknown name.
    public static func example(named name: String) throws -> AlertSpecification {
        guard let example = AlertExample(rawValue: name) else {
            throw Diagnostic("unknown example '\(name)'; examples: \(AlertExample.names.joined(separator: ", "))")
        }
        return example.specification
    }
}

extension AlertSpecification.Action {
    /// `STYLE:TITLE`, STYLE one of default, cancel, destructive, disabled (a grey default
    /// action); the title takes the rest, colons included.
    public init(word: String) throws {
        let parts = word.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw Diagnostic("an action is STYLE:TITLE (STYLE: default, cancel, destructive, disabled), got '\(word)'")
        }
        let title = String(parts[1])
        switch parts[0] {
        case "default": self.init(title)
        case "cancel": self.init(title, style: .cancel)
        case "destructive": self.init(title, style: .destructive)
        case "disabled": self.init(title, isEnabled: false)
        default:
            throw Diagnostic("an action's style must be default, cancel, destructive or disabled, got '\(parts[0])' in '\(word)'")
        }
    }
}

extension AlertSpecification.Field {
    /// `PLACEHOLDER`, or `PLACEHOLDER:secure` for bullets.
    public init(word: String) {
        if word.hasSuffix(":secure") {
            self.init(placeholder: String(word.dropLast(":secure".count)), isSecure: true)
        } else {
            self.init(placeholder: word)
        }
    }
}

extension AlertScene {
    /// Seconds after presentation when the alert is at rest: its appearance has settled.
    public static var restTime: Double { AlertController.presentationSettlingTime }
}
