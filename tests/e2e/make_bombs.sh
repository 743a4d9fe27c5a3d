#!/bin/sh
# Builds decompression bombs and an honest compressible bundle at test
# time, so that no large binary is committed. Usage: make_bombs.sh OUT_DIR
#   zip-bomb.zip     zip of 8 zips of 8 gzipped logs: 64 x 128 MiB of one
#                    NCCL line (8 GiB) in about 150 KiB
#   gzip-bomb.tgz    the same as tar.gz inside tar.gz: 8 GiB in 4 KiB
#   binary-bomb.tgz  tar.gz of 8 tar.gz each holding a 128 MiB binary
#                    member, which libarchive inflates only to skip it
#   honest.tar.zst   48 MiB of varied training-log lines, zstd -6: it
#                    compresses about 15 times, and must be read
set -eu
out=$1
rm -rf "$out"
mkdir -p "$out/w"
cd "$out/w"
# A real NCCL line (formats-nccl.md), repeated: what a hung job prints.
yes 'node07:2244:2301 [3] NCCL INFO Channel 00/0 : 3[3] -> 4[0] [send] via NET/IB/0/GDRDMA' |
	head -c 134217728 | gzip -9 >leaf.log.gz

# zip of zips of the same gzip under eight names
mkdir z1 z2
for i in 0 1 2 3 4 5 6 7; do cp leaf.log.gz "z1/rank$i.log.gz"; done
(cd z1 && zip -q -r ../node.zip .)
for i in 0 1 2 3 4 5 6 7; do cp node.zip "z2/node$i.zip"; done
(cd z2 && zip -q -r "$out/zip-bomb.zip" .)

# tar.gz of tar.gz
mkdir t1 t2
for i in 0 1 2 3 4 5 6 7; do cp leaf.log.gz "t1/rank$i.log.gz"; done
tar -C t1 -czf node.tgz .
for i in 0 1 2 3 4 5 6 7; do cp node.tgz "t2/node$i.tgz"; done
tar -C t2 -czf "$out/gzip-bomb.tgz" .

# binary members: a core file of 0x01 bytes (not zeros, which end a tar)
mkdir b1 b2
head -c 134217728 /dev/zero | tr '\0' '\1' >b1/core.4242
tar -C b1 -czf node.tgz .
rm b1/core.4242
for i in 0 1 2 3 4 5 6 7; do cp node.tgz "b2/node$i.tgz"; done
tar -C b2 -czf "$out/binary-bomb.tgz" .

# Honest: lines that differ in time, rank, step and loss, as a real run's do
# (torchtitan's step line, formats-training.md).
mkdir h
for r in 0 1 2; do
	mkdir "h/node$r"
	awk -v r="$r" 'BEGIN { for (i = 0; i < 110000; i++)
		printf "[rank%d]:[titan] 2025-09-02 13:%02d:%02d,%03d - root - INFO - step: %d  loss: %.4f  memory: %.2fGiB(%.2f%%)  tps: %d  tflops: %.2f  mfu: %.2f%%\n",
			r * 8 + i % 8, (i / 6000) % 60, (i / 100) % 60, i % 1000, i / 8, 2 + (i % 977) / 1000.0,
			30 + (i % 13) / 10.0, 40 + (i % 7), 5000 + i % 311, 300 + (i % 97) / 10.0, 30 + (i % 53) / 10.0 }' \
		>"h/node$r/stderr.log"
done
tar -C h -cf - . | zstd -q -6 -o "$out/honest.tar.zst"
cd "$out"
rm -rf w
