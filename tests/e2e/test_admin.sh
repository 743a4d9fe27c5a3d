#!/bin/sh
# test_admin.sh - what needs an admin token on `faultline serve`
# (DELETE /api/v1/runs/{id}, POST /api/v1/runs/{id}/reanalyze), and
# `faultline token list` / `token revoke`, end to end with curl against a
# server on 127.0.0.1 with a kernel-picked port.
#
# usage: test_admin.sh FAULTLINE TESTDATA OUTDIR [ANALYSIS_MEMORY]
# (ANALYSIS_MEMORY as for test_serve.sh). Every wait is bounded; the
# server is killed by its own pid.
set -eu
LIB=$(cd "$(dirname "$0")" && pwd)/serve_lib.sh
FL=$1
DATA=$2
OUT=$3
MEM=${4:-1G}
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$OUT"
DB=$OUT/store/s.db
PID=""
STEP=""
# fail, field, start, stop, req, expect, wait_done
. "$LIB"
trap 'stop -KILL' EXIT

# runs_with ID: how many runs of the store have that id.
runs_with() {
	"$FL" sql "SELECT COUNT(*) FROM runs WHERE id = $1" --db "$DB" --format csv | tail -n 1 |
		tr -d '\r'
}

STEP="tokens"
UP_TOK=$("$FL" token add --scope upload --name epilogue --db "$DB" | tail -n 1)
READ_TOK=$("$FL" token add --scope read --name dashboard --db "$DB" | tail -n 1)
ADMIN_TOK=$("$FL" token add --scope admin --name oncall --db "$DB" | tail -n 1)
GONE_TOK=$("$FL" token add --scope admin --name leaked --db "$DB" | tail -n 1)
UP="Authorization: Bearer $UP_TOK"
READ="Authorization: Bearer $READ_TOK"
ADMIN="Authorization: Bearer $ADMIN_TOK"

STEP="token list"
"$FL" token list --db "$DB" >list.out
for t in "$UP_TOK" "$READ_TOK" "$ADMIN_TOK" "$GONE_TOK"; do
	if grep -q "$t" list.out; then fail "token list shows a token"; fi
done
if grep -Eq '[0-9a-f]{64}' list.out; then fail "token list shows a hash"; fi
[ "$(grep -c ' live ' list.out)" = 4 ] || fail "want 4 live tokens: $(cat list.out)"
grep -Eq '^4 +admin +live +[0-9-]+T[0-9:.]+Z +leaked$' list.out ||
	fail "token 4 is not listed as id, scope, state, created, name: $(cat list.out)"
"$FL" token list --db "$DB" --format json >list.json
python3 - list.json <<'PY' || fail "token list --format json: $(cat list.json)"
import json, sys
v = json.load(open(sys.argv[1]))
assert [t["id"] for t in v] == [1, 2, 3, 4], v
assert v[3]["scope"] == "admin" and v[3]["state"] == "live" and v[3]["name"] == "leaked", v[3]
assert all(set(t) == {"id", "scope", "state", "created", "name"} for t in v), v
assert all(t["created"].endswith("Z") for t in v), v
PY
rc=0
"$FL" token add --scope read --format json --db "$DB" >/dev/null 2>&1 || rc=$?
[ $rc = 2 ] || fail "--format on token add is not a usage error (exit $rc)"

STEP="token revoke"
start
expect 404 "$(req body -H "Authorization: Bearer $GONE_TOK" "$URL/api/v1/runs/1")" \
	"a live admin token is accepted"
"$FL" token revoke 4 --db "$DB" >/dev/null
"$FL" token list --db "$DB" >list.out
grep -Eq '^4 +admin +revoked ' list.out || fail "token 4 not revoked: $(cat list.out)"
"$FL" token revoke 4 --db "$DB" 2>err.out && fail "revoking twice succeeded"
[ "$(wc -l <err.out)" = 1 ] || fail "revoking twice: $(cat err.out)"
"$FL" token revoke 99 --db "$DB" 2>/dev/null && fail "revoking no token succeeded"
rc=0
"$FL" token revoke x --db "$DB" 2>/dev/null || rc=$?
[ $rc = 2 ] || fail "a bad id is not a usage error (exit $rc)"

STEP="upload"
tar -czf oom.tar.gz -C "$DATA/scenarios/01-gpu-oom/bundle" .
expect 202 "$(req body -H "$UP" -T oom.tar.gz "$URL/api/v1/bundles?name=oom.tar.gz")" upload
ID=$(field body 'd["id"]')
[ "$(wait_done "$ID")" = done ] || fail "upload analysis failed"
KEPT=$("$FL" sql "SELECT kept FROM runs WHERE id = $ID" --db "$DB" --format csv | tail -n 1 |
	tr -d '\r')
[ -f "$OUT/store/$KEPT" ] || fail "run $ID has no kept bundle '$KEPT'"

STEP="the revoked token is refused"
expect 401 "$(req body -H "Authorization: Bearer $GONE_TOK" -X DELETE "$URL/api/v1/runs/$ID")" \
	"a revoked admin token"

STEP="reanalyze"
expect 401 "$(req body -X POST "$URL/api/v1/runs/$ID/reanalyze")" "no token"
expect 403 "$(req body -H "$READ" -X POST "$URL/api/v1/runs/$ID/reanalyze")" "a read token"
expect 403 "$(req body -H "$UP" -X POST "$URL/api/v1/runs/$ID/reanalyze")" "an upload token"
expect 405 "$(req body -H "$ADMIN" "$URL/api/v1/runs/$ID/reanalyze")" "GET reanalyze"
expect 404 "$(req body -H "$ADMIN" -X POST "$URL/api/v1/runs/999/reanalyze")" "no such run"
# a verdict the re-analysis must replace
python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE runs SET cause = ? WHERE id = ?", ("stale", int(sys.argv[2])))
c.commit()' "$DB" "$ID"
req body -H "$READ" "$URL/api/v1/runs/$ID" >/dev/null
[ "$(field body 'd["verdict"]["cause"]')" = stale ] || fail "the verdict was not made stale"
expect 202 "$(req body -H "$ADMIN" -X POST "$URL/api/v1/runs/$ID/reanalyze")" reanalyze
grep -qi "^location: /api/v1/runs/$ID" body.h || fail "no Location"
case $(field body 'd["status"]') in queued | analyzing | done) ;;
*) fail "status after reanalyze: $(cat body)" ;; esac
[ "$(wait_done "$ID")" = done ] || fail "re-analysis failed"
req body -H "$READ" "$URL/api/v1/runs/$ID" >/dev/null
[ "$(field body 'd["verdict"]["cause"]')" = gpu_oom ] ||
	fail "the re-analysis did not replace the verdict: $(cat body)"

STEP="reanalyze a run the CLI ingested"
CLI_ID=$("$FL" ingest "$DATA/scenarios/10-process-crash/bundle" --db "$DB" | tail -n 1)
expect 202 "$(req body -H "$ADMIN" -X POST "$URL/api/v1/runs/$CLI_ID/reanalyze")" \
	"reanalyze of an ingested run"
[ "$(wait_done "$CLI_ID")" = done ] || fail "re-analysis of run $CLI_ID failed"

STEP="delete"
expect 401 "$(req body -X DELETE "$URL/api/v1/runs/$ID")" "no token"
expect 403 "$(req body -H "$READ" -X DELETE "$URL/api/v1/runs/$ID")" "a read token"
expect 403 "$(req body -H "$UP" -X DELETE "$URL/api/v1/runs/$ID")" "an upload token"
[ "$(runs_with "$ID")" = 1 ] || fail "a refused delete deleted"
expect 200 "$(req body -H "$ADMIN" -X DELETE "$URL/api/v1/runs/$ID")" delete
[ "$(field body 'd["deleted"]')" = True ] || fail "delete answer: $(cat body)"
[ "$(field body 'd["bundle"]')" = removed ] || fail "delete answer: $(cat body)"
[ "$(runs_with "$ID")" = 0 ] || fail "run $ID is still stored"
[ ! -e "$OUT/store/$KEPT" ] || fail "the kept bundle of run $ID is still there"
expect 404 "$(req body -H "$READ" "$URL/api/v1/runs/$ID")" "the deleted run"
expect 404 "$(req body -H "$ADMIN" -X DELETE "$URL/api/v1/runs/$ID")" "deleting it again"
[ "$(runs_with "$CLI_ID")" = 1 ] || fail "another run went with it"

STEP="the same bytes again make a new run"
expect 202 "$(req body -H "$UP" -T oom.tar.gz "$URL/api/v1/bundles?name=oom.tar.gz")" \
	"upload after delete"
[ "$(field body 'd["duplicate"]')" = False ] || fail "the deleted run was found: $(cat body)"

stop -TERM
echo "test_admin: ok"
