/* SPDX-License-Identifier: MIT */
/* commands.c - the command table: one line per verb, sorted by name. */
#include "cli.h"

#include <string.h>

const struct fl_cmd fl_commands[] = {
	{ "analyze", cmd_analyze, "ingest one crash bundle and print its report",
	  "faultline analyze BUNDLE [--db PATH] [--format text|md|json|html] [-o FILE]\n"
	  "                 [--patterns DIR] [--no-keep] [--journal-delete]" },
	{ "help", cmd_help, "list the commands, or show one command's usage",
	  "faultline help [COMMAND]" },
	{ "ingest", cmd_ingest, "store each bundle and print its run id",
	  "faultline ingest BUNDLE... [--db PATH] [--patterns DIR] [--no-keep] [--journal-delete]" },
	{ "patterns", cmd_patterns, "check, test or list the pattern library",
	  "faultline patterns check [DIR]\n"
	  "faultline patterns test LOGFILE [--patterns DIR]\n"
	  "faultline patterns list [--patterns DIR]" },
	{ "report", cmd_report, "print the report of a stored run",
	  "faultline report RUN [--db PATH] [--format text|md|json|html] [-o FILE]\n"
	  "  RUN is a run id or 'last'" },
	{ "runs", cmd_runs, "list past runs, newest first",
	  "faultline runs [--db PATH] [--limit N] [--format text|json]" },
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
