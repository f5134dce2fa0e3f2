import Testing
@testable import StrataModel

/// The one diagnostic value: its one form of a place, how a reader places it, and how a
/// domain error becomes one.
@Suite struct DiagnosticTests {
    @Test func thePlaceIsWrittenAsEditorsLinkIt() {
        #expect(Diagnostic(file: "a.trace", line: 3, column: 7, message: "bad").description == "a.trace:3:7: bad")
        #expect(Diagnostic(file: "a.trace", line: 3, message: "bad").description == "a.trace:3: bad")
        #expect(Diagnostic(file: "a.trace", message: "cannot read").description == "a.trace: cannot read")
        #expect(Diagnostic("--fps must be positive").description == "--fps must be positive")
        // A column without a line says nothing a reader can go to: the file alone.
        #expect(Diagnostic(file: "a", column: 4, message: "m").description == "a: m")
    }

    @Test func aReaderPlacesOnlyWhatHasNoPlace() {
        let option = Diagnostic("option \"planes\" must be between 1 and 1000, found 0")
        #expect(option.placed(file: "t.trace", line: 1).description == "t.trace:1: option \"planes\" must be between 1 and 1000, found 0")
        let inFile = Diagnostic(file: "s.scene.json", line: 2, column: 5, message: "m")
        #expect(inFile.placed(file: "t.trace", line: 1) == inFile)
        #expect(Diagnostic("no layer", hint: "h").prefixed("--key x: ") == Diagnostic("--key x: no layer", hint: "h"))
    }

    @Test func exitStatusesAreTheProjectsConvention() {
        #expect(Diagnostic("x").status.code == 2)
        #expect(Diagnostic(message: "interrupted", status: .interrupted(signal: 2)).status.code == 130)
        #expect(Diagnostic(message: "interrupted", status: .interrupted(signal: 15)).status.code == 143)
    }

    struct Domain: DiagnosticConvertible, CustomStringConvertible {
        var description: String { "a domain's words" }
    }
    struct Placed: DiagnosticConvertible {
        var diagnostic: Diagnostic { Diagnostic(file: "f", line: 2, message: "m", hint: "do this") }
    }
    struct Other: Error, CustomStringConvertible {
        var description: String { "anything else" }
    }

    @Test func anyErrorBecomesOneDiagnostic() {
        #expect(Diagnostic(Domain() as Error) == Diagnostic("a domain's words"))
        #expect(Diagnostic(Placed() as Error) == Diagnostic(file: "f", line: 2, message: "m", hint: "do this"))
        #expect(Diagnostic(Other() as Error) == Diagnostic("anything else"))
        let d = Diagnostic(file: "f", message: "m")
        #expect(Diagnostic(d as Error) == d)
    }
}
