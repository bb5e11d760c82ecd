"""Run by test_run_caps on SQLite: 20 threads of one user start runs at once against the file
database in VERBATIM_SQLITE_PATH (the production configuration: WAL, IMMEDIATE transactions).
Prints the status codes as JSON, then the number of runs stored."""

import json
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from research.models import Run  # noqa: E402
from research.tokens import create_token  # noqa: E402

CONCURRENT = 20


def main():
    user = User.objects.create_user("racer")
    _, token = create_token(user)
    barrier = threading.Barrier(CONCURRENT)

    def one(n):
        barrier.wait()
        try:
            return Client().post("/api/v1/research", data=json.dumps({"question": f"What is a federal work? ({n})"}),
                                 content_type="application/json",
                                 headers={"Authorization": f"Bearer {token}"}).status_code
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=CONCURRENT) as pool:
        codes = list(pool.map(one, range(CONCURRENT)))
    print(json.dumps({"codes": sorted(codes), "runs": Run.objects.filter(created_by=user).count()}))


if __name__ == "__main__":
    main()
