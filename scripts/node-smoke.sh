#!/usr/bin/env bash
# Smoke run on the next Node.js major (26, the current release after the Node 24 LTS the project runs):
# a copy of HEAD in a temporary directory, then on Node 26 `npm ci`, `npm run build`, the compiled server
# on the embedded PGlite database, a sign-in through the API, and one end-to-end file. CI (.ci/run) runs
# it; it fails the run when it fails. Why: docs/decisions/0116-node-24-floor-and-an-operator-path-that-works.md
#
#   scripts/node-smoke.sh                  NODE_SMOKE_VERSION (default below) and e2e/auth.e2e.test.ts
#   NODE_SMOKE_E2E=e2e/oidc.e2e.test.ts scripts/node-smoke.sh
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
version="${NODE_SMOKE_VERSION:-26.12.1}"
e2e_file="${NODE_SMOKE_E2E:-e2e/auth.e2e.test.ts}"
started=$(date +%s)
work="$(mktemp -d "${TMPDIR:-/tmp}/mc-node-smoke.XXXXXX")"
tree="$work/tree"
server_pid=""

cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
step() { echo "node-smoke: $* ($(($(date +%s) - started)) s)"; }

# A separate copy of the committed tree: the main run's node_modules and builds stay untouched.
git -C "$root" worktree add --detach --quiet "$tree" HEAD
cd "$tree"
# shellcheck source=use-node.sh
source scripts/use-node.sh "$version"
step "on $(node --version): npm ci"
npm ci --no-audit --no-fund --loglevel=error
step "npm run build"
npm run build >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }

port="$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
url="http://127.0.0.1:$port"
step "starting node apps/server/dist/main.js on $url (PGlite, demo data)"
PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" LOG_LEVEL=warn node apps/server/dist/main.js >"$work/server.log" 2>&1 &
server_pid=$!
ready=0
deadline=$(($(date +%s) + ${NODE_SMOKE_START_S:-900}))
while [[ $(date +%s) -lt $deadline ]]; do
  if node -e "fetch('$url/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
    ready=1
    break
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  sleep 0.5
done
if [[ $ready -ne 1 ]]; then
  echo "node-smoke: the server did not become ready on Node $version:" >&2
  cat "$work/server.log" >&2
  exit 1
fi
step "ready; signing in through the API"
SMOKE_URL="$url" node --input-type=module -e '
  const url = process.env.SMOKE_URL;
  const login = await fetch(`${url}/a/v2/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "owner@demo.test", password: "demo-password-1" }),
  });
  if (login.status !== 200) throw new Error(`POST /a/v2/login answered ${login.status}: ${await login.text()}`);
  const { token, user } = await login.json();
  const me = await fetch(`${url}/a/v2/users/${user.id}`, { headers: { authorization: `Bearer ${token}` } });
  if (me.status !== 200) throw new Error(`GET /a/v2/users/{id} answered ${me.status}`);
  const body = await me.json();
  if (body.email !== "owner@demo.test") throw new Error(`signed in as ${body.email}`);
  console.log(`node-smoke: signed in as ${body.email}`);
'
kill -TERM "$server_pid"
wait "$server_pid" || { echo "node-smoke: the server did not stop cleanly on SIGTERM" >&2; exit 1; }
server_pid=""

step "one end-to-end file: $e2e_file"
# The file's own server starts with the demo seed; give it the same patience as the one above.
E2E_SERVER_START_MS="${E2E_SERVER_START_MS:-600000}" node e2e/run.mjs "$e2e_file"
step "passed on Node $version"
