"""Every path that renders a proof names a rule's conventions by their labels in the reader's
language (facts/fixed_convention_label.tsv, convention_label.tsv, convention_value_label.tsv)."""
import re

import pytest

from queries.chart import cast
from queries.cli import main
from queries.engine.html import proof_html, why_not_html
from queries.judgment import judge
from queries.repl import Repl
from queries.session import Session

WHY = ("why", "month_break(C, K, 3)", "787889", "--month", "巳", "--day", "乙巳")
HEAD = {"ko": "관례", "zh": "約定"}
LATIN = re.compile(r"[A-Za-z]")


def convention_lines(text, lang):
    """The text after 관례:/約定: on every line that names a convention."""
    return [line.split(f"{HEAD[lang]}:", 1)[1] for line in text.splitlines() if f"{HEAD[lang]}:" in line]


def latin(lines):
    return [line for line in lines if LATIN.search(line)]


CHART = ("787889", "--month", "巳", "--day", "乙巳")
COMMANDS = [WHY, ("why", "month_break.1", *CHART), ("why-not", "--source", "000:79", *CHART)]


@pytest.mark.parametrize("lang", ["ko", "zh"])
@pytest.mark.parametrize("argv", COMMANDS, ids=["why", "why-rule", "why-not-source"])
def test_the_command_line(capsys, lang, argv):
    main([*argv, "--lang", lang])
    lines = convention_lines(capsys.readouterr().out, lang)
    assert lines and latin(lines) == []


def test_the_korean_proof_names_the_house_conventions(capsys):
    main([*WHY, "--lang", "ko"])
    out = capsys.readouterr().out
    assert "관례: 본효·변효·복신에 모두 상태를 봄" in out and "관례: 경방 팔궁 납갑" in out
    assert "node-kinds" not in out and "jingfang-eight-palaces" not in out


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_judge_proof_names_conventions_and_their_values(lang):
    j = judge(cast("787889", month="戌", day="乙巳"), "illness", about="father")
    lines = convention_lines(j.text(lang, proof=True), lang)
    assert any("=" in line for line in lines) and latin(lines) == []


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_the_repl(lang):
    repl = Repl(Session(lang=lang), echo=True)
    assert repl.run_script([":cast 787889 month 巳 day 乙巳", ":why month_break(C, K, 3).", ":expand 3",
                            ":whynot month_break.1", ":whynot source 000:79"]) == 0
    said = repl.output().split(":expand 3")
    lines = convention_lines(repl.output(), lang)
    assert len(said) == 2 and all(convention_lines(part, lang) for part in said) and latin(lines) == []


@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_the_notebook_html_with_the_sessions_words(lang):
    s = Session(lang=lang)
    s.cast("787889", month="巳", day="乙巳")
    page = proof_html(s.explain("month_break(C, K, 3)"), lang, phrases=s.connectives())
    lines = re.findall(rf"<li>{HEAD[lang]}: ([^<]*)</li>", page)
    assert lines and latin(lines) == []


def test_the_notebook_why_not_names_a_conventions_values():
    s = Session(lang="ko")
    s.cast("787889", month="戌", day="乙巳")
    page = why_not_html(s.why_not("period_cycle(C, 60)"), "ko", phrases=s.connectives())
    assert "「세효에서 30년 주기」" in page and "world-cycle" not in page
