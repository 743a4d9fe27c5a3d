#!/bin/sh
# epilog-faultline.sh - send a failed job's logs to `faultline serve`.
#
# For slurm.conf, as one of these (docs/commands/upload.md, "Slurm"):
#   EpilogSlurmctld=/etc/slurm/epilog-faultline.sh   # once per job, on the controller
#   Epilog=/etc/slurm/epilog-faultline.sh            # on every node of the job
# Slurm drains a node whose Epilog fails or hangs: this script never
# fails, and `faultline upload --epilogue` gives up after --max-time and
# spools what it could not send for the next run to send.
#
# Settings, from /etc/default/faultline if it exists:
#   FAULTLINE_URL    the server, e.g. http://faultline.example:8470 (required)
#   FAULTLINE_TOKEN  a token of scope upload (faultline token add --scope upload)
#   FAULTLINE_LOGS   where a job's logs are: a directory, with %j for the job id
#                    (default: $SLURM_JOB_WORK_DIR/logs)
#   FAULTLINE_SPOOL  spool directory (default /var/spool/faultline)

[ -r /etc/default/faultline ] && . /etc/default/faultline
[ -n "${FAULTLINE_URL:-}" ] || exit 0

# Only failed jobs: SLURM_JOB_EXIT_CODE is the job's wait() status.
[ "${SLURM_JOB_EXIT_CODE:-0}" != 0 ] || [ "${SLURM_JOB_DERIVED_EC:-0}" != 0 ] || exit 0

logs=${FAULTLINE_LOGS:-${SLURM_JOB_WORK_DIR:-}/logs}
logs=$(printf '%s' "$logs" | sed "s/%j/${SLURM_JOB_ID:-}/g")
[ -e "$logs" ] || exit 0

export FAULTLINE_TOKEN
faultline upload --epilogue --max-time 60s \
	--spool "${FAULTLINE_SPOOL:-/var/spool/faultline}" \
	--job "${SLURM_JOB_ID:-}" --cluster "${SLURM_CLUSTER_NAME:-}" \
	"$FAULTLINE_URL" "$logs" >/dev/null 2>&1
exit 0
