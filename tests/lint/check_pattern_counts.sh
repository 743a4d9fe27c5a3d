#!/bin/sh
# patterns/README.md's table gives each pattern file's number of patterns;
# the files change every time a pattern is added, and the table was found
# wrong more than once by reading. For every patterns/*.pat: its README row
# exists and names the number of `name:` lines the file has.
# Usage: check_pattern_counts.sh PATTERNS_DIR   (run by ctest as lint_pattern_counts)
set -u
dir=$1
status=0
for f in "$dir"/*.pat; do
	b=${f##*/}
	have=$(grep -c '^name:' "$f")
	said=$(grep -F "| \`$b\` |" "$dir/README.md" | awk -F'|' '{gsub(/ /, "", $3); print $3}')
	if [ -z "$said" ]; then
		echo "$dir/README.md: no row for $b"
		status=1
	elif [ "$said" != "$have" ]; then
		echo "$dir/README.md: $b has $have patterns, the table says $said"
		status=1
	fi
done
exit $status
