@testable import Coordination

/// A library whose screens describe themselves for people, or leave it to
/// the defaults, for the tests of titles, labels, roles and choices.
///
/// - `bookShelf` (no title: the default) lists `books`; `borrow {book}`
///   chooses one of them (pushes `loanReceipt`), `donate {title}` adds one,
///   `remove {book}` takes one away, `pickShelf {shelf}` chooses from a
///   nested list, `cancel` (no role: the default) and `archive`
///   (destructive) do nothing.
/// - `loanReceipt` ("Your loan") renames itself with `retitle {title}` and
///   presents `helpDesk` as a sheet with `help`.
final class LibraryCoordinator: Coordinator {
    static let books: JSONValue = [
        ["id": "b1", "title": "Dune", "author": "Frank Herbert", "copies": 2],
        ["id": "b2", "title": "Emma", "author": "Jane Austen", "copies": 0],
    ]

    private static let borrowFields: EventFields = [
        "book": .oneOf(path: "books", value: "id", label: "{title} by {author} ({copies} left)")
    ]

    override func start() {
        let shelf = Screen(
            "bookShelf",
            params: ["books": Self.books, "library": ["shelves": [["code": "A", "name": "Fiction"], ["code": "B", "name": "History"]]]])
        shelf
            .on("borrow", fields: Self.borrowFields) { [unowned self] _ in showReceipt() }
            .on("donate", label: "Donate a book", fields: ["title": .string.label("Book title").description("As printed on the cover.")]) {
                [unowned self, unowned shelf] payload in
                let books = shelf.params["books"]?.arrayValue ?? []
                let book: JSONValue = [
                    "id": .string("b\(books.count + 1)"), "title": .string(payload.string("title")), "author": "Anonymous",
                ]
                router.update(shelf, "books", to: .array(books + [book]))
            }
            .on("remove", fields: ["book": .oneOf(path: "books")]) { [unowned self, unowned shelf] payload in
                let books = shelf.params["books"]?.arrayValue ?? []
                router.update(shelf, "books", to: .array(books.filter { $0["id"]?.stringValue != payload.string("book") }))
            }
            .on("pickShelf", fields: ["shelf": .oneOf(path: "library.shelves", value: "code", label: "name")]) { _ in }
            .on("cancel") { _ in }
            .on("archive", label: "Archive", role: .destructive) { _ in }
        router.setRoot(shelf)
    }

    private func showReceipt() {
        let receipt = Screen("loanReceipt", title: "Your loan")
        receipt
            .on("retitle", fields: ["title": .string]) { [unowned receipt] payload in receipt.title = payload.string("title") }
            .on("help") { [unowned self] _ in router.present(Screen("helpDesk"), style: .sheet) }
        router.push(receipt)
    }
}

extension Flow {
    /// ``LibraryCoordinator``.
    static let library = Flow(name: "library", description: "Screens that describe themselves, or not.") { environment in
        LibraryCoordinator(environment: environment)
    }
}

extension Session {
    /// A session of ``Flow/library``.
    static func library() throws(NavigationError) -> Session {
        try Session(id: "library-session", flow: .library, context: nil)
    }

    /// The top screen as the document shows it.
    var topEntry: JSONValue? {
        get throws { try JSONParser.parse(document())["stack"]?.arrayValue?.last }
    }

    /// The document's description of event `name` on the top screen.
    func topEvent(_ name: String) throws -> JSONValue? {
        try topEntry?["events"]?.arrayValue?.first { $0["name"] == .string(name) }
    }
}
