"""Corpus API: acts, versions, provisions by pinpoint id, search."""

from ninja import Router

router = Router(tags=["corpus"])
