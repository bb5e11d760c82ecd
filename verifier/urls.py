from django.urls import path

from verifier import views

app_name = "verifier"
urlpatterns = [
    path("check/", views.check, name="check"),
]
