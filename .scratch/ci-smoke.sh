set -euo pipefail; cd /work/wt-bundles; status=0
# `npm run smoke` against the local server, as against a deployed stage (README "Deploy"). The
# server runs in a process group of its own (setsid), stopped whatever happens, its children too.
smoke_status=0
port=$(node -e 'const s = require("net").createServer().listen(0, () => { console.log(s.address().port); s.close(); })')
log=$(mktemp)
setsid env PORT="$port" npm start -- --in-memory >"$log" 2>&1 &
server=$!
trap 'kill -TERM -- "-$server" 2>/dev/null || true; sleep 2; kill -KILL -- "-$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do
  grep -q "listening on" "$log" && break
  kill -0 "$server" 2>/dev/null || break
  sleep 1
done
if grep -q "listening on" "$log"; then
  base="http://127.0.0.1:$port"
  user='{"userId":"00000000-0000-4000-8000-000000000001","email":"you@example.com","name":"You"}'
  token=$(curl -sf -X POST "$base/local/token" -H 'content-type: application/json' -d "$user" | jq -r .accessToken)
  curl -sf -o /dev/null -X POST "$base/v1/users" -H "authorization: Bearer $token" -H 'content-type: application/json' -d "$user" || smoke_status=$?
  [ "$smoke_status" -eq 0 ] && { npm run smoke -- --base "$base" --token "$token" || smoke_status=$?; }
else
  echo "npm start did not print 'listening on':"; cat "$log"; smoke_status=1
fi
[ "$status" -eq 0 ] && status=$smoke_status
exit "$status"
