#!/bin/sh
# test_upload.sh - `faultline upload` against a live `faultline serve` on
# 127.0.0.1: files and directories streamed, duplicates, refusals, the
# epilogue mode's spool and its --flush, and --max-time against a server
# that never answers.
#
# usage: test_upload.sh FAULTLINE TESTDATA OUTDIR [ANALYSIS_MEMORY]
# ANALYSIS_MEMORY is the server's --analysis-memory (0 in sanitizer builds,
# as in test_serve.sh). Every wait is bounded; every background process is
# stopped by its pid.
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
SP=$OUT/spool
PID=""
MUTE=""
STEP=""
# fail, field, start
. "$LIB"

cleanup() {
	for p in $PID $MUTE; do
		kill -KILL "$p" 2>/dev/null || true
		wait "$p" 2>/dev/null || true
	done
}
trap cleanup EXIT
entries() { ls "$SP" 2>/dev/null | grep -c '\.meta$' || true; }

STEP="server"
TOK=$("$FL" token add --scope upload --db "$DB" | tail -n 1)
# a second token for the declared duplicates: each token has its own rate
TOK2=$("$FL" token add --scope upload --db "$DB" | tail -n 1)
start --public-read --token-rate 30
export FAULTLINE_TOKEN="$TOK"

STEP="a file"
tar -czf oom.tar.gz -C "$DATA/scenarios/01-gpu-oom/bundle" .
"$FL" upload "$URL" oom.tar.gz --job 4711 >a.json || fail "upload failed"
[ "$(field a.json 'd["sha256"]')" = "$(sha256sum oom.tar.gz | cut -d' ' -f1)" ] ||
	fail "sha256 of the sent bytes"
[ "$(field a.json 'd["duplicate"]')" = False ] || fail "first upload a duplicate"

STEP="a file again"
# faultline upload declares the file's sha256: a stored bundle is answered
# before its body is sent (the log says so)
FAULTLINE_TOKEN="$TOK2" "$FL" upload "$URL" oom.tar.gz >a2.json || fail "second upload failed"
[ "$(field a2.json 'd["duplicate"]')" = True ] || fail "the same file is not a duplicate"
[ "$(field a2.json 'd["id"]')" = "$(field a.json 'd["id"]')" ] || fail "ids differ"
grep -q "sha256=$(sha256sum oom.tar.gz | cut -d' ' -f1) (declared; body not read)" serve.log ||
	fail "the duplicate's body was read: $(tail -n 3 serve.log)"
# the declaration is all the server goes by before the body: other bytes of
# the same length declared as that sha256 get the same answer
head -c "$(wc -c <oom.tar.gz)" /dev/zero >zeros
code=$(curl -s -o dz.json -w '%{http_code}' -T zeros -H "Authorization: Bearer $TOK2" \
	-H "X-Faultline-Sha256: $(sha256sum oom.tar.gz | cut -d' ' -f1 | tr a-f A-F)" "$URL/api/v1/bundles")
[ "$code" = 200 ] && [ "$(field dz.json 'd["duplicate"]')" = True ] ||
	fail "a declared duplicate: HTTP $code $(cat dz.json)"
# a declaration that is not a sha256, or names no stored run, is ignored
code=$(curl -s -o dn.json -w '%{http_code}' -T zeros -H "Authorization: Bearer $TOK2" \
	-H "X-Faultline-Sha256: not-a-digest" "$URL/api/v1/bundles?name=zeros.log")
[ "$code" = 202 ] && [ "$(field dn.json 'd["sha256"]')" = "$(sha256sum zeros | cut -d' ' -f1)" ] ||
	fail "a bad declaration: HTTP $code $(cat dn.json)"

STEP="a directory"
"$FL" upload "$URL/api/v1/bundles" "$DATA/scenarios/14-healthy/bundle/" >d1.json ||
	fail "directory upload failed"
"$FL" upload "$URL" "$DATA/scenarios/14-healthy/bundle" >d2.json || fail "second"
[ "$(field d2.json 'd["duplicate"]')" = True ] || fail "the same directory is not a duplicate"
[ "$(field d1.json 'd["id"]')" = "$(field d2.json 'd["id"]')" ] || fail "ids differ"
ID=$(field d1.json 'd["id"]')
i=0
until curl -s "$URL/api/v1/runs/$ID" | grep -q '"status": "done"'; do
	i=$((i + 1))
	[ $i -lt 300 ] || fail "directory run not analysed: $(curl -s "$URL/api/v1/runs/$ID")"
	sleep 0.1
done
curl -s "$URL/api/v1/runs/$ID" >st.json
[ "$(field st.json 'd["bundle"]')" = bundle.tar.zst ] || fail "name of a directory"
[ "$(field st.json 'd["verdict"]["status"]')" = healthy ] || fail "verdict: $(cat st.json)"

STEP="refused"
if FAULTLINE_TOKEN=flt_nope "$FL" upload "$URL" oom.tar.gz >/dev/null 2>err; then
	fail "a bad token succeeded"
fi
grep -q 'answered 401' err || fail "message: $(cat err)"
[ "$(wc -l <err)" = 1 ] || fail "more than one line: $(cat err)"
FAULTLINE_TOKEN=flt_nope "$FL" upload --epilogue --spool "$SP" "$URL" oom.tar.gz \
	2>/dev/null || fail "epilogue exit status on 401"
[ "$(entries)" = 0 ] || fail "a 401 was spooled"

STEP="epilogue, server down"
"$FL" upload --epilogue --spool "$SP" --max-time 5s http://127.0.0.1:1 oom.tar.gz \
	2>err || fail "epilogue exit status"
[ "$(entries)" = 1 ] || fail "not spooled: $(cat err)"
if grep -a -q "$TOK" "$SP"/*; then fail "the token is in the spool"; fi
"$FL" upload --epilogue --no-such-option 2>/dev/null || fail "epilogue usage error exit"
"$FL" upload --flush --spool "$SP" 2>err
grep -q '1 waiting' err || fail "entry not waiting: $(cat err)"
# due now, and for the live server
sed -i -e "s#^url=.*#url=$URL#" -e 's/^not_before=.*/not_before=0/' "$SP"/*.meta
"$FL" upload --flush --spool "$SP" 2>err
grep -q '1 sent' err || fail "flush: $(cat err)"
[ "$(entries)" = 0 ] || fail "sent entry left in the spool"
[ -z "$(ls "$SP")" ] || fail "spool not empty: $(ls "$SP")"

STEP="epilogue, 429"
i=0
while :; do
	printf 'line %s\n' "$i" >"r$i.log"
	"$FL" upload --epilogue --spool "$SP" "$URL" "r$i.log" >/dev/null 2>err ||
		fail "epilogue exit status"
	[ "$(entries)" = 0 ] || break
	i=$((i + 1))
	[ $i -lt 20 ] || fail "no 429 after 20 uploads"
done
nb=$(sed -n 's/^not_before=//p' "$SP"/*.meta)
now=$(date +%s)
[ "$nb" -gt $((now + 60)) ] || fail "Retry-After not honoured: not_before $nb, now $now"

STEP="max-time"
# a server that takes the connection and never answers
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(4)
open("mute.port", "w").write("%d\n" % s.getsockname()[1])
c, _ = s.accept(); time.sleep(60)' &
MUTE=$!
i=0
while [ ! -s mute.port ]; do
	i=$((i + 1))
	[ $i -lt 100 ] || fail "no mute server"
	sleep 0.1
done
t0=$(date +%s)
if "$FL" upload --max-time 2s "http://127.0.0.1:$(cat mute.port)" oom.tar.gz 2>err; then
	fail "a mute server counted as success"
fi
t1=$(date +%s)
[ $((t1 - t0)) -le 5 ] || fail "--max-time 2s took $((t1 - t0)) s"
grep -qi 'timeout\|timed out' err || fail "message: $(cat err)"

echo "test_upload: all passed"
