"""A row of facts/message.tsv with a space before its text made every error print two
tracebacks: saying the error failed inside the handler of errors. Saying an error that fails is
now the one line of an internal error (exit 3), in English, naming what failed."""
from queries import messages, status
from queries.errors import KnowledgeError, UserError


def test_an_error_that_cannot_be_said_is_one_internal_line(monkeypatch, capsys):
    def broken():
        raise KnowledgeError(["facts/message.tsv:237: column 'ko' is empty or has spaces around it"])

    def fails():
        raise UserError("no rule 'x'", key="rules.unknown_rule", values={"rule": "x"})

    monkeypatch.setattr(messages, "messages", broken)
    assert status.run(fails, lang="ko") == status.INTERNAL_ERROR
    err = capsys.readouterr().err
    assert err == ("liuyao: internal error: KnowledgeError: facts/message.tsv:237: column 'ko' is empty or has "
                   "spaces around it\n")
