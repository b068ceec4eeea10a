"""A save carries the phone's idempotency key: sent again (a retry, a deal kept offline and sent when
the connection returns, a double tap), it answers the first save and stores nothing more."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from django.urls import reverse

from scoring.models import Change, Deal
from scoring.services import Conflict, save_deal
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER

KEY = "6f1c0a52-5b9e-4d7e-9a57-0b1f8d6c2e11"
OTHER_KEY = "0d3c8a1e-1111-4a4a-8b8b-3c3c3c3c3c3c"
B1_FIELDS = {"declarer": "0", "level": "2", "strain": "H", "doubled": "0", "tricks": "8"}


@pytest.mark.django_db
def test_the_same_key_twice_answers_the_first_deal(owner: Any, make_match: Any) -> None:
    match = make_match()
    first = save_deal(match=match, user=owner, number=1, entry=B1_ANNA_2H_EXACT, key=KEY)
    again = save_deal(match=match, user=owner, number=1, entry=B1_ANNA_2H_EXACT, key=KEY)
    assert (first.number, first.repeated, again.number, again.repeated) == (1, False, 1, True)
    assert again.result.totals == first.result.totals
    assert Deal.objects.filter(match=match).count() == 1
    assert Change.objects.filter(match=match).count() == 1


@pytest.mark.django_db
def test_a_repeat_after_later_deals_still_answers_its_own_number(owner: Any, make_match: Any) -> None:
    match = make_match()
    save_deal(match=match, user=owner, number=1, entry=B1_ANNA_2H_EXACT, key=KEY)
    save_deal(match=match, user=owner, number=2, entry=B2_BEN_1NT_3_OVER, key=OTHER_KEY)
    again = save_deal(match=match, user=owner, number=1, entry=B1_ANNA_2H_EXACT, key=KEY)
    assert (again.number, again.repeated, len(again.result.deals)) == (1, True, 2)
    assert Deal.objects.filter(match=match).count() == 2


@pytest.mark.django_db
def test_another_key_for_a_taken_number_is_a_conflict(owner: Any, make_match: Any) -> None:
    match = make_match()
    save_deal(match=match, user=owner, number=1, entry=B1_ANNA_2H_EXACT, key=KEY)
    with pytest.raises(Conflict, match="Deal 1 was already saved from another phone"):
        save_deal(match=match, user=owner, number=1, entry=B2_BEN_1NT_3_OVER, key=OTHER_KEY)


@pytest.mark.django_db
def test_the_same_key_posted_twice_shows_the_saved_deal(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    url = reverse("deal_add", args=[match.pk])
    data = {"number": "1", "key": KEY, **B1_FIELDS}
    first = owner_client.post(url, data, headers={"HX-Request": "true"})
    again = owner_client.post(url, data, headers={"HX-Request": "true"})
    assert (first.status_code, again.status_code) == (200, 200)
    assert "Deal 1 saved." in again.content.decode()
    assert Deal.objects.get(match=match).client_key == KEY
    assert Change.objects.filter(match=match).count() == 1


@pytest.mark.django_db(transaction=True)
def test_twenty_threads_sending_the_same_key_store_one_deal(owner: Any, make_match: Any) -> None:
    match = make_match()
    start = threading.Barrier(20)
    answers: list[Any] = []
    lock = threading.Lock()

    def send() -> None:
        try:
            start.wait()
            saved = save_deal(match=match, user=owner, number=1, entry=B1_ANNA_2H_EXACT, key=KEY)
            with lock:
                answers.append(saved.number)
        except Exception as error:  # any failure is reported by the assertion below
            with lock:
                answers.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [1] * 20
    assert Deal.objects.filter(match=match).count() == 1
    assert Change.objects.filter(match=match, action="added").count() == 1
