import Foundation
import Testing
@testable import StrataRender

/// `roundedRectDistance` is written once, in Shaders/prelude.glsl, and the shaders that
/// need it take it through `#include "prelude.glsl"`, embedded or from `--shaders DIR`.
@Suite struct ShaderPreludeTests {
    static let definition = "float roundedRectDistance(vec2 p, vec2 halfSize, float radius) {"

    @Test func theEmbeddedShadersGetThePreludeInPlaceOfTheInclude() throws {
        for file in ["layer.frag", "composite.frag", "text.frag", "backdrop.frag"] {
            let text = try ShaderSource.embedded.text(file)
            #expect(text.components(separatedBy: Self.definition).count == 2, "\(file) defines it once")
            #expect(!text.contains("\n#include"), "\(file) keeps no include line")
            #expect(text.hasPrefix("#version 330 core\n"), "\(file)")
        }
        #expect(try ShaderSource.embedded.text("shadow.frag").contains(Self.definition) == false)
    }

    @Test func aDirectoryIncludesItsOwnPreludeAndKeepsLineNumbers() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-prelude-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "float one() { return 1.0; }".write(toFile: dir + "/prelude.glsl", atomically: true, encoding: .utf8)
        try "#version 330 core\n#include \"prelude.glsl\"\nvoid main() {}\n"
            .write(toFile: dir + "/a.frag", atomically: true, encoding: .utf8)
        // main() is line 3 of a.frag: `#line 3 0` says so after the included text.
        #expect(try ShaderSource.directory(dir).text("a.frag")
                == "#version 330 core\n#line 1 1\nfloat one() { return 1.0; }\n#line 3 0\nvoid main() {}\n")

        try "#version 330 core\n#include \"missing.glsl\"\n".write(toFile: dir + "/b.frag", atomically: true, encoding: .utf8)
        #expect {
            try ShaderSource.directory(dir).text("b.frag")
        } throws: { error in
            guard case RenderError.shaderFileMissing(let path) = error else { return false }
            return path == dir + "/missing.glsl"
        }
    }

    @Test func onlyAWholeIncludeLineIsOne() {
        #expect(ShaderSource.includedName("#include \"prelude.glsl\"") == "prelude.glsl")
        #expect(ShaderSource.includedName("// #include \"prelude.glsl\"") == nil)
        #expect(ShaderSource.includedName("#include prelude.glsl") == nil)
        #expect(ShaderSource.includedName("#include \"\"") == nil)
    }
}
