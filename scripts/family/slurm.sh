#!/usr/bin/env bash
# A family on Slurm (docs/families.md): run this on a login node (or submit it
# as a small job of its own); grundy-family submits the Dask workers as Slurm
# jobs through dask-jobqueue, runs every member on them, and writes the catalog.
# The workers must see this repository (bin/compute, the grundytables package)
# and the output directory at the same paths: a shared file system.
#
#   FAMILY=families/corner2.toml JOBS=4 QUEUE=normal ACCOUNT=myproject bash scripts/family/slurm.sh
#
# grundy-family jobscript slurm … prints the job script each worker job runs,
# without submitting it.
set -euo pipefail
cd "$(dirname "$0")/../.."
grundy-family run "${FAMILY:?set FAMILY to a family file}" -n "${N:-100000}" --values "0-${HI:-30}" \
  --out "${OUT:-out}" --jobqueue slurm --jobs "${JOBS:-4}" \
  --queue "${QUEUE:-normal}" --account "${ACCOUNT:-myproject}" --walltime "${WALLTIME:-02:00:00}" \
  --cores "${CORES:-8}" --processes "${PROCESSES:-8}" --memory "${MEMORY:-16GB}"
