"""Trickbook URLs."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config import language
from config.api import api
from referee import file_views as referee_file_views
from referee import views as referee_views
from reports import views as report_views
from scoring import offline, rule_views
from scoring.views import accounts, deals, matches, players, sharing, table

urlpatterns = [
    path("", matches.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login_view, name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("language/", language.choose_language, name="choose_language"),
    path("matches/new/", matches.match_new, name="match_new"),
    path("matches/<int:match_id>/", matches.match_detail, name="match"),
    path("matches/<int:match_id>/deals/", deals.deal_add, name="deal_add"),
    path("matches/<int:match_id>/deals/preview/", deals.deal_preview, name="deal_preview"),
    path("matches/<int:match_id>/deals/first/", deals.deal_first, name="deal_first"),
    path("matches/<int:match_id>/deals/<int:number>/edit/", deals.deal_edit, name="deal_edit"),
    path("matches/<int:match_id>/restore/<int:change_id>/", deals.deal_restore, name="deal_restore"),
    path("matches/<int:match_id>/deals/undo/", deals.deal_undo, name="deal_undo"),
    path("matches/<int:match_id>/history/", matches.match_history, name="match_history"),
    path("matches/<int:match_id>/match-file/", matches.match_download, name="match_download"),
    path("matches/<int:match_id>/share/", sharing.share_regenerate, name="share_regenerate"),
    path("matches/<int:match_id>/share/stop/", sharing.share_stop, name="share_stop"),
    path("matches/<int:match_id>/delete/", matches.match_delete, name="match_delete"),
    path("matches/<int:match_id>/rename/", matches.match_rename, name="match_rename"),
    path("matches/<int:match_id>/rematch/", matches.match_rematch, name="match_rematch"),
    path("share/<str:token>/", sharing.shared_match, name="shared_match"),
    path("matches/<int:match_id>/table/", table.table_link, name="table_link"),
    path("matches/<int:match_id>/table/confirmation/", table.table_confirmation, name="table_confirmation"),
    path("matches/<int:match_id>/table/devices/<int:device_id>/remove/", table.table_remove, name="table_remove"),
    path("matches/<int:match_id>/table/pending/", table.table_pending, name="table_pending"),
    path("matches/<int:match_id>/deals/<int:number>/confirm/", table.table_confirm, name="table_confirm"),
    path("matches/<int:match_id>/deals/<int:number>/dispute/", table.table_dispute, name="table_dispute"),
    path("table/<str:token>/", table.table_join, name="table_join"),
    path("matches/<int:match_id>/report/", report_views.report, name="report"),
    path("matches/<int:match_id>/report.pdf", report_views.report_pdf, name="report_pdf"),
    path("matches/<int:match_id>/deals.csv", report_views.report_csv, name="report_csv"),
    path("matches/<int:match_id>/deals.pbn", report_views.report_pbn, name="report_pbn"),
    path("share/<str:token>/report/", report_views.shared_report, name="shared_report"),
    path("share/<str:token>/report.pdf", report_views.shared_report_pdf, name="shared_report_pdf"),
    path("share/<str:token>/deals.csv", report_views.shared_report_csv, name="shared_report_csv"),
    path("share/<str:token>/deals.pbn", report_views.shared_report_pbn, name="shared_report_pbn"),
    path("matches/import/", report_views.import_match, name="import_match"),
    path("players/", players.players, name="players"),
    path("players/stats/", players.player_stats_page, name="player_stats"),
    path("players/stats.csv", players.player_stats_csv, name="player_stats_csv"),
    path("referee/", referee_views.check_hand, name="check_hand"),
    path("referee/<int:hand_id>/", referee_views.hand_detail, name="hand"),
    path("referee/<int:hand_id>/action/", referee_views.hand_action, name="hand_action"),
    path("referee/<int:hand_id>/record.json", referee_views.hand_download, name="hand_download"),
    path("referee/<int:hand_id>/hand.pbn", referee_file_views.hand_pbn_download, name="hand_pbn"),
    path("referee/import/", referee_file_views.import_hand, name="import_hand"),
    path("referee/<int:hand_id>/use/", referee_views.hand_use, name="hand_use"),
    path("rules/", rule_views.rules_index, name="rules_index"),
    path("rules/rule/<str:rule_id>/", rule_views.rule_detail, name="rule"),
    path("rules/<str:game>/", rule_views.rules_game, name="rules_game"),
    path("club/", include("club.urls")),
    path("api/", api.urls),
    path("admin/login/", accounts.admin_login),  # the admin's log-in, behind the log-in throttles
    path("admin/", admin.site.urls),
]
