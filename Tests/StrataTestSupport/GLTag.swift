import Testing

extension Tag {
    /// A test that needs a GL context: it renders in process or runs the `strata` binary
    /// on a command that does. `make test-fast` runs every test without it (no GL at all:
    /// STRATA_GL names no backend there, so an untagged test that reaches GL fails).
    @Tag public static var gl: Self
}
