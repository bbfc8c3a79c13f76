# shellcheck shell=bash
# Shared helpers for scripts/play, scripts/test and scripts/bench. Source it; it defines functions only.
#
#   zoetrope_root                 prints the package root (the folder holding Package.swift)
#   ensure_debian_packages P...   installs the Debian packages among P... that are not installed yet
#   ensure_swift                  fails with a clear message when `swift` is not on PATH
#
# Package lists used by the scripts:
ZOETROPE_PLAY_PACKAGES=(libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev libsdl2-ttf-dev
                        libavformat-dev libavcodec-dev libavutil-dev libswresample-dev libswscale-dev
                        fonts-dejavu-core fonts-quicksand fonts-inter pkg-config
                        libhunspell-1.7-0 hunspell-en-us hunspell-es hunspell-it)
# scripts/make-words also runs the hunspell command to check every generated word.
ZOETROPE_WORDS_PACKAGES=(hunspell hunspell-en-us hunspell-es hunspell-it python3)
# scripts/bench latency: a PulseAudio daemon with a null sink as the sound card, parec on its monitor, a real X click.
ZOETROPE_LATENCY_PACKAGES=(pulseaudio pulseaudio-utils xvfb xauth xdotool python3)
ZOETROPE_TEST_PACKAGES=(xvfb xauth xdotool sox ffmpeg imagemagick
                        librsvg2-bin desktop-file-utils appstream man-db patchelf)

zoetrope_root() {
    (cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
}

# Prints the packages among "$@" that dpkg does not report as installed.
missing_debian_packages() {
    local pkg status
    for pkg in "$@"; do
        status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
        [[ "$status" == "install ok installed" ]] || printf '%s\n' "$pkg"
    done
}

# Installs what is missing of "$@": as root directly, else through sudo when there is one; otherwise explains
# what to install and exits 1.
ensure_debian_packages() {
    local name="${ZOETROPE_SCRIPT_NAME:-$(basename "$0")}"
    if ! command -v dpkg-query >/dev/null 2>&1; then
        echo "$name: dpkg-query not found: this is not a Debian-like system, so packages cannot be checked." >&2
        echo "$name: make sure these (or your distribution's equivalents) are installed: $*" >&2
        return 0
    fi
    local missing=()
    mapfile -t missing < <(missing_debian_packages "$@")
    (( ${#missing[@]} == 0 )) && return 0

    local sudo=()
    if (( EUID != 0 )); then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            echo "$name: these Debian packages are missing: ${missing[*]}" >&2
            echo "$name: you are not root and sudo is not available; as root, run:" >&2
            echo "    apt-get update && apt-get install -y ${missing[*]}" >&2
            exit 1
        fi
    fi
    echo "$name: installing missing Debian packages: ${missing[*]}" >&2
    if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update \
        || ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"; then
        echo "$name: could not install: ${missing[*]}" >&2
        echo "$name: install them yourself (apt-get install ${missing[*]}) and run again." >&2
        exit 1
    fi
    mapfile -t missing < <(missing_debian_packages "$@")
    if (( ${#missing[@]} > 0 )); then
        echo "$name: still missing after apt-get install: ${missing[*]}" >&2
        exit 1
    fi
}

ensure_swift() {
    local name="${ZOETROPE_SCRIPT_NAME:-$(basename "$0")}"
    if ! command -v swift >/dev/null 2>&1; then
        echo "$name: 'swift' is not on PATH. Install a Swift 6 toolchain for Linux (https://www.swift.org/install/linux/)" >&2
        echo "$name: and put its usr/bin on PATH, e.g. export PATH=/opt/swift/usr/bin:\$PATH" >&2
        exit 1
    fi
}
