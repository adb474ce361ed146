import CoreUseCases
import Testing

@Suite struct BearerTokenTests {
    @Test func theExactTokenAuthorizes() {
        #expect(BearerToken.authorizes(header: "Bearer 0a1b2c", token: "0a1b2c"))
        #expect(BearerToken.authorizes(header: "bearer 0a1b2c", token: "0a1b2c"))
    }

    @Test(arguments: [nil, "", "Bearer ", "Bearer 0a1b2", "Bearer 0a1b2c3", "Bearer 0a1b2d", "Basic 0a1b2c", "0a1b2c", "Bearer  0a1b2c"])
    func anythingElseDoesNot(_ header: String?) {
        #expect(!BearerToken.authorizes(header: header, token: "0a1b2c"))
    }

    @Test func anEmptyTokenAuthorizesNothing() {
        #expect(!BearerToken.authorizes(header: "Bearer ", token: ""))
    }
}
