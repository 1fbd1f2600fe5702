/// The text of an `errno` value, as `strerror(3)` gives it ("No space left
/// on device"). Pass `errno` before another call can change it.
package func systemErrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
