@testable import emr
import Testing

@Suite struct HTTPRequestHeadTests {
    @Test func readsTheRequestLineAndHeaders() throws {
        let head = try #require(HTTPRequestHead("POST /notify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 12\r\nAuthorization: Bearer abc"))
        #expect(head.method == "POST")
        #expect(head.target == "/notify")
        #expect(head.contentLength == 12)
        #expect(head.headers["authorization"] == "Bearer abc")
    }

    @Test func aRepeatedHeaderKeepsItsFirstValue() throws {
        let head = try #require(HTTPRequestHead("POST /notify HTTP/1.1\r\nAuthorization: Bearer one\r\nauthorization: Bearer two"))
        #expect(head.headers["authorization"] == "Bearer one")
    }

    @Test(arguments: [
        "", "POST /notify", "POST /notify HTTP/2", "BREW /notify HTTP/1.1", "POST notify HTTP/1.1",
        "POST /notify HTTP/1.1\r\nno colon", "POST /notify HTTP/1.1\r\n folded: value",
        "POST /notify HTTP/1.1\r\nTransfer-Encoding: chunked",
    ])
    func refusesMalformedHeads(_ text: String) {
        #expect(HTTPRequestHead(text) == nil)
    }

    @Test(arguments: ["-1", "twelve", ""])
    func aLengthThatIsNoCountIsMissing(_ value: String) throws {
        #expect(try #require(HTTPRequestHead("POST /notify HTTP/1.1\r\nContent-Length: \(value)")).contentLength == nil)
    }
}
