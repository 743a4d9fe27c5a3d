/* SPDX-License-Identifier: MIT */
/* cmd_help.c - `faultline help [COMMAND]` and `faultline version`. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static bool wants_help(int argc, char **argv)
{
	return argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
}

int cmd_help(int argc, char **argv)
{
	if (wants_help(argc, argv))
		return cli_help(cli_find("help"));
	if (argc >= 2) {
		const struct fl_cmd *cmd = cli_find(argv[1]);
		if (!cmd)
			return cli_failf("'%s' is not a command", argv[1]);
		return cli_help(cmd);
	}
	printf("faultline - why did the training job die?\n\nusage: faultline COMMAND [ARGS]\n\n");
	for (size_t i = 0; i < fl_ncommands; i++)
		printf("  %-12s %s\n", fl_commands[i].name, fl_commands[i].summary);
	printf("\n'faultline help COMMAND' or 'faultline COMMAND --help' shows a command's usage.\n");
	return EXIT_OK;
}

int cmd_version(int argc, char **argv)
{
	if (wants_help(argc, argv))
		return cli_help(cli_find("version"));
	printf("faultline %s\n", FL_VERSION);
	return EXIT_OK;
}
