"""The REST API (django-ninja) under /api/v1; OpenAPI docs at /api/docs.

Each app owns a Router in <app>/api.py; they are mounted here.
"""

from ninja import NinjaAPI, Swagger

# Swagger UI from the files django-ninja ships ("ninja" in INSTALLED_APPS makes it use them, not a
# CDN), so /api/docs renders offline under our CSP; no online spec validator is asked.
api = NinjaAPI(title="Verbatim API", version="1", urls_namespace="api", docs_url="/docs",
               docs=Swagger(settings={"validatorUrl": None}))


def _mount():
    from corpus.api import router as corpus_router
    from research.api_runs import register_error_handlers
    from research.api_runs import router as research_router

    api.add_router("/v1/", corpus_router)
    api.add_router("/v1/", research_router)
    api.add_router("/v1/", "verifier.api.router")
    register_error_handlers(api)


_mount()
