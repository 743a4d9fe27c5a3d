# serve_lib.sh - what the tests of `faultline serve` share (test_serve.sh,
# test_upload.sh, test_admin.sh, test_browser.sh): sourced after they set
# FL (the binary), DB (the store), MEM (--analysis-memory), PID and STEP,
# from inside their OUTDIR; req and wait_done also read URL and READ (an
# Authorization header of scope read).

# fail MESSAGE: says which step failed, with the server's log, and exits 1.
fail() {
	echo "FAIL ($STEP): $*" >&2
	[ -f serve.log ] && sed 's/^/  serve.log: /' serve.log >&2
	exit 1
}

# field JSONFILE PYTHON-EXPR: prints the expression over the file's JSON as d.
field() {
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}

# start [serve options...]: a server on a free port; sets PID and URL.
start() {
	rm -f port
	"$FL" serve --listen 127.0.0.1:0 --port-file port --db "$DB" \
		--analysis-memory "$MEM" "$@" 2>>serve.log &
	PID=$!
	i=0
	while [ ! -s port ]; do
		i=$((i + 1))
		[ $i -lt 100 ] || fail "no port file after 10 s"
		kill -0 "$PID" 2>/dev/null || fail "the server exited"
		sleep 0.1
	done
	grep -qx '[0-9][0-9]*' port || fail "port file is '$(cat port)'"
	URL=http://127.0.0.1:$(cat port)
}

# stop SIGNAL: the server started last, by its pid.
stop() {
	if [ -n "$PID" ]; then
		kill "$1" "$PID" 2>/dev/null || true
		wait "$PID" 2>/dev/null || true
	fi
	PID=""
}

# req OUTFILE [curl args...]: prints the HTTP status.
req() {
	o=$1
	shift
	curl -s -S --max-time 30 -o "$o" -D "$o.h" -w '%{http_code}' "$@"
}
# metric_is LINE WHAT: until /metrics has LINE (10 s). The server counts
# a webhook delivery after the receiver has answered and a deletion after
# the store shows it, so a count read once right after may be a moment
# early (analyses are counted before their status is written).
metric_is() {
	i=0
	until req body "$URL/metrics" >/dev/null && grep -qxF "$1" body; do
		i=$((i + 1))
		[ $i -lt 100 ] || fail "$2: want '$1', got: $(grep "^${1%%[{ ]*}" body | tr '\n' ' ')"
		sleep 0.1
	done
}
expect() { # STATUS GOT WHAT
	[ "$1" = "$2" ] || fail "$3: want HTTP $1, got $2: $(cat body 2>/dev/null)"
}
# wait_done ID: until the run is done or failed (30 s), prints the status.
wait_done() {
	i=0
	while :; do
		req st -H "$READ" "$URL/api/v1/runs/$1" >/dev/null
		s=$(field st 'd["status"]')
		case $s in done | failed) echo "$s"; return ;; esac
		i=$((i + 1))
		[ $i -lt 300 ] || fail "run $1 still $s after 30 s"
		sleep 0.1
	done
}
