/// Which screen shows, decided once from the state: `update` routes a key by it, `KeyHelp`
/// lists its bindings (so help and the footer say what it takes), and the renderer draws it.
/// A new overlay is one case here; each switch over it then asks for its own.
public enum Screen: Equatable, Sendable {
    /// The terminal is below the minimum size: that is all that shows, locked or not, and it
    /// takes no key but `q` (none while locked) and Ctrl-L.
    case tooSmall
    /// The idle lock: nothing of any chart shows.
    case locked
    /// The `?` screen.
    case help
    /// A charting form (vitals, a dose, an infusion …) in the chart's place.
    case charting
    /// An overlay over both panes (`OverlayKind.registered`: the doses due on the ward).
    case overlay
    /// The patient list with its search being typed.
    case search
    /// The open chart, too short for its banner, tab bar and four rows: it says so.
    case chartTooShort
    /// The patient list, with the chart beside it where the screen is wide enough.
    case list
    /// The chart, focused.
    case chart
}

extension WorkstationState {
    /// The one decision of what shows, in order: a screen too small for anything, the lock,
    /// help, a form, an overlay, then the list or the chart.
    public var screen: Screen {
        if layout == .tooSmall { return .tooSmall }
        if lock.isLocked { return .locked }
        if isHelpShown { return .help }
        if charting != nil { return .charting }
        if overlay != nil { return .overlay }
        if patients.search.isEditing { return .search }
        if focus == .chart, let open = chart { return chartContext.isTooSmall(open) ? .chartTooShort : .chart }
        return .list
    }
}
