import StrataModel

extension Cards {
    /// A card still loading: grey blocks where its art and titles will be, under a band of
    /// light that sweeps across them (a gradient mask whose locations move).
    struct Placeholder {
        let card: Layer
        let shimmer: GradientLayer

        /// The band crosses from beyond the left edge to beyond the right every 1.5 s.
        func start() {
            var sweep = BasicAnimation.Typed<GradientLayer>(.locations, from: [-0.3, -0.15, 0], to: [1, 1.15, 1.3])
            sweep.duration = 1.5
            sweep.repeatCount = .infinity
            shimmer.add(sweep, forKey: "sweep")
        }
    }

    static func placeholder(y: Double) -> Placeholder {
        let card = card("placeholderCard", y: y, height: 290)
        let placeholder = Layer()
        placeholder.name = "placeholder"
        placeholder.frame = card.bounds
        let art = top(Layer(), named: "placeholderPhoto")
        art.backgroundColor = .systemGray5
        placeholder.addSublayer(art)
        for (name, frame) in [("placeholderTitle", Rect(x: 16, y: 216, width: 200, height: 20)),
                              ("placeholderSubtitle", Rect(x: 16, y: 246, width: 140, height: 16))] {
            let bar = Layer()
            bar.name = name
            bar.frame = frame
            bar.backgroundColor = .systemGray5
            bar.cornerRadius = 4
            placeholder.addSublayer(bar)
        }
        // Where the mask is opaque the blocks show whole; elsewhere at 40 %.
        let shimmer = GradientLayer()
        shimmer.name = "shimmer"
        shimmer.frame = placeholder.bounds
        shimmer.startPoint = Point(x: 0, y: 0.5)
        shimmer.endPoint = Point(x: 1, y: 0.5)
        let dim = Color(white: 0, alpha: 0.4)
        shimmer.colors = [dim, .black, dim]
        shimmer.locations = [-0.3, -0.15, 0]
        placeholder.mask = shimmer
        card.addSublayer(placeholder)
        return Placeholder(card: card, shimmer: shimmer)
    }
}
