import StrataModel

extension Cards {
    /// A photo filling the card's top (cropped to fill, as an App Store story's art is),
    /// clipped to the top corners, and its title and subtitle.
    static func photo(_ image: Image, y: Double) -> Layer {
        let card = card("photoCard", y: y, height: 290)
        let photo = top(Layer(), named: "photo")
        photo.contents = image
        photo.contentsGravity = .resizeAspectFill
        // The photo's pixels are half points, as a @2x asset's are.
        photo.contentsScale = 2
        photo.masksToBounds = true
        card.addSublayer(photo)
        for label in titles("photo", "Evening in the Hills", "A short walk before sunset", x: 16, y: 214, width: 311) {
            card.addSublayer(label)
        }
        return card
    }
}
