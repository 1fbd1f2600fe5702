// The C library (Glibc on Debian, Musl in a fully static Linux build),
// imported once here and re-exported: a file that needs a system call
// writes `import Platform` instead of a `#if canImport` block of its own.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#endif
