// Flows read and write JSON values (`JSONValue`, `JSONObject`) in params,
// payloads and contexts; re-exporting the JSON target keeps `import
// Coordination` all a flow author needs.
@_exported import JSON
