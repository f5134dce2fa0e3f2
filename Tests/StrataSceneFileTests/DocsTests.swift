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

    /// The CI example builds once, in release, and hands the binary to every other job:
    /// no job but the build runs the compiler.
    @Test func theCIExampleBuildsOnceInRelease() throws {
        let page = try text("docs/CI.md")
        let yaml = try #require(page.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        // Jobs are the lines indented by two spaces under `jobs:`; each runs to the next.
        var jobs: [(name: String, body: String)] = []
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") { jobs.append((String(line.dropFirst(2).dropLast()), "")) }
            else if !jobs.isEmpty { jobs[jobs.count - 1].body += line + "\n" }
        }
        #expect(jobs.map(\.name) == ["build", "check", "report"])
        #expect(yaml.components(separatedBy: "make release").count == 2 && !yaml.contains("make build") && !yaml.contains("swift build"))
        #expect(yaml.contains("actions/cache@") && yaml.contains("path: .build/release/strata"))
        for job in jobs.dropFirst() { #expect(job.body.contains("actions/download-artifact@") && !job.body.contains(".build/"), "\(job.name)") }
    }
}
