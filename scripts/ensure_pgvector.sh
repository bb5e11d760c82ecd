#!/usr/bin/env bash
# PostgreSQL's semantic search needs the pgvector extension (HNSW index). Debian 12 packages none,
# so it is built from the release tarball the workplace keeps beside the project
# (../shared/vendor/pgvector-0.8.6.tar.gz, or $VERBATIM_SHARED/vendor), with Debian's
# postgresql-server-dev package for the server's major version, and installed into the server.
# Nothing is done when the server already offers the extension. Needs root to install.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VERSION=0.8.6
SHA256=b4eb8abc425b465082ae5955d13df5338c32ec1bd441f0eb86d780e3958766a6
TARBALL="${VERBATIM_SHARED:-$ROOT/../shared}/vendor/pgvector-$VERSION.tar.gz"
PSQL=(psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -Atqc)

fail() {
  echo "pgvector: $1" >&2
  if [ "${CI:-}" = "true" ]; then exit 1; fi
  echo "pgvector: PostgreSQL search stays exact (numpy) and its pgvector tests fail." >&2
  exit 1
}

offered() { [ "$("${PSQL[@]}" "SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'" 2>/dev/null)" = "1" ]; }

offered && exit 0
major=$("${PSQL[@]}" "SHOW server_version_num" 2>/dev/null) || fail "PostgreSQL is not reachable at 127.0.0.1:5432"
major=$((major / 10000))
[ "$(id -u)" = "0" ] || fail "the extension is not installed and installing it needs root"
[ -f "$TARBALL" ] || fail "$TARBALL is missing (set VERBATIM_SHARED to the folder holding vendor/)"
echo "$SHA256  $TARBALL" | sha256sum -c --quiet - || fail "$TARBALL does not match its SHA-256"
pg_config="/usr/lib/postgresql/$major/bin/pg_config"
if [ ! -f "/usr/include/postgresql/$major/server/postgres.h" ] || [ ! -x "$pg_config" ]; then
  echo "Installing postgresql-server-dev-$major with apt-get…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "postgresql-server-dev-$major" >/dev/null \
    || fail "apt-get could not install postgresql-server-dev-$major"
fi
build="$ROOT/var/build"
mkdir -p "$build"
rm -rf "$build/pgvector-$VERSION"
tar xzf "$TARBALL" -C "$build"
echo "Building pgvector $VERSION for PostgreSQL $major…"
# OPTFLAGS="" leaves out -march=native: the build may run on another CPU than the one it was made on.
make -s -C "$build/pgvector-$VERSION" PG_CONFIG="$pg_config" OPTFLAGS="" >/dev/null 2>"$build/pgvector.log" \
  && make -s -C "$build/pgvector-$VERSION" PG_CONFIG="$pg_config" OPTFLAGS="" install >/dev/null 2>>"$build/pgvector.log" \
  || fail "the build failed (see $build/pgvector.log)"
offered || fail "built and installed, but the server does not offer the extension"
echo "pgvector $VERSION installed."
