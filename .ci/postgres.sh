# Sourced by .ci/run: a throwaway PostgreSQL server for the storage contract
# tests, in a temporary folder, reached over a Unix socket only, stopped (and
# its folder removed) when the calling shell exits. Exports
# ROOKERY_TEST_DATABASE_URL; without PostgreSQL the PostgreSQL runs say they
# were skipped. An already set ROOKERY_TEST_DATABASE_URL is used as it is.

start_test_postgres() {
  [ -n "${ROOKERY_TEST_DATABASE_URL:-}" ] && return 0
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ] && command -v apt-get >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >/dev/null 2>&1 || true
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  fi
  if [ -z "$bin" ]; then
    echo "note: PostgreSQL is not installed; the PostgreSQL storage tests will say SKIPPED"
    return 0
  fi
  PG_TEST_DIR=$(mktemp -d /tmp/rookery-pg.XXXXXX)
  # PostgreSQL refuses to run as root: run it as an unprivileged user.
  local run=()
  if [ "$(id -u)" = 0 ]; then
    chown nobody "$PG_TEST_DIR"
    run=(runuser -u nobody --)
  fi
  "${run[@]}" "$bin/initdb" -D "$PG_TEST_DIR/data" -U rookery --auth=trust -E UTF8 >/dev/null
  "${run[@]}" "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -l "$PG_TEST_DIR/log" -w \
    -o "-k $PG_TEST_DIR -c listen_addresses='' -c fsync=on" start >/dev/null
  trap stop_test_postgres EXIT
  "${run[@]}" "$bin/createdb" -h "$PG_TEST_DIR" -U rookery rookery_test
  PG_TEST_BIN=$bin
  PG_TEST_RUN=("${run[@]}")
  export ROOKERY_TEST_DATABASE_URL="postgresql://rookery@localhost/rookery_test?host=$PG_TEST_DIR"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') for the tests at $PG_TEST_DIR"
}

stop_test_postgres() {
  [ -n "${PG_TEST_DIR:-}" ] || return 0
  "${PG_TEST_RUN[@]}" "$PG_TEST_BIN/pg_ctl" -D "$PG_TEST_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_TEST_DIR"
}
