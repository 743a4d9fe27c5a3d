# serve_lib.sh - what test_serve.sh and test_upload.sh share: sourced after
# they set FL (the binary), DB (the store), MEM (--analysis-memory), PID
# and STEP, from inside their OUTDIR.

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
