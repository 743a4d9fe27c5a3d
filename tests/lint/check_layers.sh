#!/bin/sh
# Checks the module layering of docs/ARCHITECTURE.md mechanically, since
# the linker does not: static libraries resolve a wrong-way call as long
# as the final link has both sides, and a header can be included from any
# module. For every file under src/<module>/ and include/faultline/:
#   - "faultline/<m>.h" only for a module <m> that <module> may depend on;
#   - no other module's private headers (src/<m>/*_int.h, cli.h);
#   - an external library's headers only in the one module that owns it.
# Usage: check_layers.sh SOURCE_DIR   (run by ctest as lint_layers)
set -u
root=$1
status=0

# The modules each module may include, itself and util included.
allowed() {
	case $1 in
	util) echo "util" ;;
	ingest) echo "util ingest" ;;
	attrib) echo "util attrib" ;;
	extract) echo "util attrib extract" ;;
	store) echo "util store" ;;
	pipeline) echo "util ingest attrib extract store pipeline" ;;
	analyze) echo "util store analyze" ;;
	report) echo "util store analyze report" ;;
	client) echo "util ingest client" ;;
	serve) echo "util ingest attrib extract store pipeline analyze report client serve" ;;
	cli) echo "util ingest attrib extract store pipeline analyze report client serve" ;;
	*) echo "" ;;
	esac
}

# The module a public header belongs to: its own name, except headers
# that util owns beside util.h (vocab.h: the kinds and fields, src/util/vocab.c).
header_module() {
	case $1 in
	vocab) echo util ;;
	*) echo "$1" ;;
	esac
}

# The module that owns an external library's headers.
owner_of() {
	case $1 in
	sqlite3.h) echo store ;;
	archive.h | archive_entry.h | openssl/*) echo ingest ;;
	pcre2.h) echo extract ;;
	microhttpd.h) echo serve ;;
	curl/*) echo client ;;
	*) echo "" ;;
	esac
}

fail() {
	echo "$1" >&2
	status=1
}

check_file() { # file module
	file=$1
	mod=$2
	rel=${file#"$root"/}
	grep -n '^[[:space:]]*#[[:space:]]*include' "$file" | while IFS= read -r line; do
		n=${line%%:*}
		inc=$(echo "$line" | sed -n 's/.*#[[:space:]]*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p')
		case $inc in
		faultline/*.h)
			m=$(header_module "$(basename "$inc" .h)")
			case " $(allowed "$mod") " in
			*" $m "*) ;;
			*) echo "$rel:$n: module $mod includes $inc (it may use: $(allowed "$mod"))" ;;
			esac
			;;
		"${mod}_int.h") ;;
		cli.h) [ "$mod" = cli ] || echo "$rel:$n: module $mod includes the CLI's private header" ;;
		*_int.h) echo "$rel:$n: module $mod includes another module's private header $inc" ;;
		esac
		own=$(owner_of "$inc")
		if [ -n "$own" ] && [ "$own" != "$mod" ]; then
			echo "$rel:$n: module $mod includes $inc, which only $own may use"
		fi
	done
}

out=$(
	for dir in "$root"/src/*/; do
		mod=$(basename "$dir")
		if [ -z "$(allowed "$mod")" ]; then
			echo "src/$mod: a module docs/ARCHITECTURE.md and this script do not know"
			continue
		fi
		for f in "$dir"*.c "$dir"*.h; do
			[ -f "$f" ] && check_file "$f" "$mod"
		done
	done
	for f in "$root"/include/faultline/*.h; do
		check_file "$f" "$(header_module "$(basename "$f" .h)")"
	done
)
if [ -n "$out" ]; then
	fail "$out"
	echo "layering: wrong-way includes (docs/ARCHITECTURE.md, Dependency direction)" >&2
fi
[ $status -eq 0 ] && echo "layering: every include follows the module order"
exit $status
