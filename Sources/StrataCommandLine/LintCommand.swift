import StrataSceneFile

/// `strata lint FILE...`: reads scene files as every command would, makes each scene
/// with its default options (so names, bindings and expressions are checked too), and
/// renders nothing.
struct LintCommand: StrataSubcommand {
    let name = "lint"
    let summary = "check scene files without rendering"

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata lint FILE.scene.json... [--allow-outside-paths]

        Reads each scene file strictly (JSON syntax, every key and type, expressions, limits,
        contents paths), makes the scene with its default options (layer names, gesture and
        option bindings, animations on their layers), and prints one line per file. Nothing is
        rendered or written. Errors read FILE:LINE:COL: PATH: message. docs/SCENE-FORMAT.md
        describes the format.

        \(HelpText.lines(SceneFileOptions.group))

        EXIT STATUS: 0 when every file is good, 2 at the first that is not.
        """
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        let a = try ArgumentParser.parse(args, groups: [SceneFileOptions.group], command: name)
        guard !a.positionals.isEmpty else { throw UsageError("lint needs a scene file: strata lint FILE.scene.json (see 'strata help lint')") }
        for path in a.positionals {
            let file = try SceneFile.load(path: path, allowOutsidePaths: a.flag("allow-outside-paths"))
            let scene = try ArgumentParser.checked {
                try file.makeScene(options: try file.descriptor.sceneOptions([:]), viewSize: file.size)
            }
            let options = file.options.map(\.name)
            print("\(path): ok (\(plural(scene.layerCount, "layer")), \(plural(scene.animationCount, "animation"))"
                  + (options.isEmpty ? "" : ", options: " + options.joined(separator: ", ")) + ")")
        }
    }
}
