#!/bin/sh
# SPDX-License-Identifier: MIT
#
# store_floor.sh - what writing a run's rows costs, with nothing else.
#
# Copies every row of a store that faultline wrote into a fresh store of
# the same schema, the way a first ingest writes it (16 KiB pages, a
# rollback journal, one transaction, the secondary indexes built after
# the rows), and prints the time of the copy, of the index builds and of
# the commit. SQLite's transfer optimisation copies the records as they
# are, without decoding them: no line is read, split, matched or bound.
# So the sum is a lower bound on any ingest that stores these rows, the
# floor under the targets of docs/PERFORMANCE.md ("The store's floor").
#
# usage: tests/bench/store_floor.sh STORE [SCRATCH_DIR]
# needs: the sqlite3 shell (Debian package sqlite3)
set -eu
src=${1:?usage: store_floor.sh STORE [SCRATCH_DIR]}
dir=${2:-${TMPDIR:-/tmp}}
command -v sqlite3 >/dev/null || { echo "store_floor.sh: needs the sqlite3 shell" >&2; exit 2; }
[ -r "$src" ] || { echo "store_floor.sh: cannot read '$src'" >&2; exit 2; }
dst=$(mktemp "$dir/floor.XXXXXX")
trap 'rm -f "$dst" "$dst-journal" "$dst.tables" "$dst.indexes" "$dst.sql" "$dst.out"' EXIT
rm -f "$dst"

# The schema without its secondary indexes, which a first ingest builds
# after its rows (store_write.c, defer_indexes()).
sqlite3 "$src" "SELECT sql || ';' FROM sqlite_schema WHERE type = 'table'
  AND name NOT LIKE 'sqlite_%' AND sql IS NOT NULL" >"$dst.tables"
sqlite3 "$src" "SELECT sql || ';' FROM sqlite_schema WHERE type = 'index'
  AND sql IS NOT NULL" >"$dst.indexes"
tables=$(sqlite3 "$src" "SELECT name FROM sqlite_schema WHERE type = 'table'
  AND name NOT LIKE 'sqlite_%' AND sql IS NOT NULL")
{
	echo "PRAGMA page_size = 16384; PRAGMA journal_mode = DELETE;"
	echo "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -4096;"
	cat "$dst.tables"
	printf "ATTACH '%s' AS o;\n" "$(printf '%s' "$src" | sed "s/'/''/g")"
	echo ".timer on"
	echo "BEGIN;"
	for t in $tables; do echo "INSERT INTO main.\"$t\" SELECT * FROM o.\"$t\";"; done
	echo "SELECT 'rows-done';"
	cat "$dst.indexes"
	echo "SELECT 'indexes-done';"
	echo "COMMIT;"
} >"$dst.sql"
# -bail: a statement that fails stops the copy, and the times are not
# printed as if it had been made
if ! sqlite3 -bail "$dst" <"$dst.sql" >"$dst.out" 2>&1; then
	echo "store_floor.sh: the copy failed:" >&2
	grep -v '^Run Time' "$dst.out" >&2
	exit 1
fi
awk '
	/^Run Time/ { t += $4; next }
	/^rows-done/ { rows = t; t = 0; next }
	/^indexes-done/ { idx = t; t = 0; next }
	END { printf "rows %.3f s  indexes %.3f s  commit %.3f s  total %.3f s\n",
	      rows, idx, t, rows + idx + t }' "$dst.out"
printf 'store %s: %s bytes\n' "$src" "$(wc -c <"$src")"
