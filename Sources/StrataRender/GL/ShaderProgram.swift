import Foundation
import StrataShaders

/// Where shader sources come from: the copies embedded at build time, or a directory
/// (`--shaders DIR`) for editing them live.
public enum ShaderSource: Sendable {
    case embedded
    case directory(String)

    /// The file's text with each `#include "NAME"` line replaced by NAME's text from the
    /// same source (one level: the prelude includes nothing). `#line` directives keep
    /// compiler messages at the file's own line numbers; the included lines are source
    /// string 1.
    func text(_ file: String) throws -> String {
        let lines = try raw(file).components(separatedBy: "\n")
        var expanded: [String] = []
        for (index, line) in lines.enumerated() {
            guard let name = ShaderSource.includedName(line) else { expanded.append(line); continue }
            expanded += ["#line 1 1", try raw(name), "#line \(index + 2) 0"]
        }
        return expanded.joined(separator: "\n")
    }

    /// NAME of a line `#include "NAME"`, else nil.
    static func includedName(_ line: String) -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, words[0] == "#include", words[1].count > 2,
              words[1].hasPrefix("\""), words[1].hasSuffix("\"") else { return nil }
        return String(words[1].dropFirst().dropLast())
    }

    private func raw(_ file: String) throws -> String {
        switch self {
        case .embedded:
            guard let s = ShaderSources.embedded[file] else { throw RenderError.shaderFileMissing(file) }
            return s
        case .directory(let dir):
            let path = (dir as NSString).appendingPathComponent(file)
            guard access(path, F_OK) == 0 else { throw RenderError.shaderFileMissing(path) }
            // A shader is kilobytes; --shaders DIR of a FIFO or /proc file stops at 1 MiB.
            do { return String(decoding: try BoundedFile.read(path, limit: 1 << 20), as: UTF8.self) } catch {
                throw RenderError.io("\(path): cannot read the shader: \(error)")
            }
        }
    }
}

/// A linked vertex + fragment program. Its uniforms' locations are looked up once, when
/// it links, into a pass's `UniformSet` (`Program`).
final class ShaderProgram {
    let id: GLuint
    private let gl: GLFunctions

    /// `defines` go right after the `#version` line of both shaders, to pick a variant.
    init(gl: GLFunctions, vertex: String, fragment: String, source: ShaderSource, defines: [String] = []) throws {
        self.gl = gl
        let vertexText = ShaderProgram.inserting(defines, into: try source.text(vertex))
        let vs = try ShaderProgram.compile(gl, GLConstant.vertexShader, file: vertex, text: vertexText)
        let fragmentText = ShaderProgram.inserting(defines, into: try source.text(fragment))
        let fs = try ShaderProgram.compile(gl, GLConstant.fragmentShader, file: fragment, text: fragmentText)
        let program = gl.createProgram()
        gl.attachShader(program, vs)
        gl.attachShader(program, fs)
        gl.linkProgram(program)
        gl.deleteShader(vs)
        gl.deleteShader(fs)
        var ok: GLint = 0
        gl.getProgramiv(program, GLConstant.linkStatus, &ok)
        if ok == 0 {
            let log = ShaderProgram.infoLog(length: { gl.getProgramiv(program, GLConstant.infoLogLength, $0) },
                                            read: { gl.getProgramInfoLog(program, $0, nil, $1) })
            gl.deleteProgram(program)
            throw RenderError.programLinkFailed("\(vertex) + \(fragment): \(log)")
        }
        id = program
    }

    deinit { gl.deleteProgram(id) }

    static func inserting(_ defines: [String], into text: String) -> String {
        guard !defines.isEmpty else { return text }
        var lines = text.components(separatedBy: "\n")
        let at = lines.firstIndex { $0.hasPrefix("#version") }.map { $0 + 1 } ?? 0
        // #line keeps compiler messages pointing at the file's own line numbers.
        lines.insert(contentsOf: defines.map { "#define \($0)" } + ["#line \(at + 1)"], at: at)
        return lines.joined(separator: "\n")
    }

    /// The location of the uniform `name`; -1 when the program has none (setting it
    /// is then a no-op, as a variant without that part of the shader needs).
    func uniformLocation(_ name: String) -> GLint { gl.getUniformLocation(id, name) }

    private static func compile(_ gl: GLFunctions, _ kind: GLenum, file: String, text: String) throws -> GLuint {
        let shader = gl.createShader(kind)
        text.withCString { cstr in
            var ptr: UnsafePointer<GLchar>? = cstr
            gl.shaderSource(shader, 1, &ptr, nil)
        }
        gl.compileShader(shader)
        var ok: GLint = 0
        gl.getShaderiv(shader, GLConstant.compileStatus, &ok)
        if ok == 0 {
            let log = infoLog(length: { gl.getShaderiv(shader, GLConstant.infoLogLength, $0) },
                              read: { gl.getShaderInfoLog(shader, $0, nil, $1) })
            gl.deleteShader(shader)
            throw RenderError.shaderCompileFailed(file: file, log: log)
        }
        return shader
    }

    private static func infoLog(length: (UnsafeMutablePointer<GLint>) -> Void,
                                read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var n: GLint = 0
        length(&n)
        guard n > 1 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(n))
        buffer.withUnsafeMutableBufferPointer { read(n, $0.baseAddress!) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
