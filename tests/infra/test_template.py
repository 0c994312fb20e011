"""infra/template.yaml on its own: cfn-lint clean, and the properties moto's CloudFormation does not
apply (so test_local_stack cannot see them) are at least declared."""
from __future__ import annotations

from pathlib import Path

import pytest
from cfnlint.api import ManualArgs, lint_file

from devtools.package_stack import load_infra_template

TEMPLATE = Path(__file__).resolve().parents[2] / "infra" / "template.yaml"
CLOUD_ONLY = {"SiteBucket", "SiteOriginAccessControl", "SiteBucketPolicy", "SpaFallbackFunction", "Distribution",
              "UserPool", "UserPoolClient", "UserPoolDomain", "SiteResponseHeadersPolicy", "ImportDeadLetterAlarm",
              "OperationsAlarmTopic", "ApiResourceServer", "MachineClient",
              "AccessTokenClaimsFunction", "AccessTokenClaimsRole", "AccessTokenClaimsPermission"}


@pytest.fixture(scope="module")
def template() -> dict:
    return load_infra_template()


def resources_of_type(template: dict, resource_type: str) -> dict:
    return {name: r for name, r in template["Resources"].items() if r["Type"] == resource_type}


def test_cfn_lint_finds_nothing():
    matches = lint_file(TEMPLATE, config=ManualArgs(regions=["us-east-1"]))
    assert [str(match) for match in matches] == []


def test_cloud_only_resources_are_conditional_and_the_rest_exist_everywhere(template):
    conditions = {name: resource.get("Condition") for name, resource in template["Resources"].items()}
    assert {name for name, condition in conditions.items() if condition == "IsCloud"} == CLOUD_ONLY
    assert all(condition is None for name, condition in conditions.items() if name not in CLOUD_ONLY)


def test_every_table_is_on_demand_with_point_in_time_recovery_deletion_protection_and_retained(template):
    tables = resources_of_type(template, "AWS::DynamoDB::Table")
    assert len(tables) >= 20
    for name, table in tables.items():
        properties = table["Properties"]
        assert properties["BillingMode"] == "PAY_PER_REQUEST", name
        assert properties["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}, name
        assert properties["DeletionProtectionEnabled"] is True, name
        assert table["DeletionPolicy"] == table["UpdateReplacePolicy"] == "Retain", name


def test_uploads_bucket_is_private_encrypted_and_accepts_browser_puts(template):
    properties = template["Resources"]["UploadsBucket"]["Properties"]
    assert all(properties["PublicAccessBlockConfiguration"].values())
    assert properties["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    assert "PUT" in properties["CorsConfiguration"]["CorsRules"][0]["AllowedMethods"]


def test_api_behaviour_is_uncached_and_forwards_the_viewer_request(template):
    config = template["Resources"]["Distribution"]["Properties"]["DistributionConfig"]
    (api,) = [b for b in config["CacheBehaviors"] if b["PathPattern"] == "/api/v1/*"]
    assert api["CachePolicyId"] == "4135ea2d-6df8-44a3-9df3-4b5a84be39ad"  # Managed-CachingDisabled
    assert api["OriginRequestPolicyId"] == "b689b0a8-53d0-40ab-baf2-68738e2966ac"  # AllViewerExceptHostHeader
    assert set(api["AllowedMethods"]) == {"GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"}
    # No distribution-wide error pages: they would turn the API's 403/404 into index.html.
    assert "CustomErrorResponses" not in config


def test_machine_clients_get_a_confidential_client_credentials_client_limited_to_pushing_series(template):
    client = template["Resources"]["MachineClient"]["Properties"]
    assert client["GenerateSecret"] is True
    assert client["AllowedOAuthFlows"] == ["client_credentials"]
    server = template["Resources"]["ApiResourceServer"]["Properties"]
    scopes = [f"{server['Identifier']}/{scope['ScopeName']}" for scope in server["Scopes"]]
    assert client["AllowedOAuthScopes"] == scopes == ["owd-api/timeseries.write"]


def test_cognito_access_tokens_carry_the_email_and_whether_it_is_verified(template):
    pool = template["Resources"]["UserPool"]["Properties"]
    assert pool["LambdaConfig"]["PreTokenGenerationConfig"] == {
        "LambdaArn": {"Fn::GetAtt": ["AccessTokenClaimsFunction", "Arn"]}, "LambdaVersion": "V2_0"}
    source = template["Resources"]["AccessTokenClaimsFunction"]["Properties"]["Code"]["ZipFile"]
    namespace: dict = {}
    exec(compile(source, "index.py", "exec"), namespace)  # the trigger's own code, run on Cognito's event shape
    event = {"request": {"userAttributes": {"sub": "s", "email": "a@example.com", "email_verified": "true"}},
             "response": {}}
    claims = namespace["handler"](event, None)["response"]["claimsAndScopeOverrideDetails"]
    assert claims == {"accessTokenGeneration": {"claimsToAddOrOverride": {"email": "a@example.com",
                                                                          "email_verified": "true"}}}
