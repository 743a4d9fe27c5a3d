#!/bin/sh
# Builds every bundle shape faultline must read from the plain-text
# scenarios: the same job as a directory, as tar in every compression, as a
# zip, as a zip of per-node tarballs, and one log compressed alone.
# Usage: make_shapes.sh TESTDATA_DIR OUT_DIR
set -eu
src="$1/scenarios/01-gpu-oom/bundle"
out="$2"
rm -rf "$out"
mkdir -p "$out"
(cd "$src" && tar -cf "$out/job.tar" .)
gzip -c "$out/job.tar" > "$out/job.tar.gz"
cp "$out/job.tar.gz" "$out/job.tgz"
zstd -q -c "$out/job.tar" > "$out/job.tar.zst"
xz -c "$out/job.tar" > "$out/job.tar.xz"
bzip2 -c "$out/job.tar" > "$out/job.tar.bz2"
(cd "$src" && zip -q -r "$out/job.zip" .)
# A zip holding one tarball per node: archives inside archives.
mkdir -p "$out/nested"
for node in "$src"/*/; do
	name=$(basename "$node")
	(cd "$src" && tar -czf "$out/nested/$name.tar.gz" "$name")
done
(cd "$out/nested" && zip -q -r "$out/nodes.zip" .)
rm -rf "$out/nested"
# One log alone, plain and compressed.
log=$(find "$src" -name stderr.log -path '*attempt_0/3/*' | head -n 1)
cp "$log" "$out/rank.log"
gzip -c "$log" > "$out/rank.log.gz"
zstd -q -c "$log" > "$out/rank.log.zst"
xz -c "$log" > "$out/rank.log.xz"
bzip2 -c "$log" > "$out/rank.log.bz2"
# Damage: the tail of a compressed tarball cut off (a large job, so that
# the cut lies far past what the reader buffers at open, as in real
# multi-GB bundles), and a zip whose second node tarball is truncated.
(cd "$1/scenarios/17-large/bundle" && tar -czf "$out/large.tar.gz" .)
size=$(wc -c < "$out/large.tar.gz")
head -c $((size / 2)) "$out/large.tar.gz" > "$out/damaged.tar.gz"
rm -f "$out/large.tar.gz"
mkdir -p "$out/dmg"
(cd "$src" && tar -czf "$out/dmg/node1.tar.gz" node1 && tar -czf "$out/dmg/node2.tar.gz" node2)
size=$(wc -c < "$out/dmg/node2.tar.gz")
head -c $((size / 3)) "$out/dmg/node2.tar.gz" > "$out/dmg/node2.tar.gz.cut"
mv "$out/dmg/node2.tar.gz.cut" "$out/dmg/node2.tar.gz"
(cd "$out/dmg" && zip -q -r "$out/damaged-member.zip" .)
rm -rf "$out/dmg"
# Unusable inputs.
printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000' > "$out/core.bin"
head -c 4096 /dev/zero >> "$out/core.bin"
: > "$out/empty.log"
mkdir -p "$out/emptydir"
