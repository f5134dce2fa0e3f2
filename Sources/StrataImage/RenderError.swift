import StrataModel

/// Everything that can go wrong between a layer tree and a PNG, worded for the user.
/// It lives in the lowest target that throws it (image I/O) so PNG, GL and replay all
/// throw one type and `strata` reports every failure through one catch; StrataRender
/// re-exports it.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    case missingEntryPoint(String)
    case contextCreationFailed(String)
    case sizeOutOfRange(width: Int, height: Int, limit: Int)
    case shaderCompileFailed(file: String, log: String)
    case programLinkFailed(String)
    case shaderFileMissing(String)
    case framebufferIncomplete(UInt32)
    case glError(UInt32, String)
    case png(String)
    case io(String)

    public var description: String {
        switch self {
        case .missingEntryPoint(let name): return "the GL context has no entry point \(name)"
        case .contextCreationFailed(let why): return "could not create a GL context: \(why)"
        case let .sizeOutOfRange(w, h, limit):
            return "size \(w)x\(h) px is out of range: each side must be 1...\(limit) px"
        case let .shaderCompileFailed(file, log): return "shader \(file) failed to compile:\n\(log)"
        case .programLinkFailed(let log): return "shader program failed to link:\n\(log)"
        case .shaderFileMissing(let path): return "shader file not found: \(path)"
        case .framebufferIncomplete(let status): return "offscreen framebuffer incomplete (status 0x\(String(status, radix: 16)))"
        case let .glError(code, during): return "GL error 0x\(String(code, radix: 16)) during \(during)"
        case .png(let message): return message
        case .io(let message): return message
        }
    }
}

extension RenderError: DiagnosticConvertible {}
