from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.contrib.staticfiles.views import serve as serve_static
from django.urls import include, path, re_path

from research.api import api
from research.login_throttle import LoginView

handler404 = "research.api.not_found"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("corpus.urls")),
    path("", include("verifier.urls")),
    path("", include("research.urls_pages")),
    # uvicorn serves no files: Django serves our few static files itself (css, js, vendored htmx),
    # found by the staticfiles finders, so the app works offline with no extra server.
    re_path(r"^static/(?P<path>.*)$", serve_static, {"insecure": True}),
]
