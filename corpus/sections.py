"""Read one section (or schedule) of a version as a tree ready to render.

A section page shows the whole section even when a sub-unit such as s7(3)(c) was asked for;
that unit is marked as the target. Every node gets an HTML anchor made from its unit id.
"""

import re
from dataclasses import dataclass, field

from corpus.models import Provision


class UnitNotFound(Exception):
    """The unit asked for is not in this version."""


@dataclass
class Node:
    provision: Provision
    anchor: str
    depth: int
    children: list = field(default_factory=list)
    is_target: bool = False
    lead_html: str = ""
    tail_html: str = ""

    @property
    def kind(self):
        return self.provision.kind


@dataclass
class SectionTree:
    version: object
    root: Node
    target: Node
    nodes: list  # every node in document order

    @property
    def unit_ids(self):
        return {n.provision.unit_id for n in self.nodes}


def anchor_for(unit_id):
    """A safe, readable HTML id for a unit: "s7(3)(c)" -> "s7-3-c", "s2(1)/record" -> "s2-1--record".

    Dots stay (s4.1 and s4(1) must not collide); Hangul stays ("제15조제1항"); anything else
    outside [A-Za-z0-9_.-] becomes "_".
    """
    text = unit_id.replace("/", "--").replace("(", "-").replace(")", "")
    text = re.sub(r"[^A-Za-z0-9_.\-가-힣]", "_", text)
    return text or "unit"


def find_unit(version, unit):
    """The provision of `version` with unit id `unit` (first in document order).

    French units write paragraphs as "a)" where the English pinpoint says "(a)"; when the exact
    unit is missing we fall back to its section ("s7(3)(c)" -> "s7"). Raises UnitNotFound.
    """
    provisions = Provision.objects.filter(version=version).select_related("text")
    found = provisions.filter(unit_id=unit).order_by("position").first()
    if found is None:
        section = re.split(r"[(/]", unit, maxsplit=1)[0]
        if section != unit:
            found = provisions.filter(unit_id=section).order_by("position").first()
    if found is None:
        raise UnitNotFound(f"{version.act.code}:{unit} is not in the version consolidated to {version.pit_date}")
    return found


def load_section(version, unit):
    """The whole top-level provision (section or schedule) holding `unit`, as a SectionTree.

    Headings have no section: asking for one raises UnitNotFound (the table of contents shows them).
    """
    target = find_unit(version, unit)
    if target.kind == Provision.KIND_HEADING:
        raise UnitNotFound(f"{unit} is a heading, not a section")
    return section_around(version, target)


def section_around(version, target):
    """The SectionTree of the top-level provision that holds `target` (a Provision of `version`)."""
    top_level = Provision.objects.filter(version=version, parent__isnull=True)
    root = target if target.parent_id is None else (
        top_level.filter(position__lt=target.position).order_by("-position").first())
    end = top_level.filter(position__gt=root.position).order_by("position").values_list("position", flat=True).first()
    rows = Provision.objects.filter(version=version, position__gte=root.position).select_related("text")
    if end is not None:
        rows = rows.filter(position__lt=end)
    return build_tree(version, list(rows.order_by("position")), root.pk, target.pk)


def build_tree(version, rows, root_pk, target_pk=None):
    """Nodes for `root_pk` and its descendants among `rows` (document order), anchors made unique."""
    by_pk, used = {}, set()
    nodes = []
    for row in rows:
        parent = by_pk.get(row.parent_id)
        if row.pk != root_pk and parent is None:
            continue
        anchor = anchor_for(row.unit_id)
        if anchor in used:  # a few units repeat (an unlabelled subsection takes its section's id)
            anchor = f"{anchor}-p{row.position}"
        used.add(anchor)
        node = Node(provision=row, anchor=anchor, depth=0 if parent is None else parent.depth + 1,
                    is_target=row.pk == target_pk)
        by_pk[row.pk] = node
        nodes.append(node)
        if parent is not None:
            parent.children.append(node)
    root = by_pk[root_pk]
    target = by_pk.get(target_pk, root)
    return SectionTree(version=version, root=root, target=target, nodes=nodes)


def top_level(version):
    """Sections and schedules of a version in document order (for alignment and navigation)."""
    return list(Provision.objects.filter(
        version=version, parent__isnull=True,
        kind__in=[Provision.KIND_SECTION, Provision.KIND_SCHEDULE],
    ).order_by("position").only("pk", "position", "label", "unit_id", "section_unit", "kind", "marginal_note"))
