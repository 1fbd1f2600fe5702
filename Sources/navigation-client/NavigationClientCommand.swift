import Foundation
import NavigationClient

/// `navigation-client`: a session of a NavigationServer, drawn and driven from a terminal.
@main
@MainActor
enum NavigationClientCommand {
    static func main() async {
        let arguments: ClientArguments
        do {
            arguments = try ClientArguments.parse(
                Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
        } catch {
            if error == ClientArguments.helpRequested {
                Terminal.write(error.description + "\n")
                exit(0)
            }
            Terminal.writeError("navigation-client: \(error)")
            exit(2)
        }
        guard let server = URL(string: arguments.server) else {
            Terminal.writeError("navigation-client: '\(arguments.server)' is not a URL")
            exit(2)
        }
        let client = NavigationClient(baseURL: server, apiKey: arguments.apiKey)
        do {
            let model = try await open(arguments, with: client)
            if arguments.printOnly {
                Terminal.write(SessionText.render(model.document, menu: EventMenu(model.document)) + "\n")
                return
            }
            await InteractiveSession(model: model).run(reading: Terminal.lines())
        } catch {
            Terminal.writeError("navigation-client: \(error)")
            exit(1)
        }
    }

    private static func open(_ arguments: ClientArguments, with client: NavigationClient) async throws(ClientError) -> NavigationModel {
        switch arguments.target {
        case .flow(let flow, let context):
            return try await client.start(flow: flow, context: context, link: arguments.link)
        case .session(let id):
            let model = try await client.attach(sessionID: id)
            if let link = arguments.link { try await model.open(link: link) }
            return model
        }
    }
}
