/// A flow the server hosts: a name clients start sessions with, and the root
/// coordinator that runs each session of it.
///
/// ```swift
/// let greeting = Flow(name: "greeting", description: "Says hello.") { environment in
///     GreetingCoordinator(environment: environment)
/// }
/// ```
/// The root is built fresh for every session, and again when a session is
/// rebuilt from its events, so it must be a deterministic function of the
/// environment: no clocks, no random numbers, no I/O.
public struct Flow: Sendable {
    /// Everything below, in one shared object: every session and its state
    /// hold their flow, as one reference.
    private var definition: Definition

    public var name: String { definition.name }
    public var description: String { definition.description }
    /// The version of the flow's code, recorded with every session it starts.
    ///
    /// A session is kept as its start context and its accepted events, and
    /// rebuilt by replaying them through this code after a restart. Bump the
    /// version whenever a change could make a recorded event mean something
    /// else: a screen or event renamed or removed, a field's type changed, a
    /// handler that now navigates differently. A session recorded under
    /// another version is then refused (`410 flow-changed`) instead of being
    /// replayed into a state its user never saw. Changes that only add
    /// screens, events or params that old sessions never reached need no bump.
    public var version: Int { definition.version }
    /// The context members the root reads, in the order clients should show them.
    public var context: [ContextField] { definition.context }
    var makeRoot: @Sendable (CoordinatorEnvironment) -> Coordinator { definition.makeRoot }
    /// The links the flow follows (see ``init(name:description:version:context:links:root:)``);
    /// empty for a flow without links.
    public var links: [LinkPattern] { definition.links }
    /// Turns a matched link into the flow's route and hands it to the root.
    var routeLink: LinkRouting? { definition.routeLink }
    /// Params values every session shows, encoded once (see ``sharingParams(_:)``).
    var sharedParams: SharedJSONValues { definition.sharedParams }
    /// The older versions this one takes sessions over from
    /// (``migrating(from:_:)``), lowest first.
    public var migratesFrom: [Int] { definition.migrations.map(\.from).sorted() }
    /// What the flow was made from, when it was made from data (a flow
    /// file): its sessions are pinned to that exact content, and a store
    /// keeps it so that they replay after the file is gone
    /// (``madeFrom(_:)``). Nil for a flow written in Swift.
    public var source: FlowSource? { definition.source }

    public init(
        name: String,
        description: String,
        version: Int = 1,
        context: [ContextField] = [],
        root makeRoot: @escaping @Sendable (CoordinatorEnvironment) -> Coordinator
    ) {
        self.init(
            name: name, description: description, version: version, context: context, links: [], routeLink: nil, root: makeRoot)
    }

    init(
        name: String, description: String, version: Int, context: [ContextField], links: [LinkPattern], routeLink: LinkRouting?,
        root makeRoot: @escaping @Sendable (CoordinatorEnvironment) -> Coordinator
    ) {
        definition = Definition(
            name: name, description: description, version: version, context: context, makeRoot: makeRoot, links: links,
            routeLink: routeLink, sharedParams: .none, migrations: [], source: nil)
    }

    /// This flow, with `values` written once instead of into every session
    /// document: arrays or objects (a list every session shows) that its
    /// screens put in their params as these very values, e.g. one `static let`.
    ///
    /// Only the same storage is copied: an equal value built again, or this
    /// one changed by a screen, is written as usual. Documents are the same
    /// bytes either way.
    public func sharingParams(_ values: JSONValue...) -> Flow {
        sharingParams(values)
    }

    /// ``sharingParams(_:)-(JSONValue...)`` with the values in an array
    /// (a flow file's literal params, gathered when it is read).
    public func sharingParams(_ values: [JSONValue]) -> Flow {
        var flow = self
        flow.definition = Definition(
            name: name, description: description, version: version, context: context, makeRoot: makeRoot, links: links,
            routeLink: routeLink, sharedParams: SharedJSONValues(values), migrations: definition.migrations, source: source)
        return flow
    }

    /// This version, able to take over the sessions of version `older` of
    /// the same flow: `migrate` reads an older session as its user sees it
    /// (``OlderSession``: its context, its stack of screen names and
    /// params, its store) and answers where this version starts it
    /// (``Migration/start(context:link:)``), or that it ends.
    ///
    /// ```swift
    /// let notesV2 = Flow(name: "notes", description: "…", version: 2) { NotesCoordinator(environment: $0) }
    ///     .migrating(from: 1) { old in
    ///         old.screenNames.contains("editor") ? .start(link: "/new") : .start()
    ///     }
    /// ```
    /// A server migrates the sessions of a version it retires
    /// (`--retire-flow NAME=V`) when they are next touched, the older
    /// version's code (still hosted) rebuilding each first; the journal
    /// records the migration, so a replay starts this version there. A
    /// later call for the same `older` replaces the earlier. Like a root,
    /// `migrate` must be deterministic: no clocks, no random numbers, no I/O.
    public func migrating(from older: Int, _ migrate: @escaping @Sendable (OlderSession) -> Migration) -> Flow {
        var flow = self
        flow.definition = Definition(
            name: name, description: description, version: version, context: context, makeRoot: makeRoot, links: links,
            routeLink: routeLink, sharedParams: sharedParams,
            migrations: definition.migrations.filter { $0.from != older } + [FlowMigration(from: older, migrate: migrate)],
            source: source)
        return flow
    }

    /// This flow, made from `source`: its sessions record the source's
    /// digest and are replayed only by a flow made from the same content
    /// (``source``). A later call replaces the earlier.
    public func madeFrom(_ source: FlowSource) -> Flow {
        var flow = self
        flow.definition = Definition(
            name: name, description: description, version: version, context: context, makeRoot: makeRoot, links: links,
            routeLink: routeLink, sharedParams: sharedParams, migrations: definition.migrations, source: source)
        return flow
    }

    /// Whether `other` is this very flow value (the same definition, not an
    /// equal one): what caches kept per hosted flow check before they
    /// serve a session whose flow may only share its name and version.
    package func isSameDefinition(as other: Flow) -> Bool { definition === other.definition }

    /// Whether ``source`` is set, without copying it out: what a creation
    /// asks of every flow (one load; a Swift flow has none).
    package var isMadeFromSource: Bool { definition.isMadeFromSource }

    /// How this version takes over a session of version `older`; nil when it does not.
    public func migration(from older: Int) -> (@Sendable (OlderSession) -> Migration)? {
        definition.migrations.first { $0.from == older }?.migrate
    }

    private struct FlowMigration: Sendable {
        let from: Int
        let migrate: @Sendable (OlderSession) -> Migration
    }

    private final class Definition: Sendable {
        let name: String
        let description: String
        let version: Int
        let context: [ContextField]
        let makeRoot: @Sendable (CoordinatorEnvironment) -> Coordinator
        let links: [LinkPattern]
        let routeLink: LinkRouting?
        let sharedParams: SharedJSONValues
        let migrations: [FlowMigration]
        let source: FlowSource?
        let isMadeFromSource: Bool

        init(
            name: String, description: String, version: Int, context: [ContextField],
            makeRoot: @escaping @Sendable (CoordinatorEnvironment) -> Coordinator, links: [LinkPattern], routeLink: LinkRouting?,
            sharedParams: SharedJSONValues, migrations: [FlowMigration], source: FlowSource?
        ) {
            self.name = name
            self.description = description
            self.version = version
            self.context = context
            self.makeRoot = makeRoot
            self.links = links
            self.routeLink = routeLink
            self.sharedParams = sharedParams
            self.migrations = migrations
            self.source = source
            isMadeFromSource = source != nil
        }
    }

    /// The client's context checked against ``context``, with defaults filled
    /// in. `nil` means an empty context. Unknown members are refused, so a
    /// misspelt name is not silently ignored.
    public func validatedContext(_ context: JSONValue?) throws(NavigationError) -> JSONObject {
        let given: JSONObject
        switch context {
        case .none, .some(.null): given = JSONObject()
        case .some(.object(let object)): given = object
        case .some(let other):
            throw NavigationError(.invalidContext, "'context' must be an object, not \(other.typeName)")
        }
        var problems: [FieldProblem] = []
        var result = JSONObject()
        for field in self.context {
            let value = given[field.name] ?? field.defaultValue
            if let problem = field.problem(with: value) { problems.append(problem) }
            result[field.name] = value
        }
        for (key, _) in given where !self.context.contains(where: { $0.name == key }) {
            problems.append(FieldProblem(field: key, message: "is not a context member of flow '\(name)'"))
        }
        guard problems.isEmpty else {
            throw NavigationError(
                .invalidContext,
                "the context does not match flow '\(name)': " + problems.listing,
                fieldProblems: problems)
        }
        return result
    }
}
