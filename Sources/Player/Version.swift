/// Zoetrope's version: `zoetrope --version`, the man page, the AppStream release and the Debian package all read
/// it from here (scripts/install and scripts/package-deb take it from this line).
nonisolated public let zoetropeVersion = "0.9.0"
