#!/usr/bin/env bash
# The suite also runs on PostgreSQL at 127.0.0.1:5432. Start the local cluster when it is down.
set -u
ready() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
ready && exit 0
if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || true
  for _ in $(seq 1 20); do ready && exit 0; sleep 0.5; done
fi
if [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is not reachable at 127.0.0.1:5432 and could not be started." >&2
  exit 1
fi
echo "PostgreSQL is not reachable at 127.0.0.1:5432: the PostgreSQL pass will fail." >&2
exit 1
