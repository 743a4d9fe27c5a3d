#!/bin/sh
# Runs every fuzz target (or those named) for SECONDS each, one after the
# other, under ASan and UBSan:
#   tests/fuzz/run.sh SECONDS [TARGET...]
# Builds them first in $FL_FUZZ_BUILD (default build-fuzz) with clang and
# -DFL_FUZZ=ON. Each target starts from its seeds (made from testdata/),
# the inputs kept in tests/fuzz/regress/<target>/ and the corpus earlier
# runs grew in $FL_FUZZ_BUILD/corpus/<target>/. A crash, leak or hang is
# written to $FL_FUZZ_BUILD/artifacts/<target>/ and fails the script: fix
# it, then keep the input in regress/<target>/ (docs/TESTING.md).
# FL_FUZZ_SEED fixes libFuzzer's random seed (CI sets it, so that a short
# run finds the same things on every commit); unset, each run draws one.
set -eu
[ $# -ge 1 ] || { echo "usage: tests/fuzz/run.sh SECONDS [TARGET...]" >&2; exit 2; }
secs=$1
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${FL_FUZZ_BUILD:-$root/build-fuzz}
jobs=${FL_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
targets=${*:-linesplit attrib match patfile bundle serve pickle telemetry}

cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DFL_FUZZ=ON -DFL_BENCH=OFF \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$jobs" --target fuzz_all >/dev/null
sh "$root/tests/fuzz/make_seeds.sh" "$root" "$build/seeds"

failed=""
for t in $targets; do
	dict=logs
	maxlen=8192
	case $t in
	bundle) dict=archive maxlen=65536 ;;
	patfile) dict=patfile maxlen=65536 ;;
	serve) dict=serve maxlen=4096 ;;
	pickle) dict=pickle maxlen=65536 ;;
	esac
	mkdir -p "$build/corpus/$t" "$build/artifacts/$t" "$build/logs"
	regress=""
	[ -d "$root/tests/fuzz/regress/$t" ] && regress="$root/tests/fuzz/regress/$t"
	log="$build/logs/$t.log"
	# -timeout: an input that takes over 10 s is a hang; -rss_limit_mb: one
	# that needs 2 GiB is a memory bomb.
	if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		"$build/tests/fuzz/fuzz_$t" -seed="${FL_FUZZ_SEED:-0}" -max_total_time="$secs" \
		-timeout=10 -rss_limit_mb=2048 \
		-max_len="$maxlen" -dict="$root/tests/fuzz/dict/$dict.dict" -print_final_stats=1 \
		-artifact_prefix="$build/artifacts/$t/" \
		"$build/corpus/$t" "$build/seeds/$t" $regress >"$log" 2>&1; then
		status=ok
	else
		status=FAILED
		failed="$failed $t"
	fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	echo "fuzz $t: $status, ${runs:-0} runs in ${secs}s, $cov, corpus $(ls "$build/corpus/$t" | wc -l) (log: $log)"
done
if [ -n "$failed" ]; then
	echo "fuzz: failed:$failed; inputs in $build/artifacts/" >&2
	exit 1
fi
