"""The rules, the bots and `ebbes check` load without Textual or Rich (STYLE, issue 2)."""

import subprocess
import sys

CODE = """
import sys
import ebbes_tui.games.ebbes.rules, ebbes_tui.bots, ebbes_tui.check, ebbes_tui.cli
loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))
print(' '.join(loaded))
"""


def test_rules_bots_and_check_import_neither_textual_nor_rich():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
