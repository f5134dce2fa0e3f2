import StrataText

extension Renderer {
    /// Starts a new count of the font files drawn: `strata check` calls it before each
    /// trace, so a trace's manifest names the fonts its own frames used, not every font
    /// the process (or the worker's earlier traces) opened.
    public func forgetFontFilesDrawn() { fontFilesDrawn = [] }

    /// Adds the files of the faces `list`'s text places glyphs from. A run of glyphs is
    /// mostly one face, so a face is looked up only when it changes.
    func noteFontFiles(_ list: DrawList) {
        var last: FontFace?
        for case .text(let d) in list.commands {
            for g in d.glyphs where g.key.face !== last {
                last = g.key.face
                fontFilesDrawn.insert(g.key.face.path)
            }
        }
    }
}
