"""Research pages: ask, runs, review, demo, API tokens, the claim checker (mounted at the site root by research/urls.py)."""

from django.urls import path

from research import check_views, history_views, token_pages, views

app_name = "research"
urlpatterns = [
    path("ask/", views.ask, name="ask"),
    path("check/", check_views.check, name="check"),
    path("runs/", history_views.my_runs, name="my_runs"),
    path("runs/<int:pk>/", views.run_page, name="run"),
    path("runs/<int:pk>/share/", history_views.share_run, name="share_run"),
    path("runs/<int:pk>/trace/", views.run_trace, name="run_trace"),
    path("runs/<int:pk>/export.md", views.run_export, name="run_export"),
    path("runs/<int:pk>/export.docx", views.run_export_docx, name="run_export_docx"),
    path("runs/<int:pk>/review/", views.review_run, name="review_run"),
    path("review/", views.review_queue, name="review_queue"),
    path("demo/", views.demo_list, name="demo"),
    path("demo/evals/", views.demo_evals, name="demo_evals"),
    path("demo/<int:pk>/", views.demo_replay, name="demo_replay"),
    path("demo/<int:pk>/events.json", views.demo_events, name="demo_events"),
    path("account/tokens/", token_pages.tokens, name="tokens"),
    path("account/tokens/<int:pk>/revoke/", token_pages.revoke_token, name="revoke_token"),
]
