import Coordination
import Flows
import Sessions
import TestSupport
import Testing

@testable import NavigationAPI

/// The exact bytes of a problem and of `GET /v1/flows`: members in the
/// order openapi.yaml lists them, optional ones only when set, client
/// input escaped.
@Suite("Response bodies, byte for byte", .timeLimit(.minutes(10)), .hangGuard)
struct ResponseBodyTests {
    private func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Problems

    @Test func aProblemWithOnlyItsDetail() {
        let problem = Problem(.sessionNotFound, "no live session has this id")
        #expect(
            text(problem.response.body)
                == #"{"type":"urn:navigation-server:problem:session-not-found","title":"Session not found","status":404,"#
                + #""detail":"no live session has this id"}"#)
    }

    @Test func aProblemWithEveryMemberSet() {
        var problem = Problem(.versionMismatch, #"a "quoted" <detail>"#)
        problem.acceptedEvents = ["next", #"b"c"#]
        problem.errors = [FieldProblem(field: "amount<", message: "must be a number")]
        problem.currentVersion = 7
        problem.activeScreen = "s3"
        problem.limitBytes = 1_024
        problem.sessionBytes = 0
        problem.recordedFlowVersion = 1
        problem.currentFlowVersion = 2
        problem.linkPatterns = ["/rates", "/rates/{code}"]
        #expect(
            text(problem.response.body)
                == #"{"type":"urn:navigation-server:problem:version-mismatch","title":"Version mismatch","status":412,"#
                + #""detail":"a \"quoted\" \u003cdetail\u003e","acceptedEvents":["next","b\"c"],"#
                + #""errors":[{"field":"amount\u003c","message":"must be a number"}],"currentVersion":7,"#
                + #""activeScreen":"s3","limitBytes":1024,"sessionBytes":0,"recordedFlowVersion":1,"#
                + #""currentFlowVersion":2,"patterns":["/rates","/rates/{code}"]}"#)
    }

    @Test func emptyListsAreWrittenAndErrorsPastTheLimitAreCounted() {
        var problem = Problem(.invalidRequest, "d")
        problem.acceptedEvents = []
        problem.linkPatterns = []
        problem.errors = (0..<(ProblemText.maxListedErrors + 3)).map { FieldProblem(field: "f\($0)", message: "m") }
        let listed = (0..<ProblemText.maxListedErrors).map { #"{"field":"f\#($0)","message":"m"}"# }
        #expect(
            text(problem.response.body)
                == #"{"type":"urn:navigation-server:problem:invalid-request","title":"Invalid request body","status":400,"#
                + #""detail":"d","acceptedEvents":[],"errors":["# + listed.joined(separator: ",") + #"],"omittedErrors":3,"#
                + #""patterns":[]}"#)
    }

    // MARK: - Flows

    @Test func noFlows() {
        #expect(text(FlowsDocument.render([])) == #"{"flows":[]}"#)
    }

    @Test func contextMembersAndLinksInDeclarationOrder() throws {
        let odd = Flow(
            name: #"odd"<name>"#, description: "d",
            context: [
                ContextField(#"a"b"#, .string, default: "x<"),
                ContextField("n", .number, nullable: true, default: .null, description: "desc"),
                ContextField("o", .object, default: ["k": [1, 2.5, true]]),
            ]
        ) { environment in Coordinator(environment: environment) }
        let exchange = try #require(BuiltinFlows.all.first { $0.name == "exchange" })
        #expect(
            text(FlowsDocument.render(SessionRegistry(flows: [odd, exchange]).flowOverviews()))
                == #"{"flows":[{"name":"odd\"\u003cname\u003e","description":"d","version":1,"context":{"#
                + #""a\"b":{"type":"string","nullable":false,"default":"x\u003c","description":""},"#
                + #""n":{"type":"number","nullable":true,"default":null,"description":"desc"},"#
                + #""o":{"type":"object","nullable":false,"default":{"k":[1,2.5,true]},"description":""}},"links":[],"#
                + #""versions":[{"version":1,"current":true,"sessions":0}]},"#
                + #"{"name":"exchange","description":"Exchange rates; select one to convert amounts in a calculator.","version":1,"#
                + #""context":{},"links":[{"pattern":"/rates","description":"The list of rates alone: an open calculator is closed."},"#
                + #"{"pattern":"/rates/{code}","description":"The calculator for one currency code, replacing any open calculator."}],"#
                + #""versions":[{"version":1,"current":true,"sessions":0}]}]}"#)
    }
}
