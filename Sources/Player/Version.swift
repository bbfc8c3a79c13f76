/// Zoetrope's version: `zoetrope --version`, the man page, the AppStream release and the Debian package all read
/// it from here (scripts/install and scripts/package-deb take it from this line). Nonisolated: a constant, which the
/// gallery's picture cache reads off the main actor too.
nonisolated public let zoetropeVersion = "0.9.0"
