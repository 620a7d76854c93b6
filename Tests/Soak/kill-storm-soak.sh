#!/usr/bin/env bash
# The kill-storm soak of issue 14: a demo coordinator under `switchyard load`, while a random
# worker of any pool is killed with SIGKILL every 200 ms. Passes when no effect is lost, no pool
# failed, and every pool is back to full size on its own (no `scale`) once the storm ends.
#
#   Tests/Soak/kill-storm-soak.sh [SECONDS] [USERS]      (defaults: 60 s, 8 users)
#
# Build first (`swift build -c release` for numbers worth quoting); SWITCHYARD overrides the binary.
set -euo pipefail
seconds=${1:-60}
users=${2:-8}
switchyard=${SWITCHYARD:-$(swift build -c release --show-bin-path)/switchyard}
run=$(mktemp -d /tmp/sy-soak-XXXXXX)
trap 'kill "$coordinator" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$run"' EXIT

"$switchyard" start --demo --no-journal --run-dir "$run" > "$run/coordinator.log" 2>&1 &
coordinator=$!
for _ in $(seq 100); do "$switchyard" status --run-dir "$run" > /dev/null 2>&1 && break; sleep 0.1; done

"$switchyard" load --scenario demo --users "$users" --duration "$seconds" --json --run-dir "$run" > "$run/load.json" &
load=$!
kills=0
end=$((SECONDS + seconds))
while ((SECONDS < end)); do
  victim=$(pgrep -P "$coordinator" | shuf -n 1 || true)
  if [[ -n $victim ]]; then kill -KILL "$victim" 2>/dev/null && kills=$((kills + 1)); fi
  sleep 0.2
done
status=0
wait "$load" || status=$?

# Back to full size without `scale`: every pool healthy within 30 s.
healthy=no
for _ in $(seq 300); do
  if "$switchyard" status --run-dir "$run" --json 2>/dev/null | python3 -c '
import json, sys
pools = json.load(sys.stdin)["pools"]
sys.exit(0 if all(p["health"] == "healthy" and p["size"] == p["target"] for p in pools) else 1)' 2>/dev/null
  then healthy=yes; break; fi
  sleep 0.1
done
python3 - "$run/load.json" "$kills" "$healthy" <<'PY'
import json, sys
report, kills, healthy = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
print(f"workers killed: {kills}; pools back to full size on their own: {healthy}")
print(f"lost effects: {report['lostEffects']}")
for run in report["runs"]:
    for kind, e in sorted(run["effects"].items()):
        print(f"  {kind}: started {e['started']} completed {e['completed']} failed {e['failed']} cancelled {e['cancelled']} lost {e['lost']}")
    for error, count in sorted(run["errors"].items()):
        print(f"  error {error}: {count}")
PY
grep -c "pool failed" "$run/coordinator.log" | sed 's/^/pool failures logged: /' || true
[[ $healthy == yes && $status == 0 ]]
