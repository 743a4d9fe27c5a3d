/* SPDX-License-Identifier: MIT */
/*
 * main.c - faultline's entry point: find the verb, run it.
 *
 * Reading order for a newcomer: this file, commands.c, cmd_analyze.c, then
 * the pipeline from include/faultline/ingest.h to report.h.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		cmd_help(1, argv);
		return EXIT_USAGE;
	}
	const char *verb = argv[1];
	if (!strcmp(verb, "--help") || !strcmp(verb, "-h"))
		return cmd_help(1, argv);
	if (!strcmp(verb, "--version"))
		return cmd_version(1, argv);
	const struct fl_cmd *cmd = cli_find(verb);
	if (!cmd) {
		fprintf(stderr, "faultline: '%s' is not a command; see 'faultline help'\n", verb);
		return EXIT_USAGE;
	}
	return cmd->fn(argc - 1, argv + 1);
}
