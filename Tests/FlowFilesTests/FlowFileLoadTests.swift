import FlowFiles
import TestSupport
import Testing

/// Reading flow files: the notes example
/// (docs/flow-files.md#the-notes-example-with-curl), and each check at load
/// with a file that breaks it (docs/flow-files.md#what-the-checks-at-load-catch).
@Suite("Flow files: reading and the checks at load", .timeLimit(.minutes(10)), .hangGuard)
struct FlowFileLoadTests {
    /// The notes example, as a value to break one place at a time.
    static let notes: JSONValue = [
        "flow": "notes", "version": 1, "description": "A list of notes and an editor.",
        "context": ["owner": ["type": "string", "default": "you"]],
        "store": ["notes": []],
        "root": "NotesCoordinator",
        "coordinators": [
            "NotesCoordinator": [
                "start": [["setRoot": "notes"]],
                "screens": [
                    "notes": [
                        "title": ["cat": ["Notes of ", ["var": "context.owner"]]],
                        "params": ["notes": ["var": "store.notes"]],
                        "events": ["add": ["label": "New note", "do": [["push": "editor"]]]],
                    ],
                    "editor": [
                        "title": "New note",
                        "events": [
                            "save": [
                                "label": "Save", "role": "primary",
                                "fields": ["text": ["type": "string", "label": "Note", "maxBytes": 200]],
                                "do": [
                                    ["if": ["!": ["var": "payload.text"]], "then": [["reject": "a note needs some text"]]],
                                    ["set": ["store.notes": ["merge": [["var": "store.notes"], [["var": "payload.text"]]]]]],
                                    ["pop": true],
                                ],
                            ]
                        ],
                    ],
                ],
            ]
        ],
    ]

    private static func bytes(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        return writer.bytes
    }

    /// The problems of `value` read as `notes.json`, as `pointer: message` lines.
    static func problems(_ value: JSONValue, performers: Set<String>? = nil) -> [String] {
        do {
            _ = try FlowFile.definition(of: bytes(value), file: "notes.json", performers: performers)
            return []
        } catch {
            return error.problems.map { "\($0.pointer): \($0.message)" }
        }
    }

    /// The notes example with the value at `path` replaced by `value`: nil
    /// removes it; an index one past an array's end appends it.
    static func notes(setting path: [String], to value: JSONValue?) -> JSONValue {
        func replace(_ node: JSONValue?, _ path: ArraySlice<String>) -> JSONValue? {
            guard let first = path.first else { return value }
            switch node {
            case .array(var elements)?:
                guard let index = Int(first), index <= elements.count else { return node }
                let replaced = replace(index < elements.count ? elements[index] : nil, path.dropFirst())
                if index == elements.count {
                    if let replaced { elements.append(replaced) }
                } else if let replaced {
                    elements[index] = replaced
                } else {
                    elements.remove(at: index)
                }
                return .array(elements)
            case .object(var object)?:
                object[first] = replace(object[first], path.dropFirst())
                return .object(object)
            default:
                return node
            }
        }
        return replace(notes, path[...]) ?? .null
    }

    @Test func theNotesExampleReads() throws {
        let definition = try FlowFile.definition(of: Self.bytes(Self.notes), file: "notes.json")
        #expect(definition.name == "notes")
        #expect(definition.version == 1)
        #expect(definition.root == "NotesCoordinator")
        #expect(definition.store == ["notes": []])
        #expect(definition.context.map(\.name) == ["owner"])
        let coordinator = try #require(definition.coordinators["NotesCoordinator"])
        #expect(coordinator.screens.map(\.name) == ["notes", "editor"])
        let save = try #require(coordinator.screen(named: "editor")?.events.first)
        #expect(save.name == "save" && save.role == .primary && save.fields.map(\.name) == ["text"])
        #expect(save.fields.first?.field.maxBytes == 200)
        #expect(save.actions.count == 3)
        let title = try #require(coordinator.screen(named: "notes")?.title)
        #expect(title.evaluate(["context": ["owner": "Ada"]]) == "Notes of Ada")
    }

    @Test func unknownMembersAndActionsAreNamedWithTheirPlace() {
        #expect(
            Self.problems(Self.notes(setting: ["colour"], to: "blue")) == [
                "/colour: unknown member 'colour' of a flow file; known: flow, version, description, context, store, root, coordinators, links"
            ])
        let shove = Self.notes(setting: ["coordinators", "NotesCoordinator", "start", "0"], to: ["shove": "notes"])
        #expect(
            Self.problems(shove).first
                == "/coordinators/NotesCoordinator/start/0: unknown action (shove); actions: setRoot, push, present, pop, popToRoot, dismiss, set, startChild, finish, perform, if, reject, call"
        )
        let extra = Self.notes(setting: ["coordinators", "NotesCoordinator", "start", "0"], to: ["setRoot": "notes", "animated": false])
        #expect(
            Self.problems(extra) == [
                "/coordinators/NotesCoordinator/start/0/animated: unknown member 'animated' of a 'setRoot' action; known: setRoot, with"
            ])
    }

    /// A `set` target is `store.NAME` or `screen.NAME`, NAME one value:
    /// what `var` reads back as `store.NAME`.
    @Test(arguments: [".store.a", "store.", "store.a.b", "stor.a", "store", "screen..a"])
    func aSetTargetThatIsNotOneStoreOrScreenValueIsAProblem(_ target: String) {
        let at = ["coordinators", "NotesCoordinator", "screens", "notes", "events", "add", "do", "1"]
        let set = Self.notes(setting: at, to: ["set": .object([target: 1])])
        #expect(
            Self.problems(set) == [
                "/\(at.joined(separator: "/"))/set/\(target): '\(target)' is no target of 'set': 'store.NAME' or 'screen.NAME', NAME without a dot"
            ])
    }

    @Test func namesThatDoNotExist() {
        #expect(Self.problems(Self.notes(setting: ["root"], to: "Nobody")).contains("/root: no coordinator is called 'Nobody'"))
        let missingScreen = Self.notes(setting: ["coordinators", "NotesCoordinator", "start", "0"], to: ["setRoot": "list"])
        #expect(Self.problems(missingScreen).contains("/coordinators/NotesCoordinator/start/0: 'NotesCoordinator' has no screen 'list'"))
        let child = Self.notes(
            setting: ["coordinators", "NotesCoordinator", "screens", "notes", "events", "add", "do", "0"], to: ["startChild": "Editor"])
        #expect(
            Self.problems(child).contains(
                "/coordinators/NotesCoordinator/screens/notes/events/add/do/0/startChild: no coordinator is called 'Editor'"))
    }

    @Test func aScreenNoActionShowsAndACoordinatorNothingStarts() {
        let unshown = Self.notes(
            setting: ["coordinators", "NotesCoordinator", "screens", "notes", "events", "add", "do", "0"], to: ["pop": true])
        #expect(Self.problems(unshown) == ["/coordinators/NotesCoordinator/screens/editor: no action of 'NotesCoordinator' shows 'editor'"])
        let orphan = Self.notes(setting: ["coordinators", "Orphan"], to: ["start": [["setRoot": "lost"]], "screens": ["lost": [:]]])
        #expect(Self.problems(orphan) == ["/coordinators/Orphan: nothing starts 'Orphan': it is not the root and no 'startChild' names it"])
    }

    @Test func aVarReadsOnlyTheDataRoots() {
        let title = Self.notes(setting: ["coordinators", "NotesCoordinator", "screens", "notes", "title"], to: ["var": "session.owner"])
        #expect(
            Self.problems(title) == [
                "/coordinators/NotesCoordinator/screens/notes/title: 'session.owner' reads 'session', which is no data root; roots: payload, context, store, screen, input, output, outcome, failure, link, message"
            ])
    }

    @Test func anEffectNeedsAPerformer() {
        let perform = Self.notes(
            setting: ["coordinators", "NotesCoordinator", "screens", "notes", "events", "add", "do", "1"],
            to: ["perform": "notes.sync", "then": [], "else": []])
        #expect(Self.problems(perform).isEmpty)
        #expect(
            Self.problems(perform, performers: ["auth.login"]) == [
                "/coordinators/NotesCoordinator/screens/notes/events/add/do/1/perform: no performer for the effect 'notes.sync' (a --backend or an in-process one)"
            ])
    }

    @Test func fieldsAreChecked() {
        let path = ["coordinators", "NotesCoordinator", "screens", "editor", "events", "save", "fields", "text"]
        #expect(
            Self.problems(Self.notes(setting: path, to: ["type": "text"])) == [
                "/coordinators/NotesCoordinator/screens/editor/events/save/fields/text/type: unknown field type 'text'; types: string, number, boolean, object, array"
            ])
        #expect(
            Self.problems(Self.notes(setting: path, to: ["type": "number", "maxBytes": 3]))
                == [
                    "/coordinators/NotesCoordinator/screens/editor/events/save/fields/text: only a string field takes maxBytes, secret, enum or choices"
                ])
        #expect(
            Self.problems(Self.notes(setting: path, to: ["type": "string", "enum": ["a", "b"], "labels": ["A"]]))
                == [
                    "/coordinators/NotesCoordinator/screens/editor/events/save/fields/text/labels: labels must name each of enum's 2 values, in order"
                ])
        #expect(
            Self.problems(Self.notes(setting: path, to: ["type": "string", "choices": ["from": "params.items", "label": "name"]])).isEmpty)
        #expect(
            Self.problems(Self.notes(setting: path, to: ["type": "string", "choices": ["from": "store.items"]]))
                == [
                    "/coordinators/NotesCoordinator/screens/editor/events/save/fields/text/choices/from: 'from' must name an array of the screen's params: 'params.NAME'"
                ])
    }

    @Test func reservedEventsAreTheRoutersOwn() {
        let back = Self.notes(setting: ["coordinators", "NotesCoordinator", "screens", "editor", "events", "back"], to: ["do": []])
        #expect(
            Self.problems(back) == [
                "/coordinators/NotesCoordinator/screens/editor/events/back: 'back' is reserved: the router carries it out for the user"
            ])
    }

    @Test func theTopLevelMembersAFlowNeeds() {
        #expect(Self.problems(Self.notes(setting: ["flow"], to: nil)) == [": 'flow' is required"])
        #expect(Self.problems(Self.notes(setting: ["version"], to: 0)) == ["/version: 'version' must be an integer from 1 to 2147483647"])
    }

    @Test func aFileOverTheLimitOrTooDeepOrNotJSON() {
        let large = [UInt8](repeating: UInt8(ascii: " "), count: FlowFile.maxBytes + 1)
        #expect(throws: FlowFileProblems.self) { try FlowFile.definition(of: large, file: "large.json") }
        let deep =
            Array(repeating: UInt8(ascii: "["), count: FlowFile.maxDepth + 1)
            + Array(repeating: UInt8(ascii: "]"), count: FlowFile.maxDepth + 1)
        let problems = #expect(throws: FlowFileProblems.self) { try FlowFile.definition(of: deep, file: "deep.json") }
        #expect(problems?.problems.first?.message.hasPrefix("not JSON") == true)
        #expect(problems?.description.hasPrefix("deep.json#: not JSON") == true)
    }
}

extension FlowFileLoadTests {
    @Test func rejectBelongsInAnEvent() {
        let start = Self.notes(setting: ["coordinators", "NotesCoordinator", "start", "1"], to: ["reject": "no"])
        #expect(
            Self.problems(start) == [
                "/coordinators/NotesCoordinator/start/1: 'reject' refuses an event: it belongs in an event's 'do', not in a 'start', a call, a 'then', an 'else' or a link"
            ])
        let perform = Self.notes(
            setting: ["coordinators", "NotesCoordinator", "screens", "notes", "events", "add", "do", "1"],
            to: ["perform": "notes.sync", "then": [["reject": "no"]]])
        #expect(
            Self.problems(perform).map { $0.prefix(72) } == ["/coordinators/NotesCoordinator/screens/notes/events/add/do/1/then/0: 're"])
    }
}

/// Calls (a coordinator's named actions, run by `call`) and a link's `reject`.
extension FlowFileLoadTests {
    private static let addDo = ["coordinators", "NotesCoordinator", "screens", "notes", "events", "add", "do", "1"]

    @Test func aCallNamesACallItsTargetHas() {
        let missing = Self.notes(setting: Self.addDo, to: ["call": "refresh"])
        #expect(Self.problems(missing) == ["/\(Self.addDo.joined(separator: "/"))/call: 'NotesCoordinator' has no call 'refresh'"])
        let children = Self.notes(setting: Self.addDo, to: ["call": "refresh", "on": "children"])
        #expect(
            Self.problems(children) == [
                "/\(Self.addDo.joined(separator: "/")): a call on 'children' names their coordinator ('coordinator')"
            ])
        let parent = Self.notes(setting: Self.addDo, to: ["call": "refresh", "on": "parent"])
        #expect(
            Self.problems(parent) == [
                "/\(Self.addDo.joined(separator: "/")): no coordinator starts 'NotesCoordinator': it has no parent to call"
            ])
        let unknown = Self.notes(setting: Self.addDo, to: ["call": "refresh", "on": "grandparent"])
        #expect(
            Self.problems(unknown) == [
                "/\(Self.addDo.joined(separator: "/"))/on: 'on' is 'self', 'parent' or 'children', not 'grandparent'"
            ])
    }

    @Test func callsThatRunThemselvesAgainAreALoop() {
        let calls = Self.notes(
            setting: ["coordinators", "NotesCoordinator", "calls"],
            to: ["a": [["call": "b"]], "b": [["if": true, "then": [["call": "a"]]]]])
        #expect(
            Self.problems(calls) == [
                "/coordinators/NotesCoordinator/calls/a: the call runs itself again (NotesCoordinator.a → NotesCoordinator.b → NotesCoordinator.a): a flow file has no loops"
            ])
        let itself = Self.notes(setting: ["coordinators", "NotesCoordinator", "calls"], to: ["a": [["call": "a"]]])
        #expect(Self.problems(itself).count == 1)
    }

    @Test func aCallRefusesNothing() {
        let calls = Self.notes(setting: ["coordinators", "NotesCoordinator", "calls"], to: ["a": [["reject": "no"]]])
        #expect(Self.problems(calls).first?.hasPrefix("/coordinators/NotesCoordinator/calls/a/0: 'reject' refuses an event") == true)
    }

    @Test func aLinksRejectReadsOnlyTheLink() {
        let link: JSONValue = ["pattern": "/n/{id}", "coordinator": "NotesCoordinator", "reject": ["var": "store.notes"]]
        #expect(
            Self.problems(Self.notes(setting: ["links"], to: [link])) == [
                "/links/0/reject: a link's 'reject' reads only the link ('link.NAME'), not 'store.notes'"
            ])
    }
}
