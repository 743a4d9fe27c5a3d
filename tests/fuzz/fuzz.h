/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h - what every fuzz target shares (tests/fuzz/, docs/TESTING.md).
 *
 * A target defines LLVMFuzzerTestOneInput(). Built with -DFL_FUZZ=ON and
 * clang it links libFuzzer; in every other build it links replay.c, whose
 * main() runs it once on each file it is given, so that the normal test
 * suite replays the seed corpora and every input a campaign found.
 *
 * A target checks the invariants its parser promises with FUZZ_ASSERT():
 * a broken invariant aborts, which libFuzzer records as a crash.
 */
#ifndef FAULTLINE_FUZZ_H
#define FAULTLINE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(c)                                                              \
	do {                                                                        \
		if (!(c)) {                                                         \
			fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__,  \
				__LINE__, #c);                                      \
			abort();                                                    \
		}                                                                   \
	} while (0)

#endif
