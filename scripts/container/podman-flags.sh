# The podman flags this machine needs (sourced by the other scripts here): no systemd cgroups,
# runc rather than crun, the host's network (no container networking), and explicit limits.
# QUITS_PODMAN_FLAGS and QUITS_ULIMITS may override them elsewhere.
read -r -a PODMAN <<<"podman ${QUITS_PODMAN_FLAGS:---cgroup-manager=cgroupfs --runtime=runc}"
read -r -a LIMITS <<<"${QUITS_ULIMITS:---ulimit nofile=16384:16384 --ulimit nproc=4096:4096}"
