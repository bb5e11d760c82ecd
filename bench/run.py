"""`make bench`: measure ingest, search (and Korean and French search with and without the e5
stage), pages, the claim checker, the run pipeline, and the served app under concurrent clients
(bench/load.py, on SQLite and PostgreSQL).

Each phase runs in its own process against its own scratch database, prints one JSON
line, and the driver prints a table and writes bench/results.json. Figures are reported
against their targets (the baseline the issue sets) as ratios.
"""

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
# The statute book `make run` loads (research/settings.py VERBATIM_STATUTE_BOOK): every Act and
# regulation in English and French.
_SHARED = ROOT.parent / "shared" / "corpus" / "ca"
STATUTE_BOOK = [_SHARED / f"all-{kind}-{lang}.tar.xz" for kind in ("acts", "regulations") for lang in ("eng", "fra")]
SCRATCH = ROOT / "var" / "bench"
PG_URL = os.environ.get("PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
PG_BENCH_DB = "verbatim_bench"
PG_LOAD_DB = "verbatim_bench_load"


def main():
    SCRATCH.mkdir(parents=True, exist_ok=True)
    phases = sys.argv[1:] or ["ingest", "search", "languages", "page", "claims", "pipeline", "load", "generated",
                              "embed", "check"]
    results = {"started": time.strftime("%Y-%m-%dT%H:%M:%S"), "phases": {}}
    for db in ("sqlite", "postgres"):
        env = _env(db)
        if "ingest" in phases:
            results["phases"][f"ingest_{db}"] = _ingest(env, db)
        if "search" in phases:
            results["phases"][f"search_{db}"] = _phase("search", env)
        if "page" in phases and db == "sqlite":
            results["phases"]["page_sqlite"] = _phase("page", env)
    default_env = _env("sqlite", default_corpus=True)
    if {"claims", "pipeline", "search", "languages", "load"} & set(phases):
        _run(["manage.py", "migrate", "--noinput", "-v0"], default_env)
        _run(["manage.py", "load_default_data", "--no-evals"], default_env)
    for name in ("claims", "pipeline", "languages"):
        if name in phases:
            results["phases"][name] = _phase(name, default_env)
    default_pg_env = _load_pg_env() if {"search", "load"} & set(phases) else None
    if "search" in phases:
        # The default corpus carries section vectors, so this is the blended (semantic) search:
        # numpy matrices on SQLite, pgvector on PostgreSQL.
        results["phases"]["search_default_corpus_sqlite"] = _phase("search", default_env)
        results["phases"]["search_default_corpus_postgres"] = _phase("search", default_pg_env)
        results["phases"]["vector_index_postgres"] = _phase("vector_index", default_pg_env)
    if "load" in phases:
        results["phases"]["load_sqlite"] = _load(default_env)
        results["phases"]["load_postgres"] = _load(default_pg_env)
    if "generated" in phases and Path(_env("sqlite")["VERBATIM_SQLITE_PATH"]).exists():
        # 300 generated questions over the whole book (bench/generated_questions.py); its JSON is the last line.
        proc = _run(["bench/generated_questions.py", "--quiet"], _env("sqlite"), check=False)
        last = (proc.stdout.strip().splitlines() or [""])[-1]
        results["phases"]["generated"] = json.loads(last) if last.startswith("{") else {"error": proc.stderr[-800:]}
    if "embed" in phases and Path(_env("sqlite")["VERBATIM_SQLITE_PATH"]).exists():
        results["phases"]["embed_whole_book"] = _phase("embed", _env("sqlite"))
    if "check" in phases and Path(_env("sqlite")["VERBATIM_SQLITE_PATH"]).exists():
        results["phases"]["corpus_check"] = _corpus_check(_env("sqlite"))
    _print_table(results)
    out = ROOT / "bench" / "results.json"
    out.write_text(json.dumps(results, indent=2, default=str))
    print(f"\nwrote {out.relative_to(ROOT)}")


def _env(db, default_corpus=False):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    if default_corpus:
        env["VERBATIM_SQLITE_PATH"] = str(SCRATCH / "default.sqlite3")
    elif db == "sqlite":
        env["VERBATIM_SQLITE_PATH"] = str(SCRATCH / "statute-book.sqlite3")
    else:
        env["DATABASE_URL"] = PG_URL.rsplit("/", 1)[0] + "/" + PG_BENCH_DB
    return env


def _run(args, env, check=True):
    return subprocess.run([PY, *args], cwd=ROOT, env=env, check=check, capture_output=True, text=True)


def _ingest(env, db):
    """The load `make run` does (load_statute_book: every Act and regulation, both languages)
    from scratch, then the unchanged second start, with the loader's peak memory."""
    if db == "sqlite":
        for suffix in ("", "-wal", "-shm"):
            Path(env["VERBATIM_SQLITE_PATH"] + suffix).unlink(missing_ok=True)
    else:
        _recreate_pg_database()
    _run(["manage.py", "migrate", "--noinput", "-v0"], env)
    book = [str(p) for p in STATUTE_BOOK]
    started = time.monotonic()
    first = _timed_run(["manage.py", "load_statute_book", *book, "--progress-every", "100000"], env)
    full = time.monotonic() - started
    started = time.monotonic()
    again = _timed_run(["manage.py", "load_statute_book", *book, "--progress-every", "100000"], env)
    reingest = time.monotonic() - started
    counts = json.loads(_run(["bench/phases.py", "counts"], env).stdout.strip().splitlines()[-1])
    return {
        "full_ingest_s": round(full, 1), "full_ingest_peak_mb": first["peak_mb"],
        "reingest_s": round(reingest, 2), "reingest_share_of_full": round(reingest / full, 4),
        "target_reingest_share_of_full": 0.10, "reingest_output": again["stdout"].strip()[-200:], **counts,
    }


def _corpus_check(env):
    """manage.py check_corpus over the whole statute book (both languages; about 35 minutes here):
    every provision id parses, is fetched as at its version and quotes itself."""
    proc = _run(["manage.py", "check_corpus", "--max-failures", "50"], env, check=False)
    summary = re.search(r"(\d+) versions, (\d+) provisions checked, (\d+) failed \(([\d.]+) s\)", proc.stdout)
    if not summary:
        return {"error": (proc.stderr or proc.stdout).strip()[-800:]}
    versions, provisions, failed, seconds = summary.groups()
    return {"versions": int(versions), "provisions": int(provisions), "failed": int(failed),
            "seconds": float(seconds), "failures": [line for line in proc.stdout.splitlines() if line.startswith("FAIL")]}


def _timed_run(args, env):
    """Run `args`: its stdout and its peak resident memory in MB (read by GNU time; None
    where /usr/bin/time is not installed)."""
    timer = ["/usr/bin/time", "-v"] if Path("/usr/bin/time").exists() else []
    proc = subprocess.run([*timer, PY, *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    peaks = [int(line.rsplit(":", 1)[1]) for line in proc.stderr.splitlines() if "Maximum resident set size" in line]
    return {"stdout": proc.stdout, "peak_mb": round(peaks[0] / 1024, 1) if peaks else None}


def _phase(name, env):
    proc = _run(["bench/phases.py", name], env, check=False)
    if proc.returncode != 0:
        return {"error": (proc.stderr or proc.stdout).strip()[-800:]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _load(env):
    """bench/load.py against `env`'s database (the default corpus): a few seconds per target."""
    proc = _run(["bench/load.py"], env, check=False)
    if proc.returncode != 0:
        return {"error": (proc.stderr or proc.stdout).strip()[-800:]}
    figures = json.loads(proc.stdout.strip().splitlines()[-1])
    # One row per target in the table: requests/s, p50 and p95.
    flat = {k: v for k, v in figures.items() if not isinstance(v, dict)}
    for target in ("search_api", "section_page", "run_submission"):
        for key in ("rps", "p50_ms", "p95_ms", "errors"):
            flat[f"{target}_{key}"] = figures[target][key]
    return flat


def _load_pg_env():
    """A PostgreSQL database holding the default corpus, made afresh for the load phase."""
    _recreate_pg_database(PG_LOAD_DB)
    env = dict(_env("postgres"), DATABASE_URL=PG_URL.rsplit("/", 1)[0] + "/" + PG_LOAD_DB)
    _run(["manage.py", "migrate", "--noinput", "-v0"], env)
    _run(["manage.py", "load_default_data", "--no-evals"], env)
    return env


def _recreate_pg_database(name=PG_BENCH_DB):
    import psycopg

    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")


def _print_table(results):
    print(f"\n{'phase':<18} {'measure':<32} {'value':>14} {'target':>10} {'ratio':>8}")
    print("-" * 86)
    for phase, figures in results["phases"].items():
        for key, value in figures.items():
            if key.startswith("target_") or isinstance(value, (dict, list)):
                continue
            target = figures.get(f"target_{key}")
            ratio = f"{value / target:.2f}" if isinstance(value, (int, float)) and target else ""
            print(f"{phase:<18} {key:<32} {str(value)[:14]:>14} {str(target or ''):>10} {ratio:>8}")


if __name__ == "__main__":
    main()
