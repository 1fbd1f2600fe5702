// The whole server: NavigationServer's flags, store, probes and `journal` command around your flows.
// `flow-server --help` lists the flags; every one is an environment variable too (NAVIGATION_PORT, …).
import GreetingFlows
import NavigationServerRuntime

ServerProcess.run(flows: [GreetingFlow.flow])
