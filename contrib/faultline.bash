# SPDX-License-Identifier: MIT
# bash completion for faultline.
#
# Installed as share/bash-completion/completions/faultline; to try it from
# a checkout: `. contrib/faultline.bash`. Verbs and each verb's options are
# read from the binary itself (`faultline help`, `faultline VERB --help`),
# so the completion never falls behind the command table; run ids come
# from `faultline runs` on the store named by --db or $FAULTLINE_DB.

_faultline_verbs()
{
	local verbs
	verbs=$(faultline help 2>/dev/null | awk '/^  [a-z]/ { print $1 }')
	echo "${verbs:-analyze diff events gc help hosts ingest patterns ranks reanalyze report rm
		runs show sql steps tail timeline transports version}"
}

# The store the command line names, for run-id completion.
_faultline_db()
{
	local i
	for ((i = 2; i < ${#COMP_WORDS[@]} - 1; i++)); do
		if [[ ${COMP_WORDS[i]} == --db ]]; then
			echo "--db ${COMP_WORDS[i + 1]}"
			return
		fi
	done
}

_faultline_runs()
{
	# shellcheck disable=SC2046
	echo last $(faultline runs --limit 30 --format csv $(_faultline_db) 2>/dev/null |
		awk -F, 'NR > 1 { print $1 }')
}

_faultline()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()
	if ((COMP_CWORD == 1)); then
		local words
		words="$(_faultline_verbs) --help --version"
		mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
		return
	fi
	local verb=${COMP_WORDS[1]}
	case $prev in
	--db | -o | --output)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return
		;;
	--patterns)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
		return
		;;
	--format | -f)
		local formats="text json csv"
		case $verb in
		analyze | report) formats="text md json html" ;;
		diff) formats="text json" ;;
		esac
		mapfile -t COMPREPLY < <(compgen -W "$formats" -- "$cur")
		return
		;;
	--severity)
		mapfile -t COMPREPLY < <(compgen -W "info warning error fatal" -- "$cur")
		return
		;;
	--limit | -n | -C | --rank | --host | --kind | --since | --until | --grep | --pattern | \
		--cause | --status | --signature)
		return
		;;
	esac
	if [[ $cur == -* ]]; then
		local opts
		opts=$(faultline "$verb" --help 2>/dev/null |
			grep -o -- '--[a-z][a-z-]*' | sort -u)
		mapfile -t COMPREPLY < <(compgen -W "$opts --help" -- "$cur")
		return
	fi
	case $verb in
	analyze | ingest | merge)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		;;
	help)
		mapfile -t COMPREPLY < <(compgen -W "$(_faultline_verbs)" -- "$cur")
		;;
	patterns)
		if ((COMP_CWORD == 2)); then
			mapfile -t COMPREPLY < <(compgen -W "check test list" -- "$cur")
		else
			compopt -o filenames 2>/dev/null
			mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		fi
		;;
	diff | events | ranks | reanalyze | report | rm | show | steps | tail | timeline | \
		transports)
		mapfile -t COMPREPLY < <(compgen -W "$(_faultline_runs)" -- "$cur")
		;;
	esac
}

complete -F _faultline faultline
