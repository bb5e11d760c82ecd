"""Production settings from the environment: `manage.py check --deploy` is clean with
VERBATIM_PRODUCTION on, and each HTTPS setting reads its variable."""

import os
import subprocess
import sys

from django.conf import settings

PRODUCTION_ENV = {
    "VERBATIM_PRODUCTION": "1",
    "DJANGO_SECRET_KEY": "a-long-random-secret-for-the-deploy-check-0123456789-abcdefghijkl",
    "DJANGO_ALLOWED_HOSTS": "verbatim.example.org",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://verbatim.example.org",
    "VERBATIM_PROXY_SSL_HEADER": "X-Forwarded-Proto",
}


def manage(*args, **env):
    full = {k: v for k, v in os.environ.items() if not k.startswith(("VERBATIM_", "DJANGO_"))}
    full.update(DATABASE_URL=os.environ.get("DATABASE_URL", ""), **env)
    if not full["DATABASE_URL"]:
        del full["DATABASE_URL"]
    return subprocess.run([sys.executable, "manage.py", *args], cwd=settings.BASE_DIR, env=full,
                          capture_output=True, text=True, timeout=300)


def test_check_deploy_is_clean_in_production():
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_check_deploy_warns_without_production():
    done = manage("check", "--deploy", "--fail-level", "WARNING",
                  DJANGO_SECRET_KEY=PRODUCTION_ENV["DJANGO_SECRET_KEY"])
    assert done.returncode != 0
    for code in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert code in done.stderr + done.stdout


def test_the_settings_follow_the_environment():
    script = ("from django.conf import settings as s; print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
              "s.SECURE_HSTS_SECONDS, s.SECURE_SSL_REDIRECT, s.SECURE_PROXY_SSL_HEADER, s.CSRF_TRUSTED_ORIGINS)")
    done = manage("shell", "-c", script, **PRODUCTION_ENV, VERBATIM_HSTS_SECONDS="600")
    assert done.stdout.strip().splitlines()[-1] == ("True True 600 True ('HTTP_X_FORWARDED_PROTO', 'https') "
                                   "['https://verbatim.example.org']")
