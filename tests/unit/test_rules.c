/* SPDX-License-Identifier: MIT */
/*
 * test_rules.c - the cause table agrees with the contract and the docs.
 *
 * The outside contract fixes the cause ids (the enum of
 * tests/e2e/report.schema.json); the table
 * in src/analyze/rules.c must name exactly those, each with a title and
 * remediation, and docs/CAUSES.md must document every one.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faultline/analyze.h"
#include "fl_test.h"

static const char *const CONTRACT_CAUSES[] = {
	"gpu_oom",	   "host_oom",	      "loss_divergence", "fp16_overflow", "collective_hang",
	"network_error",   "gpu_hardware",    "cuda_error",	 "nccl_init_error", "process_crash",
	"scheduler_kill",  "storage_error",   "slow_transport",	 "rendezvous_error", "config_error",
	"none",
};
#define NCONTRACT (sizeof(CONTRACT_CAUSES) / sizeof(CONTRACT_CAUSES[0]))

Test(rules, causes_are_the_contract_ids)
{
	const struct fl_cause_rule *r;
	size_t n = fl_cause_rules(&r);
	cr_assert_eq(n, NCONTRACT, "the table has %zu causes, the contract %zu", n, NCONTRACT);
	for (size_t i = 0; i < NCONTRACT; i++) {
		bool found = false;
		for (size_t k = 0; k < n; k++)
			found = found || !strcmp(r[k].cause, CONTRACT_CAUSES[i]);
		cr_expect(found, "contract cause '%s' missing from rules.c", CONTRACT_CAUSES[i]);
	}
	for (size_t k = 0; k < n; k++) {
		cr_expect(r[k].title && *r[k].title, "%s has no title", r[k].cause);
		if (strcmp(r[k].cause, "none") != 0)
			cr_expect(r[k].remediation[0] != NULL, "%s has no remediation", r[k].cause);
	}
}

Test(rules, every_cause_is_documented)
{
	char *doc = fl_test_slurp(FL_SOURCE_DIR "/docs/CAUSES.md", NULL);
	cr_assert(doc, "docs/CAUSES.md is missing");
	const struct fl_cause_rule *r;
	size_t n = fl_cause_rules(&r);
	for (size_t k = 0; k < n; k++) {
		char tick[64];
		snprintf(tick, sizeof(tick), "`%s`", r[k].cause);
		cr_expect(strstr(doc, tick), "docs/CAUSES.md does not mention %s", tick);
	}
	free(doc);
}
