/// The GL entry points Strata uses, fetched through the current context's
/// get-proc-address (OSMesaGetProcAddress, glfwGetProcAddress) into one table.
/// Nothing links gl* symbols by name, so the OSMesa and windowed builds share this code.
public typealias GLenum = UInt32
public typealias GLint = Int32
public typealias GLuint = UInt32
public typealias GLsizei = Int32
public typealias GLfloat = Float
public typealias GLboolean = UInt8
public typealias GLbitfield = UInt32
public typealias GLsizeiptr = Int
public typealias GLchar = CChar

public struct GLFunctions {
    public typealias Loader = (String) -> UnsafeRawPointer?

    let getError: @convention(c) () -> GLenum
    let getString: @convention(c) (GLenum) -> UnsafePointer<UInt8>?
    let getIntegerv: @convention(c) (GLenum, UnsafeMutablePointer<GLint>?) -> Void
    let viewport: @convention(c) (GLint, GLint, GLsizei, GLsizei) -> Void
    let clearColor: @convention(c) (GLfloat, GLfloat, GLfloat, GLfloat) -> Void
    let clear: @convention(c) (GLbitfield) -> Void
    let enable: @convention(c) (GLenum) -> Void
    let disable: @convention(c) (GLenum) -> Void
    let blendFunc: @convention(c) (GLenum, GLenum) -> Void
    let finish: @convention(c) () -> Void
    let flush: @convention(c) () -> Void
    let pixelStorei: @convention(c) (GLenum, GLint) -> Void
    let readPixels: @convention(c) (GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, UnsafeMutableRawPointer?) -> Void
    let readBuffer: @convention(c) (GLenum) -> Void

    let genFramebuffers: @convention(c) (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void
    let deleteFramebuffers: @convention(c) (GLsizei, UnsafePointer<GLuint>?) -> Void
    let bindFramebuffer: @convention(c) (GLenum, GLuint) -> Void
    let framebufferTexture2D: @convention(c) (GLenum, GLenum, GLenum, GLuint, GLint) -> Void
    let checkFramebufferStatus: @convention(c) (GLenum) -> GLenum
    let blitFramebuffer: @convention(c) (GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLbitfield, GLenum) -> Void

    let genTextures: @convention(c) (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void
    let deleteTextures: @convention(c) (GLsizei, UnsafePointer<GLuint>?) -> Void
    let bindTexture: @convention(c) (GLenum, GLuint) -> Void
    let activeTexture: @convention(c) (GLenum) -> Void
    let texImage2D: @convention(c) (GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum, UnsafeRawPointer?) -> Void
    let texParameteri: @convention(c) (GLenum, GLenum, GLint) -> Void
    let generateMipmap: @convention(c) (GLenum) -> Void

    let createShader: @convention(c) (GLenum) -> GLuint
    let deleteShader: @convention(c) (GLuint) -> Void
    let shaderSource: @convention(c) (GLuint, GLsizei, UnsafePointer<UnsafePointer<GLchar>?>?, UnsafePointer<GLint>?) -> Void
    let compileShader: @convention(c) (GLuint) -> Void
    let getShaderiv: @convention(c) (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void
    let getShaderInfoLog: @convention(c) (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    let createProgram: @convention(c) () -> GLuint
    let deleteProgram: @convention(c) (GLuint) -> Void
    let attachShader: @convention(c) (GLuint, GLuint) -> Void
    let linkProgram: @convention(c) (GLuint) -> Void
    let getProgramiv: @convention(c) (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void
    let getProgramInfoLog: @convention(c) (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    let useProgram: @convention(c) (GLuint) -> Void
    let getUniformLocation: @convention(c) (GLuint, UnsafePointer<GLchar>?) -> GLint
    let uniform1i: @convention(c) (GLint, GLint) -> Void
    let uniform1f: @convention(c) (GLint, GLfloat) -> Void
    let uniform2f: @convention(c) (GLint, GLfloat, GLfloat) -> Void
    let uniform4f: @convention(c) (GLint, GLfloat, GLfloat, GLfloat, GLfloat) -> Void
    let uniform1fv: @convention(c) (GLint, GLsizei, UnsafePointer<GLfloat>?) -> Void
    let uniform4fv: @convention(c) (GLint, GLsizei, UnsafePointer<GLfloat>?) -> Void
    let uniformMatrix4fv: @convention(c) (GLint, GLsizei, GLboolean, UnsafePointer<GLfloat>?) -> Void

    let genVertexArrays: @convention(c) (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void
    let deleteVertexArrays: @convention(c) (GLsizei, UnsafePointer<GLuint>?) -> Void
    let bindVertexArray: @convention(c) (GLuint) -> Void
    let genBuffers: @convention(c) (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void
    let deleteBuffers: @convention(c) (GLsizei, UnsafePointer<GLuint>?) -> Void
    let bindBuffer: @convention(c) (GLenum, GLuint) -> Void
    let bufferData: @convention(c) (GLenum, GLsizeiptr, UnsafeRawPointer?, GLenum) -> Void
    let vertexAttribPointer: @convention(c) (GLuint, GLint, GLenum, GLboolean, GLsizei, UnsafeRawPointer?) -> Void
    let enableVertexAttribArray: @convention(c) (GLuint) -> Void
    let drawArrays: @convention(c) (GLenum, GLint, GLsizei) -> Void
    let drawArraysInstanced: @convention(c) (GLenum, GLint, GLsizei, GLsizei) -> Void
    let drawElements: @convention(c) (GLenum, GLsizei, GLenum, UnsafeRawPointer?) -> Void
    let vertexAttribDivisor: @convention(c) (GLuint, GLuint) -> Void
    let scissor: @convention(c) (GLint, GLint, GLsizei, GLsizei) -> Void

    /// Resolves every entry point, or throws naming the first one the context lacks.
    public init(loader: Loader) throws {
        func fn<T>(_ name: String) throws -> T {
            guard let p = loader(name) else { throw RenderError.missingEntryPoint(name) }
            return unsafeBitCast(p, to: T.self)
        }
        getError = try fn("glGetError")
        getString = try fn("glGetString")
        getIntegerv = try fn("glGetIntegerv")
        viewport = try fn("glViewport")
        clearColor = try fn("glClearColor")
        clear = try fn("glClear")
        enable = try fn("glEnable")
        disable = try fn("glDisable")
        blendFunc = try fn("glBlendFunc")
        finish = try fn("glFinish")
        flush = try fn("glFlush")
        pixelStorei = try fn("glPixelStorei")
        readPixels = try fn("glReadPixels")
        readBuffer = try fn("glReadBuffer")
        genFramebuffers = try fn("glGenFramebuffers")
        deleteFramebuffers = try fn("glDeleteFramebuffers")
        bindFramebuffer = try fn("glBindFramebuffer")
        framebufferTexture2D = try fn("glFramebufferTexture2D")
        checkFramebufferStatus = try fn("glCheckFramebufferStatus")
        blitFramebuffer = try fn("glBlitFramebuffer")
        genTextures = try fn("glGenTextures")
        deleteTextures = try fn("glDeleteTextures")
        bindTexture = try fn("glBindTexture")
        activeTexture = try fn("glActiveTexture")
        texImage2D = try fn("glTexImage2D")
        texParameteri = try fn("glTexParameteri")
        generateMipmap = try fn("glGenerateMipmap")
        createShader = try fn("glCreateShader")
        deleteShader = try fn("glDeleteShader")
        shaderSource = try fn("glShaderSource")
        compileShader = try fn("glCompileShader")
        getShaderiv = try fn("glGetShaderiv")
        getShaderInfoLog = try fn("glGetShaderInfoLog")
        createProgram = try fn("glCreateProgram")
        deleteProgram = try fn("glDeleteProgram")
        attachShader = try fn("glAttachShader")
        linkProgram = try fn("glLinkProgram")
        getProgramiv = try fn("glGetProgramiv")
        getProgramInfoLog = try fn("glGetProgramInfoLog")
        useProgram = try fn("glUseProgram")
        getUniformLocation = try fn("glGetUniformLocation")
        uniform1i = try fn("glUniform1i")
        uniform1f = try fn("glUniform1f")
        uniform2f = try fn("glUniform2f")
        uniform4f = try fn("glUniform4f")
        uniform1fv = try fn("glUniform1fv")
        uniform4fv = try fn("glUniform4fv")
        uniformMatrix4fv = try fn("glUniformMatrix4fv")
        genVertexArrays = try fn("glGenVertexArrays")
        deleteVertexArrays = try fn("glDeleteVertexArrays")
        bindVertexArray = try fn("glBindVertexArray")
        genBuffers = try fn("glGenBuffers")
        deleteBuffers = try fn("glDeleteBuffers")
        bindBuffer = try fn("glBindBuffer")
        bufferData = try fn("glBufferData")
        vertexAttribPointer = try fn("glVertexAttribPointer")
        enableVertexAttribArray = try fn("glEnableVertexAttribArray")
        drawArrays = try fn("glDrawArrays")
        drawArraysInstanced = try fn("glDrawArraysInstanced")
        drawElements = try fn("glDrawElements")
        vertexAttribDivisor = try fn("glVertexAttribDivisor")
        scissor = try fn("glScissor")
    }
}

/// The GL constants Strata uses (values from the Khronos registry).
public enum GLConstant {
    public static let noError: GLenum = 0
    public static let vendor: GLenum = 0x1F00
    public static let renderer: GLenum = 0x1F01
    public static let version: GLenum = 0x1F02
    public static let shadingLanguageVersion: GLenum = 0x8B8C
    public static let colorBufferBit: GLbitfield = 0x4000
    public static let blend: GLenum = 0x0BE2
    public static let cullFace: GLenum = 0x0B44
    public static let depthTest: GLenum = 0x0B71
    public static let dither: GLenum = 0x0BD0
    public static let scissorTest: GLenum = 0x0C11
    public static let one: GLenum = 1
    public static let oneMinusSrcAlpha: GLenum = 0x0303
    public static let packAlignment: GLenum = 0x0D05
    public static let unpackAlignment: GLenum = 0x0CF5
    public static let rgba: GLenum = 0x1908
    public static let rgba8: GLint = 0x8058
    public static let rgba32f: GLint = 0x8814
    public static let unsignedByte: GLenum = 0x1401
    public static let float: GLenum = 0x1406
    public static let framebuffer: GLenum = 0x8D40
    public static let readFramebuffer: GLenum = 0x8CA8
    public static let drawFramebuffer: GLenum = 0x8CA9
    public static let colorAttachment0: GLenum = 0x8CE0
    public static let framebufferComplete: GLenum = 0x8CD5
    public static let texture2D: GLenum = 0x0DE1
    public static let texture0: GLenum = 0x84C0
    public static let textureMinFilter: GLenum = 0x2801
    public static let textureMagFilter: GLenum = 0x2800
    public static let textureWrapS: GLenum = 0x2802
    public static let textureWrapT: GLenum = 0x2803
    public static let linear: GLint = 0x2601
    public static let nearest: GLint = 0x2600
    public static let linearMipmapLinear: GLint = 0x2703
    public static let clampToEdge: GLint = 0x812F
    public static let vertexShader: GLenum = 0x8B31
    public static let fragmentShader: GLenum = 0x8B30
    public static let compileStatus: GLenum = 0x8B81
    public static let linkStatus: GLenum = 0x8B82
    public static let infoLogLength: GLenum = 0x8B84
    public static let arrayBuffer: GLenum = 0x8892
    public static let staticDraw: GLenum = 0x88E4
    public static let streamDraw: GLenum = 0x88E0
    public static let triangleStrip: GLenum = 0x0005
    public static let triangles: GLenum = 0x0004
    public static let elementArrayBuffer: GLenum = 0x8893
    public static let unsignedInt: GLenum = 0x1405
    public static let back: GLenum = 0x0405
    public static let maxTextureSize: GLenum = 0x0D33
}
