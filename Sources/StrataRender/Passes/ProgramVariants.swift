import StrataModel

/// A shader compiled in variants, each linked the first time a draw needs it. llvmpipe,
/// the GL every frame here is drawn by, runs a fragment shader on a block of pixels at
/// once and executes both sides of a branch for all of them (the lanes that did not take
/// a side are masked off, their work done anyway), even when a uniform turns the branch
/// off for the whole draw. So code a draw does not need, such as the continuous corners'
/// curve fitting (prelude.glsl) behind every rounded edge, a clip, or bilinear sampling
/// on the pixel grid, is left out with `#ifdef` instead of skipped by a uniform (it cost
/// the shipped traces about a third of their time). What is left computes the same
/// values in the same order, so the frames keep their bytes.
final class ProgramVariants<Uniforms: UniformSet> {
    private let gl: GLFunctions
    private let vertex, fragment: String
    private let source: ShaderSource
    private var programs: [[String]: Program<Uniforms>] = [:]

    init(gl: GLFunctions, vertex: String = "layer.vert", fragment: String, source: ShaderSource) {
        self.gl = gl
        self.vertex = vertex; self.fragment = fragment
        self.source = source
    }

    /// The program compiled with `defines`, linked on first use.
    func program(_ defines: [String]) throws -> Program<Uniforms> {
        if let p = programs[defines] { return p }
        let p = try Program<Uniforms>(gl: gl, vertex: vertex, fragment: fragment, source: source, defines: defines)
        programs[defines] = p
        return p
    }
}

extension RoundedRect {
    /// The define a program drawing this shape's edge needs: continuous corners compile
    /// their curve in (prelude.glsl's `roundedRectDistance`), circular ones leave it out.
    var cornerDefines: [String] { curve == .continuous && cornerRadius > 0 ? ["CONTINUOUS_CORNERS"] : [] }
}
