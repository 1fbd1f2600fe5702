import Coordination

/// The flows the server ships with, written on the public `Coordination` API
/// exactly as a user would write theirs.
public enum BuiltinFlows {
    /// `app`, `exchange` and `mail`, in the order `GET /v1/flows` lists them.
    public static let all: [Flow] = [AppFlow.flow, ExchangeFlow.flow, MailFlow.flow]

    /// The services the built-in flows ask (``DemoServices``): the server's
    /// default performers, so that `make run` needs nothing else running.
    public static let performers: [EffectPerformer] = DemoServices.performers
}
