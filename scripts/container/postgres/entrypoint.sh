#!/bin/sh
# First start: a cluster with POSTGRES_USER (its password POSTGRES_PASSWORD) and POSTGRES_DB,
# as the official image makes; every start: PostgreSQL on every address at PGPORT (5432).
set -eu
user="${POSTGRES_USER:-postgres}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?is needed for the first start}"
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --username="$user" --pwfile="$password_file" --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$password_file"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  database="${POSTGRES_DB:-$user}"
  if [ "$database" != postgres ]; then
    echo "CREATE DATABASE \"$database\" OWNER \"$user\";" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
exec postgres -c listen_addresses='*' "$@"
