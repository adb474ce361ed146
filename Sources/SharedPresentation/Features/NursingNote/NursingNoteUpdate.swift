import CoreDomain
import Foundation

/// Keys while writing a nurse's note, and the outbox's refusal. Every binding is listed in
/// `KeyHelp.nursingNote(_:)` for its step. Nothing is stored before Enter on the confirm step;
/// Esc there goes back to writing with every word kept.
extension NursingNoteState: Feature, FormFlow {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        flow(action, in: context)
    }

    func save(in context: ChartingContext) -> ChartingEffect? {
        NursingNoteSave(NursingNoteEntry(patientID: patient.id, encounterID: stay?.id, text: note, date: context.now)).effect
    }

    mutating func backFromConfirm() -> Bool {
        step = .writing
        return true
    }

    mutating func gather(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        let discarding = isDiscarding
        isDiscarding = false
        refusal = nil
        switch key {
        case .escape:
            // Words typed are not thrown away by one stray key: Esc twice leaves.
            guard note.isEmpty || discarding else {
                isDiscarding = true
                refusal = "Esc again throws this note away; any other key goes on writing"
                return .none
            }
            return .tell(.say(nil), .close)
        case .control("d"), .function(2):
            guard !note.isEmpty else {
                refusal = "Nothing written yet: type the note, then Ctrl-D or F2"
                return .none
            }
            step = .confirming
        case .enter:
            type("\n")
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
        case let .character(character):
            // A key the note cannot keep (a control or format character) is not typed.
            if Self.isPrintable(character) { type(character) }
        default:
            break
        }
        return .none
    }

    /// Adds `character` at the end, unless the note is at `NursingNoteEntry.maximumLength`,
    /// counted in code points: marks typed onto one letter cannot grow it past the bound.
    private mutating func type(_ character: Character) {
        guard text.unicodeScalars.count < NursingNoteEntry.maximumLength else {
            refusal = "The note is at its limit of \(Self.limitText) characters: save it, and write on in a new note"
            return
        }
        text.append(character)
    }

    /// `4,000`.
    static let limitText = NursingNoteEntry.maximumLength.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_GB")))

    /// Text a note keeps: no control, format (a right-to-left override), separator or private
    /// character, none of which a nurse types on purpose or a reader could see.
    static func isPrintable(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: false
            default: true
            }
        }
    }
}
