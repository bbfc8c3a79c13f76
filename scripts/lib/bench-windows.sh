# shellcheck shell=bash
# `scripts/bench windows [SCENE…]`: every scene in a real window on llvmpipe, 4 s each (the header of scripts/bench
# says what each column means). Sourced by scripts/bench, which sets $bin (the release player) and $tmp.

# The targets of issue 24, in one place: the table's header and its "misses" column both read them.
WINDOWS_MIN_FRAMES=235
WINDOWS_MAX_P99_MS=16.7
WINDOWS_MAX_CORES=1
WINDOWS_MAX_RSS_MB=160
WINDOWS_MAX_FIRST_MS=200
# A scene that draws fewer frames than this in 4 s is still (it waits for input or a timer).
WINDOWS_STILL_BELOW=30

bench_windows() {
    local scenes=("$@")
    if (( ${#scenes[@]} == 0 )); then
        mapfile -t scenes < <("$bin" --list | cut -f1)
    fi
    echo "bench: windows: ${#scenes[@]} scenes, 4 s each, 1280x800, Xvfb + SDL opengl (Mesa llvmpipe)…" >&2
    echo "load: $(uptime | sed 's/.*load average/load average/')"
    local out="$tmp/windows"
    mkdir -p "$out"
    printf '%s\n' "${scenes[@]}" >"$out/scenes.txt"
    # One X server for the whole sweep; each scene is its own process (its own peak memory).
    cat >"$out/run.sh" <<'EOF'
set -u
bin="$1" out="$2"
while read -r scene; do
    rm -f "$out/$scene.json"
    "$bin" --scene "$scene" --size 1280x800 --duration 4 --frame-stats "$out/$scene.json" \
        >"$out/$scene.log" 2>&1 || echo "exit $?" >>"$out/$scene.log"
done <"$out/scenes.txt"
EOF
    if ! SDL_AUDIODRIVER=dummy SDL_RENDER_DRIVER=opengl xvfb-run -a -s "-screen 0 1920x1080x24" \
            env LIBGL_ALWAYS_SOFTWARE=1 bash "$out/run.sh" "$bin" "$out"; then
        echo "bench: xvfb-run failed" >&2
        exit 1
    fi
    printf '%-36s %6s %7s %6s %7s %8s  %s\n' "scene" "frames" "p99_ms" "cores" "rss_mb" "first_ms" "misses"
    printf '%-36s %6s %7s %6s %7s %8s\n' "(target)" ">=$WINDOWS_MIN_FRAMES" "<=$WINDOWS_MAX_P99_MS" "<=$WINDOWS_MAX_CORES" \
        "<=$WINDOWS_MAX_RSS_MB" "<=$WINDOWS_MAX_FIRST_MS"
    local scene met=0 total=0
    for scene in "${scenes[@]}"; do
        total=$((total + 1))
        local json="$out/$scene.json"
        if [[ ! -s "$json" ]]; then
            printf '%-36s %s\n' "$scene" "no statistics: $(tail -1 "$out/$scene.log" 2>/dev/null)"
            continue
        fi
        # {"frames":N,"first_frame_ms":F,"frame_ms":{"p50":…,"p99":…,"max":…},"cpu_s":C,"wall_s":W,"peak_rss_mb":R}
        local line
        line="$(awk -v still="$WINDOWS_STILL_BELOW" -v minf="$WINDOWS_MIN_FRAMES" -v p99max="$WINDOWS_MAX_P99_MS" \
                    -v cmax="$WINDOWS_MAX_CORES" -v rmax="$WINDOWS_MAX_RSS_MB" -v fmax="$WINDOWS_MAX_FIRST_MS" -v s="$scene" '
            function val(k) { return match($0, "\"" k "\":[0-9.]+") ? substr($0, RSTART + length(k) + 3, RLENGTH - length(k) - 3) + 0 : 0 }
            {
                f = val("frames"); p99 = val("p99"); c = val("cpu_s"); w = val("wall_s"); r = val("peak_rss_mb"); ff = val("first_frame_ms")
                cores = w > 0 ? c / w : 0
                misses = ""
                if (f < still) { misses = "still" } else {
                    if (f < minf) misses = misses " frames"
                    if (p99 > p99max) misses = misses " p99"
                }
                if (cores > cmax) misses = misses " cpu"
                if (r > rmax) misses = misses " rss"
                if (ff > fmax) misses = misses " first"
                sub(/^ /, "", misses)
                if (misses == "" || misses == "still") ok = 1; else ok = 0
                printf "%d %-36s %6d %7.2f %6.2f %7.1f %8.0f  %s\n", ok, s, f, p99, cores, r, ff, (misses == "" ? "-" : misses)
            }' "$json")"
        [[ "${line:0:1}" == 1 ]] && met=$((met + 1))
        echo "${line:2}"
    done
    echo "windows: $met of $total scenes meet every target"
}
