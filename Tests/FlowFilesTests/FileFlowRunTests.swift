import CoordinationTesting
import FlowFiles
import TestSupport
import Testing

/// Flow files run on the engine: real coordinators under the files' names,
/// their actions as router calls, children, effects and refusals.
@Suite("Flow files: running them", .timeLimit(.minutes(10)), .hangGuard)
struct FileFlowRunTests {
    static func flow(_ value: JSONValue, file: String = "test.json") throws -> Flow {
        var writer = JSONWriter()
        writer.write(value)
        return try FlowFile.definition(of: writer.bytes, file: file).flow()
    }

    static let notes = FlowFileLoadTests.notes

    @Test func theNotesExampleRunsAsItsSwiftTwinWould() throws {
        let notes = try FlowTestSession(flow: Self.flow(Self.notes), context: ["owner": "Ada"])
        #expect(notes.stack == [ShownScreen(id: "s1", name: "notes", title: "Notes of Ada", params: ["notes": []], presentation: .root)])
        #expect(notes.coordinators.description == "NotesCoordinator")
        #expect(notes.document["coordinators"]?["type"] == "NotesCoordinator")

        #expect(try notes.send("add").map(\.operation) == [.push])
        #expect(notes.stack.last?.title == "New note")
        let blank = #expect(throws: NavigationError.self) { try notes.send("save", payload: ["text": ""]) }
        #expect(blank?.kind == .eventRejected)
        #expect(blank?.detail == "a note needs some text")

        let saved = try notes.send("save", payload: ["text": "Buy milk"])
        #expect(
            saved.map { "\($0.operation) \($0.screen) \($0.coordinator)" } == [
                "pop editor NotesCoordinator", "update notes NotesCoordinator",
            ])
        #expect(notes.stack.map(\.params) == [["notes": ["Buy milk"]]])
        #expect(try notes.replayed().document == notes.document)
        #expect(notes.invariantProblems == [])
    }

    @Test func theNotesExampleKeepsEveryInvariantOnARandomWalk() throws {
        let report = try FlowWalk.random(Self.flow(Self.notes), steps: 500, seed: 11)
        #expect(report.screens == ["notes", "editor"])
        #expect(report.refusals[.eventRejected, default: 0] > 0)
    }

    /// A basket: `add` starts a child that presents a picker and finishes
    /// with the chosen item; the parent's `then` keeps it. `pay` asks for
    /// an effect; its answer or its failure shows on the basket.
    static let basket = basket(pickerEvents: [:])

    /// The basket with a picker event that pops the modal's first screen: a router call that cannot be made.
    static let brokenBasket = basket(pickerEvents: ["popRoot": ["do": [["pop": true]]]])

    static func basket(pickerEvents extra: JSONObject) -> JSONValue {
        var pickerEvents: JSONObject = [
            "pick": [
                "fields": ["item": ["type": "string", "enum": ["tea", "cake"], "labels": ["Tea", "Cake"]]],
                "do": [["dismiss": true], ["finish": ["var": "payload.item"]]],
            ]
        ]
        for (name, event) in extra { pickerEvents[name] = event }
        return [
            "flow": "basket", "version": 1, "store": ["items": []], "root": "BasketCoordinator",
            "coordinators": [
                "BasketCoordinator": [
                    "start": [["setRoot": "basket"]],
                    "screens": [
                        "basket": [
                            "params": [
                                "items": ["var": "store.items"], "paid": ["var": "screen.paid"], "error": ["var": "screen.error"],
                            ],
                            "events": [
                                "add": [
                                    "do": [
                                        [
                                            "startChild": "PickerCoordinator", "with": ["var": "store.items"],
                                            "then": [
                                                [
                                                    "if": ["var": "output"],
                                                    "then": [
                                                        ["set": ["store.items": ["merge": [["var": "store.items"], [["var": "output"]]]]]]
                                                    ],
                                                ]
                                            ],
                                        ]
                                    ]
                                ],
                                "pay": [
                                    "do": [
                                        [
                                            "perform": "payments.charge", "input": ["items": ["var": "store.items"]],
                                            "then": [["set": ["screen.paid": ["var": "outcome.charge"]]]],
                                            "else": [["set": ["screen.error": ["var": "failure.message"]]]],
                                        ]
                                    ]
                                ],
                                "close": ["do": [["finish": ["count": ["var": "store.items.length"]]]]],
                            ],
                        ]
                    ],
                ],
                "PickerCoordinator": [
                    "start": [["present": "picker", "with": ["already": ["var": "input"]]]],
                    "screens": [
                        "picker": [
                            "title": "Pick one",
                            "params": ["already": ["var": "screen.already"]],
                            "events": .object(pickerEvents),
                        ]
                    ],
                ],
            ],
        ]
    }

    @Test func aChildIsStartedFinishesAndItsOutputReachesTheParent() throws {
        let basket = try FlowTestSession(flow: Self.flow(Self.basket))
        let added = try basket.send("add")
        #expect(added.map { "\($0.operation) \($0.screen) \($0.coordinator)" } == ["present picker PickerCoordinator"])
        #expect(basket.coordinators.description == "BasketCoordinator[PickerCoordinator]")
        #expect(basket.stack.last?.params == ["already": []])
        #expect(basket.stack.last?.presentation == .sheet)

        let picked = try basket.send("pick", payload: ["item": "cake"])
        #expect(picked.map { "\($0.operation) \($0.screen)" } == ["dismiss picker", "update basket"])
        #expect(basket.coordinators.description == "BasketCoordinator")
        #expect(basket.stack.map(\.params) == [["items": ["cake"], "paid": nil, "error": nil]])
        #expect(try basket.replayed().document == basket.document)
    }

    @Test func anEffectsAnswerAndItsFailureReachTheirBranches() throws {
        let basket = try FlowTestSession(flow: Self.flow(Self.basket))
        try basket.send("pay")
        #expect(basket.pendingEffects.map(\.name) == ["payments.charge"])
        #expect(basket.pendingEffects.first?.input == ["items": []])
        try basket.complete("payments.charge", with: .failure(EffectFailure(.rejected, reason: "Card declined.", status: 402)))
        #expect(basket.stack.first?.params["error"] == "Card declined.")
        try basket.send("pay")
        try basket.complete("payments.charge", with: .success(["charge": "ch_1"]))
        #expect(basket.stack.first?.params["paid"] == "ch_1")
        #expect(try basket.replayed().document == basket.document)
    }

    @Test func aRouterCallThatCannotBeMadeFailsTheEventAndChangesNothing() throws {
        let basket = try FlowTestSession(flow: Self.flow(Self.brokenBasket))
        try basket.send("add")
        let before = basket.document
        // The picker is the first screen of its modal: popping it is a misuse.
        let misuse = #expect(throws: NavigationError.self) { try basket.send("popRoot") }
        #expect(misuse?.kind == .flowFailure)
        #expect(basket.document == before)
    }

    @Test func theRootsOutputIsTheSessionsResult() throws {
        let basket = try FlowTestSession(flow: Self.flow(Self.basket))
        try basket.send("close")
        #expect(basket.isFinished)
        #expect(basket.document["result"] == ["count": nil])
    }

    @Test func eachNameIsItsOwnTypeInEveryFlow() throws {
        let basket = try FlowTestSession(flow: Self.flow(Self.basket))
        try basket.send("add")
        let types =
            basket.session.root.childCoordinators.map { ObjectIdentifier(type(of: $0)) } + [ObjectIdentifier(type(of: basket.session.root))]
        #expect(Set(types).count == 2)
        // Another flow with a coordinator of the same name shows the same name.
        let other = try FlowTestSession(flow: Self.flow(Self.notes, file: "notes.json"))
        let again = try FlowTestSession(flow: Self.flow(Self.notes, file: "notes.json"))
        #expect(ObjectIdentifier(type(of: other.session.root)) == ObjectIdentifier(type(of: again.session.root)))
        #expect(other.coordinators.typeName == "NotesCoordinator")
    }

    @Test func aBasketWalkKeepsEveryInvariant() throws {
        let report = try FlowWalk.random(Self.flow(Self.basket), steps: 500, seed: 5) { _, random in
            Bool.random(using: &random) ? .success(["charge": "ch"]) : .failure(EffectFailure(.unavailable))
        }
        #expect(report.screens == ["basket", "picker"])
    }

    /// A `var` whose path is computed reads one root, or, when the path is
    /// `""`, every root as one object: context, store, input, screen, then
    /// the run's own (here the event's `payload`).
    @Test func aComputedPathReadsOneRootOrEveryRoot() throws {
        let flow: JSONValue = [
            "flow": "roots", "version": 1, "context": ["owner": ["type": "string", "default": "you"]],
            "store": ["count": 1], "root": "RootsCoordinator",
            "coordinators": [
                "RootsCoordinator": [
                    "start": [["setRoot": "roots", "with": ["path": "store.count"]]],
                    "screens": [
                        "roots": [
                            "params": ["one": ["var": ["var": "screen.path"]], "seen": ["var": "screen.seen"]],
                            "events": [
                                "look": [
                                    "fields": ["path": ["type": "string"]],
                                    "do": [["set": ["screen.seen": ["var": ["var": "payload.path"]]]]],
                                ]
                            ],
                        ]
                    ],
                ]
            ],
        ]
        let roots = try FlowTestSession(flow: Self.flow(flow), context: ["owner": "Ada"])
        #expect(roots.stack.map(\.params) == [["one": 1, "seen": nil]])
        try roots.send("look", payload: ["path": ""])
        let whole: JSONValue = [
            "context": ["owner": "Ada"], "store": ["count": 1], "input": nil, "screen": ["path": "store.count"],
            "payload": ["path": ""],
        ]
        #expect(roots.stack.map(\.params) == [["one": 1, "seen": whole]])
        #expect(roots.stack.first?.params["seen"]?.jsonString == whole.jsonString)
        try roots.send("look", payload: ["path": "context.owner"])
        #expect(roots.stack.map(\.params) == [["one": 1, "seen": "Ada"]])
    }

    /// An event that writes the store, in its actions and in a call, and then refuses, changes nothing: the next read sees the store
    /// as it was, on the screen and in what an expression reads.
    @Test func aRefusedEventLeavesTheStoreAsItWas() throws {
        let flow: JSONValue = [
            "flow": "counter", "version": 1, "store": ["count": 0], "root": "CounterCoordinator",
            "coordinators": [
                "CounterCoordinator": [
                    "start": [["setRoot": "counter"]],
                    "calls": ["addHundred": [["set": ["store.count": ["+": [["var": "store.count"], 100]]]]]],
                    "screens": [
                        "counter": [
                            "params": ["count": ["var": "store.count"]],
                            "events": [
                                "add": ["do": [["set": ["store.count": ["+": [["var": "store.count"], 1]]]]]],
                                "addThenRefuse": [
                                    "do": [
                                        ["set": ["store.count": ["+": [["var": "store.count"], 10]]]],
                                        ["call": "addHundred"],
                                        ["reject": ["cat": ["refused at ", ["var": "store.count"]]]],
                                    ]
                                ],
                            ],
                        ]
                    ],
                ]
            ],
        ]
        let counter = try FlowTestSession(flow: Self.flow(flow))
        try counter.send("add")
        #expect(counter.stack.map(\.params) == [["count": 1]])
        let refused = #expect(throws: NavigationError.self) { try counter.send("addThenRefuse") }
        #expect(refused?.detail == "refused at 111")
        #expect(counter.stack.map(\.params) == [["count": 1]])
        try counter.send("add")
        #expect(counter.stack.map(\.params) == [["count": 2]])
        #expect(try counter.replayed().document == counter.document)
    }
}
