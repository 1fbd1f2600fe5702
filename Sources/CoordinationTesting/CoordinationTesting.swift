// A flow's tests import this module alone: it re-exports Coordination, so
// `Flow`, `JSONValue`, `HistoryEntry` and `EffectOutcome` are in scope.
@_exported import Coordination
