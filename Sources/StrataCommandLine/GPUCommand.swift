import Foundation
import StrataRender

/// `strata gpu`: what each GL platform offers on this machine and which one `auto`
/// (and `auto --gpu`) draws with, so a user sees why frames come from llvmpipe or a GPU
/// before a check fails on it.
struct GPUCommand: StrataSubcommand {
    let name = "gpu"
    let summary = "list the GL backends and EGL devices, and say which one draws"

    static let options = OptionGroup(title: "OPTIONS", options: [])

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata gpu

        Lists the offscreen GL backends: EGL (Mesa's surfaceless platform, then each device
        of EGL_EXT_platform_device, by the index --device and EGL_DEVICE_ID take) and OSMesa,
        each with the renderer it gives or the reason it cannot start; then which one
        'auto' draws with, without and with --gpu. STRATA_GL, STRATA_EGL_LIBRARY and
        STRATA_OSMESA_LIBRARY are honoured as by every command.

        EXIT STATUS: 0 when some backend works, 2 when none does.
        """
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        let a = try ArgumentParser.parse(args, groups: [GPUCommand.options], command: name)
        if let extra = a.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        let environment = context.console.environment

        context.print("egl:")
        context.print(line("surfaceless", { try EGLOffscreenSurface(libraryPath: EGLOffscreenSurface.resolvedLibraryPath(nil, environment),
                                                              platforms: [.surfaceless]) }))
        do {
            let devices = try EGLOffscreenSurface.devices(environment: environment)
            if devices.isEmpty { context.print("  no devices") }
            for d in devices {
                let kind = d.isSoftware ? "software" : "hardware" + (d.drmFile.map { ", \($0)" } ?? "")
                context.print(line("device \(d.index) (\(kind))", { try EGLOffscreenSurface(environment: environment, device: d.index) }))
            }
        } catch {
            context.print("  devices: \(unavailable(error))")
        }
        context.print("osmesa:")
        context.print(line("context", { try OSMesaSurface(environment: environment) }))

        let auto = try chooseOffscreenSurface(environment: environment)
        context.print("draws with: \(auto.description)")
        let gpu = try chooseOffscreenSurface(preferGPU: true, environment: environment)
        context.print("with --gpu: \(gpu.description)")
    }

    /// `  NAME: llvmpipe (...), 4.5 (Core Profile) Mesa 22.3.6` or `  NAME: unavailable: why`.
    private func line(_ name: String, _ make: () throws -> any OffscreenSurface) -> String {
        do {
            let surface = try make()
            return "  \(name): \(surface.renderer.renderer), \(surface.renderer.version)"
        } catch {
            return "  \(name): \(unavailable(error))"
        }
    }

    /// The reason without the backend's name, which the heading already says.
    private func unavailable(_ error: Error) -> String {
        if case let .unavailable(_, reason)? = error as? GLBackendError { return "unavailable: \(reason)" }
        return "unavailable: \(error)"
    }
}
