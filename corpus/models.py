"""Legislation: Acts, their point-in-time versions, and each version's provision tree.

Text is content-addressed: ProvisionText holds each distinct text once, keyed by
its SHA-256; provisions of every version point at it. Re-ingesting an unchanged
file writes nothing; a changed file becomes a new version and the old one stays.
"""

from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_noop
from pgvector.django import HalfVectorField

from corpus import instrument_names
from corpus.ingest.regulations import french_file_stem
from corpus.messages import Message

LANG_CHOICES = [("eng", "English"), ("fra", "French"), ("kor", "Korean")]
KOREAN = "kor"
KOREA = "kr"


class VersionNotHeld(Exception):
    """The date asked for is before the first version we hold. Its message is a
    corpus.messages.Message: English as it is, `translated(exc)` on a page."""


class Act(models.Model):
    """An instrument: an Act or a regulation (`kind`). A regulation's code is its Justice Laws name,
    "SOR-2001-7"; its instrument numbers are as each language writes them ("SOR/2001-7",
    "DORS/2001-7"), and `enabling_acts` links the Acts it is made under, by code."""

    KIND_ACT = "act"
    KIND_REGULATION = "regulation"
    KIND_CHOICES = [(KIND_ACT, "Act"), (KIND_REGULATION, "regulation")]

    code = models.CharField(max_length=40, unique=True)  # "P-8.6", "SOR-2001-7"
    kind = models.CharField(max_length=12, choices=KIND_CHOICES, default=KIND_ACT)
    instrument_number_en = models.CharField(max_length=80, blank=True)
    instrument_number_fr = models.CharField(max_length=80, blank=True)
    jurisdiction = models.CharField(max_length=8, default="ca")  # "ca" or "kr"
    title_en = models.CharField(max_length=500, blank=True)
    title_ko = models.CharField(max_length=500, blank=True, help_text="a Korean law's 제목, e.g. 개인정보 보호법")
    title_fr = models.CharField(max_length=500, blank=True)
    long_title_en = models.TextField(blank=True)
    long_title_fr = models.TextField(blank=True)
    # The chapter citation of the enacting statute ("S.C. 2000, c. 5" / "L.C. 2000, ch. 5"),
    # from the XML's Identification/Chapter (corpus/instrument_names.py).
    citation_en = models.CharField(max_length=200, blank=True)
    citation_fr = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["code"]

    def __str__(self):
        return f"{self.title()} ({self.code})"

    def get_absolute_url(self):
        return reverse("corpus:act", args=[self.code])

    @property
    def is_korean(self):
        return self.jurisdiction == KOREA

    def title(self, lang="eng"):
        if self.is_korean:
            return self.title_ko
        return (self.title_fr if lang == "fra" else self.title_en) or self.title_en or self.title_fr

    def citation(self, lang="eng"):
        """The chapter citation in `lang` ("S.C. 2000, c. 5"), or "" when the XML gives none."""
        return (self.citation_fr if lang == "fra" else self.citation_en) or ""

    @property
    def is_regulation(self):
        return self.kind == self.KIND_REGULATION

    def instrument_number(self, lang="eng"):
        """"SOR/2001-7" (French "DORS/2001-7"); "" for an Act."""
        return (self.instrument_number_fr if lang == "fra" else self.instrument_number_en) or self.instrument_number_en

    def official_page(self, lang="eng"):
        """The instrument's page on the official Justice Laws site, in `lang`."""
        base = "https://laws-lois.justice.gc.ca"
        if self.is_regulation:
            return (f"{base}/fra/reglements/{french_file_stem(self.code)}/" if lang == "fra"
                    else f"{base}/eng/regulations/{self.code}/")
        return f"{base}/fra/lois/{self.code}/" if lang == "fra" else f"{base}/eng/acts/{self.code}/"

    def regulations(self):
        """The regulations held that name this Act in their enabling authority."""
        return Act.objects.filter(kind=Act.KIND_REGULATION, enabling_acts__act_code=self.code).order_by("code")

    def text_lang(self, lang="eng"):
        """The language this Act's text is read in when `lang` is asked for: a Korean law is held
        in Korean only, so every reader (which asks for eng by default) reads its Korean text."""
        return KOREAN if self.is_korean else lang

    def version_at(self, lang="eng", as_at=None):
        """The version in force on `as_at` (latest pit date <= as_at; no date: today), the newest
        promulgation first among those of one pit date.

        Raises VersionNotHeld when `as_at` is before every version we hold in that language.
        A version whose pit date is after the date is not yet in force (`not_yet_in_force`).
        """
        lang = self.text_lang(lang)
        versions = self.versions.filter(lang=lang, pit_date__lte=as_at or timezone.localdate())
        version = versions.order_by(*ActVersion.NEWEST_FIRST).first()
        if version is None:
            first = self.versions.filter(lang=lang).order_by("pit_date").first()
            if first is None:
                raise VersionNotHeld(Message(gettext_noop("%(code)s is not held in %(lang)s"),
                                             code=self.code, lang=lang))
            if self.is_korean:
                raise VersionNotHeld(Message(
                    gettext_noop("version not held: %(code)s as at %(date)s; the earliest revision held is in "
                                 "force from %(first)s"),
                    code=self.code, date=(as_at or timezone.localdate()).isoformat(),
                    first=first.pit_date.isoformat()))
            raise VersionNotHeld(Message(
                gettext_noop("version not held: the earliest %(lang)s version of %(code)s we hold is "
                             "consolidated to %(first)s"),
                lang=lang, code=self.code, first=first.pit_date.isoformat()))
        return version

    def not_yet_in_force(self, lang="eng", as_at=None):
        """Revisions promulgated on or before `as_at` (no date: today) but in force only after it,
        soonest first. Only versions with a promulgation date (Korean revisions) can be."""
        when = as_at or timezone.localdate()
        return list(self.versions.filter(lang=self.text_lang(lang), pit_date__gt=when, promulgated_date__lte=when)
                    .order_by("pit_date", "promulgated_date", "id"))


class EnablingAct(models.Model):
    """A regulation is made under this Act (its EnablingAuthority links it by code). The code is
    kept even when the Act itself is not held."""

    regulation = models.ForeignKey(Act, on_delete=models.CASCADE, related_name="enabling_acts")
    act_code = models.CharField(max_length=40, db_index=True)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["regulation", "position"]
        constraints = [models.UniqueConstraint(fields=["regulation", "act_code"], name="one_link_per_enabling_act")]

    def __str__(self):
        return f"{self.regulation.code} under {self.act_code}"


class CitedInstrument(models.Model):
    """A name the corpus's text cites another instrument by, with its code ("C-46", "Criminal
    Code"): gathered from the links of every version ingested, whether that instrument is held
    or not. It lets a question naming an instrument the corpus lacks be told so by name."""

    code = models.CharField(max_length=40, db_index=True)
    lang = models.CharField(max_length=3)
    name = models.CharField(max_length=200)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["code", "lang", "name"], name="one_cited_name")]

    def __str__(self):
        return f"{self.name} ({self.code})"


class ActVersion(models.Model):
    """One language's consolidation of an Act at one point in time."""

    # Which of an Act's versions is "the latest" (or in force at a date): the newest point in
    # time, then the newest consolidation of it (the current file and a history file can share
    # a pit date; none counts as oldest, on PostgreSQL too), then the last ingested. Lookups,
    # search (Catalogue, in Python) and section vectors all use this order.
    # A Korean revision's pit date is its 시행일자; revisions in force from one day are ordered by
    # 공포일자 (promulgated_date), the latest promulgated being the law (민법 2013-07-01).
    NEWEST_FIRST = (models.F("pit_date").desc(), models.F("promulgated_date").desc(nulls_last=True),
                    models.F("current_date").desc(nulls_last=True), models.F("id").desc())

    act = models.ForeignKey(Act, on_delete=models.CASCADE, related_name="versions")
    lang = models.CharField(max_length=3, choices=LANG_CHOICES)
    pit_date = models.DateField(help_text="lims:pit-date: the point in time this text is current from")
    current_date = models.DateField(null=True, blank=True)
    last_amended_date = models.DateField(null=True, blank=True)
    promulgated_date = models.DateField(null=True, blank=True, help_text="Korean laws: 공포일자")
    revision = models.CharField(max_length=40, blank=True, help_text="Korean laws: 법령MST")
    title = models.CharField(max_length=500, blank=True)
    source_name = models.CharField(max_length=300)
    source_sha256 = models.CharField(max_length=64)
    has_pending_amendments = models.BooleanField(default=False)
    provision_count = models.PositiveIntegerField(default=0)
    ingested_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["act__code", "lang", "-pit_date"]
        constraints = [
            models.UniqueConstraint(fields=["act", "lang", "source_sha256"], name="one_version_per_source"),
        ]
        indexes = [models.Index(fields=["act", "lang", "pit_date"])]

    def __str__(self):
        return f"{self.act.code} {self.lang} {self.pit_date}"

    @classmethod
    def latest_ids(cls, langs):
        """Sorted ids of the latest version in force today (NEWEST_FIRST) of each Act in each of `langs`."""
        latest = {}
        for pk, act_id, lang in (cls.objects.filter(lang__in=langs, pit_date__lte=timezone.localdate())
                                 .order_by(*cls.NEWEST_FIRST)
                                 .values_list("pk", "act_id", "lang")):
            latest.setdefault((act_id, lang), pk)
        return sorted(latest.values())

    def is_latest(self):
        latest = self.act.version_at(self.lang)
        return latest.pk == self.pk


class ProvisionText(models.Model):
    """A distinct text, stored once. The key is the SHA-256 of its UTF-8 bytes."""

    sha256 = models.CharField(max_length=64, primary_key=True)
    text = models.TextField()

    def __str__(self):
        return f"{self.sha256[:12]}… {self.text[:60]}"


class Provision(models.Model):
    """A node of a version's tree: a heading, section, subsection, definition, schedule…"""

    KIND_HEADING = "heading"
    KIND_SECTION = "section"
    KIND_SUBSECTION = "subsection"
    KIND_PARAGRAPH = "paragraph"
    KIND_SUBPARAGRAPH = "subparagraph"
    KIND_CLAUSE = "clause"
    KIND_SUBCLAUSE = "subclause"
    KIND_DEFINITION = "definition"
    KIND_SCHEDULE = "schedule"
    KIND_SCHEDULE_ITEM = "schedule_item"
    KIND_CHOICES = [(k, k.replace("_", " ")) for k in (
        KIND_HEADING, KIND_SECTION, KIND_SUBSECTION, KIND_PARAGRAPH, KIND_SUBPARAGRAPH,
        KIND_CLAUSE, KIND_SUBCLAUSE, KIND_DEFINITION, KIND_SCHEDULE, KIND_SCHEDULE_ITEM)]

    STATUS_IN_FORCE = "in_force"
    STATUS_REPEALED = "repealed"
    STATUS_NOT_IN_FORCE = "not_in_force"
    STATUS_CHOICES = [(STATUS_IN_FORCE, "in force"), (STATUS_REPEALED, "repealed"),
                      (STATUS_NOT_IN_FORCE, "not in force")]

    version = models.ForeignKey(ActVersion, on_delete=models.CASCADE, related_name="provisions")
    position = models.PositiveIntegerField(help_text="document order within the version")
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="children")
    kind = models.CharField(max_length=16, choices=KIND_CHOICES)
    unit_id = models.CharField(max_length=200, help_text='pinpoint without the Act, e.g. "s7(3)(c)"')
    section_unit = models.CharField(max_length=120, blank=True, help_text='e.g. "s7"; blank for headings')
    label = models.CharField(max_length=120, blank=True)
    level = models.PositiveSmallIntegerField(default=0, help_text="heading level; tree depth otherwise")
    marginal_note = models.TextField(blank=True)
    heading_path = models.TextField(blank=True, help_text="Part 1 > Division 1 (headings above this node)")
    path = models.TextField(blank=True, help_text="full structural path for a Path line")
    lead = models.TextField(blank=True, help_text="the node's own text before its children")
    tail = models.TextField(blank=True, help_text="continued text after its children")
    text = models.ForeignKey(ProvisionText, on_delete=models.PROTECT, related_name="+",
                             help_text="full text of the unit, children included")
    status = models.CharField(max_length=14, choices=STATUS_CHOICES, default=STATUS_IN_FORCE)
    historical_note = models.TextField(blank=True)
    lims_id = models.CharField(max_length=40, blank=True)
    in_force_start = models.DateField(null=True, blank=True)
    defined_term = models.CharField(max_length=300, blank=True)
    defined_term_other = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["version", "position"]
        constraints = [
            models.UniqueConstraint(fields=["version", "position"], name="one_provision_per_position"),
        ]
        indexes = [
            models.Index(fields=["version", "unit_id"]),
            models.Index(fields=["version", "section_unit"]),
            models.Index(fields=["version", "kind"]),
        ]

    def __str__(self):
        return f"{self.version.act.code}:{self.unit_id}"

    @property
    def pinpoint(self):
        return f"{self.version.act.code}:{self.unit_id}"

    def legal_citation(self):
        """How a lawyer cites this unit: "Personal Information Protection and Electronic
        Documents Act, SC 2000, c 5, s 7(3)(c)" (French: "…, LC 2000, ch 5, art 7(3)c)"); a
        regulation by its instrument number ("…, SOR/2001-7, s 1"); a Korean law as Korean
        lawyers write it ("개인정보 보호법 제15조제1항제2호")."""
        act, lang = self.version.act, self.version.lang
        if act.is_korean:
            return f"{act.title_ko} {self.unit_id}"
        chapter = act.instrument_number(lang) if act.is_regulation else act.citation(lang)
        return instrument_names.legal_citation(act.title(lang), chapter,
                                               instrument_names.pinpoint_citation(self.unit_id, lang))

    @property
    def display_label(self):
        """The label as the text prints it: a Korean 항 "①", 호 "1의2.", 목 "가."; else the label."""
        if self.version.lang != KOREAN or not self.label:
            return self.label
        if self.kind == self.KIND_SECTION:
            return self.unit_id  # 제103조
        if self.kind == self.KIND_SUBSECTION and self.label.isdigit() and 0 < int(self.label) <= 20:
            return chr(0x2460 + int(self.label) - 1)
        if self.kind in (self.KIND_PARAGRAPH, self.KIND_SUBPARAGRAPH):
            return f"{self.label}."
        return self.label

    def official_url(self):
        """The official Justice Laws page of this provision: its section's own page, or the full
        text at the lims:id anchor for headings, schedules and anything else."""
        act = self.version.act
        if act.is_korean:  # https://www.law.go.kr/법령/개인정보 보호법/제15조
            where = f"/{self.section_unit}" if self.section_unit else ""
            return f"https://www.law.go.kr/법령/{act.title_ko}{where}"
        folder = self.version.act.official_page(self.version.lang).rstrip("/")
        section = self.section_unit
        if section.startswith("s") and not section.startswith("sch") and "/" not in section:
            page = "article" if self.version.lang == "fra" else "section"
            return f"{folder}/{page}-{section[1:]}.html"
        anchor = f"#{self.lims_id}" if self.lims_id else ""
        return f"{folder}/FullText.html{anchor}"


class PendingAmendment(models.Model):
    """Amendments not in force and related provisions (NifProvs / RelatedProvs).

    Kept apart from the Act's provisions: their text is never merged with in-force text.
    """

    version = models.ForeignKey(ActVersion, on_delete=models.CASCADE, related_name="pending_amendments")
    position = models.PositiveIntegerField()
    schedule = models.CharField(max_length=20, help_text="NifProvs or RelatedProvs")
    heading = models.TextField(blank=True)
    kind = models.CharField(max_length=20, blank=True, help_text="amending or transitional")
    label = models.CharField(max_length=60, blank=True)
    marginal_note = models.TextField(blank=True)
    text = models.TextField()

    class Meta:
        ordering = ["version", "position"]

    def __str__(self):
        return f"{self.version} {self.schedule} {self.label}"


class SectionDoc(models.Model):
    """The search document of one section (or schedule clause) of one version.

    SQLite indexes it with an FTS5 table over these columns; PostgreSQL with a
    generated, weighted tsvector column and a GIN index (see the migrations).
    """

    provision = models.OneToOneField(Provision, on_delete=models.CASCADE, primary_key=True,
                                     related_name="search_doc")
    version = models.ForeignKey(ActVersion, on_delete=models.CASCADE, related_name="+")
    act_code = models.CharField(max_length=40)
    lang = models.CharField(max_length=3, choices=LANG_CHOICES)
    headings = models.TextField(blank=True)
    marginal_note = models.TextField(blank=True)
    body = models.TextField(blank=True)

    class Meta:
        indexes = [models.Index(fields=["version"])]

    def __str__(self):
        return f"{self.act_code} {self.provision_id}"


class SectionEmbedding(models.Model):
    """The sentence vector of one text embedded for a section (its opening or a passage of a
    long body: embeddings.section_inputs), float16 x 384.

    Keyed by the SHA-256 of the exact text embedded, like ProvisionText: an unchanged section
    in a new version reuses its vectors.
    """

    text_sha256 = models.CharField(max_length=64, primary_key=True)
    vector = models.BinaryField()

    def __str__(self):
        return self.text_sha256[:12]


class EmbeddedVersion(models.Model):
    """A version every section of which has its vectors: how far the task worker has got through
    the corpus (corpus/tasks.py), and what the search page counts."""

    version = models.OneToOneField(ActVersion, on_delete=models.CASCADE, primary_key=True, related_name="+")
    texts = models.PositiveIntegerField()  # texts embedded for its sections (openings and passages)
    finished_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.version_id}: {self.texts} texts"


class SectionVector(models.Model):
    """PostgreSQL's index of section vectors: one row per text embedded for a section of a version
    (its SectionEmbedding's vector, as a pgvector halfvec), under an HNSW index (migration 0011),
    so that search finds the closest sections in the database.

    Written on PostgreSQL only, by section_vectors.embed_versions (corpus/pg_vectors.py). SQLite
    search multiplies numpy matrices read from SectionEmbedding, and its copy of this table stays
    empty. Its rows go with the version, provision or stored vector they copy.
    """

    # The unique constraint below leads with the version: it is the version's index.
    version = models.ForeignKey(ActVersion, on_delete=models.CASCADE, related_name="+", db_index=False)
    provision = models.ForeignKey(Provision, on_delete=models.CASCADE, related_name="+")
    text = models.ForeignKey(SectionEmbedding, on_delete=models.CASCADE, db_column="text_sha256",
                             related_name="+")
    embedding = HalfVectorField(dimensions=384)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["version", "provision", "text"],
                                               name="corpus_sectionvector_unique")]

    def __str__(self):
        return f"{self.provision_id} {self.text_id[:12]}"
