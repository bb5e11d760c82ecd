"""Messages made by code the pages share with the API: English wherever they are sent or kept
(the JSON API, exports, stored runs), in the reader's language where a page shows them.

A `Message` is the English text itself, a `str`, so everything that stores, joins or serialises
it gets English and nothing can store a translation by accident. It also keeps the template it
was made from and the values put into it, so a page can say it again in the active language:
`translated(message)`. Templates are marked `gettext_noop` where they are written (makemessages
finds them by that name): `Message(gettext_noop("%(code)s is not held"), code=code)`.

Standard library only (Django is imported when a message is translated), so the verifier's pure
modules can make Messages too.
"""


def gettext_noop(text):
    """Django's gettext_noop, without importing Django: marks `text` for the catalogue."""
    return text


class Message(str):
    """`template % values`, remembering both. Values may be Messages themselves (translated
    with the rest) or anything else (shown as it is: codes, dates, the reader's own words)."""

    template: str
    values: dict

    def __new__(cls, template, **values):
        message = super().__new__(cls, template % values if values else template)
        message.template, message.values = template, values
        return message


def joined(messages, separator="; "):
    """Several messages as one, each still translatable ("; " between them in every language)."""
    messages = list(messages)
    template = separator.join(f"%(m{n})s" for n in range(len(messages)))
    return Message(template, **{f"m{n}": m for n, m in enumerate(messages)})


def translated(message):
    """`message` (a Message, any other text, or an exception carrying one) in the active
    language. Text that is not a Message is returned as it is: no catalogue holds it."""
    from django.utils.translation import gettext

    if isinstance(message, BaseException):
        message = message.args[0] if len(message.args) == 1 else str(message)
    if not isinstance(message, Message):
        return str(message)
    values = {name: translated(value) if isinstance(value, Message) else value
              for name, value in message.values.items()}
    template = gettext(message.template) if message.template else ""
    return template % values if values else template
