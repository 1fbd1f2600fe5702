// Everything runs in ServerProcess: code here is main-actor isolated, and
// nothing that libmicrohttpd's threads call may live in this file.
ServerProcess.run(arguments: Array(CommandLine.arguments.dropFirst()))
