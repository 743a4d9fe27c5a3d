#!/bin/sh
# test_browser.sh - headless chromium uploads a bundle through the page of
# `faultline serve` and reads its report (tests/e2e/browser_check.py does
# the driving): a <script> inside a log line stays text, and the browser
# reports no Content-Security-Policy violation.
#
# usage: test_browser.sh FAULTLINE TESTDATA OUTDIR [ANALYSIS_MEMORY]
# Exits 77 (ctest's SKIP_RETURN_CODE) when there is no chromium, which
# .ci/deps installs; bounded to about a minute.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
LIB=$HERE/serve_lib.sh
FL=$1
DATA=$2
OUT=$3
MEM=${4:-1G}
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
	echo "test_browser: SKIP: no chromium (Debian package chromium; sh .ci/deps installs it)"
	exit 77
fi
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$OUT"
DB=$OUT/store/s.db
PID=""
STEP=""
# fail, field, start, stop
. "$LIB"
trap 'stop -KILL' EXIT

STEP="setup"
TOK=$("$FL" token add --scope upload --name browser --db "$DB" | tail -n 1)
tar -czf hostile.tar.gz -C "$DATA/scenarios/18-hostile/bundle" .
# the page and the report are read without a token; the form sends the upload token
start --public-read

STEP="browser"
timeout 60 python3 "$HERE/browser_check.py" "$CHROMIUM" "$URL" "$TOK" hostile.tar.gz \
	"$OUT/profile" || fail "see above; chromium's log: $(tail -n 5 "$OUT/profile.log" 2>/dev/null)"
[ "$("$FL" sql "SELECT COUNT(*) FROM runs" --db "$DB" --format csv | tail -n 1 | tr -d '\r')" = 1 ] ||
	fail "the upload made no run"
stop -TERM
echo "test_browser: ok"
