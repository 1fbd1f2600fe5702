import TestSupport
import Testing

@testable import Coordination

/// Choices a field takes from the screen's params
/// (``EventField/oneOf(path:value:label:)``): rendered as `enum` and
/// `labels` from the params as they are, checked against the same params
/// when an event arrives, and changed with them.
@Suite("Choices from params", .timeLimit(.minutes(10)), .hangGuard)
struct ChoicesFromParamsTests {
    private func bookChoices(_ session: Session) throws -> JSONValue? {
        try session.topEvent("borrow")?["fields"]?["book"]
    }

    @Test func theDocumentListsTheValuesAndLabelsOfTheParams() throws {
        let session = try Session.library()
        #expect(
            try bookChoices(session) == [
                "type": "string", "label": "Book", "enum": ["b1", "b2"],
                "labels": ["Dune by Frank Herbert (2 left)", "Emma by Jane Austen (0 left)"],
            ])
        // Without a label, the value is what a person reads.
        #expect(try session.topEvent("remove")?["fields"]?["book"]?["labels"] == ["b1", "b2"])
        // A nested path, other value and label members.
        #expect(try session.topEvent("pickShelf")?["fields"]?["shelf"]?["enum"] == ["A", "B"])
        #expect(try session.topEvent("pickShelf")?["fields"]?["shelf"]?["labels"] == ["Fiction", "History"])
    }

    @Test func aValueThatIsNotAChoiceIsRefusedAndChangesNothing() throws {
        let session = try Session.library()
        for value in ["b9", "Dune", "", "B1"] {
            let refusal = expectRefused(
                .invalidPayload, session, ClientEvent(screen: session.topID, event: "borrow", payload: ["book": .string(value)]))
            #expect(refusal?.fieldProblems == [FieldProblem(field: "book", message: "must be one of b1, b2, not '\(value)'")])
        }
        expectRefused(.invalidPayload, session, ClientEvent(screen: session.topID, event: "borrow", payload: ["book": 1]))
        expectRefused(.invalidPayload, session, ClientEvent(screen: session.topID, event: "pickShelf", payload: ["shelf": "Fiction"]))
        try session.tap("borrow", ["book": "b2"])
        #expect(session.stack.top?.screen.name == "loanReceipt")
    }

    @Test func choicesFollowTheParamsInTheSameVersion() throws {
        let session = try Session.library()
        try session.tap("donate", ["title": "Ulysses"])
        #expect(try bookChoices(session)?["enum"] == ["b1", "b2", "b3"])
        #expect(try bookChoices(session)?["labels"]?.arrayValue?.last == "Ulysses by Anonymous ( left)")
        try session.tap("remove", ["book": "b1"])
        #expect(try bookChoices(session)?["enum"] == ["b2", "b3"])
        let refusal = expectRefused(.invalidPayload, session, ClientEvent(screen: session.topID, event: "borrow", payload: ["book": "b1"]))
        #expect(refusal?.detail.contains("must be one of b2, b3, not 'b1'") == true)
        try session.tap("borrow", ["book": "b3"])
        #expect(session.version == 4)
    }

    @Test func eachDocumentIsTheOneRenderedFromNothing() throws {
        let session = try Session.library()
        func expectFresh(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(session.document() == SessionDocument.render(session).bytes.array, sourceLocation: sourceLocation)
        }
        expectFresh()
        try session.tap("donate", ["title": "Ulysses"])
        expectFresh()
        try session.tap("remove", ["book": "b2"])
        expectFresh()
        try session.tap("borrow", ["book": "b3"])
        expectFresh()
        try session.tap("back")
        expectFresh()
    }

    @Test func itemsWithoutAValueAreNotOffered() throws {
        let choices = ParamsChoices(path: "items", value: "id", label: "{name} {count} {open} {missing}")
        let params: JSONObject = [
            "items": [
                ["id": "a", "name": "Alpha", "count": 2.5, "open": true], ["name": "no id"], ["id": 7, "name": "numeric id"],
                "plain", 3, nil, ["id": "b", "name": ["nested": "object"]],
            ]
        ]
        #expect(choices.choices(in: params).map(\.value) == ["a", "plain", "b"])
        #expect(choices.choices(in: params).map(\.label) == ["Alpha 2.5 true ", "plain", "   "])
        #expect(choices.offers("a", in: params) && choices.offers("plain", in: params))
        #expect(!choices.offers("7", in: params) && !choices.offers("no id", in: params))
    }

    @Test(arguments: [
        JSONObject(), ["items": "not a list"], ["items": [:]], ["other": ["items": ["x"]]], ["items": []],
    ])
    func paramsWithoutTheListOfferNothing(params: JSONObject) {
        let choices = ParamsChoices(path: "items")
        #expect(choices.choices(in: params).isEmpty)
        #expect(!choices.offers("x", in: params))
        #expect(choices.refusal(of: "x", in: params) == "has no choices now, not 'x'")
    }

    @Test func aRefusalNamesTenChoicesAndCountsTheRest() {
        let choices = ParamsChoices(path: "ids")
        let params: JSONObject = ["ids": .array((1...25).map { .string("id\($0)") })]
        #expect(
            choices.refusal(of: String(repeating: "z", count: 100), in: params)
                == "must be one of id1, id2, id3, id4, id5, id6, id7, id8, id9, id10 and 15 more, not '\(String(repeating: "z", count: 64))'"
        )
    }

    @Test(
        arguments: [
            ("name", ["n": "x"], "\"\""), ("{a}-{b}", ["a": "1", "b": "2"], "\"1-2\""), ("{a} and {", ["a": "x"], "\"x and {\""),
            ("{} {a}", ["a": "x"], "\"{} x\""), ("<{a}>", ["a": "\"&\""], #""\u003c\"\u0026\"\u003e""#), ("{{a}}", ["a": "x"], "\"{x}\""),
        ] as [(String, JSONObject, String)])
    func labelTemplatesReadMembers(template: String, item: JSONObject, written: String) {
        var writer = JSONWriter()
        ChoiceLabel(template).write(for: item, into: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == written)
        #expect(ChoiceLabel(template).template == template)
    }
}
