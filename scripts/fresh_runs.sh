#!/usr/bin/env bash
# The README's test command from N fresh clones of HEAD in a row (default 5), as CI runs it:
# each line says the exit status, the seconds, the time (UTC) and pytest's last line, then any
# FAILED test. docs/ROBUSTNESS.md ("A suite that never flakes") records its last run.
#
#     bash scripts/fresh_runs.sh [N] [OUT]      # OUT: where the lines go (default: fresh-runs.txt)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
out=${2:-fresh-runs.txt}
commit=$(git -C "$top" rev-parse --short HEAD)
echo "commit $commit" >> "$out"
for i in $(seq 1 "$runs"); do
  dir=$(mktemp -d)
  git clone -q "$top" "$dir/clone" && git -C "$dir/clone" checkout -q "$commit"
  start=$(date +%s)
  (cd "$dir/clone" && CI=true bash .ci/run) > "$dir/run.log" 2>&1
  rc=$?
  end=$(date +%s)
  summary=$(grep -E "^=+ .*(passed|failed).* in " "$dir/run.log" | tail -1 | sed 's/^=* //; s/ =*$//')
  echo "run $i: exit $rc, $((end - start)) s, $(date -u -d @"$start" +%H:%M)-$(date -u -d @"$end" +%H:%M) UTC, $summary" >> "$out"
  grep "^FAILED" "$dir/run.log" >> "$out"
  [ "$rc" = 0 ] && rm -rf "$dir" || echo "  (its log: $dir/run.log)" >> "$out"
done
