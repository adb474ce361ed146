import CoreDomain
import CoreUseCases

/// One charting form as a feature of its own (a child reducer in The Composable Architecture,
/// a Bubble Tea model): its state, how it is opened, its update, its view, its keys and its
/// save as a value the effect runner carries out without knowing the form. The workstation
/// holds the open form, with the chart it was opened on, as a `ChartingScreen` and never
/// looks inside it;
/// `ChartingFormKind.registered` is the one list that makes a form openable.
public protocol ChartingForm: Feature, Equatable, Sendable
where Action == ChartingAction, Delegate == ChartingDelegate, Context == ChartingContext, Effect == ChartingEffect {
    /// Its stable name, the key that opens it and its help blocks for `?`.
    static var descriptor: ChartingFormDescriptor { get }

    /// This form for `request` (a key the chart left to the forms, or a feature's news), or
    /// why it cannot open now; nil when the request is not this form's or nothing happens.
    static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened?

    /// The title of the frame around it.
    var title: String { get }

    /// Its body as lines, `width` columns wide: the lines that stay on top (`pinned`, from the
    /// first), the field typed into (`cursorLine`, `cursorColumn`) and what must stay in view
    /// with it (`focus`). The screen scrolls it (`ChartingScreen`).
    func content(width: Int, context: ViewContext) -> ScrollContent

    /// The step shown is the one Enter saves on: the screen passes Enter on only once every
    /// line of it has been on screen.
    var awaitsConfirmation: Bool { get }

    /// The keys that work on it now (the footer shows them and no other key reaches it).
    var bindings: [KeyBinding] { get }

    /// True while the outbox is storing what was confirmed.
    var isSaving: Bool { get }

    /// What the status line says once the outbox has stored its entry: one short line.
    func savedNotice(demo: Bool) -> String
}

/// What a form is called and which keys it has, for `?` and the chart.
public struct ChartingFormDescriptor: Sendable {
    /// The form's stable name: its identity.
    public var name: String
    /// The key that opens it on the chart (on every tab: the form's `open` says where it
    /// applies), listed in the chart's footer and `?`; nil for a form opened by a feature's news.
    public var opensWith: KeyBinding?
    /// Its blocks on the `?` screen: a title and the bindings under it.
    public var help: [(title: String, bindings: [KeyBinding])]

    public init(name: String, opensWith: KeyBinding? = nil, help: [(title: String, bindings: [KeyBinding])] = []) {
        self.name = name
        self.opensWith = opensWith
        self.help = help
    }
}

/// Why a form is asked to open.
public enum ChartingRequest: Equatable, Sendable {
    /// A key the chart's tab did not use: the form whose `opensWith` it is opens.
    case key(InputKey)
    /// `a` (Summary and Vitals tabs, or the list beside the chart): the vitals form.
    case addVitals
    /// `x` on the Vitals tab: mark the chosen round entered in error.
    case correctChosenRound
    /// `x` in the chart's notes: mark one of the user's own notes entered in error.
    case correctNote
    /// `r` on the MAR: record this dose.
    case recordDose(ScheduledDose)
    /// `x` on the MAR: mark what was recorded for this dose entered in error.
    case correctDose(ScheduledDose)
    /// `e` on a PRN line of the MAR: record the effect of its last dose (`administration`).
    case recordEffect(ScheduledDose)
    /// `r` on an infusion on the MAR: start it, change its rate, pause, resume or stop it.
    case recordInfusion(Infusion)
}

/// What a form asked to open sees of the workstation: the chart shown, and the session.
public struct ChartingOpening: Sendable {
    public var chart: ChartState
    public var session: SessionInfo

    public init(chart: ChartState, session: SessionInfo) {
        self.chart = chart
        self.session = session
    }

    /// The banner at a confirm step must be the loaded one (bed, allergies, the SpO2 target),
    /// never a guess: the loaded summary, or why nothing opens (`key` to try again).
    public func loadedSummary(key: String) -> Result<PatientSummary, ChartingOpened.Refusal> {
        switch chart.summary {
        case let .loaded(summary): .success(summary)
        case .loading: .failure(.init(StatusText.chartStillLoading(press: key)))
        // Waiting would not help: this load is over.
        case .failed: .failure(.init(StatusText.chartDidNotLoad))
        }
    }
}

/// A form's answer to being asked to open.
public enum ChartingOpened: Sendable {
    /// It opens over the chart it was asked on (the status line clears).
    case form(any ChartingForm)
    /// It does not; the status line says why.
    case refused(Notice)

    /// Why a form did not open, in the user's terms.
    public struct Refusal: Error, Sendable {
        public var notice: Notice
        public init(_ notice: Notice) { self.notice = notice }
    }
}

extension ChartingForm {
    /// This form's entry for `ChartingFormKind.registered`.
    public static var kind: ChartingFormKind { ChartingFormKind(Self.self) }

    /// True when `request` is the key in this form's `descriptor.opensWith`.
    public static func isOpeningKey(_ request: ChartingRequest) -> Bool {
        guard case let .key(key) = request, let binding = descriptor.opensWith else { return false }
        return binding.matches(key)
    }

    func isEqual(to other: any ChartingForm) -> Bool { (other as? Self) == self }
}
