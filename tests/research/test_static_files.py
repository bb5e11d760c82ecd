"""Static files are served by the app itself (WhiteNoise), offline, from the project's folders."""

from django.test import Client


def test_the_apps_own_css_and_vendored_scripts_are_served():
    client = Client()
    css = client.get("/static/css/verbatim.css")
    assert css.status_code == 200
    assert css["Content-Type"].startswith("text/css")
    assert b"".join(css.streaming_content if css.streaming else [css.content])
    htmx = client.get("/static/vendor/htmx.min.js")
    assert htmx.status_code == 200
    assert "javascript" in htmx["Content-Type"]
    # An app's static files too: Swagger UI for /api/docs comes from django-ninja's own folder.
    assert client.get("/static/ninja/swagger-ui-bundle.js").status_code == 200


def test_a_missing_static_file_is_a_404():
    assert Client().get("/static/css/missing.css").status_code == 404


def test_collected_static_files_are_served_from_the_static_root(tmp_path):
    import os
    import subprocess
    import sys

    from django.conf import settings

    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update({"VERBATIM_COLLECTED_STATIC": "1", "DJANGO_SETTINGS_MODULE": "research.settings",
                "VERBATIM_SQLITE_PATH": str(tmp_path / "db.sqlite3"),
                "VERBATIM_STATIC_ROOT": str(tmp_path / "static")})
    code = ("from django.core.management import call_command; call_command('collectstatic', '--noinput', "
            "verbosity=0); from django.test import Client; import django.conf as c; "
            "print(c.settings.STATIC_ROOT, Client().get('/static/css/verbatim.css').status_code)")
    done = subprocess.run([sys.executable, "-c", f"import django; django.setup(); {code}"], cwd=settings.BASE_DIR,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [str(tmp_path / "static"), "200"]
    assert (tmp_path / "static" / "css" / "verbatim.css").is_file()
