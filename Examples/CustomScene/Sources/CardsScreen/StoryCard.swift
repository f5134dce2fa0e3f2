import StrataModel

extension Cards {
    /// A story's art drawn as a diagonal gradient under the top corners, and its titles.
    static func story(y: Double) -> Layer {
        let card = card("storyCard", y: y, height: 290)
        let art = GradientLayer()
        art.colors = [.systemIndigo, .systemPink]
        art.startPoint = Point(x: 0, y: 0)
        art.endPoint = Point(x: 1, y: 1)
        art.masksToBounds = true
        card.addSublayer(top(art, named: "storyArt"))
        for label in titles("story", "Colours of the Season", "Twelve palettes to try", x: 16, y: 214, width: 311) {
            card.addSublayer(label)
        }
        return card
    }
}
