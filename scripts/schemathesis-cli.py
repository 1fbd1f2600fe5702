"""Runs schemathesis's `st` command line, with one work-around.

CPython 3.11.7 (and a few neighbouring patch releases) can raise
`SystemError: AST constructor recursion depth mismatch` from `ast.parse` when
it is called deep in a stack. Hypothesis calls `ast.parse` only to describe
lambdas in its messages and already treats a `SyntaxError` there as "cannot
describe"; turning that SystemError into a SyntaxError keeps a cosmetic
failure from aborting a test case. Nothing else is changed.
"""
import ast
import sys

_parse = ast.parse


def _parse_tolerating_recursion_bug(*args, **kwargs):
    try:
        return _parse(*args, **kwargs)
    except SystemError as error:
        if "recursion depth mismatch" not in str(error):
            raise
        raise SyntaxError(str(error)) from error


ast.parse = _parse_tolerating_recursion_bug

from schemathesis.cli import schemathesis  # noqa: E402

if __name__ == "__main__":
    sys.argv[0] = "st"
    sys.exit(schemathesis())
