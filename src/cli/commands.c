/* SPDX-License-Identifier: MIT */
/* commands.c - the command table: one line per verb, sorted by name. */
#include "cli.h"

#include <string.h>

const struct fl_cmd fl_commands[] = {
	{ "analyze", cmd_analyze, "ingest one crash bundle and print its report",
	  "faultline analyze BUNDLE [--db PATH] [--format text|md|json|html] [-o FILE]\n"
	  "                 [--patterns DIR] [--no-keep | --copy-dir] [--quiet] [--journal-delete]\n"
	  "                 [--max-bytes SIZE] [--max-ratio N] [--max-members N]\n"
	  "                 [--max-depth N] [--max-line SIZE]\n"
	  "  an archive or file is copied into the store for reanalyze and show; a directory\n"
	  "  is re-read where it is unless --copy-dir; --no-keep copies nothing;\n"
	  "  a progress line on standard error when it is a terminal, unless --quiet;\n"
	  "  the --max options change the limits that refuse decompression bombs (0: none)" },
	{ "diff", cmd_diff, "what changed between two runs: versions, network, layout, speed",
	  "faultline diff RUN_A RUN_B [--all] [--db PATH] [--format text|json] [-o FILE]\n"
	  "  RUN_A is the good run, RUN_B the bad one; rows that differ are marked '*',\n"
	  "  the others hidden unless --all" },
	{ "events", cmd_events, "list a run's events, filtered",
	  "faultline events RUN [--kind PREFIX] [--rank R] [--host H] [--since T] [--until T]\n"
	  "                 [--pattern ID] [--grep TEXT] [--severity info|warning|error|fatal]\n"
	  "                 [--limit N] [--db PATH] [--format text|json|csv] [-o FILE]\n"
	  "  T: RFC 3339 (2026-11-30T14:02:07Z) or HH:MM:SS on the day the run's logs start;\n"
	  "  --kind matches a prefix (nccl.), --grep a substring of the line" },
	{ "gc", cmd_gc, "remove kept bundles no run refers to and compact the store",
	  "faultline gc [--db PATH] [--journal-delete]" },
	{ "help", cmd_help, "list the commands, or show one command's usage",
	  "faultline help [COMMAND]" },
	{ "hosts", cmd_hosts, "hosts most often implicated across runs: the nodes to drain",
	  "faultline hosts [--deep] [--limit N] [--db PATH] [--format text|json|csv] [-o FILE]\n"
	  "  counts runs where the host failed first, logged a GPU/NVLink/ECC fault or an\n"
	  "  IB error; --deep also analyses every run for hosts of ranks that never arrived" },
	{ "ingest", cmd_ingest, "store each bundle and print its run id",
	  "faultline ingest BUNDLE... [--db PATH] [--patterns DIR] [--no-keep | --copy-dir]\n"
	  "                 [--quiet] [--journal-delete] [--max-bytes SIZE] [--max-ratio N]\n"
	  "                 [--max-members N] [--max-depth N] [--max-line SIZE]\n"
	  "faultline ingest --shard I/N BUNDLE --db SHARD_DB [...]\n"
	  "  copies and limits as analyze does; a progress line as analyze's, with [i/n] for\n"
	  "  several; --shard: this node's logs are shard I (from 0) of N of one job, for\n"
	  "  merge --into-one" },
	{ "merge", cmd_merge, "combine stores, or shards of one job into one run",
	  "faultline merge SRC_DB... [--db DEST] [--journal-delete]\n"
	  "faultline merge --into-one SRC_DB... [--db DEST] [--journal-delete]\n"
	  "  --into-one: each SRC_DB holds one run ingested from one shard of the same job" },
	{ "patterns", cmd_patterns, "check, test or list the pattern library",
	  "faultline patterns check [DIR]\n"
	  "faultline patterns test LOGFILE [--patterns DIR]\n"
	  "faultline patterns list [--patterns DIR]" },
	{ "ranks", cmd_ranks, "per rank of a run: state, first error, last activity",
	  "faultline ranks RUN [--db PATH] [--format text|json|csv] [-o FILE]" },
	{ "reanalyze", cmd_reanalyze, "analyse stored runs again with the current patterns",
	  "faultline reanalyze RUN... [--db PATH] [--patterns DIR] [--journal-delete]\n"
	  "faultline reanalyze --all [--db PATH] [--patterns DIR] [--journal-delete]\n"
	  "  re-reads each run's kept bundle; the run keeps its id" },
	{ "report", cmd_report, "print the report of a stored run",
	  "faultline report RUN [--db PATH] [--format text|md|json|html] [-o FILE]\n"
	  "faultline report RUN --format jira|github|slack [--link URL] [--db PATH] [-o FILE]\n"
	  "  RUN is a run id or 'last'; jira, github and slack give a ticket body cut to\n"
	  "  that tool's limits, linking to the full report at URL" },
	{ "rm", cmd_rm, "delete runs and their kept bundles",
	  "faultline rm RUN... [--db PATH] [--journal-delete]" },
	{ "runs", cmd_runs, "list past runs, newest first",
	  "faultline runs [--since DATE|DURATION] [--cause ID] [--host NAME] [--status S]\n"
	  "               [--signature SIG] [--limit N] [--db PATH] [--format text|json|csv]\n"
	  "               [-o FILE]\n"
	  "  DATE: 2026-11-30 or RFC 3339; DURATION: 30m, 12h, 7d, 2w;\n"
	  "  --limit N: at most N runs (default 50, 0 for all)" },
	{ "serve", cmd_serve, "serve the store over HTTP: bundle uploads in, reports out",
	  "faultline serve [--listen ADDR:PORT] [--db PATH] [--port-file FILE]\n"
	  "                [--max-upload-size SIZE] [--public-read] [--max-uploads N]\n"
	  "                [--min-upload-rate SIZE] [--min-rate-after DURATION]\n"
	  "                [--token-rate N] [--reserve SIZE] [--jobs N]\n"
	  "                [--analysis-timeout DURATION] [--analysis-memory SIZE]\n"
	  "                [--retain-days N] [--max-store-bytes SIZE] [--public-url URL]\n"
	  "                [--webhook URL] [--patterns DIR] [--journal-delete]\n"
	  "  default 127.0.0.1:8470; port 0: the kernel picks one, written to --port-file;\n"
	  "  SIZE takes K, M, G suffixes (powers of 1024); docs/commands/serve.md has the API" },
	{ "show", cmd_show, "one event with its fields and the log lines around it",
	  "faultline show RUN EVENT_ID [-C N] [--db PATH] [--format text|json|csv] [-o FILE]\n"
	  "  -C N: lines of context read back from the kept bundle (default 5);\n"
	  "  csv lists the lines; event ids come from 'events' and 'timeline'" },
	{ "sql", cmd_sql, "run read-only SQL against the store",
	  "faultline sql \"SELECT ...\" [--db PATH] [--format text|json|csv] [-o FILE]\n"
	  "  Only reading is allowed: writes, ATTACH and PRAGMA are refused. Views:\n"
	  "    v_runs(id, bundle, sha256, ingested, ranks, hosts, files, lines, status,\n"
	  "           cause, first_rank, first_host, signature)\n"
	  "    v_events(id, run_id, file, line, rank, host, pid, ts, time, kind, pattern,\n"
	  "             severity, fields, text)   ts in µs; severity 0 info .. 3 fatal;\n"
	  "             fields is JSON: json_extract(fields, '$.seq')\n"
	  "    v_ranks(run_id, rank, host, local_rank, lines, last_active, first_error)\n"
	  "  Tables: SELECT name, sql FROM sqlite_schema (docs/SCHEMA.md)" },
	{ "steps", cmd_steps, "a run's training-step metrics as logged",
	  "faultline steps RUN [--rank R] [--per-rank | --per-step] [--limit N]\n"
	  "                [--db PATH] [--format text|json|csv] [-o FILE]\n"
	  "  each rank's last step lines and every abnormal one; --per-rank: one\n"
	  "  row per rank (last step, last loss, mean step time and throughput);\n"
	  "  --per-step: the whole series, as means over the ranks that logged each step" },
	{ "tail", cmd_tail, "the last lines a rank wrote",
	  "faultline tail RUN RANK [-n N] [--db PATH] [--format text|json|csv] [-o FILE]\n"
	  "  the last N lines (default 20) of each file of RANK, from the lines kept\n"
	  "  at ingest (20 per file)" },
	{ "timeline", cmd_timeline, "a run's events across ranks in clock-corrected time",
	  "faultline timeline RUN [-n N] [--severity info|warning|error|fatal] [--db PATH]\n"
	  "                   [--format text|json|csv] [-o FILE]\n"
	  "  the first N events (default 40, 0 for all) of at least --severity (default\n"
	  "  warning), host clocks corrected by the analysis' offsets" },
	{ "token", cmd_token, "make, list or revoke bearer tokens for faultline serve",
	  "faultline token add --scope upload|read|admin [--name NAME] [--db PATH]\n"
	  "faultline token list [--db PATH] [--format text|json|csv] [-o FILE]\n"
	  "faultline token revoke ID [--db PATH]\n"
	  "  add prints the token once, alone on the last line; the store keeps its hash;\n"
	  "  list shows id, scope, state, creation and name, never a token" },
	{ "transports", cmd_transports, "a run's NCCL transports per process",
	  "faultline transports RUN [--db PATH] [--format text|json|csv] [-o FILE]" },
	{ "comms", cmd_comms, "a run's NCCL communicators and the parallel groups inferred",
	  "faultline comms RUN [--db PATH] [--format text|json|csv] [-o FILE]" },
	{ "upload", cmd_upload, "send a bundle to faultline serve (for job epilogues)",
	  "faultline upload URL BUNDLE [--token T] [--name NAME] [--job ID] [--cluster C]\n"
	  "                 [--max-time DURATION] [--epilogue [--spool DIR]]\n"
	  "faultline upload --flush [--spool DIR] [--token T] [--max-time DURATION]\n"
	  "  streams with PUT (a directory as a tar.zst made on the fly); the token may\n"
	  "  come from $FAULTLINE_TOKEN; --epilogue always exits 0 and spools what the\n"
	  "  server could not take now (no answer, 408, 429, 5xx) for --flush" },
	{ "version", cmd_version, "print the version", "faultline version" },
};

const size_t fl_ncommands = sizeof(fl_commands) / sizeof(fl_commands[0]);

const struct fl_cmd *cli_find(const char *name)
{
	for (size_t i = 0; i < fl_ncommands; i++)
		if (!strcmp(fl_commands[i].name, name))
			return &fl_commands[i];
	return NULL;
}
