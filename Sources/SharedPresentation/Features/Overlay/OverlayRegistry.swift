extension OverlayKind {
    /// Every overlay, in the order of the `?` screen's blocks: the one place an overlay is
    /// registered. A new overlay is its own feature folder (an `Overlay`) and one line here.
    public static let registered: [OverlayKind] = .registry([
        WardDosesState.kind,
    ])
}
