#!/usr/bin/env bash
# Restores an archive made by scripts/backup.sh into a PostgreSQL database.
#
#   scripts/restore.sh FILE TARGET_URL            into an empty database (create it first: createdb …)
#   scripts/restore.sh --clean FILE TARGET_URL    replace what the target holds (drops the objects first)
#
# Stop the servers that use TARGET_URL first. All or nothing: one transaction, stops at the first error.
# Then start the servers on TARGET_URL; migrations newer than the backup run at start as usual.
set -euo pipefail

clean=()
if [[ "${1:-}" == "--clean" ]]; then
  clean=(--clean --if-exists)
  shift
fi
file="${1:-}"
url="${2:-}"
if [[ -z "$file" || -z "$url" ]]; then
  echo "usage: scripts/restore.sh [--clean] FILE TARGET_URL" >&2
  exit 2
fi
if [[ ! -r "$file" ]]; then
  echo "restore: cannot read $file" >&2
  exit 2
fi

if [[ ${#clean[@]} -eq 0 ]]; then
  tables="$(psql --no-psqlrc --quiet --tuples-only --no-align --dbname="$url" \
    --command="SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")"
  if [[ "$tables" != "0" ]]; then
    echo "restore: the target database is not empty ($tables tables); restore into a new database, or pass --clean to replace its contents" >&2
    exit 3
  fi
fi

pg_restore --no-owner --no-privileges --single-transaction --exit-on-error "${clean[@]}" \
  --dbname="$url" "$file"
orders="$(psql --no-psqlrc --quiet --tuples-only --no-align --dbname="$url" --command='SELECT count(*) FROM orders')"
echo "restore: restored $file ($orders orders)"
