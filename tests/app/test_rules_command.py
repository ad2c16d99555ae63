"""liuyao rules and liuyao facts: every rule of a classical name, a line of a book, a topic, in
one step; the stated rows of a fact table; docs/rules.md generated from the same index."""
import json
import re
from pathlib import Path

import pytest

from queries.cli import main

ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "docs" / "rules.md"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def blocks(out):
    """{rule id: its block} of a rules listing (after the header line)."""
    found = re.split(r"\n(?=\S)", out.rstrip("\n"))[1:]
    return {block.split()[0]: block for block in found}


def test_grep_finds_every_rule_of_a_name_with_its_file_and_line(capsys):
    code, out, _ = run(capsys, "rules", "--grep", "月破")
    found = blocks(out)
    assert code == 0 and out.startswith(f"{len(found)} rules matching grep 月破\n")
    assert {"month_break.1", "use_reason.6", "turns_into.4", "emerges.5"} <= set(found)
    assert re.search(r"^month_break\.1 月破   kb/states/strength\.dl:\d+$", found["month_break.1"], re.M)
    for block in found.values():                     # the name is in the id, title or a source quote
        named = [line for line in block.splitlines() if not line.startswith("  ") or line.startswith("  source:")]
        assert any("月破" in line for line in named), block


def test_source_finds_the_rules_of_a_line_and_its_korean_twin(capsys):
    code, out, _ = run(capsys, "rules", "--source", "000:55")
    found = blocks(out)
    assert code == 0 and "clash.1" in found and "moving.1" in found
    assert all(re.search(r"source: 卜筮正宗·The order of reading a chart 5[57] ", block) for block in found.values())
    code, out, _ = run(capsys, "rules", "--source", "000:95", "--json")
    data = json.loads(out)
    assert data["search"] == {"source": "000:95"}
    assert {"hidden_motion.1", "hidden_motion.2"} <= {r["id"] for r in data["rules"]}   # 000:97 is Korean


def test_topic_and_predicate(capsys):
    code, out, _ = run(capsys, "rules", "--topic", "marriage")
    assert code == 0 and "use_relative.3" in blocks(out)
    code, out, _ = run(capsys, "rules", "day_break")
    assert code == 0 and out.startswith("day_break/2: 1 rule\nday_break.1 日破   kb/states/motion.dl:")
    code, out, _ = run(capsys, "rules", "branch_order")
    assert code == 1 and out == ("branch_order/2 has no rules; it is stated in facts/branch_order.tsv "
                                 "(liuyao facts branch_order)\n")


@pytest.mark.parametrize("argv, message", [
    (["rules", "--grep"], "expected one argument"),
    (["rules", "clsh"], "did you mean clash"),
    (["rules", "--source", "000:fifty"], "write SEED:LINE"),
    (["rules", "--topic", "weather"], "unknown topic 'weather'"),
    (["facts", "brnch_order"], "did you mean branch_order"),
])
def test_mistakes_are_one_line_with_status_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_nothing_found_is_a_negative_answer(capsys):
    code, out, _ = run(capsys, "rules", "--grep", "no such words at all")
    assert code == 1 and out == "0 rules matching grep no such words at all\n"


def test_facts_prints_the_rows_with_file_and_line(capsys):
    code, out, _ = run(capsys, "facts", "branch_order")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "facts/branch_order.tsv" and lines[-1] == "(12 facts)"
    assert "子      0      facts/branch_order.tsv:4" in lines
    data = json.loads(run(capsys, "facts", "branch_order", "--json")[1])
    assert data["columns"] == ["branch", "order"] and data["facts"][0] == \
        {"values": ["子", 0], "where": "facts/branch_order.tsv:4", "origin": "shipped"}
    assert run(capsys, "facts", "clash")[:2] == (1, "clash/2 has no stated facts; it is derived by 1 rule "
                                                   "(liuyao rules clash)\n")


def test_user_rules_are_in_the_index(capsys, folder):
    path = folder({"kb/mine.dl": "# @rule mine.1 月破之例\n# source: my-notes.txt:3  月破\n"
                                 "mine(X) <= clash('子', X)\n"})
    code, out, _ = run(capsys, "rules", "--grep", "月破之例", "--kb", str(path))
    assert code == 0 and f"mine.1 月破之例   {path}/kb/mine.dl:3 (user)" in out


def test_the_markdown_index_is_a_table_per_file(capsys):
    code, out, _ = run(capsys, "rules", "--markdown")
    assert code == 0 and out.startswith("# Rule index\n")
    files = re.findall(r"^## (\S+)$", out, re.M)
    assert files == sorted(files) and "kb/base/branches.dl" in files
    rows = [line for line in out.splitlines() if re.match(r"\| \d+ \|", line)]
    total = int(re.search(r"^(\d+) rules in (\d+) files\.$", out, re.M).group(1))
    assert len(rows) == total and all(row.count(" | ") >= 4 for row in rows)
    assert run(capsys, "rules", "--markdown")[1] == out                     # deterministic


def test_docs_rules_md_is_current(capsys):
    code, out, _ = run(capsys, "rules", "--markdown")
    assert INDEX.read_text(encoding="utf-8") == out, (
        "docs/rules.md is out of date: run  liuyao rules --markdown > docs/rules.md")
