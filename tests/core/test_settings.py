"""Production settings pass Django's deployment checks."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_is_clean_with_production_values():
    # The browser tests allow async-unsafe calls in this process; a deployment never does.
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env |= {
        "DEBUG": "false",
        "SECRET_KEY": "x" * 20 + "production-secret-key-with-enough-entropy-0987",
        "ALLOWED_HOSTS": "scores.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
