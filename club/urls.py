"""The club night's URLs, included under /club/ by config/urls.py."""

from django.urls import path

from club import views

urlpatterns = [
    path("", views.events, name="club_events"),
    path("new/", views.event_new, name="club_event_new"),
    path("<int:event_id>/", views.event_detail, name="club_event"),
    path("<int:event_id>/rounds/draw/", views.round_draw, name="club_round_draw"),
    path("<int:event_id>/rounds/<int:number>/move/", views.round_move, name="club_round_move"),
    path("<int:event_id>/rounds/<int:number>/start/", views.round_start, name="club_round_start"),
    path("<int:event_id>/rounds/<int:number>/cards/", views.round_cards, name="club_round_cards"),
    path("<int:event_id>/standings/", views.standings_visibility, name="club_standings"),
    path("<int:event_id>/results/", views.results_page, name="club_results"),
    path("<int:event_id>/results.pdf", views.results_pdf, name="club_results_pdf"),
    path("<int:event_id>/results.csv", views.results_csv, name="club_results_csv"),
    path("leagues/", views.leagues, name="club_leagues"),
    path("leagues/<int:league_id>/", views.league_detail, name="club_league"),
    path("e/<str:token>/", views.public, name="club_public"),
    path("e/<str:token>/projector/", views.projector, name="club_projector"),
    path("e/<str:token>/results/", views.public_results, name="club_public_results"),
    path("e/<str:token>/results.pdf", views.public_results_pdf, name="club_public_results_pdf"),
    path("e/<str:token>/results.csv", views.public_results_csv, name="club_public_results_csv"),
    # Duplicate pairs sessions (docs/rules/duplicate.md)
    path("pairs/new/", views.pairs_new, name="club_pairs_new"),
    path("pairs/<int:session_id>/", views.pairs_detail, name="club_pairs"),
    path("pairs/<int:session_id>/rounds/<int:number>/tables/<int:table>/", views.pairs_table, name="club_pairs_table"),
    path("pairs/<int:session_id>/boards/<int:board>/", views.pairs_board, name="club_pairs_board"),
    path("pairs/<int:session_id>/results.csv", views.pairs_csv, name="club_pairs_csv"),
    path("pairs/t/<str:token>/<int:table>/<str:key>/", views.pairs_phone, name="club_pairs_phone"),
    path(
        "pairs/t/<str:token>/<int:table>/<str:key>/rounds/<int:number>/",
        views.pairs_phone_round,
        name="club_pairs_phone_round",
    ),
]
