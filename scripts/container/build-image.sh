#!/usr/bin/env bash
# Makes localhost/quits:latest from the Dockerfile on the local base image (make-base.sh):
#   npm run container:build            QUITS_BASE_IMAGE=… to build on another base
# Docker format, since the OCI format has no HEALTHCHECK. The host's network, for npm install;
# the build and dependency stages side by side.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/container/podman-flags.sh

BASE="${QUITS_BASE_IMAGE:-localhost/quits-base:latest}"
IMAGE="${QUITS_IMAGE:-localhost/quits:latest}"
version="$(node -p 'require("./apps/server/package.json").version')"

"${PODMAN[@]}" build --format docker --network=host --jobs 2 "${LIMITS[@]}" \
  --build-arg "BASE_IMAGE=$BASE" \
  --label "org.opencontainers.image.version=$version" \
  --tag "$IMAGE" .
echo "$IMAGE ($version): $("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE") bytes"
