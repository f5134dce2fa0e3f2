import Foundation
import Testing
@testable import StrataModel
@testable import StrataSceneFile

/// docs/PROPERTIES.md is generated from the layer classes' declarations: it fails here
/// when stale. `make docs-properties` (STRATA_UPDATE_DOCS=1) writes it again.
@Suite struct PropertyReferenceTests {
    @Test func thePropertiesPageIsTheDeclarations() throws {
        let path = packageRoot + "/docs/PROPERTIES.md"
        let generated = PropertyReference.markdown
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_DOCS"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let page = try String(contentsOfFile: path, encoding: .utf8)
        #expect(page == generated, "docs/PROPERTIES.md is stale: run `make docs-properties`")
    }

    /// The page shows what the declarations say: a row per property with its key paths.
    @Test func thePageListsEveryDeclaredPropertyAndKeyPath() {
        let page = PropertyReference.markdown
        for d in LayerClassDeclaration.all {
            #expect(page.contains("## \(d.className)\n"))
            for p in d.own { #expect(page.contains("| `\(p.name)` |"), "\(d.className).\(p.name)") }
        }
        #expect(page.contains("| `transform` |  | `Transform3D` | `1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1` | `transform` `.translation` "))
        #expect(page.contains("`.rotation.y`") && page.contains("`shadowOffset` `.width` `.height`"))
        #expect(page.contains("| `hidden` | `isHidden` | `Bool` | `false` | `hidden` |  |"))
        #expect(PropertyReference.typeName("Optional<Array<Double>>") == "[Double]?")
    }
}
