"""Settings for Verbatim, read from the environment.

DATABASE_URL picks the engine: unset means the embedded SQLite file in var/;
postgres://user@host:port/name means PostgreSQL. Secrets come only from the
environment and are never logged.
"""

import os
from pathlib import Path
from urllib.parse import unquote, urlparse

from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name, default):
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


def env_float(name, default):
    value = os.environ.get(name)
    return float(value) if value not in (None, "") else default


def database_from_url(url):
    """DATABASES['default'] from a URL; refuses schemes we do not support."""
    if not url:
        path = Path(os.environ.get("VERBATIM_SQLITE_PATH", BASE_DIR / "var" / "verbatim.sqlite3"))
        path.parent.mkdir(parents=True, exist_ok=True)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": path,
            # WAL lets the web process read while the worker writes.
            "OPTIONS": {"init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                        "transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    parts = urlparse(url)
    if parts.scheme in {"postgres", "postgresql"}:
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")),
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            "CONN_MAX_AGE": 60,
            "CONN_HEALTH_CHECKS": True,
            "TEST": {"NAME": os.environ.get("VERBATIM_PG_TEST_DB") or None},
        }
    if parts.scheme == "sqlite":
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": unquote(parts.path),
                "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20}}
    raise ValueError(f"DATABASE_URL scheme {parts.scheme!r} is not supported (use postgres:// or sqlite://)")


DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or (
    "dev-only-insecure-key" if DEBUG or not env_bool("VERBATIM_PRODUCTION") else None
)
if SECRET_KEY is None:
    raise RuntimeError("DJANGO_SECRET_KEY must be set when VERBATIM_PRODUCTION is on")
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "ninja",  # its templates and static files: /api/docs served offline
    "django_tasks_db",
    "corpus",
    "research",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Our few static files (css, js, vendored htmx and Swagger UI), served by the app itself so it
    # works offline with no extra server; straight from the finders unless collected (below).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Before sessions, CSRF, users and views read the request's text (research/middleware.py).
    "research.middleware.InvalidTextMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The interface language: the user's choice (the language cookie set by /i18n/setlang/),
    # else the browser's Accept-Language, else LANGUAGE_CODE; the API is always in LANGUAGE_CODE.
    "research.interface_language.InterfaceLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "research.ratelimit.RateLimitMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "research.urls"
WSGI_APPLICATION = "research.wsgi.application"
ASGI_APPLICATION = "research.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": database_from_url(os.environ.get("DATABASE_URL", ""))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

# Rate-limit and login-failure counts live in the database cache table (made by migrate,
# research/migrations), so every web process shares them.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                      "LOCATION": "verbatim_cache", "OPTIONS": {"MAX_ENTRIES": 50_000}}}

# ModelBackend that refuses sign-in during a lockout (research/login_throttle.py).
AUTHENTICATION_BACKENDS = ["research.login_throttle.ThrottledModelBackend"]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en-ca"
# Interface languages. English and French are the Canadian statute book's official languages;
# Korean statute pages use the Korean interface unless the user chose a language (corpus/views.py).
LANGUAGES = [("en-ca", "English"), ("fr", "Français"), ("ko", "한국어")]
# One catalogue for the whole project (`make messages` refreshes and compiles it).
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "America/Toronto"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Served from the apps' and static/'s own folders (no collectstatic step) unless
# VERBATIM_COLLECTED_STATIC is on: then `manage.py collectstatic` fills VERBATIM_STATIC_ROOT
# (default var/static) and only that is served.
COLLECTED_STATIC = env_bool("VERBATIM_COLLECTED_STATIC")
STATIC_ROOT = Path(os.environ.get("VERBATIM_STATIC_ROOT", BASE_DIR / "var" / "static")) if COLLECTED_STATIC else None
WHITENOISE_USE_FINDERS = not COLLECTED_STATIC

# Nothing leaves the site: scripts, styles and fetches are same-origin only.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# HTTPS (docs/api.md, "Production"): on by default with VERBATIM_PRODUCTION, each overridable.
VERBATIM_PRODUCTION = env_bool("VERBATIM_PRODUCTION")
SESSION_COOKIE_SECURE = env_bool("VERBATIM_SECURE_COOKIES", VERBATIM_PRODUCTION)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_SSL_REDIRECT = env_bool("VERBATIM_SSL_REDIRECT", VERBATIM_PRODUCTION)
SECURE_HSTS_SECONDS = env_int("VERBATIM_HSTS_SECONDS", 31_536_000 if VERBATIM_PRODUCTION else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("VERBATIM_HSTS_INCLUDE_SUBDOMAINS", VERBATIM_PRODUCTION)
SECURE_HSTS_PRELOAD = env_bool("VERBATIM_HSTS_PRELOAD", VERBATIM_PRODUCTION)
# Behind a TLS-terminating proxy: the header it sets, "X-Forwarded-Proto" -> https.
_proto_header = os.environ.get("VERBATIM_PROXY_SSL_HEADER", "").strip()
if _proto_header:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _proto_header.upper().replace("-", "_"), "https")
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",")
                        if o.strip()]

# Request bodies: a question is short; refuse megabyte uploads early.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("VERBATIM_MAX_UPLOAD_BYTES", 2_621_440)

# Rate limits (research/ratelimit.py): requests per window per signed-in user or per anonymous
# address; 0 turns one off.
VERBATIM_RATE_WINDOW_SECONDS = env_int("VERBATIM_RATE_WINDOW_SECONDS", 60)
VERBATIM_RATE_LIMITS = {
    scope: {"anonymous": env_int(f"VERBATIM_RATE_{scope.upper()}_ANON", anonymous),
            "user": env_int(f"VERBATIM_RATE_{scope.upper()}_USER", user)}
    for scope, anonymous, user in (("claims", 10, 30), ("search", 60, 240), ("research", 5, 20))
}
# Login throttling (research/login_throttle.py): after this many failures for one username, or
# from one address, within the window, sign-in is refused until the window has passed.
VERBATIM_LOGIN_MAX_FAILURES = env_int("VERBATIM_LOGIN_MAX_FAILURES", 5)
VERBATIM_LOGIN_WINDOW_SECONDS = env_int("VERBATIM_LOGIN_WINDOW_SECONDS", 900)

# Corpus
VERBATIM_DEFAULT_CORPUS = [BASE_DIR / "corpus" / "data" / "ca"]
# Korean statutes (manage.py ingest_korean_laws): every revision of three laws, corpus/data/README.md.
VERBATIM_KOREAN_CORPUS = [BASE_DIR / "corpus" / "data" / "kr"]
# The whole federal statute book (manage.py load_statute_book, started by `make run` beside the
# server): every Act and regulation in both languages, as the workplace's shared corpus holds it
# (not copied into the project: 50 MB of archives). VERBATIM_STATUTE_BOOK names other archives
# (separated by ":"), or "0" for none.
_STATUTE_BOOK_DIR = BASE_DIR.parent / "shared" / "corpus" / "ca"
_statute_book = os.environ.get("VERBATIM_STATUTE_BOOK", "")
VERBATIM_STATUTE_BOOK = (
    [] if _statute_book == "0" else [Path(p) for p in _statute_book.split(":") if p] if _statute_book
    else [_STATUTE_BOOK_DIR / f"all-{kind}-{lang}.tar.xz" for kind in ("acts", "regulations") for lang in ("eng", "fra")])
# After an ingest, the task worker computes the new sections' vectors (corpus/tasks.py): one core,
# for hours over the whole book. Off: search stays lexical where no vector is shipped.
VERBATIM_EMBED_AFTER_INGEST = env_bool("VERBATIM_EMBED_AFTER_INGEST", True)

# Research runs (see docs/architecture.md)
# The Korean precedent index (verifier/precedents.py: a TSV of case_number, court, decision_date,
# title); empty: none is loaded, and precedent claims come back unknown.
VERBATIM_PRECEDENT_INDEX = os.environ.get("VERBATIM_PRECEDENT_INDEX", "")
VERBATIM_MODEL = os.environ.get("VERBATIM_MODEL", "claude-sonnet-5-5")
ANTHROPIC_BASE_URL = os.environ.get("ANTHROPIC_BASE_URL") or None
VERBATIM_MAX_TOOL_CALLS = env_int("VERBATIM_MAX_TOOL_CALLS", 8)
VERBATIM_WALL_CLOCK_SECONDS = env_float("VERBATIM_WALL_CLOCK_SECONDS", 90.0)
VERBATIM_MAX_OUTPUT_TOKENS = env_int("VERBATIM_MAX_OUTPUT_TOKENS", 16_000)
# Retries of one model call on 429/5xx/timeouts, within the wall clock: a retry-after longer
# than the time left ends the run as partial.
VERBATIM_ANTHROPIC_MAX_RETRIES = env_int("VERBATIM_ANTHROPIC_MAX_RETRIES", 2)
# Model calls per run, answer and repair turns and rejected submissions together.
VERBATIM_MAX_MODEL_CALLS = env_int("VERBATIM_MAX_MODEL_CALLS", 24)
VERBATIM_MAX_QUESTION_CHARS = env_int("VERBATIM_MAX_QUESTION_CHARS", 4_000)
# The extractive engine answers only at or above this retrieval confidence (unset: the chosen
# default in research/engines/extractive_confidence.py; 0 answers every question it can quote).
_min_confidence = os.environ.get("VERBATIM_EXTRACTIVE_MIN_CONFIDENCE", "").strip()
VERBATIM_EXTRACTIVE_MIN_CONFIDENCE = float(_min_confidence) if _min_confidence else None
VERBATIM_DAILY_USD_CAP = env_float("VERBATIM_DAILY_USD_CAP", 50.0)
VERBATIM_DAILY_RUNS_PER_USER = env_int("VERBATIM_DAILY_RUNS_PER_USER", 100)
# Four eyes: a reviewer may approve their own run only on a one-person install.
VERBATIM_ALLOW_SELF_APPROVAL = env_bool("VERBATIM_ALLOW_SELF_APPROVAL")
# A running run with no heartbeat for this long is recovered; workers beat every fifth of it
# and sweep every quarter of it (research/worker.py).
VERBATIM_RUN_STALE_SECONDS = env_float("VERBATIM_RUN_STALE_SECONDS", 300)
# A run's event stream ends after this long; the client reconnects with Last-Event-ID.
VERBATIM_SSE_MAX_SECONDS = env_float("VERBATIM_SSE_MAX_SECONDS", 600.0)
# Runs one user may have queued or running at once, any engine (0: no cap).
VERBATIM_MAX_ACTIVE_RUNS_PER_USER = env_int("VERBATIM_MAX_ACTIVE_RUNS_PER_USER", 5)
# The faithfulness judge (research/judge.py): with ANTHROPIC_API_KEY set, one model call per
# finished run scores each kept claim 0-1 against the sections it cites. Off: no call, "not
# scored". Its model defaults to the run's (VERBATIM_MODEL for model-free engines) and needs a
# price like any other; a claim under the review mark flags the run for review (a chosen figure,
# the suite's, not one fitted to our runs).
VERBATIM_JUDGE = env_bool("VERBATIM_JUDGE", True)
VERBATIM_JUDGE_MODEL = os.environ.get("VERBATIM_JUDGE_MODEL", "").strip()
VERBATIM_JUDGE_TIMEOUT_SECONDS = env_float("VERBATIM_JUDGE_TIMEOUT_SECONDS", 60.0)
VERBATIM_FAITHFULNESS_REVIEW_BELOW = env_float("VERBATIM_FAITHFULNESS_REVIEW_BELOW", 0.80)
# USD per million tokens. A model without a row here refuses to start.
VERBATIM_PRICES = {
    "claude-sonnet-5-5": {"input": 2.00, "output": 10.00, "cache_read": 0.20, "cache_write": 2.50},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("VERBATIM_LOG_LEVEL", "WARNING")},
    "loggers": {"verbatim": {"level": os.environ.get("VERBATIM_LOG_LEVEL", "INFO")}},
}
