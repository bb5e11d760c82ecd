from django.urls import path

from corpus import views

app_name = "corpus"
urlpatterns = [
    path("", views.home, name="home"),
    path("acts/", views.act_list, name="act_list"),
    path("regulations/", views.regulation_list, name="regulation_list"),
    path("acts/<str:code>/", views.act_detail, name="act"),
    # Units hold "/" (definitions "s2(1)/record", schedule clauses "sch1/4.7.1"): a path converter.
    path("acts/<str:code>/<path:unit>/", views.section, name="section"),
    path("search/", views.search, name="search"),
]
