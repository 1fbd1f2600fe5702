import NavigationClient

/// The fields of one event, asked one at a time, each checked against its type.
struct PayloadForm {
    let item: EventMenu.Item
    private let fields: [(field: FieldDeclaration, choices: [FieldChoice]?)]
    private(set) var payload = JSONObject()
    private var index = 0

    /// `tabChoices`: the tab bar's tabs, offered for `selectTab`'s `tab` field, which the server declares as a plain string.
    init(item: EventMenu.Item, tabChoices: [FieldChoice]) {
        self.item = item
        fields = item.event.fields.map { field in
            let isTab = item.event.name == EventDeclaration.selectTab && field.name == "tab" && !tabChoices.isEmpty
            return (field, field.choices ?? (isTab ? tabChoices : nil))
        }
    }

    var isComplete: Bool { index >= fields.count }

    /// The question for the next field.
    var question: String? {
        isComplete ? nil : FieldInput.prompt(for: fields[index].field, choices: fields[index].choices)
    }

    /// Whether the next field is a secret, to be typed without echo.
    var asksForSecret: Bool {
        !isComplete && fields[index].field.isSecret && fields[index].choices == nil
    }

    /// Takes the answer to the current field; returns what is wrong with it, if anything.
    mutating func answer(_ line: String) -> FieldInput.Mistake? {
        guard !isComplete else { return nil }
        let (field, choices) = fields[index]
        switch FieldInput.value(of: line, for: field, choices: choices) {
        case .success(let value):
            payload[field.name] = value
            index += 1
            return nil
        case .failure(let mistake):
            return mistake
        }
    }
}
