# shellcheck shell=bash
# `scripts/bench latency`: a real X click → the first sample of its sound on PulseAudio's null sink (the header of
# scripts/bench says how). Sourced by scripts/bench, which sets $bin (the release player) and $tmp.

LATENCY_SCENE=ch4-record-player
LATENCY_WINDOW="Record Player"
LATENCY_CLICKS=5
LATENCY_MAX_MS=25

bench_latency() {
    local pulse="$tmp/pulse"
    mkdir -p "$pulse"
    # The button's centre in the content area, from a headless probe (the window opens at the same size).
    local probe x y
    probe="$("$bin" --headless --scene "$LATENCY_SCENE" --duration 0.5 --script "at 0.2 probe button" 2>&1)"
    read -r x y < <(python3 -c '
import json, sys
for line in sys.stdin:
    line = line.strip()
    if not line.startswith("{"):
        continue
    node = json.loads(line)
    box = node.get("drawn")   # [x, y, width, height] on screen
    if box:
        print(round(box[0] + box[2] / 2), round(box[1] + box[3] / 2))
        break
' <<<"$probe")
    if [[ -z "${x:-}" ]]; then
        echo "bench: could not find the Play button with a probe:" >&2
        echo "$probe" >&2
        exit 1
    fi

    # PulseAudio of our own: no user session, no default.pa, anonymous access on a socket in $tmp, one null sink.
    cat >"$pulse/bench.pa" <<EOF
load-module module-native-protocol-unix auth-anonymous=1 socket=$pulse/native
load-module module-null-sink sink_name=bench rate=44100 channels=2
set-default-sink bench
EOF
    PULSE_RUNTIME_PATH="$pulse" PULSE_STATE_PATH="$pulse" HOME="$pulse" \
        pulseaudio -n --daemonize=no --exit-idle-time=-1 --use-pid-file=no --system=no -F "$pulse/bench.pa" \
        >"$pulse/daemon.log" 2>&1 &
    local daemon=$!
    local i
    for i in $(seq 50); do [[ -S "$pulse/native" ]] && break; sleep 0.1; done
    if [[ ! -S "$pulse/native" ]]; then
        echo "bench: PulseAudio did not start:" >&2
        cat "$pulse/daemon.log" >&2
        kill "$daemon" 2>/dev/null || true
        exit 1
    fi
    echo "bench: latency: $LATENCY_SCENE in a window, Play at ($x, $y), $LATENCY_CLICKS clicks, PulseAudio null sink…" >&2
    echo "load: $(uptime | sed 's/.*load average/load average/')"
    cat >"$tmp/latency.sh" <<'EOF'
set -u
bin="$1" scene="$2" name="$3" x="$4" y="$5" clicks="$6" out="$7"
"$bin" --scene "$scene" --duration $((clicks * 3 + 8)) >"$out/player.log" 2>&1 &
player=$!
python3 scripts/lib/click_latency.py "$name" "$x" "$y" "$clicks" bench.monitor >"$out/clicks.txt"
kill "$player" 2>/dev/null
wait "$player" 2>/dev/null
exit 0
EOF
    local status=0
    PULSE_SERVER="unix:$pulse/native" SDL_AUDIODRIVER=pulseaudio \
        xvfb-run -a -s "-screen 0 1920x1080x24" bash "$tmp/latency.sh" "$bin" "$LATENCY_SCENE" "$LATENCY_WINDOW" \
        "$x" "$y" "$LATENCY_CLICKS" "$pulse" || status=$?
    kill "$daemon" 2>/dev/null || true
    wait "$daemon" 2>/dev/null || true
    if (( status != 0 )) || ! grep -q " ms " "$pulse/clicks.txt"; then
        echo "bench: the latency run failed:" >&2
        cat "$pulse/clicks.txt" "$pulse/player.log" >&2 2>/dev/null || true
        exit 1
    fi
    sed 's/^/bench: /' "$pulse/clicks.txt" >&2
    local silent
    silent="$(grep -c "no sound" "$pulse/clicks.txt" || true)"
    awk '$3 == "ms" { print $4 }' "$pulse/clicks.txt" | sort -g | awk -v max="$LATENCY_MAX_MS" -v silent="$silent" '
        { v[++n] = $1 }
        END {
            m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
            printf "latency click_to_sound_ms=%.1f (median of %d; min %.1f max %.1f)%s\n", m, n, v[1], v[n],
                   (silent > 0 ? sprintf("; %d clicks without sound", silent) : "")
            printf "bench: target ≤ %d ms: %s\n", max, (m <= max ? "met" : "NOT met") > "/dev/stderr"
        }'
}
