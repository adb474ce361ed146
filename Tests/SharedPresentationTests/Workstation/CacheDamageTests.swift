import CoreDomain
import Foundation
import Testing
@testable import SharedPresentation

/// The cache's structure check runs beside the first frame; what it finds reaches the user.
@Suite struct CacheDamageTests {
    @Test func damageFoundAfterTheFirstFrameIsSaidOnTheStatusLineAndNothingIsReloaded() {
        var state = Census.state()
        let message = "The cache file /home/n/.local/share/emr/cache.sqlite is damaged or is not an emr cache: run 'emr wipe', then re-import or re-sync."
        #expect(state.update(.cache(.damaged(message))).isEmpty)
        #expect(state.notice?.text == message)
        #expect(state.press(.down) == Census.opened("p1"))
        #expect(state.patients.selected == 1, "what could be read stays usable")
    }
}
