import Foundation
import Testing

/// The docs a newcomer follows: the README stays a tour, and no link in it or in docs/
/// leads nowhere.
@Suite struct DocsTests {
    func text(_ path: String) throws -> String { try String(contentsOfFile: packageRoot + "/" + path, encoding: .utf8) }

    @Test func theReadmeIsATourOfAtMost150Lines() throws {
        let readme = try text("README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 150)
        // It starts with the two commands that do all set-up.
        let firstBlock = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(firstBlock.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["make demo", "make test"])
    }

    /// Every relative Markdown link of the README and docs/ names a file or folder that exists.
    @Test func everyRelativeLinkResolves() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs").filter { $0.hasSuffix(".md") }
        var checked = 0
        for page in ["README.md"] + docs.map({ "docs/" + $0 }) {
            let body = try text(page)
            let base = (page as NSString).deletingLastPathComponent
            let link = try Regex(#"\]\(([^)#\s]+)(#[^)]*)?\)"#)
            for match in body.matches(of: link) {
                guard let target = match.output[1].substring.map(String.init), !target.contains("://") else { continue }
                let path = ((packageRoot + "/" + base) as NSString).appendingPathComponent(target)
                #expect(FileManager.default.fileExists(atPath: path), "\(page) links to \(target), which does not exist")
                checked += 1
            }
        }
        #expect(checked >= 10)
    }
}
