from django.urls import path

from corpus import views

app_name = "corpus"
urlpatterns = [
    path("", views.home, name="home"),
]
