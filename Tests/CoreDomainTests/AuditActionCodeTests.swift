import CoreDomain
import Testing

/// Every audit action survives its stored text form, and text from nowhere is refused.
@Suite struct AuditActionCodeTests {
    static let actions: [AuditAction] = [
        .chartOpened(tab: "vitals"), .search(kinds: [.mrn, .name]), .search(kinds: []), .charting, .correction,
        .importData(resources: 42), .export, .sync, .unlock, .unlockFailed(attempts: 3), .lock, .serverLogin, .serverLogout, .passphraseChanged, .wipe,
        .purge(patients: 2),
    ] + DoseAuditKind.allCases.map { .administration(kind: $0) } + DoseOverrideKind.allCases.map { .override(kind: $0) }

    @Test(arguments: actions)
    func roundTripsThroughCodeAndDetail(action: AuditAction) {
        #expect(AuditAction(code: action.code, detail: action.detail) == action)
    }

    @Test func searchDetailNamesKindsInAStableOrder() {
        #expect(AuditAction.search(kinds: [.name, .birthDate, .mrn]).detail == "birthDate+mrn+name")
    }

    @Test func unknownCodesAndMalformedDetailsAreRefused() {
        #expect(AuditAction(code: "delete-everything", detail: "") == nil)
        #expect(AuditAction(code: "import", detail: "many") == nil)
        #expect(AuditAction(code: "search", detail: "name+shoe-size") == nil)
        #expect(AuditAction(code: "lock", detail: "extra") == nil)
        #expect(AuditAction(code: "administration", detail: "paracetamol") == nil)
        #expect(AuditAction(code: "override", detail: "") == nil)
    }
}
