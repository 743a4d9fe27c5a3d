#!/bin/sh
# Builds the seed corpus of every fuzz target from testdata/ and patterns/:
#   make_seeds.sh SOURCE_DIR OUT
# writes OUT/<target>/ for linesplit, attrib, match, patfile, bundle, serve,
# pickle and telemetry.
# Seeds are small (a few KiB) so that the fuzzer mutates them quickly;
# archives are built here, at run time, so none is committed.
set -eu
src=$1
out=$2
sc=$src/testdata/scenarios
rm -rf "$out"
mkdir -p "$out/linesplit" "$out/attrib" "$out/match" "$out/patfile" "$out/bundle" "$out/serve" \
	"$out/pickle" "$out/telemetry"

# pickle: the Flight Recorder dumps of the scenarios (pickle and JSON),
# whole when small, else their first 64 KiB (a cut dump is a seed too).
i=0
for f in $(find "$sc" -path '*/bundle/*' -type f \( -name 'nccl_trace_rank_*' -o -name '*fr_*' \) |
	LC_ALL=C sort | head -n 24); do
	i=$((i + 1))
	head -c 65536 "$f" >"$out/pickle/$i"
done

# serve: method, path, Authorization, Content-Disposition, a size, one per
# line (tests/fuzz/fuzz_serve.c), as docs/commands/serve.md's requests are.
n=0
while IFS='|' read -r m p a d s; do
	n=$((n + 1))
	printf '%s\n%s\n%s\n%s\n%s' "$m" "$p" "$a" "$d" "$s" >"$out/serve/$n"
done <<'REQ'
PUT|/api/v1/bundles|Bearer fl_4f2a9c1e7b3d|attachment; filename="job-4711.tar.zst"|16G
POST|/api/v1/bundles|Bearer fl_4f2a9c1e7b3d|form-data; name="bundle"; filename="node1/rank0.log.gz"|512M
GET|/api/v1/runs/12|Bearer fl_read_token||100K
GET|/runs/12.html||attachment; filename=crash.zip|123
GET|/runs/7/ticket|bearer x|form-data; name="bundle"; filename="..\\..\\x.tgz"|0
DELETE|/healthz|Basic dXNlcjpwYXNz|inline|4T
GET|/static/app.js|||
GET|/metrics|||
REQ

# Log files of a few scenarios, relative to their bundle, hostile one first.
logs() {
	for s in 18-hostile 01-gpu-oom 05-collective-hang 06-network-error 07-gpu-hardware \
		09-nccl-init-error 11-scheduler-kill 15-clock-skew 20-single-file-oom; do
		(cd "$sc/$s/bundle" && find . -type f ! -name '*.pt' ! -name 'core.*' | LC_ALL=C sort |
			head -n 6 | sed "s|^\./|$s/bundle/|")
	done
}

i=0
for f in $(logs); do
	i=$((i + 1))
	# linesplit: two control bytes (line limit, chunking), then bytes.
	{ printf '\007\052'; head -c 3000 "$sc/$f"; } >"$out/linesplit/$i"
	# attrib: the member path on the first line, then lines.
	{ printf '%s\n' "${f#*/bundle/}"; head -n 40 "$sc/$f"; } >"$out/attrib/$i"
	# match: lines that look like errors, with their neighbours (blocks).
	grep -a -i -E -B2 -A8 'error|fail|nccl|oom|traceback|xid|killed' "$sc/$f" |
		head -c 6000 >"$out/match/$i" || true
	[ -s "$out/match/$i" ] || rm -f "$out/match/$i"
done
# match: every example line of the pattern library, one seed per file.
for p in "$src"/patterns/*.pat; do
	sed -n 's/^example: *//p' "$p" >"$out/match/ex-$(basename "$p" .pat)"
	cp "$p" "$out/patfile/"
done

# bundle: one small bundle in each shape faultline reads.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/b/node1" "$tmp/b/node2"
head -n 30 "$(find "$sc/01-gpu-oom/bundle" -type f | LC_ALL=C sort | head -n 1)" >"$tmp/b/node1/rank0.log"
head -n 30 "$(find "$sc/01-gpu-oom/bundle" -type f | LC_ALL=C sort | tail -n 1)" >"$tmp/b/node2/rank9.log"
head -n 30 "$sc/18-hostile/bundle/train.log" >"$tmp/b/train.log"
(cd "$tmp/b" && tar -cf "$out/bundle/b.tar" .)
gzip -9 -c "$out/bundle/b.tar" >"$out/bundle/b.tar.gz"
zstd -q -19 -c "$out/bundle/b.tar" >"$out/bundle/b.tar.zst"
xz -c "$out/bundle/b.tar" >"$out/bundle/b.tar.xz"
bzip2 -c "$out/bundle/b.tar" >"$out/bundle/b.tar.bz2"
(cd "$tmp/b" && zip -q -r "$out/bundle/b.zip" .)
gzip -c "$tmp/b/train.log" >"$out/bundle/train.log.gz"
zstd -q -c "$tmp/b/train.log" >"$out/bundle/train.log.zst"
cp "$tmp/b/train.log" "$out/bundle/train.log"
# nested: a zip of per-node tar.gz, and a gzip of a tar of a zip
(cd "$tmp/b" && tar -czf "$tmp/node1.tar.gz" node1 && tar -czf "$tmp/node2.tar.gz" node2)
(cd "$tmp" && zip -q "$out/bundle/nodes.zip" node1.tar.gz node2.tar.gz)
(cd "$out/bundle" && tar -cf - b.zip | gzip -c >"$out/bundle/nested.tar.gz")
(cd "$tmp/b" && find . | cpio -o -H newc --quiet >"$out/bundle/b.cpio" 2>/dev/null) || rm -f "$out/bundle/b.cpio"

# telemetry: the head of each GPU telemetry member of the scenarios.
for f in 36-telemetry-hang/bundle/gpu-node-02/nvidia-smi.csv 37-telemetry-snapshot/bundle/sn-a01/nvidia-smi-q.txt \
	37-telemetry-snapshot/bundle/sn-a02/dcgm-metrics.txt 39-telemetry-healthy/bundle/node02/nvidia-smi-q.txt; do
	head -c 6000 "$sc/$f" >"$out/telemetry/$(basename "$(dirname "$(dirname "$(dirname "$f")")")")-$(basename "$f")"
done
# and the formats no scenario carries: an `nvidia-smi -q -x` dump, a
# dcgm-exporter 1.x scrape (tests/unit/test_telemetry.c has the same).
tab=$(printf '\t')
cat >"$out/telemetry/smi-q-x.xml" <<XML
<?xml version="1.0" ?>
<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v12.dtd">
<nvidia_smi_log>
${tab}<timestamp>Fri Oct 11 18:24:09 2024</timestamp>
${tab}<attached_gpus>2</attached_gpus>
${tab}<gpu id="00000000:18:00.0">
${tab}${tab}<fb_memory_usage>
${tab}${tab}${tab}<used>70211 MiB</used>
${tab}${tab}</fb_memory_usage>
${tab}${tab}<utilization>
${tab}${tab}${tab}<gpu_util>100 %</gpu_util>
${tab}${tab}</utilization>
${tab}${tab}<gpu_power_readings>
${tab}${tab}${tab}<power_draw>N/A</power_draw>
${tab}${tab}${tab}<instant_power_draw>612.33 W</instant_power_draw>
${tab}${tab}</gpu_power_readings>
${tab}${tab}<module_power_readings>
${tab}${tab}${tab}<power_draw>1204.00 W</power_draw>
${tab}${tab}</module_power_readings>
${tab}</gpu>
${tab}<gpu id="00000000:2A:00.0">
${tab}${tab}<power_readings>
${tab}${tab}${tab}<power_draw>98.40 W</power_draw>
${tab}${tab}</power_readings>
${tab}</gpu>
</nvidia_smi_log>
XML
cat >"$out/telemetry/dcgm-1x.prom" <<'PROM'
# HELP dcgm_gpu_utilization GPU utilization (in %).
# TYPE dcgm_gpu_utilization gauge
dcgm_gpu_utilization{gpu="0",uuid="GPU-8f640a3c-7e9a-608d-02a3-f4372d72b323"} 97
# HELP dcgm_power_usage Power draw (in W).
# TYPE dcgm_power_usage gauge
dcgm_power_usage{gpu="0",uuid="GPU-8f640a3c-7e9a-608d-02a3-f4372d72b323"} 243.918
DCGM_FI_PROF_GR_ENGINE_ACTIVE{gpu="1",UUID="GPU-1f027ee8",GPU_I_PROFILE="3g.40gb",GPU_I_ID="1"} 0.412000
PROM
