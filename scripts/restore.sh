#!/usr/bin/env bash
# Restores an archive made by scripts/backup.sh into a PostgreSQL database.
#
#   scripts/restore.sh FILE TARGET_URL            into an empty database (create it first: createdb …)
#   scripts/restore.sh --clean FILE TARGET_URL    replace what the target holds (drops its schemas first)
#
# Stop the servers that use TARGET_URL first. All or nothing: one transaction, stops at the first error
# and leaves the target as it was. Then start the servers on TARGET_URL; migrations newer than the
# backup run at start as usual.
#
# How: pg_restore turns the archive into SQL and psql runs it in one transaction, after (with --clean)
# dropping every schema the target has. pg_restore's own --clean cannot replace pg-boss's partitioned
# job tables (it drops a partition's inherited constraints one by one, which PostgreSQL refuses:
# "cannot drop inherited constraint"); dropping whole schemas has no such order to get wrong.
# COMMIT is sent only when pg_restore wrote the whole script, so a cut-off archive changes nothing.
set -euo pipefail
umask 077

clean=0
if [[ "${1:-}" == "--clean" ]]; then
  clean=1
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
# The archive must be readable as a whole before the target is touched.
pg_restore --list "$file" >/dev/null

query() {
  psql --no-psqlrc --quiet --tuples-only --no-align --dbname="$url" --command="$1"
}

if [[ $clean -eq 0 ]]; then
  tables="$(query "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")"
  if [[ "$tables" != "0" ]]; then
    echo "restore: the target database is not empty ($tables tables); restore into a new database, or pass --clean to replace its contents" >&2
    exit 3
  fi
fi

# Every schema of the target except PostgreSQL's own, each quoted as an identifier.
drops() {
  query "SELECT CASE WHEN nspname = 'public' THEN 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'
                     ELSE format('DROP SCHEMA %I CASCADE;', nspname) END
           FROM pg_namespace
          WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
            AND nspname NOT LIKE 'pg_temp_%' AND nspname NOT LIKE 'pg_toast_temp_%'
          ORDER BY nspname"
}

{
  echo 'BEGIN;'
  echo 'SET client_min_messages = warning;'
  if [[ $clean -eq 1 ]]; then drops; fi
  # --no-owner / --no-privileges: the archive restores into a database owned by another role.
  pg_restore --no-owner --no-privileges --file=- "$file"
  echo 'COMMIT;'
} | psql --no-psqlrc --quiet --set=ON_ERROR_STOP=1 --dbname="$url" >/dev/null

orders="$(query 'SELECT count(*) FROM orders')"
echo "restore: restored $file ($orders orders)"
