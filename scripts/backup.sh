#!/usr/bin/env bash
# Backs up the PostgreSQL database of the merchant console: one pg_dump archive in custom format
# (compressed; restore it with scripts/restore.sh, whole or table by table with pg_restore).
#
#   DATABASE_URL=postgres://user:pass@host:5432/merchant scripts/backup.sh [FILE]
#
# FILE defaults to backups/merchant-<UTC time>.dump (backups/ is in .gitignore); the file is written
# mode 0600. Needs pg_dump of the server's major version or newer.
# A consistent snapshot: pg_dump reads in one transaction, so the servers keep running while it works.
set -euo pipefail
# The dump holds every order, customer address and sealed secret: readable by its owner only (0600).
umask 077

url="${DATABASE_URL:-}"
if [[ -z "$url" ]]; then
  echo "backup: set DATABASE_URL to the PostgreSQL database to back up" >&2
  exit 2
fi
file="${1:-backups/merchant-$(date -u +%Y%m%dT%H%M%SZ).dump}"
mkdir -p "$(dirname "$file")"
tmp="$file.partial"
trap 'rm -f "$tmp"' EXIT

# --no-owner / --no-privileges: the archive restores into a database owned by another role.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$tmp" --dbname="$url"
mv "$tmp" "$file"
trap - EXIT
echo "backup: wrote $file ($(du -h "$file" | cut -f1))"
