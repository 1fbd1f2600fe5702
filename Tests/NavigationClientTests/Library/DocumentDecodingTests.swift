import Foundation
import NavigationClient
import TestSupport
import Testing

@Suite("Session documents: decoding what the contract says, and what it will say", .timeLimit(.minutes(10)), .hangGuard)
struct DocumentDecodingTests {
    /// A document as the server writes it today (openapi.yaml `Session`).
    static let exchange = #"""
        {"id":"477e49d95213874773d9bf1349a11abb","flow":"exchange","version":2,
         "stack":[{"id":"s1","name":"rates","presentation":"root","coordinator":"c2",
                   "params":{"items":[{"code":"USD","rate":1380.5}],"lastViewed":null},
                   "events":[{"name":"select","fields":{"code":{"type":"string","enum":["USD","EUR"]}}}]},
                  {"id":"s2","name":"calculator","presentation":"push","coordinator":"c3",
                   "params":{"item":{"code":"USD","rate":1380.5},"amount":null,"result":null},
                   "events":[{"name":"convert","fields":{"amount":"number"}},{"name":"close"},{"name":"back"}]}],
         "layout":{"kind":"stack","stack":[]},
         "coordinators":{"id":"c1","type":"AppCoordinator","children":[{"id":"c3","type":"CalculatorCoordinator","children":[]}]},
         "pendingLink":null,"finished":false}
        """#

    @Test func decodesWhatTheServerSendsToday() throws {
        let document = try SessionDocument(json: Array(Self.exchange.utf8))
        #expect(document.version == 2)
        #expect(document.stack.map(\.name) == ["rates", "calculator"])
        #expect(document.stack[1].presentation == .push)
        #expect(document.coordinators?.children.map(\.type) == ["CalculatorCoordinator"])
        #expect(document.pendingLink == nil)
        #expect(document.effects == nil)
        #expect(document.result == nil)
        let select = try #require(document.stack[0].event(named: "select"))
        #expect(select.fields.map(\.name) == ["code"])
        #expect(select.fields[0].type == .string)
        #expect(select.fields[0].allowedValues == ["USD", "EUR"])
        #expect(select.fields[0].choices?.map(\.label) == ["USD", "EUR"])
        let convert = try #require(document.stack[1].event(named: "convert"))
        #expect(convert.fields == [FieldDeclaration(name: "amount", type: .number)])
        #expect(convert.fields[0].choices == nil)
        #expect(document.stack[1].event(named: "close")?.fields.isEmpty == true)
        #expect(document.stack[1].title == nil)
        #expect(document.stack[1].displayTitle == "Calculator")
    }

    @Test func membersOfTheContractNotSentYetAreReadWhenPresent() throws {
        let text = #"""
            {"id":"a","flow":"app","version":5,"finished":false,"pendingLink":"/profile",
             "effects":[{"id":"e1","name":"auth.login","coordinator":"c3"}],
             "stack":[{"id":"s1","name":"login","presentation":"root","coordinator":"c3","params":{},"title":"Sign in",
                       "events":[{"name":"login","label":"Sign in","role":"primary",
                                  "fields":{"username":{"type":"string","label":"User name","description":"as registered"},
                                            "password":"string",
                                            "plan":{"type":"string","enum":["free","pro"],"labels":["Free","Pro"]}}},
                                 {"name":"forgotPassword","role":"cancel"},{"name":"wipe","role":"destructive"},
                                 {"name":"later","role":"someday"}]}]}
            """#
        let document = try SessionDocument(json: Array(text.utf8))
        #expect(document.effects == [PendingEffect(id: "e1", name: "auth.login", coordinator: "c3")])
        #expect(document.pendingLink == "/profile")
        #expect(document.layout == nil)
        let login = document.stack[0]
        #expect(login.displayTitle == "Sign in")
        #expect(login.events.map(\.role) == [.primary, .cancel, .destructive, .other("someday")])
        #expect(login.events[0].displayLabel == "Sign in")
        #expect(login.events[1].displayLabel == "Forgot password")
        let fields = login.events[0].fields
        #expect(fields.map(\.name) == ["username", "password", "plan"], "the order the flow declared")
        #expect(fields[0].displayLabel == "User name")
        #expect(fields[0].description == "as registered")
        #expect(fields[2].choices == [FieldChoice(value: "free", label: "Free"), FieldChoice(value: "pro", label: "Pro")])
    }

    @Test func aSecretFieldSaysSoAndKeepsSayingSo() throws {
        let text = #"{"password":{"type":"string","secret":true},"username":"string"}"#
        let fields = try JSONValueDecoder().decode([String: FieldDeclaration].self, from: Array(text.utf8))
        #expect(fields["password"]?.isSecret == true)
        #expect(fields["username"]?.isSecret == false)
        #expect(
            try JSONValue(parsing: JSONEncoder().encode(fields)) == ["password": ["type": "string", "secret": true], "username": "string"])
    }

    @Test func unknownMembersAndValuesAreTolerated() throws {
        let text = #"""
            {"id":"a","flow":"f","version":1,"finished":false,"newTopLevel":{"x":[1]},
             "stack":[{"id":"s1","name":"n","presentation":"popover","coordinator":"c1","params":{},"badge":3,
                       "events":[{"name":"go","fields":{"when":"date"},"shortcut":"g"}]}],
             "layout":{"kind":"carousel","pages":[]},"coordinators":null}
            """#
        let document = try SessionDocument(json: Array(text.utf8))
        #expect(document.stack[0].presentation == .other("popover"))
        #expect(document.stack[0].presentation.isModal == false)
        #expect(document.stack[0].events[0].fields[0].type == .other("date"))
        #expect(document.layout == .unknown(kind: "carousel"))
        // An unknown layout: the model falls back to the flat stack.
        #expect(document.activeScreens.map(\.id) == ["s1"])
        #expect(document.coordinators == nil)
    }

    @Test func aFinishedSessionCarriesItsResult() throws {
        let text =
            #"{"id":"a","flow":"f","version":3,"stack":[],"coordinators":null,"pendingLink":null,"finished":true,"result":{"said":"bye"}}"#
        let document = try SessionDocument(json: Array(text.utf8))
        #expect(document.finished)
        #expect(document.result == ["said": "bye"])
        #expect(document.activeScreens.isEmpty)
    }

    @Test(arguments: [
        #"{"flow":"f","version":1,"stack":[],"finished":false}"#,
        #"{"id":"a","flow":"f","version":"1","stack":[],"finished":false}"#,
        #"{"id":"a","flow":"f","version":1,"stack":[{"id":"s1"}],"finished":false}"#,
        #"{"id":"a","flow":"f","version":1,"stack":[],"finished":false,"layout":{"kind":"tabs"}}"#,
        #"{"id":"a","flow":"f","version":1,"stack":[],"finished":false"#,
    ])
    func brokenDocumentsAreRefused(text: String) {
        #expect(throws: (any Error).self) { try SessionDocument(json: Array(text.utf8)) }
    }

    private struct Calculator: Decodable, Equatable {
        struct Item: Decodable, Equatable {
            let code: String
            let rate: Double
        }
        let item: Item
        let result: Double?
    }

    @Test func paramsDecodeIntoTheAppsOwnType() throws {
        let document = try SessionDocument(json: Array(Self.exchange.utf8))
        let calculator = try document.stack[1].params(as: Calculator.self)
        #expect(calculator == Calculator(item: .init(code: "USD", rate: 1380.5), result: nil))
        #expect(throws: (any Error).self) { try document.stack[0].params(as: Calculator.self) }
    }

    @Test func documentsRoundTripThroughFoundationsCoders() throws {
        let document = try SessionDocument(json: Array(Self.exchange.utf8))
        let data = try JSONEncoder().encode(document)
        // Through the library's decoder the fields keep their order; through Foundation's too, here, with one field each.
        #expect(try SessionDocument(json: data) == document)
        #expect(try JSONDecoder().decode(SessionDocument.self, from: data) == document)
    }

    @Test func problemsDecodeWithTheirKind() throws {
        let text =
            #"{"type":"urn:navigation-server:problem:invalid-payload","title":"Invalid payload","status":422,"detail":"bad","errors":[{"field":"amount","message":"must be a number, not string"}],"future":1}"#
        let problem = try JSONValueDecoder().decode(Problem.self, from: Array(text.utf8))
        #expect(problem.kind == "invalid-payload")
        #expect(problem.errors == [FieldError(field: "amount", message: "must be a number, not string")])
        #expect(ClientError.problem(problem).description == "invalid-payload: bad; amount must be a number, not string")
        var many = problem
        many.omittedErrors = 3
        #expect(ClientError.problem(many).description.hasSuffix("not string; 3 more"))
    }

    @Test func flowsListTheirContextInOrder() throws {
        let text = #"""
            {"flows":[{"name":"app","description":"d","links":[{"pattern":"/home","description":"h"}],
              "context":{"onboarded":{"type":"boolean","nullable":false,"default":false,"description":"o"},
                         "token":{"type":"string","nullable":true,"default":null,"description":"t"}}}]}
            """#
        struct List: Decodable { let flows: [FlowDescription] }
        let flow = try JSONValueDecoder().decode(List.self, from: Array(text.utf8)).flows[0]
        #expect(flow.context.map(\.name) == ["onboarded", "token"])
        #expect(flow.context[0].defaultValue == false)
        #expect(flow.context[1].nullable)
        #expect(flow.links == [LinkPattern(pattern: "/home", description: "h")])
    }

    @Test(arguments: [
        ("forgotPassword", "Forgot password"), ("mailSettings", "Mail settings"), ("rates", "Rates"), ("open_in-app", "Open in app"),
        ("showURL", "Show URL"), ("step2Done", "Step2 done"), ("", ""),
    ])
    func namesReadAsWords(name: String, readable: String) {
        #expect(ReadableName.of(name) == readable)
    }
}
