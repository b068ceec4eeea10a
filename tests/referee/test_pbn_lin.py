"""PBN and LIN files (referee/formats): each board read into a Contract Bridge hand record, its errors located
by line and tag, the caps, the notes that set the file's result beside the replay, and the PBN written back.

The expected values are the files' own tags (fixtures/contract_bridge/club-night.pbn and bbo.lin), or worked by
hand from them where said.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.replay import replay_document, verdict_json
from referee.formats import MAX_BOARDS, MAX_FILE_BYTES, FormatError, source_notes
from referee.formats.boards import choose_board, read_hand_file, read_hand_upload
from referee.formats.export import hand_pbn

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "contract_bridge"
PBN = (FIXTURES / "club-night.pbn").read_text(encoding="utf-8")
LIN = (FIXTURES / "bbo.lin").read_text(encoding="utf-8")


def board(text: str, number: int, name: str = "club-night.pbn") -> dict[str, Any]:
    chosen = choose_board(read_hand_file(text, name), number)
    assert chosen.error is None, chosen.error
    assert chosen.record is not None
    return chosen.record


def first_line(text: str, start: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), start=1) if line.startswith(start))


# --- What a board's record holds ---------------------------------------------------------------------------


def test_the_pbn_boards_are_listed_with_their_number_dealer_and_contract() -> None:
    boards = read_hand_file(PBN, "club-night.pbn")
    # [Board], [Dealer] (N 0, E 1, S 2, W 3), [Contract], [Declarer] of each board.
    assert [(b.number, b.dealer, b.contract, b.declarer) for b in boards] == [
        (1, 0, "4S", 2),
        (2, 1, "3NT", 2),
        (3, 2, "Pass", None),
        (4, 3, "2S", 1),
    ]
    # Each board starts at its first tag, [Event].
    assert [b.line for b in boards] == [
        n for n, line in enumerate(PBN.splitlines(), start=1) if line.startswith("[Event")
    ]
    assert all(b.error is None for b in boards)


def test_br_1_1_players_come_from_the_seat_tags_in_seat_order_north_first() -> None:
    record = board(PBN, 1)
    assert record["game"] == "contract_bridge"
    assert record["players"] == ["Anna", "Ben", "Cleo", "Dev"]  # [North], [East], [South], [West]
    assert record["dealer"] == 0  # [Dealer "N"]


def test_br_3_2_the_deal_tag_gives_each_seat_its_thirteen_cards() -> None:
    record = board(PBN, 2)  # [Deal "E:KQ9.T963.97.T965 752.KJ72.K5.AQJ4 AT6.Q4.T632.K873 J843.A85.AQJ84.2"]
    east = ["KS", "QS", "9S", "TH", "9H", "6H", "3H", "9D", "7D", "TC", "9C", "6C", "5C"]
    north = ["JS", "8S", "4S", "3S", "AH", "8H", "5H", "AD", "QD", "JD", "8D", "4D", "2C"]
    assert sorted(record["hands"][1]) == sorted(east)
    assert sorted(record["hands"][0]) == sorted(north)
    assert all(len(hand) == 13 for hand in record["hands"])


def test_br_4_1_the_auction_is_called_in_turn_from_the_dealer() -> None:
    record = board(PBN, 1)  # [Auction "N"] 1H Pass 1S Pass / 2S =1= Pass 4S Pass / Pass Pass
    calls = [(event["seat"], event["call"]) for event in record["events"] if event["type"] == "call"]
    assert calls == [
        (0, "1H"),
        (1, "pass"),
        (2, "1S"),
        (3, "pass"),
        (0, "2S"),
        (1, "pass"),
        (2, "4S"),
        (3, "pass"),
        (0, "pass"),
        (1, "pass"),
    ]


def test_br_5_4_the_play_rows_are_turned_into_play_order_by_each_tricks_winner() -> None:
    record = board(PBN, 1)  # [Play "W"]: rows in the columns W N E S
    plays = [(event["seat"], event["card"]) for event in record["events"] if event["type"] == "play"]
    assert len(plays) == 52
    assert plays[:4] == [(3, "AH"), (0, "8H"), (1, "3H"), (2, "9H")]  # HA H8 H3 H9: West leads
    # Trick 3 (SJ S3 S2 SK) is won by South's K♠, who leads trick 4: the row D3 D2 D7 DA starts with South's A♦.
    assert plays[12:16] == [(2, "AD"), (3, "3D"), (0, "2D"), (1, "7D")]


def test_source_keeps_what_the_record_has_no_field_for() -> None:
    record = board(PBN, 2)
    assert record["source"] == {
        "format": "pbn",
        "board": 2,
        "event": "Tuesday pairs",
        "site": "Riverside Bridge Club",
        "date": "2026.11.24",
        "scoring": "MP",
        "vulnerable": "NS",
        "contract": "3NT",
        "declarer": 2,
        "result": 5,
    }


def test_a_lin_board_takes_its_dealer_names_and_vulnerability_from_md_pn_and_sv() -> None:
    [imported] = read_hand_file(LIN, "bbo.lin")
    assert imported.number == 5  # ah|Board 5
    record = imported.record
    assert record is not None
    assert record["dealer"] == 0  # md|3...: North deals
    assert record["players"] == ["nora_b", "ed_h", "sam_k", "wes77"]  # pn| lists South, West, North, East
    assert record["source"]["vulnerable"] == "None"  # sv|o
    assert sorted(record["hands"][2]) == sorted(
        ["AS", "KS", "7S", "JD", "9D", "6D", "4D", "3D", "AC", "JC", "7C", "6C", "4C"]
    )
    plays = [event for event in record["events"] if event["type"] == "play"]
    assert len(plays) == 52
    assert plays[0] == {"type": "play", "seat": 0, "card": "AD"}  # 4♥ by West: North, on West's left, leads


# --- Refereed ---------------------------------------------------------------------------------------------


def test_br_5_5_a_pbn_board_replays_to_the_result_its_tag_states() -> None:
    _record, verdict = replay_document(board(PBN, 1))
    assert verdict.legal and verdict.complete
    assert verdict.deal_entry is not None
    # [Contract "4S"] [Declarer "S"] [Result "9"]
    assert (verdict.deal_entry["declarer"], verdict.deal_entry["level"], verdict.deal_entry["strain"]) == (2, 4, "S")
    assert verdict.deal_entry["tricks"] == 9


def test_br_5_3_a_revoke_in_a_pbn_board_is_flagged_at_its_event() -> None:
    _record, verdict = replay_document(board(PBN, 2))
    # Trick 3, the row "H4 HA C6 HK" (W N E S): South leads K♥ and East, holding T963 of hearts, plays 6♣.
    # Events: 7 calls, then tricks 1 and 2 (8 cards), then S, W, N, E: East's 6♣ is event 19.
    [violation] = verdict.violations
    assert (violation.event, violation.trick, violation.seat, violation.rule) == (19, 3, 1, "BR-5.3")
    assert violation.card is not None and violation.card.code == "6C"
    assert verdict.deal_entry is not None and verdict.deal_entry["tricks"] == 5  # [Result "5"]


def test_br_4_6_a_board_passed_out_is_complete_with_no_play() -> None:
    _record, verdict = replay_document(board(PBN, 3))
    assert verdict.complete and verdict.deal_entry == {"passed_out": True}


def test_a_claimed_board_stops_where_the_play_section_does() -> None:
    record = board(PBN, 4)  # five rows, then *
    assert len([event for event in record["events"] if event["type"] == "play"]) == 20
    assert record["source"]["claimed"] is True
    _record, verdict = replay_document(record)
    assert not verdict.complete
    assert source_notes(record, verdict) == [
        "The file says 2♠ by Ben, 6 tricks, after a claim; the record stops there, so the replay gives no result."
    ]


def test_the_notes_set_the_files_result_beside_the_replays() -> None:
    record = board(PBN, 2)
    _record, verdict = replay_document(record)
    assert source_notes(record, verdict) == [
        "The file says 3NT by Cleo, 5 tricks; the replay agrees.",
        "The file says N-S vulnerable; the score above is the deal's on its own, neither side vulnerable.",
    ]


def test_the_notes_say_when_the_file_and_the_replay_disagree() -> None:
    record = board(PBN.replace('[Result "9"]', '[Result "10"]'), 1)
    _record, verdict = replay_document(record)
    assert source_notes(record, verdict)[0] == (
        "The file says 4♠ by Cleo, 10 tricks; the replay gives 4♠ by Cleo, 9 tricks."
    )


def test_br_5_4_the_lin_board_replays_to_four_hearts_down_two() -> None:
    [imported] = read_hand_file(LIN, "bbo.lin")
    _record, verdict = replay_document(imported.record)
    # Worked by hand from the pc| cards: N, N, S, S, S win tricks 1-5; West ruffs trick 6 with H2 and E-W win the rest.
    assert verdict.legal and verdict.complete
    assert verdict.deal_entry is not None
    assert (verdict.deal_entry["declarer"], verdict.deal_entry["level"], verdict.deal_entry["strain"]) == (3, 4, "H")
    assert verdict.deal_entry["tricks"] == 8


# --- Round trip -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "name", "number"), [(PBN, "a.pbn", n) for n in (1, 2, 3, 4)] + [(LIN, "a.lin", 5)])
def test_an_imported_board_exported_and_read_back_gives_the_same_verdict(text: str, name: str, number: int) -> None:
    record = board(text, number, name)
    _record, verdict = replay_document(record)
    written = hand_pbn(record, verdict)
    again = board(written, number, "again.pbn")
    _again, verdict_again = replay_document(again)
    assert verdict_json(verdict_again) == verdict_json(verdict)
    assert again["events"] == record["events"]
    assert again["players"] == record["players"] and again["hands"] == record["hands"]
    if name.endswith(".pbn"):  # a LIN board states no result; its PBN does
        assert source_notes(again, verdict_again) == source_notes(record, verdict)


def test_br_5_3_the_written_pbn_notes_the_revoke_on_its_card() -> None:
    record = board(PBN, 2)
    _record, verdict = replay_document(record)
    written = hand_pbn(record, verdict)
    assert "H4 HA C6 =1= HK" in written.splitlines()
    assert (
        '[Note "1:BR-5.3: Ben played 6♣ to K♥ while holding 10♥: a hand holding hearts must follow suit"]'
        in written.splitlines()
    )
    for tag in (
        '[Board "2"]',
        '[Dealer "E"]',
        '[Vulnerable "NS"]',
        '[Contract "3NT"]',
        '[Declarer "S"]',
        '[Result "5"]',
    ):
        assert tag in written.splitlines()


def test_a_hand_record_without_a_source_is_written_with_the_export_tags() -> None:
    import json

    record = json.loads((FIXTURES / "hand.json").read_text())
    _record, verdict = replay_document(record)
    lines = hand_pbn(record, verdict).splitlines()
    # docs/referee/contract_bridge.md: 2♣X by Anna (North), 8 tricks; Anna deals.
    for tag in ('[Dealer "N"]', '[Contract "2CX"]', '[Declarer "N"]', '[Result "8"]', '[North "Anna"]', '[West "Dev"]'):
        assert tag in lines
    assert lines[lines.index('[Auction "N"]') + 1] == "Pass 1H X XX"
    # Ben (E) leads A♥, Cleo 6♥, Dev 3♥, Anna 2♥: columns E S W N, each card suit first.
    assert lines[lines.index('[Play "E"]') + 1] == "HA H6 H3 H2"


# --- Located errors ---------------------------------------------------------------------------------------


def _error(text: str, name: str = "x.pbn") -> FormatError:
    with pytest.raises(FormatError) as caught:
        boards = read_hand_file(text, name)
        for imported in boards:
            if imported.error:
                raise imported.error
    return caught.value


BAD_PBN = [
    (
        "a tag with no closing bracket",
        '[Deal "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"]',
        '[Deal "N:A643',
        None,
    ),
    ("a deal that is no deal", '[Deal "N:A643.KJT8', '[Deal "X:A643.KJT8', "[Deal]"),
    ("a contract that is no contract", '[Contract "4S"]', '[Contract "8S"]', "[Contract]"),
    ("a result past 13", '[Result "9"]', '[Result "19"]', "[Result]"),
    ("a dealer that is no seat", '[Dealer "N"]', '[Dealer "Q"]', "[Dealer]"),
    ("a vulnerability PBN does not know", '[Vulnerable "None"]', '[Vulnerable "Half"]', "[Vulnerable]"),
    ("a note without its number", '[Note "1:four-card support"]', '[Note "four-card support"]', "[Note]"),
]


@pytest.mark.parametrize(("what", "good", "bad", "tag"), BAD_PBN, ids=[case[0] for case in BAD_PBN])
def test_a_malformed_tag_is_told_by_its_line_and_name(what: str, good: str, bad: str, tag: str | None) -> None:
    assert good in PBN
    text = PBN.replace(good, bad, 1)
    error = _error(text)
    assert error.line == first_line(text, bad[:12]), what
    if tag:
        assert error.tag == tag
        assert error.path == f"line {error.line}, {tag}"


def test_a_card_that_is_no_card_is_told_at_its_row_of_the_play() -> None:
    text = PBN.replace("CQ C3 C2 C5", "CQ C3 C2 Z5", 1)
    error = _error(text)
    assert (error.line, error.tag) == (first_line(text, "CQ C3 C2 Z5"), "[Play]")
    assert "'Z5' is not a card" in error.message


def test_a_call_that_is_no_call_is_told_at_its_row_of_the_auction() -> None:
    text = PBN.replace("2S =1= Pass 4S Pass", "2S =1= Pass 4Q Pass", 1)
    error = _error(text)
    assert (error.line, error.tag) == (first_line(text, "2S =1= Pass 4Q"), "[Auction]")


def test_br_3_2_a_hand_of_twelve_cards_is_told_at_the_deal_tag() -> None:
    text = PBN.replace("N:A643.KJT8.92.AK3 ", "N:A64.KJT8.92.AK3 ", 1)
    error = _error(text)
    assert (error.line, error.tag) == (first_line(text, '[Deal "N:A64.'), "[Deal]")
    assert "13 cards" in error.message


def test_br_1_2_a_card_the_play_row_repeats_is_read_and_refereed_not_refused() -> None:
    # A card played twice is the referee's to flag (BR-5.6), not a reading error.
    text = PBN.replace("CQ C3 C2 C5", "CQ C3 C2 HA", 1)
    _record, verdict = replay_document(board(text, 1))
    assert any(violation.rule == "BR-5.6" for violation in verdict.violations)


def test_a_player_name_with_a_control_character_is_told_at_its_seat_tag() -> None:
    text = PBN.replace('[North "Anna"]', '[North "An\x07na"]', 1)
    error = _error(text)
    assert (error.line, error.tag) == (first_line(text, "[North"), "[North]")


def test_a_play_section_without_a_contract_is_told_at_the_play_tag() -> None:
    text = PBN.replace('[Contract "4S"]\n', "", 1)
    error = _error(text)
    assert (error.line, error.tag) == (first_line(text, '[Play "W"]'), "[Play]")


BAD_LIN = [
    ("a key that is no command", "sv|o|", "svv|o|", None),
    ("a deal that is no deal", "md|3SAK7", "md|9SAK7", "md|"),
    ("a call that is no call", "mb|4H|", "mb|4Q|", "mb|"),
    ("a card that is no card", "pc|DA|", "pc|ZA|", "pc|"),
    ("a vulnerability LIN does not know", "sv|o|", "sv|q|", "sv|"),
    ("a board heading with no number", "ah|Board 5|", "ah|Tafel|", "ah|"),
]


@pytest.mark.parametrize(("what", "good", "bad", "tag"), BAD_LIN, ids=[case[0] for case in BAD_LIN])
def test_a_malformed_lin_command_is_told_by_its_line_and_name(what: str, good: str, bad: str, tag: str | None) -> None:
    text = "qx|o1|\n" + LIN.replace(good, bad, 1)  # the board on line 2
    error = _error(text, "x.lin")
    assert error.line == 2, what
    assert error.tag == (tag or "")


# --- Caps and boards --------------------------------------------------------------------------------------


def test_a_file_over_the_cap_is_refused_with_the_cap() -> None:
    text = PBN + "\n" + "; padding\n" * (MAX_FILE_BYTES // 10)
    error = _error(text)
    assert error.path == "file"
    assert f"at most {MAX_FILE_BYTES // 1024} kB" in error.message


def test_an_upload_over_the_cap_is_refused_before_it_is_read() -> None:
    with pytest.raises(FormatError) as caught:
        read_hand_upload(b"[" * (MAX_FILE_BYTES + 1), "big.pbn")
    assert caught.value.path == "file"


def test_a_file_of_more_boards_than_the_cap_is_refused() -> None:
    one = PBN.split("\n\n")[2]  # board 3, passed out, the shortest
    text = "\n\n".join(one.replace('[Board "3"]', f'[Board "{n}"]') for n in range(1, MAX_BOARDS + 2))
    error = _error(text)
    assert error.path == "file" and f"at most {MAX_BOARDS} boards" in error.message


def test_a_board_the_file_does_not_hold_is_refused_naming_those_it_holds() -> None:
    with pytest.raises(FormatError) as caught:
        choose_board(read_hand_file(PBN, "a.pbn"), 7)
    assert caught.value.path == "board"
    assert caught.value.message == "the file has no board 7; it holds boards 1, 2, 3, 4"


def test_a_file_of_several_boards_needs_one_chosen() -> None:
    with pytest.raises(FormatError) as caught:
        choose_board(read_hand_file(PBN, "a.pbn"), None)
    assert caught.value.message == "the file holds 4 boards (1, 2, 3, 4): choose one"


def test_a_latin_1_pbn_file_is_read() -> None:
    data = PBN.replace('[West "Dev"]', '[West "Désiré"]').encode("latin-1")
    record = choose_board(read_hand_upload(data, "latin.pbn"), 1).record
    assert record is not None and record["players"][3] == "Désiré"


@pytest.mark.parametrize("text", ["", "hello", "\x00[Deal]", "{not json"])
def test_text_that_is_neither_format_is_refused_with_a_place(text: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_hand_file(text, "x")
    assert caught.value.path


def test_the_file_format_goes_by_the_name_else_by_the_content() -> None:
    from referee.formats.boards import file_format

    assert file_format(LIN, "x.pbn") == "pbn"
    assert file_format(LIN) == "lin"
    assert file_format(PBN) == "pbn"


# --- Properties -------------------------------------------------------------------------------------------

HAND = (FIXTURES / "hand.json").read_text()


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(min_value=0, max_value=71))
def test_any_legal_part_of_a_deal_written_as_pbn_and_read_back_gives_the_same_verdict(cut: int) -> None:
    import json

    record = json.loads(HAND)
    record["events"] = record["events"][:cut]
    _record, verdict = replay_document(record)
    again = board(hand_pbn(record, verdict), 1, "again.pbn")
    assert verdict_json(replay_document(again)[1]) == verdict_json(verdict)


@settings(max_examples=150, deadline=None)
@given(
    which=st.sampled_from(["pbn", "lin"]),
    edits=st.lists(
        st.tuples(
            st.floats(0, 1, exclude_max=True),
            st.sampled_from(["put", "cut", "add"]),
            st.sampled_from(list('SHDCAKQJT92NEW[]"|:=*-;{}% \n?#')),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_a_mangled_file_is_read_or_refused_with_a_place_never_a_crash(which: str, edits: list[Any]) -> None:
    text = list(PBN if which == "pbn" else LIN)
    for at, how, char in edits:
        index = int(at * len(text))
        if how == "put":
            text[index] = char
        elif how == "cut":
            del text[index]
        else:
            text.insert(index, char)
    try:
        boards = read_hand_file("".join(text), f"x.{which}")
    except FormatError as error:
        assert error.path
        return
    for imported in boards:
        assert (imported.record is None) != (imported.error is None)
        if imported.error is not None:
            assert imported.error.line is not None and imported.error.line >= 1
        else:
            replay_document(imported.record)


def test_br_4_1_an_auction_that_starts_from_another_seat_than_the_dealer_is_flagged() -> None:
    # Board 1 says [Dealer "N"] but its Auction starts from East: East's 1H is called out of turn.
    record = board(PBN.replace('[Auction "N"]', '[Auction "E"]', 1), 1)
    assert record["dealer"] == 0
    assert record["events"][0] == {"type": "call", "seat": 1, "call": "1H"}
    _record, verdict = replay_document(record)
    assert verdict.violations[0].event == 1 and verdict.violations[0].rule == "BR-4.1"


@pytest.mark.parametrize(
    ("source", "notes"),
    [
        ({"contract": 5, "declarer": 99, "result": "x"}, []),
        ({"contract": "4S", "declarer": True, "result": True}, ["The file says 4♠; the replay gives 2♣X by Anna."]),
        ({"contract": "9Z", "declarer": -1, "result": 14}, ["The file says 9Z; the replay gives 2♣X by Anna."]),
        ({"vulnerable": ["NS"]}, []),
        ("not an object", []),
    ],
)
def test_a_source_written_by_hand_is_read_for_what_it_can_say(source: Any, notes: list[str]) -> None:
    import json

    record = {**json.loads(HAND), "source": source}
    _record, verdict = replay_document(record)  # 2♣X by Anna, 8 tricks (docs/referee/contract_bridge.md)
    assert source_notes(record, verdict) == notes


def test_a_source_written_by_hand_never_breaks_the_pbn_written() -> None:
    import json

    record = json.loads(HAND)
    record["events"] = record["events"][11:15]  # the first trick, with no auction: the contract is the source's
    record["source"] = {"contract": "2CX", "declarer": 99, "board": "<b>", "vulnerable": "sideways", "claimed": 1}
    _record, verdict = replay_document(record)
    lines = hand_pbn(record, verdict).splitlines()
    assert '[Vulnerable "None"]' in lines and '[Board "<b>"]' in lines
    assert '[Contract "2CX"]' in lines and '[Declarer "?"]' in lines
