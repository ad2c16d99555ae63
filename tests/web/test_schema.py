"""The schema tells the truth: schemathesis (a property-based tester driven by ``/openapi.json``)
sends every route requests the schema allows and requests it forbids, 30 of each at a fixed seed,
and its checks find nothing. The schema names every status a route can answer with its body (400
for a value the schema cannot check, 413, 422, 503), its types are strict, and a why-not takes a
goal or a source. A request the schema allows may be answered 400 when a value has the right
form but is not of the knowledge (a pillar not of the sixty): positive_data_acceptance takes it,
as the schema documents it."""
import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.config import SchemathesisConfig  # noqa: E402
from schemathesis.generation.modes import GenerationMode  # noqa: E402

from queries.web.app import create_app  # noqa: E402

EXAMPLES = 30
CONFIG = {"seed": 20261202, "checks": {"positive_data_acceptance": {"expected-statuses": ["2XX", "400"]}}}


@pytest.fixture(scope="module")
def api_schema(pool):
    return schemathesis.openapi.from_asgi("/openapi.json", create_app(pool), config=SchemathesisConfig.from_dict(CONFIG))


def _operations(schema) -> list:
    return sorted((result.ok() for result in schema.get_all_operations()), key=lambda op: op.label)


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_every_route_answers_as_its_schema_says(api_schema, mode):
    operations = _operations(api_schema)
    assert len(operations) >= 12
    for operation in operations:
        @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(operation.as_strategy(generation_mode=mode))
        def answers(case):
            case.call_and_validate()
        answers()
