import TestSupport
import Testing

@testable import Coordination

/// The context a session starts with: checked against the flow's declared
/// members, defaults filled in, and handed to the root coordinator.
@Suite("Flow context", .timeLimit(.minutes(10)), .hangGuard)
struct FlowContextTests {
    /// Shows the context it was given as the params of its only screen.
    private final class Echo: Coordinator {
        override func start() { router.setRoot(Screen("context", params: environment.context)) }
    }

    private let flow = Flow(
        name: "echo", description: "Shows its context.",
        context: [
            ContextField("onboarded", .boolean, default: false),
            ContextField("token", .string, nullable: true, default: nil),
            ContextField("retries", .number, default: 3),
        ]
    ) { Echo(environment: $0) }

    // MARK: - Accepted

    @Test(arguments: [nil, JSONValue.null, [:]] as [JSONValue?])
    func missingContextGetsEveryDefault(context: JSONValue?) throws {
        let session = try Session(id: "x", flow: flow, context: context)
        #expect(session.context == ["onboarded": false, "token": nil, "retries": 3])
        #expect(session.context.keys == ["onboarded", "token", "retries"])
        #expect(session.stack.top?.screen.params == session.context)
    }

    @Test func givenMembersReplaceTheirDefaults() throws {
        let session = try Session(id: "x", flow: flow, context: ["token": "abc", "onboarded": true])
        #expect(session.context == ["onboarded": true, "token": "abc", "retries": 3])
        #expect(session.root.environment.context["token"] == "abc")
    }

    // MARK: - Refused

    @Test(
        arguments: [
            (["onboarded": "yes"] as JSONValue, FieldProblem(field: "onboarded", message: "must be a boolean, not string")),
            (["token": 5] as JSONValue, FieldProblem(field: "token", message: "must be a string or null, not number")),
            (["retries": nil] as JSONValue, FieldProblem(field: "retries", message: "must be a number, not null")),
            (["colour": "red"] as JSONValue, FieldProblem(field: "colour", message: "is not a context member of flow 'echo'")),
        ] as [(JSONValue, FieldProblem)])
    func wrongMembersAreRefused(context: JSONValue, problem: FieldProblem) {
        let error = #expect(throws: NavigationError.self) { try flow.validatedContext(context) }
        #expect(error?.kind == .invalidContext)
        #expect(error?.fieldProblems == [problem])
        #expect(error?.detail == "the context does not match flow 'echo': \(problem)")
    }

    @Test func everyProblemIsReported() {
        let error = #expect(throws: NavigationError.self) {
            try Session(id: "x", flow: flow, context: ["onboarded": 1, "extra": true, "token": false])
        }
        #expect(error?.fieldProblems.map(\.field) == ["onboarded", "token", "extra"])
    }

    @Test(arguments: ["text", 1, [1]] as [JSONValue])
    func aContextThatIsNotAnObjectIsRefused(context: JSONValue) {
        let error = #expect(throws: NavigationError.self) { try flow.validatedContext(context) }
        #expect(error?.kind == .invalidContext)
        #expect(error?.detail == "'context' must be an object, not \(context.typeName)")
    }

    @Test func aFlowWithoutContextRefusesAnyMember() {
        let bare = Flow(name: "bare", description: "") { Echo(environment: $0) }
        #expect(throws: Never.self) { try bare.validatedContext(nil) }
        let error = #expect(throws: NavigationError.self) { try bare.validatedContext(["debug": true]) }
        #expect(error?.fieldProblems == [FieldProblem(field: "debug", message: "is not a context member of flow 'bare'")])
    }
}
