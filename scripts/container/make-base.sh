#!/usr/bin/env bash
# Makes localhost/quits-base:latest without an image registry, in two steps:
#  1. Debian bookworm (minbase and ca-certificates) from deb.debian.org with mmdebstrap, brought
#     in with `podman import` as localhost/quits-debian:bookworm — made once, then kept;
#  2. Node's own binary and npm from the npm registry, and the certificate authorities this
#     machine added (/usr/local/share/ca-certificates: a TLS-inspecting proxy's, so that npm
#     inside a build reaches the registry as it does here), on top (base/Containerfile).
# The Dockerfile's default base stays the public node:20-bookworm-slim.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/container/podman-flags.sh

NODE_VERSION="${NODE_VERSION:-20.20.2}"
NPM_VERSION="${NPM_VERSION:-10.9.9}"
IMAGE="${QUITS_BASE_IMAGE:-localhost/quits-base:latest}"
DEBIAN_IMAGE="localhost/quits-debian:bookworm"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SECURITY="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
EXTRA_CA="${QUITS_EXTRA_CA_DIR-/usr/local/share/ca-certificates}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

recipe="bookworm-minbase+ca-certificates"
if [ "$("${PODMAN[@]}" image inspect --format '{{index .Config.Labels "quits.debian"}}' "$DEBIAN_IMAGE" 2>/dev/null)" != "$recipe" ]; then
  # No manuals, documentation or translations: nobody reads them in a container.
  mmdebstrap --variant=minbase --include=ca-certificates \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*' \
    bookworm "$work/rootfs.tar" \
    "deb $MIRROR bookworm main" "deb $MIRROR bookworm-updates main" "deb $SECURITY bookworm-security main"
  "${PODMAN[@]}" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "LABEL quits.debian=\"$recipe\"" \
    --change 'CMD ["bash"]' \
    "$work/rootfs.tar" "$DEBIAN_IMAGE" >/dev/null
  rm -f "$work/rootfs.tar"
  echo "$DEBIAN_IMAGE: $recipe"
fi

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "no Node binary package for $(uname -m)" >&2; exit 1 ;;
esac
context="$work/context"
mkdir -p "$context/extra-ca" "$context/npm" "$work/node"
cp scripts/container/base/Containerfile "$context/"
# The packages are kept between runs: Node's alone is 40 MB.
packages="${XDG_CACHE_HOME:-$HOME/.cache}/quits/container"
mkdir -p "$packages"
for package in "node-linux-$arch@$NODE_VERSION" "npm@$NPM_VERSION"; do
  file="$packages/$(echo "$package" | tr '@' '-').tgz"
  [ -s "$file" ] || (cd "$packages" && npm pack --silent "$package" >/dev/null)
done
tar -xzf "$packages/node-linux-$arch-$NODE_VERSION.tgz" -C "$work/node" package/bin/node
mv "$work/node/package/bin/node" "$context/node"
tar -xzf "$packages/npm-$NPM_VERSION.tgz" -C "$context/npm" --strip-components=1
if [ -n "$EXTRA_CA" ] && [ -d "$EXTRA_CA" ]; then
  find "$EXTRA_CA" -maxdepth 1 -name '*.crt' -exec cp {} "$context/extra-ca/" \;
fi
# The layers are cached: the same binary, npm and authorities make no new image.
"${PODMAN[@]}" build --quiet --format docker "${LIMITS[@]}" \
  --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" \
  --label "quits.base=node-$NODE_VERSION npm-$NPM_VERSION" \
  --env "NODE_VERSION=$NODE_VERSION" \
  --tag "$IMAGE" "$context" >/dev/null
echo "$IMAGE: Debian bookworm, Node $NODE_VERSION, npm $NPM_VERSION"
