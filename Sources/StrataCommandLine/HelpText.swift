import StrataDriver

/// Help generated from the declarations: an option's line is its usage, its help and
/// its default and range, wrapped to the terminal's customary 88 columns.
enum HelpText {
    static let width = 88
    static let column = 26

    static func lines(_ group: OptionGroup) -> String {
        guard !group.options.isEmpty else { return "" }
        return "\(group.title):\n" + group.options.map(line).joined(separator: "\n")
    }

    static func line(_ spec: OptionSpec) -> String {
        entry(spec.usage, spec.help + spec.helpSuffix)
    }

    /// `  NAME      text`, the text wrapped and indented under itself.
    static func entry(_ name: String, _ text: String) -> String {
        let lead = "  " + name
        let pad = lead.count + 2 > column ? "\n" + String(repeating: " ", count: column) : String(repeating: " ", count: column - lead.count)
        return lead + pad + wrap(text, indent: column)
    }

    static func wrap(_ text: String, indent: Int) -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    /// `[--planes N] [--momentum]` for a usage line.
    static func brackets(_ specs: [OptionSpec]) -> String {
        specs.map { "[\($0.usage)]" + ($0.isRepeatable ? "..." : "") }.joined(separator: " ")
    }

    /// What `strata help SCENE` prints: the scene's options, its render script, its defaults.
    static func scene(_ d: SceneDescriptor) -> String {
        var text = "\(d.name): \(d.summary)\n\n"
        let sceneFlags = brackets(d.options)
        text += "USAGE: strata render \(d.name) \(sceneFlags.isEmpty ? "" : sceneFlags + " ")\(brackets(d.scriptOptions).isEmpty ? "" : brackets(d.scriptOptions) + " ")[OUTPUT OPTIONS]\n"
        text += "       strata window \(d.name) \(sceneFlags.isEmpty ? "" : sceneFlags + " ")[--record TRACE]\n\n"
        if !d.options.isEmpty {
            text += lines(OptionGroup(title: "SCENE OPTIONS (render, window and replay; a recording writes them into the trace header)", options: d.options)) + "\n\n"
        }
        if !d.scriptOptions.isEmpty {
            text += lines(OptionGroup(title: "RENDER SCRIPT (what happens before --time; render only)", options: d.scriptOptions)) + "\n\n"
        }
        text += "DEFAULTS: a \(d.defaultViewSize.width.clean)x\(d.defaultViewSize.height.clean) pt view at scale \(d.defaultScale.clean); render shows time \(d.defaultTime.clean) s"
        return text
    }
}
