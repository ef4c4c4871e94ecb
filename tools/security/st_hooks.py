# Schemathesis hooks of tools/security/schemathesis.mjs (loaded through SCHEMATHESIS_HOOKS).
# Keycloak access tokens live 5 minutes and a run lasts longer: every request carries a bearer
# token of the run's user, fetched by the password grant and fetched again before it expires.
# The user and the client come from the environment the runner sets (ST_TOKEN_URL, ST_CLIENT_ID,
# ST_CLIENT_SECRET, ST_USERNAME, ST_PASSWORD); nothing is written to disk.
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request

import schemathesis


@schemathesis.auth(refresh_interval=None)
class KeycloakPasswordAuth:
    def __init__(self):
        self.token = None
        self.renew_at = 0.0

    def get(self, case, ctx):
        if self.token and time.time() < self.renew_at:
            return self.token
        body = urllib.parse.urlencode(
            {
                "grant_type": "password",
                "client_id": os.environ["ST_CLIENT_ID"],
                "client_secret": os.environ["ST_CLIENT_SECRET"],
                "username": os.environ["ST_USERNAME"],
                "password": os.environ["ST_PASSWORD"],
                "scope": "openid",
            }
        ).encode()
        answer = None
        for attempt in range(4):
            asked = time.time()
            try:
                with urllib.request.urlopen(os.environ["ST_TOKEN_URL"], data=body, timeout=30) as res:
                    answer = json.load(res)
                break
            except urllib.error.URLError:
                # Keycloak is shared with other suites: a refusal or a reset once is retried
                if attempt == 3:
                    raise
                time.sleep(1 + attempt)
        self.token = answer["access_token"]
        # renew at 60 % of the lifetime, like tools/load's learners
        self.renew_at = asked + answer["expires_in"] * 0.6
        return self.token

    def set(self, case, data, ctx):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"
