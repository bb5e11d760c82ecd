from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from research.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("login/", auth_views.LoginView.as_view(template_name="registration/login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("corpus.urls")),
]
