#!/usr/bin/env python
"""Django's command-line utility for Verbatim."""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research.settings")
    from django.core.management import execute_from_command_line

    from corpus.text_input import invalid_text

    # An argument that is not UTF-8 arrives holding lone surrogates; refuse it (and NULs or
    # control characters) before any command stores or looks it up.
    for n, arg in enumerate(sys.argv[1:], start=1):
        problem = invalid_text(arg)
        if problem:
            sys.exit(f"Error: argument {n} holds {problem}; refused")

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
