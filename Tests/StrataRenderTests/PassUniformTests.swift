import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// Each pass names its uniforms once, when its program links (`UniformSet`). A misspelt
/// name would give location -1, which GL takes silently as "set nothing": so every
/// location of every pass's set must resolve in the program it is made for (for
/// layer.frag and the passes compiled in variants (`ProgramVariants`), in the variants
/// that use the uniform).
@Suite(.serialized, .tags(.gl)) struct PassUniformTests {
    /// The set's locations by name (`quad.matrix`), its nested sets walked.
    static func locations(_ value: Any, prefix: String = "") -> [(String, GLint)] {
        Mirror(reflecting: value).children.flatMap { child -> [(String, GLint)] in
            let name = prefix + (child.label ?? "?")
            if let location = child.value as? GLint { return [(name, location)] }
            return locations(child.value, prefix: name + ".")
        }
    }

    func unresolved<U: UniformSet>(_ type: U.Type, _ gl: GLFunctions, vertex: String = "layer.vert", fragment: String,
                                   defines: [String] = []) throws -> Set<String> {
        let program = try Program<U>(gl: gl, vertex: vertex, fragment: fragment, source: .embedded, defines: defines)
        return Set(Self.locations(program.uniforms).filter { $0.1 < 0 }.map(\.0))
    }

    @Test func everyPassResolvesEveryUniformItNames() throws {
        let renderer = try makeRenderer()
        let gl = renderer.gl
        try renderer.surface.makeCurrent()
        #expect(try unresolved(BackingStorePass.Uniforms.self, gl, fragment: "backing.frag").isEmpty)
        #expect(try unresolved(ShadowPass.Uniforms.self, gl, fragment: "shadow.frag").isEmpty)
        #expect(try unresolved(ShadowPass.MaskUniforms.self, gl, fragment: "shadow-mask.frag").isEmpty)
        let continuous = ["CONTINUOUS_CORNERS"]
        #expect(try unresolved(GroupPass.Uniforms.self, gl, fragment: "composite.frag", defines: ["MASKED"] + continuous).isEmpty)
        // Unmasked, the group's shape is left out; circular corners leave out the curve's flag.
        #expect(try unresolved(GroupPass.Uniforms.self, gl, fragment: "composite.frag") == ["shape.shape", "shape.radii", "shape.cornerCurve"])
        #expect(try unresolved(GroupPass.Uniforms.self, gl, fragment: "composite.frag", defines: ["MASKED"]) == ["shape.cornerCurve"])
        #expect(try unresolved(PageCurlPass.Uniforms.self, gl, fragment: "curl.frag").isEmpty)
        #expect(try unresolved(StackPass.Uniforms.self, gl, fragment: "stack.frag").isEmpty)
        #expect(try unresolved(TextPass.Uniforms.self, gl, vertex: "text.vert", fragment: "text.frag", defines: ["CLIPPED"] + continuous).isEmpty)
        // Unclipped, the clip's shape and the points it is in (v_local) are left out.
        #expect(try unresolved(TextPass.Uniforms.self, gl, vertex: "text.vert", fragment: "text.frag", defines: ["ON_PIXEL_GRID"])
                == ["rasterToLocal", "shape.shape", "shape.radii", "shape.cornerCurve"])
        #expect(try unresolved(BackdropPass.DownsampleUniforms.self, gl, fragment: "backdrop-downsample.frag").isEmpty)
        #expect(try unresolved(BackdropPass.BlurUniforms.self, gl, fragment: "backdrop-blur.frag").isEmpty)
        #expect(try unresolved(BackdropPass.MaterialUniforms.self, gl, fragment: "backdrop.frag", defines: continuous).isEmpty)
        #expect(try unresolved(BackdropPass.MaterialUniforms.self, gl, fragment: "backdrop.frag") == ["shape.cornerCurve"])
        #expect(try unresolved(ShapePass.Uniforms.self, gl, fragment: "shape.frag", defines: ["CLIPPED"] + continuous).isEmpty)
        #expect(try unresolved(ShapePass.Uniforms.self, gl, fragment: "shape.frag", defines: ["ON_PIXEL_GRID"])
                == ["shape.shape", "shape.radii", "shape.cornerCurve", "toLocalX", "toLocalY"])
        #expect(try unresolved(MaskPass.Uniforms.self, gl, fragment: "mask.frag").isEmpty)
        // layer.frag: each uniform lives in the variants that draw its part.
        let gradient = try unresolved(LayerPass.Uniforms.self, gl, fragment: "layer.frag",
                                      defines: ["BACKGROUND", "FILL_AXIAL", "BORDER"] + continuous)
        #expect(gradient == ["contents", "contentsFrame", "contentsSource", "sliceX", "sliceY", "contentsOther", "fadeWeight"])
        let contents = try unresolved(LayerPass.Uniforms.self, gl, fragment: "layer.frag", defines: ["FILL_CONTENTS"] + continuous)
        // Unclipped contents fill the whole rect: no corner radius.
        #expect(contents == ["background", "borderWidth", "borderColor", "gradientStart", "gradientEnd", "ramp",
                             "shape.radii", "shape.cornerCurve", "contentsOther", "fadeWeight"])
    }

    @Test func theLocationsAreReadFromTheSetNotLookedUpByName() throws {
        // The walk above sees every field: a set with a misspelt name would show it.
        struct Misspelt: UniformSet {
            let viewport, matrx: GLint
            init(_ p: ShaderProgram) {
                viewport = p.uniformLocation("u_viewport")
                matrx = p.uniformLocation("u_matrx")
            }
        }
        let renderer = try makeRenderer()
        try renderer.surface.makeCurrent()
        #expect(try unresolved(Misspelt.self, renderer.gl, fragment: "composite.frag") == ["matrx"])
    }
}
