import NavigationClient
import TestSupport
import Testing

@testable import navigation_client

@Suite("navigation-client: commands and payload fields", .timeLimit(.minutes(10)), .hangGuard)
struct TerminalInputTests {
    @Test(arguments: [
        ("3", TerminalCommand.event(3)), ("  12 ", .event(12)), ("b", .back), ("back", .back), ("D", .dismiss),
        ("t settings", .tab("settings")),
        ("tab 2", .tab("2")), ("l /rates/USD", .link("/rates/USD")), ("link /a b", .link("/a b")), ("r", .refresh), ("end", .end),
        ("q", .quit), ("quit", .quit), ("?", .help), ("", .redraw), ("   ", .redraw),
    ])
    func commands(line: String, command: TerminalCommand) {
        #expect(TerminalCommand.parse(line) == command)
    }

    @Test(arguments: ["0", "-1", "1 2", "t", "l", "b x", "fly", "3x"])
    func linesThatAreNoCommand(line: String) {
        #expect(TerminalCommand.parse(line) == nil)
    }

    private let amount = FieldDeclaration(name: "amount", type: .number)

    private func value(_ answer: String, _ field: FieldDeclaration, choices: [FieldChoice]? = nil) -> JSONValue? {
        try? FieldInput.value(of: answer, for: field, choices: choices ?? field.choices).get()
    }

    @Test func answersAreReadByType() {
        #expect(value(" 12.5 ", amount) == 12.5)
        #expect(value("twelve", amount) == nil)
        #expect(value("inf", amount) == nil)
        let text = FieldDeclaration(name: "username", type: .string)
        #expect(value("  spaced  ", text) == "  spaced  ", "text is taken as typed")
        #expect(value("", text) == "", "an empty string is an answer; the flow decides whether it is valid")
        let flag = FieldDeclaration(name: "on", type: .boolean)
        #expect(value("Y", flag) == true)
        #expect(value("no", flag) == false)
        #expect(value("maybe", flag) == nil)
        #expect(value(#"{"a": [1]}"#, FieldDeclaration(name: "o", type: .object)) == ["a": [1]])
        #expect(value("[1]", FieldDeclaration(name: "o", type: .object)) == nil)
        #expect(value("[1, 2]", FieldDeclaration(name: "a", type: .array)) == [1, 2])
        #expect(value("{}", FieldDeclaration(name: "a", type: .array)) == nil)
        #expect(value("\"x\"", FieldDeclaration(name: "d", type: .other("date"))) == "x")
    }

    @Test func choicesAreTakenByNumberOrValue() {
        let code = FieldDeclaration(name: "code", type: .string, allowedValues: ["USD", "EUR"], allowedValueLabels: ["US dollar", "Euro"])
        #expect(value("2", code) == "EUR")
        #expect(value("USD", code) == "USD")
        #expect(value("3", code) == nil)
        #expect(value("0", code) == nil)
        #expect(value("usd", code) == nil)
        let prompt = FieldInput.prompt(for: code, choices: code.choices)
        #expect(prompt == "Code, choose one:\n  1) US dollar\n  2) Euro\ncode> ")
    }

    @Test func aSecretIsAskedForAsOneAndTakenAsTyped() {
        let login = EventDeclaration(
            name: "login",
            fields: [FieldDeclaration(name: "username", type: .string), FieldDeclaration(name: "password", type: .string, isSecret: true)])
        let item = EventMenu.Item(number: 1, screen: Screen(id: "s1", name: "login", events: [login]), event: login)
        var form = PayloadForm(item: item, tabChoices: [])
        #expect(!form.asksForSecret)
        #expect(form.answer("ada") == nil)
        #expect(form.asksForSecret)
        #expect(form.question == "Password (secret: not shown as you type)\npassword> ")
        #expect(form.answer(" pw ") == nil)
        #expect(!form.asksForSecret && form.isComplete)
        #expect(form.payload == ["username": "ada", "password": " pw "])
    }

    @Test func aFormAsksEachFieldInOrderAndBuildsThePayload() {
        let login = EventDeclaration(
            name: "login", fields: [FieldDeclaration(name: "username", type: .string), FieldDeclaration(name: "age", type: .number)])
        let item = EventMenu.Item(number: 1, screen: Screen(id: "s1", name: "login", events: [login]), event: login)
        var form = PayloadForm(item: item, tabChoices: [])
        #expect(form.question?.hasPrefix("Username (text)") == true)
        #expect(form.answer("ada") == nil)
        #expect(form.question?.hasPrefix("Age (a number)") == true)
        #expect(form.answer("old") == FieldInput.Mistake("that is not a number"))
        #expect(!form.isComplete)
        #expect(form.answer("36") == nil)
        #expect(form.isComplete && form.question == nil)
        #expect(form.payload == ["username": "ada", "age": 36])
    }

    @Test func selectTabOffersTheTabsAsChoices() {
        let selectTab = EventDeclaration(name: "selectTab", fields: [FieldDeclaration(name: "tab", type: .string)])
        let item = EventMenu.Item(number: 1, screen: Screen(id: "s1", name: "mailboxes", events: [selectTab]), event: selectTab)
        var form = PayloadForm(
            item: item, tabChoices: [FieldChoice(value: "mail", label: "Mail"), FieldChoice(value: "settings", label: "Settings")])
        #expect(form.question?.contains("2) Settings") == true)
        #expect(form.answer("2") == nil)
        #expect(form.payload == ["tab": "settings"])
    }
}
