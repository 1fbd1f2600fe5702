// Everything runs in ServerProcess: code here is main-actor isolated, and
// nothing that libmicrohttpd's threads call may live in this file.
import Flows
import NavigationServerRuntime

ServerProcess.run(flows: BuiltinFlows.all, effects: BuiltinFlows.performers)
