// The library's JSON values (`JSONValue`, `JSONObject`) and their decoder
// (`JSONValueDecoder`) are the JSON target's, which imports nothing:
// re-exported, so `import NavigationClient` is all an app needs.
@_exported import JSON
