#!/usr/bin/env bash
# Serve Verbatim: recover stale runs, start the task workers (run_worker: db_worker with a
# heartbeat and a periodic stale-run sweep) and the web server; Ctrl-C or TERM
# stops them all, waits for them to finish what they are writing, and exits 0.
#   HOST, PORT          where uvicorn listens (default 127.0.0.1:8000)
#   VERBATIM_TASK_WORKERS  task worker processes (default 2)
#   WEB_CONCURRENCY     uvicorn worker processes (default 1)
set -u
PY=${PY:-.venv/bin/python}
pids=()

stop() {
  trap - INT TERM
  # A terminal's Ctrl-C already reached every child; TERM reaches them when we were sent TERM.
  kill -TERM "${pids[@]}" 2>/dev/null
  wait "${pids[@]}" 2>/dev/null
  echo "Verbatim stopped."
  exit 0
}
trap stop INT TERM

"$PY" manage.py recover_runs || exit 1
for _ in $(seq "${VERBATIM_TASK_WORKERS:-2}"); do
  "$PY" manage.py run_worker --queue-name '*' &
  pids+=($!)
done
"$PY" -m uvicorn research.asgi:application --host "${HOST:-127.0.0.1}" --port "${PORT:-8000}" \
  --workers "${WEB_CONCURRENCY:-1}" --no-access-log &
pids+=($!)
# If any process dies on its own, stop the others rather than serve half an app.
wait -n
stop
