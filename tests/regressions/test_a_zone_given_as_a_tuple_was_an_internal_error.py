"""The fuzz suite's hypothesis run found ``Session.cast(at=…, tz=("乙", "巳"))`` an internal error
(TypeError: ZoneInfo of a tuple answers a str, which ``datetime.replace`` refuses as a zone).
A zone that is not a text is now the one-line error of an unknown zone."""
import pytest

from queries.calendar import parse_moment
from queries.errors import UserError


@pytest.mark.parametrize("tz", [("乙", "巳"), ["Asia/Seoul"], 9, b"UTC"])
def test_a_zone_that_is_not_a_text_is_a_user_error(tz):
    for text in ("2024-10-08T04:00", "2024-10-08T04:00+09:00"):
        with pytest.raises(UserError, match="zone"):
            parse_moment(text, tz)
