"""Korean particles: the form that fits the word before it, read in Hangul (queries.engine.hangul)."""
import pytest

from queries.engine.hangul import FORMS, particles, readings, syllable


@pytest.mark.parametrize("written, said", [
    ("子이(가)", "子가"), ("午이(가)", "午가"), ("戌이(가)", "戌이"), ("財은(는)", "財는"), ("官을(를)", "官을"),
    ("水와(과)", "水와"), ("金와(과)", "金과"), ("火(으)로", "火로"), ("克(으)로", "克으로"), ("日(으)로", "日로"),
    ("月(이)다", "月이다"), ("卯(이)다", "卯다"),
])
def test_a_chinese_character_by_its_reading(written, said):
    assert particles(written) == said


@pytest.mark.parametrize("written, said", [
    ("세효이(가)", "세효가"), ("용신은(는)", "용신은"), ("공망을(를)", "공망을"), ("달(으)로", "달로"),
    ("밤(으)로", "밤으로"), ("나무(으)로", "나무로"), ("본괘과(와)", "본괘와"), ("형모·성정을(를)", "형모·성정을"),
    ("풍수가(이)", "풍수가"), ("관직를(을)", "관직을"), ("소송는(은)", "소송은"), ("재물과(와)", "재물과"),
])
def test_a_hangul_syllable_by_its_final_consonant_in_either_order(written, said):
    assert particles(written) == said


@pytest.mark.parametrize("written, said", [
    ("1이(가)", "1이"), ("2이(가)", "2가"), ("3효의 3을(를)", "3효의 3을"), ("4(으)로", "4로"), ("7(으)로", "7로"),
    ("6(으)로", "6으로"), ("10은(는)", "10은"), ("20(으)로", "20으로"), ("100이(가)", "100이"),
    ("1000이(가)", "1000이"), ("30000이(가)", "30000이"), ("0이(가)", "0이"), ("2, 4이(가)", "2, 4가"),
    ("105이(가)", "105가"), ("#9 이(가)", "#9 가"),
])
def test_a_number_by_its_last_digit_or_place(written, said):
    assert particles(written) == said


@pytest.mark.parametrize("written, said", [
    ("「다음 날」이(가)", "「다음 날」이"), ("'子'이(가)", "'子'가"), ("[戌]은(는)", "[戌]은"),
    ("처재(妻財)이(가)", "처재(妻財)가"), ("세(世)이(가)", "세(世)가"), ("(본괘)이(가)", "(본괘)가"),
    ("month_break(C, P)은(는)", "month_break(C, P)는"), ("my-rules 을(를)", "my-rules 를"),
    ("a.dl을(를)", "a.dl을"), ("X이(가)", "X가"), ("N이(가)", "N이"),
])
def test_a_bracket_a_quote_and_a_latin_letter(written, said):
    assert particles(written) == said


def test_what_no_table_reads_counts_as_a_final_consonant():
    assert particles("…이(가)") == "…이" and particles("㐀(으)로") == "㐀으로"
    assert syllable("…") == "" and syllable("") == ""


def test_every_form_is_chosen_and_nothing_else_changes():
    written = " ".join(f"子{form}午{form}" for form in FORMS)
    said = particles(written)
    assert not any(form in said for form in FORMS)
    assert particles("(으)로 시작") == "으로 시작" and particles("괄호(안)") == "괄호(안)"


def test_the_table_reads_digits_places_letters_and_characters_in_hangul():
    table = readings()
    assert [table[d] for d in "0123456789"] == "영 일 이 삼 사 오 육 칠 팔 구".split()
    assert (table["10"], table["10000"], table["P"], table["子"], table["財"]) == ("십", "만", "피", "자", "재")
    assert all(reading and all("가" <= ch <= "힣" for ch in reading) for reading in table.values())
