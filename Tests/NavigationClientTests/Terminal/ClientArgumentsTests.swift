import NavigationClient
import TestSupport
import Testing

@testable import navigation_client

@Suite("navigation-client: the command line", .timeLimit(.minutes(10)), .hangGuard)
struct ClientArgumentsTests {
    private func parse(_ line: String, environment: [String: String] = [:]) throws(ClientArguments.Problem) -> ClientArguments {
        try ClientArguments.parse(line.split(separator: " ").map(String.init), environment: environment)
    }

    private func problem(_ line: String) -> String? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aFlowWithDefaults() throws {
        let arguments = try parse("--flow exchange")
        #expect(arguments == ClientArguments(target: .flow("exchange", context: nil)))
        #expect(arguments.server == "http://127.0.0.1:8080")
        #expect(arguments.apiKey == nil && arguments.link == nil && !arguments.printOnly)
    }

    @Test func everyOptionInBothSpellings() throws {
        let arguments = try ClientArguments.parse([
            "--server=http://host:9000", "--api-key", "secret", "--flow", "app", "--context={\"onboarded\": true}", "--link", "/profile",
            "--print",
        ])
        #expect(arguments.server == "http://host:9000")
        #expect(arguments.apiKey == "secret")
        #expect(arguments.target == .flow("app", context: ["onboarded": true]))
        #expect(arguments.link == "/profile")
        #expect(arguments.printOnly)
    }

    @Test func aSession() throws {
        #expect(try parse("--session abc --print").target == .session("abc"))
        #expect(try parse("--session abc --link /rates/USD").link == "/rates/USD")
    }

    @Test func theKeyComesFromTheEnvironmentUnlessGiven() throws {
        #expect(try parse("--flow app", environment: ["NAVIGATION_API_KEY": "env"]).apiKey == "env")
        #expect(try parse("--flow app --api-key arg", environment: ["NAVIGATION_API_KEY": "env"]).apiKey == "arg")
        #expect(try parse("--flow app", environment: ["NAVIGATION_API_KEY": ""]).apiKey == nil)
    }

    @Test func mistakesAreNamed() {
        #expect(problem("") == "give --flow NAME or --session ID\n" + ClientArguments.usage)
        #expect(problem("--flow a --session b") == "give --flow or --session, not both")
        #expect(problem("--flow") == "--flow needs a value")
        #expect(problem("--flow a --flow b") == "--flow is given twice")
        #expect(problem("--flow a --context [1]") == "--context must be a JSON object")
        #expect(problem("--flow a --context {") == "--context is not JSON: {")
        #expect(problem("--session a --context {}") == "--context goes with --flow")
        #expect(problem("--flow a --server ftp://x") == "--server must be an http:// or https:// URL, not 'ftp://x'")
        #expect(problem("--flow a --print=yes") == "--print takes no value")
        #expect(problem("--flow a --verbose")?.hasPrefix("unknown argument '--verbose'") == true)
        #expect(problem("--flow a stray")?.hasPrefix("unknown argument 'stray'") == true)
    }

    @Test func helpIsAskedForNotAMistake() {
        for flag in ["-h", "--help"] {
            #expect(throws: ClientArguments.helpRequested) { try ClientArguments.parse([flag]) }
        }
    }
}
