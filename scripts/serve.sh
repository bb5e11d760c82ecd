#!/usr/bin/env bash
# Serve Verbatim: recover stale runs, start the task workers (run_worker: db_worker with a
# heartbeat and a periodic stale-run sweep) and the web server; Ctrl-C or TERM
# stops them all, waits for them to finish what they are writing, and exits 0.
#   HOST, PORT          where uvicorn listens (default 127.0.0.1:8000)
#   VERBATIM_TASK_WORKERS  task worker processes (default 2)
#   VERBATIM_WEB_WORKERS   uvicorn worker processes (default 2)
#   VERBATIM_STATUTE_BOOK  the archives load_statute_book loads beside the server ("0": none)
set -u
PY=${PY:-.venv/bin/python}
pids=()

stop() {
  trap - INT TERM
  # A terminal's Ctrl-C already reached every child; TERM reaches them when we were sent TERM.
  kill -TERM "${pids[@]}" ${loader:-} 2>/dev/null
  wait "${pids[@]}" ${loader:-} 2>/dev/null
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
  --workers "${VERBATIM_WEB_WORKERS:-2}" --no-access-log &
pids+=($!)
# The whole statute book loads beside the server, batch by batch: what is in is searchable at
# once, and a second start finds everything held and writes nothing. Its end stops nothing.
"$PY" manage.py load_statute_book &
loader=$!
# If the server or a worker dies on its own, stop the others rather than serve half an app.
wait -n "${pids[@]}"
stop
