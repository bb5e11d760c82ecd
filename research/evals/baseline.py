"""The side-by-side baseline: plain BM25 over section body text, no field weights.

Built in Python over the SectionDoc bodies of the latest English version of each
Act, with a simple tokenizer (lowercase letters and digits, no stemming, no
stopwords, no synonyms), so the eval shows what Verbatim's ranking adds.
"""

import math
import re
from collections import Counter

from corpus.models import Act, SectionDoc, VersionNotHeld

TOKEN = re.compile(r"[a-z0-9]+")
K1, B = 1.2, 0.75


def tokenize(text):
    return TOKEN.findall(text.lower())


class BM25Baseline:
    """Index once, then `search(question, limit)` -> [section ids best first]."""

    def __init__(self, lang="eng"):
        self.ids, self.tfs, self.lengths = [], [], []
        for act in Act.objects.all():
            try:
                version = act.version_at(lang)
            except VersionNotHeld:
                continue
            docs = SectionDoc.objects.filter(version=version).select_related("provision")
            for doc in docs.order_by("provision__position"):
                tokens = tokenize(doc.body)
                self.ids.append(f"{act.code}:{doc.provision.unit_id}")
                self.tfs.append(Counter(tokens))
                self.lengths.append(len(tokens))
        self.avg_length = sum(self.lengths) / len(self.lengths) if self.lengths else 0.0
        df = Counter(term for tf in self.tfs for term in tf)
        n = len(self.ids)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}

    def search(self, question, limit=20):
        terms = set(tokenize(question))
        scores = []
        for i, tf in enumerate(self.tfs):
            score = 0.0
            norm = K1 * (1 - B + B * self.lengths[i] / (self.avg_length or 1))
            for term in terms & tf.keys():
                f = tf[term]
                score += self.idf[term] * f * (K1 + 1) / (f + norm)
            if score > 0:
                scores.append((score, i))
        scores.sort(key=lambda item: (-item[0], item[1]))
        return [self.ids[i] for _, i in scores[:limit]]
